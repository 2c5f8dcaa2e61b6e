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

// kernels lists the amd64 kernels, widest first. The AVX-512 kernel needs
// AVX2 too, whose loop it runs from 32 KiB on, and VBMI2, the mark of the
// cores whose clock 512-bit code does not lower (Ice Lake and later, Zen 4
// and later): see docs/kernels.md, "AVX-512 only where it pays".
var kernels = append(archsimdKernels, []*kernel{
	{impl.Kernel{Name: "avx512", Use: &useAVX512,
		Needs: impl.Of(impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2, impl.BMI2, impl.AVX2, impl.AVX)}, equalAVX512},
	{impl.Kernel{Name: "avx2", Use: &useAVX2, Needs: impl.Of(impl.AVX2, impl.AVX)}, equalAVX2},
	{impl.Kernel{Name: "sse2", Use: &useSSE2, Needs: impl.Of(impl.SSE2)}, equalSSE2},
	portable,
}...)

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalAVX512 avx512f,avx512bw,avx512vl,avx512vbmi2,bmi2,avx2,avx
//ctcheck:needs equalAVX2 avx2,avx
//ctcheck:needs equalSSE2 sse2
