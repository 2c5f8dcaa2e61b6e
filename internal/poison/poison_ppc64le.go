//go:build gc && !purego

package poison

// Kernels names the functions Call calls, by index: package ctequal's
// VSX kernel and its trampoline, which jumps to the selected kernel.
var Kernels = []string{"equalVSX", "equalVector"}

// vectorLevel: every ppc64le CPU Go runs on (POWER8 and later) has VSX, so
// poisonRegs writes VS0-VS63 always.
func vectorLevel() uint64 { return 0 }

// haveXINUSE: XINUSE is x86's.
func haveXINUSE() bool { return false }
