// Package goasmh is assembly that reads a struct's fields at the offsets
// the compiler writes to go_asm.h: ctcheck checks such a file as its
// package.
package goasmh

type state struct {
	a, b uint64
}

// sum returns s.a + s.b.
//
//go:noescape
func sum(s *state) uint64

// nonzero returns 1 if s.b is not zero, by a branch on it: the finding.
//
//go:noescape
func nonzero(s *state) uint64

// Sum and Nonzero call them, so that a program links them.
func Sum(s *state) uint64     { return sum(s) }
func Nonzero(s *state) uint64 { return nonzero(s) }
