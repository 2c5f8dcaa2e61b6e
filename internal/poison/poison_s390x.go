//go:build gc && !purego && go1.26

package poison

import "github.com/ctequal/ctequal/internal/impl"

// Kernels names the functions Call calls, by index: package ctequal's VX
// kernel and its trampoline, which jumps to the selected kernel.
var Kernels = []string{"equalVX", "equalVector"}

// vectorLevel is 1 where V0-V31 may be written: where package ctequal found
// the vector facility (a vector instruction is illegal on a CPU without
// it); 0 where only F0-F15 may.
func vectorLevel() uint64 {
	if impl.CPU().Has(impl.VX) {
		return 1
	}
	return 0
}

// haveXINUSE: XINUSE is x86's.
func haveXINUSE() bool { return false }
