//go:build gc && !purego

package kernels

import "golang.org/x/sys/cpu"

// CPU returns the features of this CPU and operating system that the
// kernels care about, as golang.org/x/sys/cpu reports them after GODEBUG.
func CPU() Features {
	var s Features
	for _, c := range [...]struct {
		f   Feature
		has bool
	}{
		{SSE2, cpu.X86.HasSSE2},
		{AVX, cpu.X86.HasAVX},
		{AVX2, cpu.X86.HasAVX2},
		{BMI2, cpu.X86.HasBMI2},
		{AVX512F, cpu.X86.HasAVX512F},
		{AVX512BW, cpu.X86.HasAVX512BW},
		{AVX512VL, cpu.X86.HasAVX512VL},
		{AVX512VBMI2, cpu.X86.HasAVX512VBMI2},
	} {
		if c.has {
			s |= Of(c.f)
		}
	}
	return s
}

// Indexes into table.
const (
	iAVX512 = iota
	iAVX2
	iSSE2
	iGeneric
)

// table lists the amd64 kernels, widest first.
//
// The AVX-512 kernel's instructions are AVX512F's (and AVX2's, whose loop
// it runs from 32 KiB on), but it is chosen only where the CPU also has BW,
// BMI2, VL and VBMI2: VBMI2 is the mark of the cores whose clock 512-bit
// code does not lower (Ice Lake and later, Zen 4 and later), the line
// simdjson draws too. On Skylake-SP and Cascade Lake (F, BW, VL, no VBMI2)
// a 512-bit instruction slows the whole core for milliseconds, which a
// 32-byte MAC check must not do to the server around it; those get AVX2.
var table = []Kernel{
	iAVX512:  {Name: "avx512", Equal: equalAVX512, Needs: Of(AVX512F, AVX512BW, AVX512VL, AVX512VBMI2, BMI2, AVX2, AVX)},
	iAVX2:    {Name: "avx2", Equal: equalAVX2, Needs: Of(AVX2, AVX)},
	iSSE2:    {Name: "sse2", Equal: equalSSE2, Needs: Of(SSE2)},
	iGeneric: {Name: "generic", Equal: equalGeneric},
}

// useAVX512, useAVX2 and useSSE2 record the selection for equalVector,
// the assembly trampoline that Equal calls, which jumps to the first kernel
// whose flag is set, or to equalGeneric.
var useAVX512, useAVX2, useSSE2 bool

func init() { setSelected(selected) }

func setSelected(i int) {
	selected = i
	useAVX512, useAVX2, useSSE2 = i == iAVX512, i == iAVX2, i == iSSE2
}
