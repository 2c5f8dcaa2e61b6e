//go:build gc && !purego && go1.25

package poison

import "github.com/ctequal/ctequal/internal/impl"

// Kernels names the functions Call calls, by index: package ctequal's
// LASX and LSX kernels and its trampoline, which jumps to the selected
// kernel.
var Kernels = []string{"equalLASX", "equalLSX", "equalVector"}

// vectorLevel says which vector registers may be written: 2 for X0-X31
// where package ctequal found LASX, 1 for V0-V31 where it found LSX only
// (a vector instruction is illegal on a CPU, or under a kernel, without
// its extension), 0 for F0-F31 only.
func vectorLevel() uint64 {
	switch {
	case impl.CPU().Has(impl.LASX):
		return 2
	case impl.CPU().Has(impl.LSX):
		return 1
	}
	return 0
}

// haveXINUSE: XINUSE is x86's.
func haveXINUSE() bool { return false }
