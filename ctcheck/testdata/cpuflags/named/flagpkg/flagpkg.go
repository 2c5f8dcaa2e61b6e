// Package realflags, in folder flagpkg, exports a flag of POPCNT.
package realflags

import "golang.org/x/sys/cpu"

// UsePOPCNT is set where the CPU has POPCNT.
var UsePOPCNT = cpu.X86.HasPOPCNT
