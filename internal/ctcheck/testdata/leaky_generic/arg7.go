// A planted leak for TestGoLeaks, built in place of the library's
// equal_generic.go with go build -overlay: the portable kernel passes its
// accumulator as the seventh argument of a function that branches on it
// (a register argument past the sixth on amd64 and arm64).

package ctequal

import "encoding/binary"

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
	return isZero(v) | leak7(1, 2, 3, 4, 5, 6, v)&0
}

//go:noinline
func leak7(a, b, c, d, e, f int, v uint64) int {
	n := a + b + c + d + e + f
	for v != 0 { // the leak
		v >>= 1
		n++
	}
	return n
}

func word(b []byte, i int) uint64    { return binary.NativeEndian.Uint64(b[i:]) }
func half(b []byte, i int) uint64    { return uint64(binary.NativeEndian.Uint32(b[i:])) }
func quarter(b []byte, i int) uint64 { return uint64(binary.NativeEndian.Uint16(b[i:])) }

func isZero(v uint64) int { return int(1 ^ (v|-v)>>63) }
