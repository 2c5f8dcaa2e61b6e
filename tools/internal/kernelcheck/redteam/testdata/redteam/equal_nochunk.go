// A red-team plant (tools/internal/kernelcheck/redteam): the library's
// equal.go with each //replace: line (after its tab, verbatim) replaced by
// the //with: lines after it (likewise), and the declarations after the
// package clause appended (rtPlant).

//replace:	func equalChunk(x, y []byte) int { return equalLong(x, y) }
//with:	func rtShippedChunk(x, y []byte) int { return equalLong(x, y) } // equalChunk is another file's

package ctequal
