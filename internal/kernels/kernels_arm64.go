//go:build gc && !purego

package kernels

import "golang.org/x/sys/cpu"

// useDIT tells equalNEON to set PSTATE.DIT for its run: the instruction
// that does is undefined on CPUs without FEAT_DIT. golang.org/x/sys/cpu
// cannot tell on macOS, which says so through sysctl.
var useDIT = cpu.ARM64.HasDIT || osHasDIT()

// useSB tells equalNEON which speculation barrier to issue after setting
// PSTATE.DIT: SB if set, DSB NSH and ISB if not. SB is undefined on CPUs
// without FEAT_SB, and golang.org/x/sys/cpu has no flag for it. Where it
// reports HasCPUID, Linux emulates reads of the ID registers from user
// space, with each field at the value every core of the system has; SB is
// bits 39:36 of ID_AA64ISAR1_EL1. macOS says so through sysctl. Elsewhere
// (the BSDs, Windows) it stays false: DSB and ISB exist on every arm64 CPU.
var useSB = cpu.ARM64.HasCPUID && isar1()>>36&0xf != 0 || osHasSB()

// CPU returns the features of this CPU and operating system that the
// kernels care about, as golang.org/x/sys/cpu reports them after GODEBUG.
// DIT is not needed, but used where present.
func CPU() Features {
	var s Features
	if cpu.ARM64.HasASIMD {
		s |= Of(ASIMD)
	}
	if useDIT {
		s |= Of(DIT)
	}
	return s
}

// AssumeDITForTesting makes the NEON kernel set PSTATE.DIT although the
// operating system does not say the CPU has FEAT_DIT: qemu-user 7.2 with
// -cpu max implements it without advertising it. Only for tests under such
// an emulator: on a CPU without FEAT_DIT the instruction is undefined.
func AssumeDITForTesting() { useDIT = true }

// Indexes into table.
const (
	iNEON = iota
	iGeneric
)

// table lists the arm64 kernels. NEON (Advanced SIMD) is part of every
// ARMv8-A CPU that Go runs on.
var table = []Kernel{
	iNEON:    {Name: "neon", Equal: equalNEON, Needs: Of(ASIMD)},
	iGeneric: {Name: "generic", Equal: equalGeneric},
}

// useNEON records the selection for equalVector, the assembly trampoline
// that Equal calls: it jumps to equalNEON if set, to equalGeneric if not.
var useNEON bool

func init() { setSelected(selected) }

func setSelected(i int) {
	selected = i
	useNEON = i == iNEON
}
