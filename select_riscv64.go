//go:build gc && !purego && go1.26

package ctequal

import (
	"os"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/sysfeat"
	"golang.org/x/sys/cpu"
)

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about: V (RVV 1.0) where golang.org/x/sys/cpu reports
// it, which it learns from Linux's riscv_hwprobe system call, or where the
// build guarantees it (GORISCV64=rva23u64), unless GODEBUG turns it off.
func cpuFeatures() impl.Features {
	if (cpu.RISCV64.HasV || sysfeat.BuildHasV) && !impl.GodebugOff(godebugEnv(), "v") {
		return impl.Of(impl.V)
	}
	return 0
}

func godebugEnv() string { return os.Getenv("GODEBUG") }

// useRVV is the selection: equalVector, the assembly trampoline that
// Compare calls, jumps to equalRVV if it is set, to equalGeneric if not.
var useRVV bool

// kernels lists the riscv64 kernels.
var kernels = []*kernel{
	{impl.Kernel{Name: "rvv", Use: &useRVV, Needs: impl.Of(impl.V)}, equalRVV},
	portable,
}

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalRVV v
