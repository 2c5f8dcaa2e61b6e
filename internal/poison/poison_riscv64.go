//go:build gc && !purego && go1.26

package poison

import "github.com/ctequal/ctequal/internal/impl"

// Kernels names the functions Call calls, by index: package ctequal's
// RVV kernel and its trampoline, which jumps to the selected kernel.
var Kernels = []string{"equalRVV", "equalVector"}

// vectorLevel is 1 where the V registers may be written: where package
// ctequal found V (a vector instruction is illegal on a CPU without it).
func vectorLevel() uint64 {
	if impl.CPU().Has(impl.V) {
		return 1
	}
	return 0
}

// haveXINUSE: XINUSE is x86's.
func haveXINUSE() bool { return false }
