// Package asmwrite writes its flag from assembly: it is not one.
package asmwrite

import "golang.org/x/sys/cpu"

var usePOPCNT = cpu.X86.HasPOPCNT

func init() { force() }

// force sets usePOPCNT.
func force()

// Count counts bits behind the variable force sets.
func Count(x []byte) int {
	if usePOPCNT {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
