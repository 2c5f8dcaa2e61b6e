// A planted leak for TestGoLeaks: the portable kernel passes its
// accumulator as the eighteenth argument of a function that branches on
// it: past every architecture's argument registers, on the stack.
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	return isZero(v) | leakStack(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, v)&0

package ctequal

//go:noinline
func leakStack(a, b, c, d, e, f, g, h, i, j, k, l, m, o, p, q, r int, v uint64) int {
	n := a + b + c + d + e + f + g + h + i + j + k + l + m + o + p + q + r
	for v != 0 { // the leak
		v >>= 1
		n++
	}
	return n
}
