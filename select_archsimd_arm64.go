//go:build goexperiment.simd && go1.27 && gc && !purego

package ctequal

import "github.com/ctequal/ctequal/internal/impl"

// useArchsimdNEON selects the kernel written in simd/archsimd
// (equal_archsimd_arm64.go), which equalLong calls from Go with the
// register ABI; where it is not set, equalLong calls equalVector, the
// assembly trampoline, as the build without the experiment always does.
var useArchsimdNEON bool

// archsimdKernels come first in the kernels list. The archsimd kernel
// gives way to the NEON assembly where the CPU has FEAT_DIT: Go code
// cannot hold PSTATE.DIT for its run (the goroutine may move to another
// thread at any instruction; crypto/subtle.WithDataIndependentTiming,
// which can, locks the thread for each call), and Arm promises
// data-independent timing only under DIT. Where the CPU has no DIT
// (Cortex-A53 to A76, Neoverse N1), neither kernel sets it.
var archsimdKernels = []*kernel{
	{impl.Kernel{Name: "archsimd-neon", Use: &useArchsimdNEON, Needs: impl.Of(impl.ASIMD), GivesWay: impl.Of(impl.DIT)}, equalArchsimdNEON},
}

// equalLong is the selected kernel, for inputs longer than shortMax.
func equalLong(x, y []byte) int {
	if useArchsimdNEON {
		return equalArchsimdNEON(x, y)
	}
	return equalVector(x, y)
}

//ctcheck:needs equalArchsimdNEON asimd
