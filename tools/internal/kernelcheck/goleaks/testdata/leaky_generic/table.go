// A planted leak for TestGoLeaks: the portable kernel folds its
// accumulator to a byte and looks the answer up in a table indexed by it,
// so the address it loads from depends on the data (a cache-timing leak).
// Every build must report it.
//
// TestGoLeaks builds it in place of equal_generic.go: the shipped file,
// with its line below replaced by the lines after it, and this file's
// declarations appended.
//
//replace:	return isZero(a0 | a1 | a2 | a3)
//with:	v := a0 | a1 | a2 | a3
//with:	v |= v >> 32
//with:	v |= v >> 16
//with:	v |= v >> 8
//with:	return int(isZeroByte[uint8(v)]) // the leak

package ctequal

// isZeroByte[b] is 1 if b is 0.
var isZeroByte = [256]uint8{0: 1}
