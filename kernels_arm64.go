//go:build !purego

package ctequal

import "golang.org/x/sys/cpu"

// useDIT tells equalNEON to set PSTATE.DIT for its run: the instruction
// that does is undefined on CPUs without FEAT_DIT.
var useDIT = cpu.ARM64.HasDIT

// archKernels lists the arm64 assembly kernel: NEON (Advanced SIMD) is part
// of every ARMv8-A CPU that Go runs on.
func archKernels() []kernel {
	return []kernel{{"neon", equalNEON, true}}
}
