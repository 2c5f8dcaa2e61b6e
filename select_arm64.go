//go:build gc && !purego

package ctequal

import (
	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/sysfeat"
	"golang.org/x/sys/cpu"
)

// useDIT tells equalNEON to set PSTATE.DIT for its run: the instruction
// that does is undefined on CPUs without FEAT_DIT. golang.org/x/sys/cpu
// cannot tell on macOS, which says so through sysctl (internal/sysfeat).
var useDIT = cpu.ARM64.HasDIT || sysfeat.HasDIT()

// useSB tells equalNEON which speculation barrier to issue after setting
// PSTATE.DIT: SB if set, DSB NSH and ISB if not. SB is undefined on CPUs
// without FEAT_SB, and golang.org/x/sys/cpu has no flag for it. Where it
// reports HasCPUID, Linux emulates reads of the ID registers from user
// space, with each field at the value every core of the system has; SB is
// bits 39:36 of ID_AA64ISAR1_EL1. macOS says so through sysctl. Elsewhere
// (the BSDs, Windows) it stays false: DSB and ISB exist on every arm64 CPU.
var useSB = cpu.ARM64.HasCPUID && isar1()>>36&0xf != 0 || sysfeat.HasSB()

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about, as golang.org/x/sys/cpu reports them after
// GODEBUG. DIT is not needed, but used where present.
func cpuFeatures() impl.Features {
	var s impl.Features
	if cpu.ARM64.HasASIMD {
		s |= impl.Of(impl.ASIMD)
	}
	if useDIT {
		s |= impl.Of(impl.DIT)
	}
	return s
}

// useNEON is the selection: equalVector, the assembly trampoline that
// Compare calls, jumps to equalNEON if it is set, to equalGeneric if not.
var useNEON bool

// kernels lists the arm64 kernels. NEON (Advanced SIMD) is part of every
// ARMv8-A CPU that Go runs on; the kernel sets PSTATE.DIT where the CPU
// has FEAT_DIT.
var kernels = append(archsimdKernels, []*kernel{
	{impl.Kernel{Name: "neon", Use: &useNEON, Needs: impl.Of(impl.ASIMD), Uses: impl.Of(impl.DIT)}, equalNEON},
	portable,
}...)

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs, the mode it claims (DIT, where useDIT
// says the CPU has it), the flags that say what the CPU has, and the
// tests' DIT helpers, which their callers call only where it has DIT. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalNEON asimd
//ctcheck:claims equalNEON dit
//ctcheck:flag useDIT dit
//ctcheck:flag useSB sb
//ctcheck:needs setDIT dit
//ctcheck:needs ditEnabled dit

func init() {
	impl.AssumeDIT = func() {
		useDIT = true
		have := cpuFeatures()
		impl.SetCPU(have)
		// A kernel may give way where the CPU has DIT: choose again.
		selectFor(have)
	}
}
