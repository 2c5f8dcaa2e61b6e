// Package cpu stands in for golang.org/x/sys/cpu, whose import path the
// checker knows: each HasX field is set only where the CPU has X.
package cpu

// X86 are the features of an x86 CPU.
var X86 struct {
	HasPOPCNT bool
	HasBMI2   bool
}
