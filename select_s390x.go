//go:build gc && !purego && go1.26

package ctequal

import (
	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about, as golang.org/x/sys/cpu reports them after
// GODEBUG (cpu.vx=off turns the vector facility off).
func cpuFeatures() impl.Features {
	if cpu.S390X.HasVX {
		return impl.Of(impl.VX)
	}
	return 0
}

// useVX is the selection: equalVector, the assembly trampoline that
// Compare calls, jumps to equalVX if it is set, to equalGeneric if not.
var useVX bool

// kernels lists the s390x kernels. The vector facility came with z13.
var kernels = []*kernel{
	{impl.Kernel{Name: "vx", Use: &useVX, Needs: impl.Of(impl.VX)}, equalVX},
	portable,
}

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalVX vx
