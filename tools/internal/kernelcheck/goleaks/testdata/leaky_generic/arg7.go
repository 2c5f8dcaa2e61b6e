// A planted leak for TestGoLeaks: the portable kernel passes its
// accumulator as the seventh argument of a function that branches on it
// (a register argument past the sixth on amd64 and arm64).
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	return isZero(v) | leak7(1, 2, 3, 4, 5, 6, v)&0

package ctequal

//go:noinline
func leak7(a, b, c, d, e, f int, v uint64) int {
	n := a + b + c + d + e + f
	for v != 0 { // the leak
		v >>= 1
		n++
	}
	return n
}
