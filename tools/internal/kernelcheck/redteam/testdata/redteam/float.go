// A red-team plant (tools/internal/kernelcheck/redteam): the library's
// equal.go with each //replace: line (after its tab, verbatim) replaced by
// the //with: lines after it (likewise), and the declarations after the
// package clause appended (rtPlant).

//replace:			return isZero(v)
//with:			return isZeroF(v)

package ctequal

var rtScale = 3.0
var rtZero uint64

// isZeroF is isZero, after a float multiply of the accumulator's bits: a
// subnormal (every v below 1<<52 but 0) takes a microcode assist.
func isZeroF(v uint64) int {
	f := *(*float64)(unsafe.Pointer(&v)) * rtScale // the leak
	return isZero(v) ^ int(*(*uint64)(unsafe.Pointer(&f))&rtZero)
}
