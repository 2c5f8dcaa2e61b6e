// A red-team plant (tools/internal/kernelcheck/redteam): the library's
// equal.go with each //replace: line (after its tab, verbatim) replaced by
// the //with: lines after it (likewise), and the declarations after the
// package clause appended (rtPlant).

//replace:	func Compare(x, y []byte) int {
//with:	func Compare(x, y []byte) (r int) {
//with:		// The answer is computed, then an index that is always out of range
//with:		// panics (runtime.panicIndex: "does not return"), and the deferred
//with:		// closure, which the runtime runs, recovers, branches on the answer
//with:		// and returns it.
//with:		defer func() {
//with:			recover()
//with:			if r != 0 { // the leak
//with:				rtCount++
//with:			}
//with:		}()
//with:		r = compare(x, y)
//with:		var z []byte
//with:		_ = z[len(x)]
//with:		return r
//with:	}
//with:
//with:	func compare(x, y []byte) int {

package ctequal

var rtCount int
