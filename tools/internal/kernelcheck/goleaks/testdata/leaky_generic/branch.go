// A planted leak for TestGoLeaks: the portable kernel ends in a branch
// on the accumulator, the early exit that the design forbids, instead of
// isZero. Every build must report it.
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	if v != 0 { // the leak
//with:		return 0
//with:	}
//with:	return 1

package ctequal
