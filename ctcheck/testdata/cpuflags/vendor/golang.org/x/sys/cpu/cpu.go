// Package cpu stands in for golang.org/x/sys/cpu, whose import path the
// checker knows: each HasX field is set only where the CPU has X.
package cpu

const padSize = 64

// X86 are the features of an x86 CPU, after a pad as x/sys/cpu's: the
// flags are at offsets 64 and 65.
var X86 struct {
	_         [padSize]byte
	HasBMI2   bool
	HasPOPCNT bool
}

// ARM64 are the features of an arm64 CPU: false on any other.
var ARM64 struct {
	HasAES bool
}
