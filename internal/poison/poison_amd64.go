//go:build gc && !purego

package poison

import "golang.org/x/sys/cpu"

// Kernels names the functions Call calls, by index: package ctequal's
// assembly kernels and its trampoline, which jumps to the selected one.
var Kernels = []string{"equalAVX512", "equalAVX2", "equalSSE2", "equalVector"}

// vectorLevel says which vector registers poisonRegs may write: 2 for
// Z0-Z31 and K1-K7 (AVX-512), 1 for Y0-Y15 (AVX), 0 for X0-X15.
func vectorLevel() uint64 {
	switch {
	case cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW:
		return 2
	case cpu.X86.HasAVX:
		return 1
	}
	return 0
}

// haveXINUSE reports whether XGETBV with ECX = 1 works here: the operating
// system enabled XSAVE (OSXSAVE), and CPUID leaf 0xD, sub-leaf 1, has EAX
// bit 2. qemu's TCG, for one, does not implement it.
func haveXINUSE() bool {
	if !cpu.X86.HasOSXSAVE {
		return false
	}
	if max, _, _, _ := cpuid(0, 0); max < 0xd {
		return false
	}
	a, _, _, _ := cpuid(0xd, 1)
	return a&(1<<2) != 0
}

func cpuid(eax, ecx uint32) (a, b, c, d uint32)
