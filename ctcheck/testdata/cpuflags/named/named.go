// Package named imports flagpkg, whose package clause names it
// realflags: flagpkg here is a variable of its own, set whatever the CPU.
package named

import "example.com/cpuflags/named/flagpkg"

var flagpkg = struct{ UsePOPCNT bool }{true}

var useLocal = flagpkg.UsePOPCNT

var _ = realflags.UsePOPCNT

// Count counts bits behind useLocal, which is not a flag.
func Count(x []byte) int {
	if useLocal {
		return popcnt(x)
	}
	return 0
}

//go:noescape
func popcnt(x []byte) int
