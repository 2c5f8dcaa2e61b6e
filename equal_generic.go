package ctequal

import "encoding/binary"

// equalGeneric is the portable kernel: the purego build and every
// architecture without assembly use it, and tests hold the assembly kernels
// against it. It returns 1 if x and y[:len(x)] are equal and 0 if not.
//
// It XORs eight bytes at a time into four independent accumulators, never
// leaves the loop early, branches only on the length, and turns the
// accumulator into 0 or 1 with arithmetic, not a comparison.
func equalGeneric(x, y []byte) int {
	y = y[:len(x)]
	var a0, a1, a2, a3 uint64
	for len(x) >= 32 {
		a0 |= binary.LittleEndian.Uint64(x[0:]) ^ binary.LittleEndian.Uint64(y[0:])
		a1 |= binary.LittleEndian.Uint64(x[8:]) ^ binary.LittleEndian.Uint64(y[8:])
		a2 |= binary.LittleEndian.Uint64(x[16:]) ^ binary.LittleEndian.Uint64(y[16:])
		a3 |= binary.LittleEndian.Uint64(x[24:]) ^ binary.LittleEndian.Uint64(y[24:])
		x, y = x[32:], y[32:]
	}
	// Fewer than 32 bytes left: one step per bit of the length.
	if len(x)&16 != 0 {
		a0 |= binary.LittleEndian.Uint64(x[0:]) ^ binary.LittleEndian.Uint64(y[0:])
		a1 |= binary.LittleEndian.Uint64(x[8:]) ^ binary.LittleEndian.Uint64(y[8:])
		x, y = x[16:], y[16:]
	}
	if len(x)&8 != 0 {
		a2 |= binary.LittleEndian.Uint64(x) ^ binary.LittleEndian.Uint64(y)
		x, y = x[8:], y[8:]
	}
	if len(x)&4 != 0 {
		a3 |= uint64(binary.LittleEndian.Uint32(x) ^ binary.LittleEndian.Uint32(y))
		x, y = x[4:], y[4:]
	}
	if len(x)&2 != 0 {
		a0 |= uint64(binary.LittleEndian.Uint16(x) ^ binary.LittleEndian.Uint16(y))
		x, y = x[2:], y[2:]
	}
	if len(x)&1 != 0 {
		a1 |= uint64(x[0] ^ y[0])
	}
	v := a0 | a1 | a2 | a3
	// (v | -v) has its top bit set exactly when v != 0.
	return int(1 ^ (v|-v)>>63)
}
