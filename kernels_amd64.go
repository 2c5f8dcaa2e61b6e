//go:build !purego

package ctequal

import (
	"golang.org/x/sys/cpu"

	"github.com/ctequal/ctequal/internal/kernels"
)

// features maps the CPU features the amd64 kernels need, by their GODEBUG
// names, to what golang.org/x/sys/cpu reports after applying GODEBUG.
var features = map[string]bool{
	"sse2":     cpu.X86.HasSSE2,
	"avx":      cpu.X86.HasAVX,
	"avx2":     cpu.X86.HasAVX2,
	"avx512f":  cpu.X86.HasAVX512F,
	"avx512bw": cpu.X86.HasAVX512BW,
	"bmi2":     cpu.X86.HasBMI2,
}

// archKernels lists the amd64 assembly kernels, widest first.
func archKernels() []kernels.Kernel {
	return withSupport(features, []kernels.Kernel{
		{Name: "avx512", Equal: equalAVX512, Needs: []string{"avx512f", "avx512bw", "bmi2", "avx"}},
		{Name: "avx2", Equal: equalAVX2, Needs: []string{"avx2", "avx"}},
		{Name: "sse2", Equal: equalSSE2, Needs: []string{"sse2"}},
	})
}

// useAVX512 and useAVX2 record the selection for equalSelected, which
// jumps to the kernel they name (SSE2 if neither).
var (
	useAVX512 = selected.Name == "avx512"
	useAVX2   = selected.Name == "avx2"
)

// equal is the selected kernel. Compare inlines to a direct call of the
// assembly trampoline: a call through selected.Equal would pass through
// an ABI wrapper as well.
func equal(x, y []byte) int { return equalSelected(x, y) }
