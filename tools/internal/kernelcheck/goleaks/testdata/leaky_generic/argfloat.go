// A planted leak for TestGoLeaks: the portable kernel passes its
// accumulator as a float argument (in a float register where the ABI has
// them) to a function that branches on it. (From an int32: a uint64's
// conversion is a call into the runtime on 386.)
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	return isZero(v) | leakFloat(float64(int32(v>>40)))&0

package ctequal

//go:noinline
func leakFloat(f float64) int {
	n := 0
	for f >= 1 { // the leak
		f *= 0.5
		n++
	}
	return n
}
