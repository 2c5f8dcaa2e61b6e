//go:build !purego

package ctequal

import (
	"bytes"
	"testing"
)

// TestDispatchMatchesSelection: equalSelected jumps by the use flags, so
// they must name the kernel that Kernel reports.
func TestDispatchMatchesSelection(t *testing.T) { checkDispatch(t) }

func checkDispatch(t *testing.T) {
	t.Helper()
	got := "sse2"
	switch {
	case useAVX512:
		got = "avx512"
	case useAVX2:
		got = "avx2"
	}
	if useAVX512 && useAVX2 {
		t.Fatal("both useAVX512 and useAVX2 are set")
	}
	if got != Kernel() {
		t.Fatalf("the dispatch flags select %s, Kernel() = %s", got, Kernel())
	}
}

// TestDispatchEveryBranch runs equalSelected with the flags set for each
// supported kernel in turn: every branch of the trampoline must reach a
// kernel that answers right, at lengths that take every path.
func TestDispatchEveryBranch(t *testing.T) {
	saved512, saved2 := useAVX512, useAVX2
	defer func() { useAVX512, useAVX2 = saved512, saved2 }()
	for _, k := range allKernels {
		if !k.Supported || k.Name == "generic" {
			continue
		}
		useAVX512, useAVX2 = k.Name == "avx512", k.Name == "avx2"
		for _, n := range []int{0, 1, 15, 16, 33, 64, 100, 1000, 40000} {
			x := bytes.Repeat([]byte{0x5a}, n)
			y := bytes.Clone(x)
			if equalSelected(x, y) != 1 {
				t.Fatalf("flags for %s: equal inputs of %d bytes: 0", k.Name, n)
			}
			if n > 0 {
				y[n-1] ^= 4
				if equalSelected(x, y) != 0 {
					t.Fatalf("flags for %s: inputs of %d bytes that differ: 1", k.Name, n)
				}
			}
		}
	}
}
