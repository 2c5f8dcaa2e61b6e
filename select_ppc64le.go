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

// vsxPolicy says why the VSX kernel is always chosen.
const vsxPolicy = "VSX is part of POWER8, Go's minimum for ppc64le (big-endian ppc64 keeps the portable kernel)"

// kernels lists the ppc64le kernels.
var kernels = []kernel{
	{name: "vsx", equal: equalVSX, use: &useVSX, needs: impl.Of(impl.VSX), policy: vsxPolicy},
	{name: "generic", equal: equalGeneric},
}
