// Package otherarch tests a disjunction whose other term is another
// architecture's feature, which a package it imports sets: that term is
// not false, and the variable is no flag.
package otherarch

import (
	"golang.org/x/sys/cpu"

	_ "example.com/cpuflags/otherarch/armwrite"
)

var usePOPCNT = cpu.X86.HasPOPCNT || cpu.ARM64.HasAES

// Count counts bits behind usePOPCNT.
func Count(x []byte) int {
	if usePOPCNT {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
