//go:build gc && !purego && go1.26

package ctequal

import (
	"os"
	"strings"

	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about: V (RVV 1.0) where golang.org/x/sys/cpu reports
// it, which it learns from Linux's riscv_hwprobe system call, or where the
// build guarantees it (GORISCV64=rva23u64), unless GODEBUG turns it off.
func cpuFeatures() impl.Features {
	if (cpu.RISCV64.HasV || buildHasV) && !godebugOff(godebugEnv(), "v") {
		return impl.Of(impl.V)
	}
	return 0
}

// godebugOff reports whether godebug turns cpu.name off, as
// golang.org/x/sys/cpu reads it: comma-separated fields, the last of
// cpu.name=on|off and cpu.all=on|off deciding. x/sys/cpu clears HasV
// itself for GODEBUG=cpu.v=off; this does the same for a build whose V
// does not come from x/sys/cpu.
func godebugOff(godebug, name string) bool {
	off := false
	for _, field := range strings.Split(godebug, ",") {
		key, value, ok := strings.Cut(field, "=")
		if !ok || (key != "cpu."+name && key != "cpu.all") {
			continue
		}
		switch value {
		case "off":
			off = true
		case "on":
			off = false
		}
	}
	return off
}

func godebugEnv() string { return os.Getenv("GODEBUG") }

// useRVV is the selection: equalVector, the assembly trampoline that
// Compare calls, jumps to equalRVV if it is set, to equalGeneric if not.
var useRVV bool

// kernels lists the riscv64 kernels.
var kernels = []kernel{
	{name: "rvv", equal: equalRVV, use: &useRVV, needs: impl.Of(impl.V), policy: rvvPolicy},
	{name: "generic", equal: equalGeneric},
}
