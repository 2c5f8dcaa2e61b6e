package ctequal

import "encoding/binary"

// equalGeneric is the portable kernel: the purego build and every
// architecture without assembly use it. It returns 1 if x and y[:len(x)]
// are equal and 0 if not, in time that depends on len(x) only.
//
// It XORs eight bytes at a time into four independent accumulators, never
// leaves the loop early, branches only on the length, and turns the
// accumulator into 0 or 1 with arithmetic, not a comparison. Compare
// compares inputs of up to shortMax bytes itself, but hands the last chunk
// of a longer one to the kernel whatever its length, so the path for
// fewer than 32 bytes, a word and a byte loop, runs for Compare too (the
// 5-byte tail of 65,541 bytes). Byte order does not matter to equality:
// NativeEndian loads need no byte swap on big-endian machines.
func equalGeneric(x, y []byte) int {
	n := len(x)
	// With the capacities cut to n, the compiler knows x[i:] and y[i:]
	// stay inside them and needs no masking of the pointers; the array
	// pointers let it check each block's bounds once.
	x, y = x[:n:n], y[:n:n]
	var a0, a1, a2, a3 uint64
	i := 0
	for ; i <= n-32; i += 32 {
		xb, yb := (*[32]byte)(x[i:]), (*[32]byte)(y[i:])
		a0 |= word(xb[:], 0) ^ word(yb[:], 0)
		a1 |= word(xb[:], 8) ^ word(yb[:], 8)
		a2 |= word(xb[:], 16) ^ word(yb[:], 16)
		a3 |= word(xb[:], 24) ^ word(yb[:], 24)
	}
	switch {
	case n%32 == 0:
	case n > 32:
		// The last partial block is read as the 32 bytes that end where
		// the inputs end: it overlaps bytes already compared.
		xb, yb := (*[32]byte)(x[n-32:]), (*[32]byte)(y[n-32:])
		a0 |= word(xb[:], 0) ^ word(yb[:], 0)
		a1 |= word(xb[:], 8) ^ word(yb[:], 8)
		a2 |= word(xb[:], 16) ^ word(yb[:], 16)
		a3 |= word(xb[:], 24) ^ word(yb[:], 24)
	default:
		for ; i <= n-8; i += 8 {
			a0 |= word(x, i) ^ word(y, i)
		}
		for ; i < n; i++ {
			a1 |= uint64(x[i] ^ y[i])
		}
	}
	return isZero(a0 | a1 | a2 | a3)
}

// word, half and quarter load 8, 4 and 2 bytes at b[i:].
func word(b []byte, i int) uint64    { return binary.NativeEndian.Uint64(b[i:]) }
func half(b []byte, i int) uint64    { return uint64(binary.NativeEndian.Uint32(b[i:])) }
func quarter(b []byte, i int) uint64 { return uint64(binary.NativeEndian.Uint16(b[i:])) }

// isZero returns 1 if v is 0 and 0 if not, without a comparison: v | -v
// has its top bit set exactly when v != 0.
func isZero(v uint64) int { return int(1 ^ (v|-v)>>63) }
