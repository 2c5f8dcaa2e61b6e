//go:build !purego

package ctequal

import "golang.org/x/sys/cpu"

// archKernels lists the amd64 assembly kernels, widest first, with the
// features each needs as golang.org/x/sys/cpu reports them (after GODEBUG).
func archKernels() []kernel {
	return []kernel{
		{"avx512", equalAVX512, cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI2 && cpu.X86.HasAVX},
		{"avx2", equalAVX2, cpu.X86.HasAVX2 && cpu.X86.HasAVX},
		{"sse2", equalSSE2, true},
	}
}
