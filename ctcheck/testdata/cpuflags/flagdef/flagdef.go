// Package flagdef exports a flag of POPCNT, which forced overwrites.
package flagdef

import "golang.org/x/sys/cpu"

// UsePOPCNT is set where the CPU has POPCNT, until another package sets
// it.
var UsePOPCNT = cpu.X86.HasPOPCNT
