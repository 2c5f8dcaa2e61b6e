//go:build gc && !purego

package poison

// Kernels names the functions Call calls, by index: package ctequal's
// NEON kernel and its trampoline, which jumps to the selected kernel.
var Kernels = []string{"equalNEON", "equalVector"}

// vectorLevel: every arm64 CPU Go runs on has V0-V31.
func vectorLevel() uint64 { return 0 }

// haveXINUSE: XINUSE is x86's.
func haveXINUSE() bool { return false }
