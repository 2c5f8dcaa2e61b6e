//go:build gc && !purego

package kernels

import "testing"

// cpus are the feature sets, as golang.org/x/sys/cpu reports them, of the
// x86 cores the selection must get right, with the kernel each must get.
var cpus = []struct {
	name string
	has  Features
	want string
}{
	{"Nehalem", Of(SSE2), "sse2"},
	{"Sandy Bridge (AVX, no AVX2)", Of(SSE2, AVX), "sse2"},
	{"Haswell", Of(SSE2, AVX, AVX2, BMI2), "avx2"},
	{"Zen 3", Of(SSE2, AVX, AVX2, BMI2), "avx2"},
	// F, BW, VL, but no VBMI2: 512-bit code lowers the clock here.
	{"Skylake-SP", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL), "avx2"},
	{"Cascade Lake", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL), "avx2"},
	{"Ice Lake-SP", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL, AVX512VBMI2), "avx512"},
	{"Sapphire Rapids", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL, AVX512VBMI2), "avx512"},
	{"Zen 4", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL, AVX512VBMI2), "avx512"},
	{"Zen 5", Of(SSE2, AVX, AVX2, BMI2, AVX512F, AVX512BW, AVX512VL, AVX512VBMI2), "avx512"},
	// The operating system may not save the ZMM registers: x/sys/cpu then
	// reports no AVX-512 at all.
	{"Ice Lake-SP, ZMM state off", Of(SSE2, AVX, AVX2, BMI2), "avx2"},
	// GODEBUG=cpu.avx2=off on a Zen 4: the AVX-512 kernel runs AVX2's loop.
	{"Zen 4, cpu.avx2=off", Of(SSE2, AVX, BMI2, AVX512F, AVX512BW, AVX512VL, AVX512VBMI2), "sse2"},
}

func TestChooseCPUs(t *testing.T) {
	for _, c := range cpus {
		if got := table[choose(c.has, table)].Name; got != c.want {
			t.Errorf("%s (%v): selected %s, want %s", c.name, c.has, got, c.want)
		}
	}
}

// checkDispatch: equalVector jumps by the use flags, so exactly one of
// them, or none for the portable kernel, must be set, naming Selected.
func checkDispatch(t *testing.T) {
	t.Helper()
	flags := map[string]bool{"avx512": useAVX512, "avx2": useAVX2, "sse2": useSSE2}
	set := 0
	for name, on := range flags {
		if on {
			set++
			if name != Selected().Name {
				t.Errorf("the dispatch flag for %s is set, Selected() = %s", name, Selected().Name)
			}
		}
	}
	if set > 1 || set == 0 && Selected().Name != "generic" {
		t.Errorf("%d dispatch flags set for kernel %s: %v", set, Selected().Name, flags)
	}
}
