//go:build gc && !purego && go1.26

package ctequal

import (
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/sysfeat"
	"golang.org/x/sys/cpu"
)

// TestChooseRISCV64: the RVV kernel where V is, the portable one where not.
// Run-time detection itself (x/sys/cpu's riscv_hwprobe) is
// TestRVVSelection's under qemu 10 (CI's riscv64/plain-v run); qemu-user
// 7.2 has no such system call, so HasV is false under it.
func TestChooseRISCV64(t *testing.T) {
	for _, c := range []struct {
		has  impl.Features
		want string
	}{
		{impl.Of(impl.V), "rvv"},
		{0, "generic"},
	} {
		if got := choose(c.has, kernels); got != c.want {
			t.Errorf("choose(%v) = %s, want %s", c.has, got, c.want)
		}
	}
}

// TestRVVSelection: the kernel is selected exactly where x/sys/cpu reports
// V or the build requires it, and GODEBUG does not turn it off.
func TestRVVSelection(t *testing.T) {
	want := (cpu.RISCV64.HasV || sysfeat.BuildHasV) && !impl.GodebugOff(godebugEnv(), "v")
	if got := Kernel() == "rvv"; got != want || useRVV != want {
		t.Fatalf("Kernel() = %s, useRVV %v; HasV %v, build requires V %v, GODEBUG %q", Kernel(), useRVV, cpu.RISCV64.HasV, sysfeat.BuildHasV, godebugEnv())
	}
}
