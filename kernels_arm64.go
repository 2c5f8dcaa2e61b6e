//go:build !purego

package ctequal

import (
	"golang.org/x/sys/cpu"

	"github.com/ctequal/ctequal/internal/kernels"
)

// useDIT tells equalNEON to set PSTATE.DIT for its run: the instruction
// that does is undefined on CPUs without FEAT_DIT.
var useDIT = cpu.ARM64.HasDIT

// features maps the CPU features the arm64 kernel needs, and DIT, which it
// uses where present, by their GODEBUG names to what golang.org/x/sys/cpu
// reports.
var features = map[string]bool{"asimd": cpu.ARM64.HasASIMD, "dit": useDIT}

// archKernels lists the arm64 assembly kernel. NEON (Advanced SIMD) is part
// of every ARMv8-A CPU that Go runs on.
func archKernels() []kernels.Kernel {
	return withSupport(features, []kernels.Kernel{
		{Name: "neon", Equal: equalNEON, Needs: []string{"asimd"}},
	})
}

// useNEON records the selection: the portable kernel serves only a CPU
// without Advanced SIMD.
var useNEON = selected.Name == "neon"

// equal is the selected kernel, called directly: a call through
// selected.Equal would pass through an ABI wrapper as well.
func equal(x, y []byte) int {
	if useNEON {
		return equalNEON(x, y)
	}
	return equalGeneric(x, y)
}
