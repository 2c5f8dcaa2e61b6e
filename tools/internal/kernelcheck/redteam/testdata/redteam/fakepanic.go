// A red-team plant (tools/internal/kernelcheck/redteam): the library's
// equal.go with each //replace: line (after its tab, verbatim) replaced by
// the //with: lines after it (likewise), and the declarations after the
// package clause appended (rtPlant).

//replace:			return isZero(v)
//with:			r := isZero(v)
//with:			rtPanic(r)
//with:			return r

package ctequal

var rtCount int

// rtPanic is named runtime.panicRT in the binary (a linkname push): the
// checks took every runtime.panic* for a function that does not return.
//
//go:linkname rtPanic runtime.panicRT
//go:noinline
func rtPanic(r int) {
	if r != 0 { // the leak
		rtCount++
	}
}
