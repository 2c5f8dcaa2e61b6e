// Package fieldwrite writes a field of x/sys/cpu's struct: none of its
// fields is a flag here.
package fieldwrite

import "golang.org/x/sys/cpu"

func init() { cpu.X86.HasBMI2 = true }

// Count counts bits behind a field of the struct init writes.
func Count(x []byte) int {
	if cpu.X86.HasPOPCNT {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
