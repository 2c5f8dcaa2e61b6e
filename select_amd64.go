//go:build gc && !purego

package ctequal

import (
	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about, as golang.org/x/sys/cpu reports them after GODEBUG.
func cpuFeatures() impl.Features {
	var s impl.Features
	for _, c := range [...]struct {
		f   impl.Feature
		has bool
	}{
		{impl.SSE2, cpu.X86.HasSSE2},
		{impl.AVX, cpu.X86.HasAVX},
		{impl.AVX2, cpu.X86.HasAVX2},
		{impl.BMI2, cpu.X86.HasBMI2},
		{impl.AVX512F, cpu.X86.HasAVX512F},
		{impl.AVX512BW, cpu.X86.HasAVX512BW},
		{impl.AVX512VL, cpu.X86.HasAVX512VL},
		{impl.AVX512VBMI2, cpu.X86.HasAVX512VBMI2},
	} {
		if c.has {
			s |= impl.Of(c.f)
		}
	}
	return s
}

// useAVX512, useAVX2 and useSSE2 are the selection: equalVector, the
// assembly trampoline that Compare calls, jumps to the first kernel whose
// flag is set, or to equalGeneric.
var useAVX512, useAVX2, useSSE2 bool

// avx512Policy is why the AVX-512 kernel needs more than its instructions
// (AVX512F's, and AVX2's, whose loop it runs from 32 KiB on).
const avx512Policy = "chosen only where the CPU also has BW, BMI2, VL and VBMI2: VBMI2 is the mark of " +
	"the cores whose clock 512-bit code does not lower (Ice Lake and later, Zen 4 and later), the line " +
	"simdjson draws too; on Skylake-SP and Cascade Lake (F, BW, VL, no VBMI2) a 512-bit instruction " +
	"slows the whole core for milliseconds, which a 32-byte MAC check must not do to the server around it"

// kernels lists the amd64 kernels, widest first.
var kernels = []kernel{
	{name: "avx512", equal: equalAVX512, use: &useAVX512, policy: avx512Policy,
		needs: impl.Of(impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2, impl.BMI2, impl.AVX2, impl.AVX)},
	{name: "avx2", equal: equalAVX2, use: &useAVX2, needs: impl.Of(impl.AVX2, impl.AVX)},
	{name: "sse2", equal: equalSSE2, use: &useSSE2, needs: impl.Of(impl.SSE2)},
	{name: "generic", equal: equalGeneric},
}
