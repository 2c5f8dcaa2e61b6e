//go:build purego || !(amd64 || arm64)

package ctequal

import "testing"

// TestPortableBuildUsesGeneric: builds without assembly have one kernel,
// the portable one, and report it.
func TestPortableBuildUsesGeneric(t *testing.T) {
	if Kernel() != "generic" || len(allKernels) != 1 {
		t.Fatalf("Kernel() = %q with %d kernels built in, want generic alone", Kernel(), len(allKernels))
	}
}

// checkDispatch: builds without assembly have only the portable kernel.
func checkDispatch(t *testing.T) {}
