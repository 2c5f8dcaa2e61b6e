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

// checkDispatch: there is nothing to dispatch.
func checkDispatch(t *testing.T) {}
