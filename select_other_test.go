//go:build !gc || purego || !(amd64 || arm64 || ppc64le || (go1.26 && (riscv64 || s390x)) || (go1.25 && loong64))

package ctequal

import (
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// TestPortableBuild: builds without assembly have one kernel, the portable
// one, and select it.
func TestPortableBuild(t *testing.T) {
	if ks := impl.List(); len(ks) != 1 || ks[0].Name != "generic" || Kernel() != "generic" {
		t.Fatalf("%d kernels built in, %s selected: want generic alone", len(ks), Kernel())
	}
}
