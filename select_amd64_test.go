//go:build gc && !purego

package ctequal

import (
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// cpus are the feature sets, as golang.org/x/sys/cpu reports them, of the
// x86 cores the selection must get right, with the kernel each must get,
// and the one it must get in a build with the archsimd kernels
// (GOEXPERIMENT=simd): the same width.
var cpus = []struct {
	name           string
	has            impl.Features
	want, archsimd string
}{
	{"Nehalem", impl.Of(impl.SSE2), "sse2", "sse2"},
	{"Sandy Bridge (AVX, no AVX2)", impl.Of(impl.SSE2, impl.AVX), "sse2", "archsimd-avx"},
	{"Haswell", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2), "avx2", "archsimd-avx2"},
	{"Zen 3", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2), "avx2", "archsimd-avx2"},
	// F, BW, VL, but no VBMI2: 512-bit code lowers the clock here.
	{"Skylake-SP", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL), "avx2", "archsimd-avx2"},
	{"Cascade Lake", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL), "avx2", "archsimd-avx2"},
	{"Ice Lake-SP", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2), "avx512", "archsimd-avx512"},
	{"Sapphire Rapids", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2), "avx512", "archsimd-avx512"},
	{"Zen 4", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2), "avx512", "archsimd-avx512"},
	{"Zen 5", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2), "avx512", "archsimd-avx512"},
	// The operating system may not save the ZMM registers: x/sys/cpu then
	// reports no AVX-512 at all.
	{"Ice Lake-SP, ZMM state off", impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2), "avx2", "archsimd-avx2"},
	// GODEBUG=cpu.avx2=off on a Zen 4: the AVX-512 kernel runs AVX2's loop.
	{"Zen 4, cpu.avx2=off", impl.Of(impl.SSE2, impl.AVX, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2), "sse2", "archsimd-avx"},
}

func TestChooseCPUs(t *testing.T) {
	for _, c := range cpus {
		want := c.want
		if len(archsimdKernels) > 0 {
			want = c.archsimd
		}
		if got := choose(c.has, kernels); got != want {
			t.Errorf("%s (%v): selected %s, want %s", c.name, c.has, got, want)
		}
	}
}
