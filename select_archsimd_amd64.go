//go:build goexperiment.simd && go1.26 && gc && !purego

package ctequal

import (
	"simd/archsimd"

	"github.com/ctequal/ctequal/internal/impl"
)

// useArchsimdAVX512, useArchsimdAVX2 and useArchsimdAVX select the kernels
// written in simd/archsimd (equal_archsimd_amd64.go), which equalLong
// calls from Go with the register ABI; where none is set, equalLong calls
// equalVector, the assembly trampoline, as the build without the
// experiment always does.
var useArchsimdAVX512, useArchsimdAVX2, useArchsimdAVX bool

// archsimdKernels come first in the kernels list, each before the assembly
// kernel of its width and with its needs, so that a CPU chooses the same
// width in both builds. The 128-bit kernel is VEX-encoded: it needs AVX,
// and serves the CPUs with AVX but not AVX2 (Sandy Bridge, Ivy Bridge);
// the SSE2 assembly serves those without.
var archsimdKernels = []*kernel{
	{impl.Kernel{Name: "archsimd-avx512", Use: &useArchsimdAVX512,
		Needs: impl.Of(impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2, impl.BMI2, impl.AVX2, impl.AVX)}, equalArchsimdAVX512},
	{impl.Kernel{Name: "archsimd-avx2", Use: &useArchsimdAVX2, Needs: impl.Of(impl.AVX2, impl.AVX)}, equalArchsimdAVX2},
	{impl.Kernel{Name: "archsimd-avx", Use: &useArchsimdAVX, Needs: impl.Of(impl.AVX)}, equalArchsimdAVX},
}

// streamFrom is the length from which the assembly's AVX-512 kernel reads
// with 32-byte loads (asm/amd64): two inputs of 32 KiB no longer fit a 48
// KiB L1d, and from L2 64-byte loads are slower on Zen 5 (at 64 KiB
// archsimd's 512-bit loop took 752 ns, the assembly 633: docs/archsimd.md).
// From there the AVX-512 selection runs the assembly kernel: a hybrid.
const streamFrom = 32 << 10

// equalLong is the selected kernel, for inputs longer than shortMax.
func equalLong(x, y []byte) int {
	var eq int
	switch {
	case useArchsimdAVX512:
		if len(x) >= streamFrom {
			// The assembly kernel, which streams from L2 with 32-byte
			// loads: there the call's cost is lost in the reads.
			return equalAVX512(x, y)
		}
		eq = equalArchsimdAVX512(x, y)
	case useArchsimdAVX2:
		eq = equalArchsimdAVX2(x, y)
	case useArchsimdAVX:
		// VEX-encoded 128-bit writes clear the upper halves.
		return equalArchsimdAVX(x, y)
	default:
		return equalVector(x, y)
	}
	// The kernel wrote YMM or ZMM registers: clear their upper halves
	// (VZEROUPPER) as the assembly kernels do, since Go's own code is SSE,
	// which pays for dirty upper halves on Intel cores. Here, after the
	// call, no vector is live; inside the kernel the compiler kept the
	// accumulator across it in memory.
	archsimd.ClearAVXUpperBits()
	return eq
}

//ctcheck:needs equalArchsimdAVX512 avx512f,avx512bw,avx512vl,avx512vbmi2,bmi2,avx2,avx
//ctcheck:needs equalArchsimdAVX2 avx2,avx
//ctcheck:needs equalArchsimdAVX avx
//ctcheck:flag useArchsimdAVX512 avx
//ctcheck:flag useArchsimdAVX2 avx
