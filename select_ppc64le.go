//go:build gc && !purego

package ctequal

import "github.com/ctequal/ctequal/internal/impl"

// cpuFeatures returns the features of this CPU that the kernels care
// about. POWER8, Go's minimum for ppc64le, has VSX, and golang.org/x/sys/cpu
// has no flag or GODEBUG option for it: it is always there.
func cpuFeatures() impl.Features { return impl.Of(impl.VSX) }

// useVSX is the selection: equalVector, the assembly trampoline that
// Compare calls, jumps to equalVSX if it is set, to equalGeneric if not.
var useVSX bool

// kernels lists the ppc64le kernels.
var kernels = []*kernel{
	{impl.Kernel{Name: "vsx", Use: &useVSX, Needs: impl.Of(impl.VSX)}, equalVSX},
	portable,
}

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalVSX vsx
