// Command driver calls each function of package ctequal's API, so that
// their compiled code, and everything it reaches, lands in a binary for
// ctcheck.CheckBinary to disassemble. It is built, never run.
package main

import "github.com/ctequal/ctequal"

// compare, equal and equalString hold the API's inlined bodies. They are
// not inlined themselves, so that their code is compiled for any input and
// their arguments arrive by the Go calling convention of the GOARCH: the
// analysis knows where the inputs' headers come from.
//
//go:noinline
func compare(x, y []byte) int { return ctequal.Compare(x, y) }

//go:noinline
func equal(x, y []byte) bool { return ctequal.Equal(x, y) }

//go:noinline
func equalString(x, y string) bool { return ctequal.EqualString(x, y) }

// The inputs and the results live in globals so that the linker keeps
// every wrapper. The driver imports nothing else: a build for a GOARCH
// with a cold build cache compiles little more than the runtime.
var (
	x, y []byte
	s, t string
	sink int
)

func main() {
	sink = compare(x, y)
	if equal(x, y) {
		sink += 2
	}
	if equalString(s, t) {
		sink += 4
	}
}
