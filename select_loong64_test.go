//go:build gc && !purego && go1.25

package ctequal

import (
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// TestChooseLoong64: LASX where the CPU has it, LSX where it has only
// that, the portable kernel where neither; each kernel needs only its own
// extension.
func TestChooseLoong64(t *testing.T) {
	for _, c := range []struct {
		has  impl.Features
		want string
	}{
		{impl.Of(impl.LASX, impl.LSX), "lasx"},
		{impl.Of(impl.LASX), "lasx"},
		{impl.Of(impl.LSX), "lsx"},
		{0, "generic"},
	} {
		if got := choose(c.has, kernels); got != c.want {
			t.Errorf("choose(%v) = %s, want %s", c.has, got, c.want)
		}
	}
}

// TestLoong64Selection: the kernel is the widest that golang.org/x/sys/cpu
// reports, after GODEBUG (cpu.lasx=off, cpu.lsx=off).
func TestLoong64Selection(t *testing.T) {
	want := "generic"
	switch {
	case cpu.Loong64.HasLASX:
		want = "lasx"
	case cpu.Loong64.HasLSX:
		want = "lsx"
	}
	if got := Kernel(); got != want {
		t.Fatalf("Kernel() = %s; HasLASX %v, HasLSX %v", got, cpu.Loong64.HasLASX, cpu.Loong64.HasLSX)
	}
}
