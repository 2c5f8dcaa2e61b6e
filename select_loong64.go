//go:build gc && !purego && go1.25

package ctequal

import (
	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// cpuFeatures returns the features of this CPU and operating system that
// the kernels care about, as golang.org/x/sys/cpu reports them after
// GODEBUG (cpu.lasx=off and cpu.lsx=off turn them off): LASX (256-bit
// vectors) and LSX (128-bit), from the hardware capabilities Linux reports.
func cpuFeatures() impl.Features {
	var s impl.Features
	if cpu.Loong64.HasLASX {
		s |= impl.Of(impl.LASX)
	}
	if cpu.Loong64.HasLSX {
		s |= impl.Of(impl.LSX)
	}
	return s
}

// useLASX and useLSX are the selection: equalVector, the assembly
// trampoline that Compare calls, jumps to the first kernel whose flag is
// set, to equalGeneric if neither is.
var useLASX, useLSX bool

// kernels lists the loong64 kernels, widest first. Each uses only its own
// extension's instructions (LASX's X registers, LSX's V registers), so
// each needs only its own: with GODEBUG=cpu.lsx=off alone the LASX kernel
// stays, as x/sys/cpu keeps HasLASX.
var kernels = []*kernel{
	{impl.Kernel{Name: "lasx", Use: &useLASX, Needs: impl.Of(impl.LASX)}, equalLASX},
	{impl.Kernel{Name: "lsx", Use: &useLSX, Needs: impl.Of(impl.LSX)}, equalLSX},
	portable,
}

// What each kernel may assume of the CPU, for the constant-time checker
// (ctcheck): its record's Needs. tools/internal/kernelcheck holds
// these lines to the records.
//
//ctcheck:needs equalLASX lasx
//ctcheck:needs equalLSX lsx
