// A planted leak for TestCompiledLeaks, built in place of
// the library's equal_generic.go with go build -overlay: the portable
// kernel folds its accumulator to a byte and looks the answer up in a
// table indexed by it, so the address it loads from depends on the data
// (a cache-timing leak). Every GOARCH must report it.

package ctequal

import "encoding/binary"

// isZeroByte[b] is 1 if b is 0.
var isZeroByte = [256]uint8{0: 1}

func equalGeneric(x, y []byte) int {
	n := len(x)
	y = y[:n]
	var a0, a1, a2, a3 uint64
	i := 0
	for ; i <= n-32; i += 32 {
		a0 |= word(x, i) ^ word(y, i)
		a1 |= word(x, i+8) ^ word(y, i+8)
		a2 |= word(x, i+16) ^ word(y, i+16)
		a3 |= word(x, i+24) ^ word(y, i+24)
	}
	switch {
	case n%32 == 0:
	case n > 32:
		e := n - 32
		a0 |= word(x, e) ^ word(y, e)
		a1 |= word(x, e+8) ^ word(y, e+8)
		a2 |= word(x, e+16) ^ word(y, e+16)
		a3 |= word(x, e+24) ^ word(y, e+24)
	default:
		for ; i <= n-8; i += 8 {
			a0 |= word(x, i) ^ word(y, i)
		}
		for ; i < n; i++ {
			a1 |= uint64(x[i] ^ y[i])
		}
	}
	v := a0 | a1 | a2 | a3
	v |= v >> 32
	v |= v >> 16
	v |= v >> 8
	return int(isZeroByte[uint8(v)]) // the leak
}

func word(b []byte, i int) uint64    { return binary.NativeEndian.Uint64(b[i:]) }
func half(b []byte, i int) uint64    { return uint64(binary.NativeEndian.Uint32(b[i:])) }
func quarter(b []byte, i int) uint64 { return uint64(binary.NativeEndian.Uint16(b[i:])) }

func isZero(v uint64) int { return int(1 ^ (v|-v)>>63) }
