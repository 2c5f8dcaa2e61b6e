// Package forced writes another package's flag: it is not one here.
package forced

import "example.com/cpuflags/flagdef"

func init() { flagdef.UsePOPCNT = true }

// Count counts bits behind the variable init sets.
func Count(x []byte) int {
	if flagdef.UsePOPCNT {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
