//go:build !purego

package ctgrind

import (
	"syscall"
	"unsafe"
)

// gSlot returns the address of the calling thread's g slot, -8(FS), where
// Go code on linux/amd64 reloads its g after every call into assembly.
// The slot is m.tls[0], inside the runtime's m, a heap object.
func gSlot() uintptr {
	const archGetFS = 0x1003 // ARCH_GET_FS, asm/prctl.h
	var fs uintptr
	if _, _, e := syscall.RawSyscall(syscall.SYS_ARCH_PRCTL, archGetFS, uintptr(unsafe.Pointer(&fs)), 0); e != 0 || fs == 0 {
		return 0
	}
	return fs - 8
}
