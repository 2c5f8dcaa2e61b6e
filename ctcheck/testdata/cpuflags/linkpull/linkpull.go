// Package linkpull tests flagdef's flag, which a package it imports sets
// through //go:linkname: it is not a flag here.
package linkpull

import (
	"example.com/cpuflags/flagdef"
	_ "example.com/cpuflags/linkpull/puller"
)

// Count counts bits behind the flag puller sets.
func Count(x []byte) int {
	if flagdef.UsePOPCNT {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
