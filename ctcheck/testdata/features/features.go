// Package features counts bits with POPCNT, which GOAMD64=v1 does not
// guarantee: one function says its callers make sure the CPU has it.
package features

// Declared counts the set bits of the first 8 bytes of x.
//
//go:noescape
func Declared(x []byte) int

// Undeclared counts them too, and says nothing.
//
//go:noescape
func Undeclared(x []byte) int

//ctcheck:needs Declared popcnt
