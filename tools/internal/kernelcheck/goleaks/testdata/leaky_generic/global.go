// A planted leak for TestGoLeaks: the portable kernel stores its
// accumulator in a global, and a function reads it back and branches on
// it. The store is a finding; so must the branch be, through memory.
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	leakStore(v)
//with:	return isZero(v) | leakLoad()&0

package ctequal

var leakCell uint64

//go:noinline
func leakStore(v uint64) { leakCell = v }

//go:noinline
func leakLoad() int {
	n := 0
	for c := leakCell; c != 0; c >>= 1 { // the leak
		n++
	}
	return n
}
