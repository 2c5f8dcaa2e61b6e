//go:build !gc || purego || !(amd64 || arm64)

package kernels

import "testing"

// TestPortableBuild: builds without assembly have one kernel, the portable
// one, and select it.
func TestPortableBuild(t *testing.T) {
	if ks := All(); len(ks) != 1 || ks[0].Name != "generic" || Selected().Name != "generic" {
		t.Fatalf("%d kernels built in, %s selected: want generic alone", len(ks), Selected().Name)
	}
}

// checkDispatch: builds without assembly have only the portable kernel to
// dispatch to.
func checkDispatch(t *testing.T) {
	t.Helper()
	if Selected().Name != "generic" || selected != 0 {
		t.Fatalf("Selected() = %s (index %d) in a build without assembly", Selected().Name, selected)
	}
}
