// Package ctgrind marks memory as secret for valgrind's memcheck, the
// method BoringSSL calls CONSTTIME_SECRET (after Adam Langley's ctgrind):
// memcheck reports every conditional jump, and every address, that depends
// on memory it considers undefined, so a function that runs on "undefined"
// secrets without a report branches on nothing secret.
//
// Natively every request is a no-op that returns 0.
package ctgrind

import "unsafe"

// Request codes from valgrind.h and memcheck.h (memcheck's are based at
// 'M'<<24 | 'C'<<16).
const (
	runningOnValgrind = 0x1001
	countErrors       = 0x1201
	makeMemUndefined  = 0x4d430001
	makeMemDefined    = 0x4d430002
)

// Running reports whether the program runs under valgrind.
func Running() bool {
	return request(&[6]uintptr{runningOnValgrind}) != 0
}

// Secret marks b as undefined: memcheck reports any branch or address that
// depends on it.
func Secret(b []byte) {
	if len(b) > 0 {
		request(&[6]uintptr{makeMemUndefined, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b))})
	}
}

// Public marks b as defined again: declassifies it.
func Public(b []byte) {
	if len(b) > 0 {
		request(&[6]uintptr{makeMemDefined, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b))})
	}
}

// PublicInt declassifies *v, a result computed from secrets that may be
// revealed (whether two secrets are equal).
func PublicInt(v *int) {
	request(&[6]uintptr{makeMemDefined, uintptr(unsafe.Pointer(v)), unsafe.Sizeof(*v)})
}

// Steady makes the calling thread's g slot addressable and defined, as it
// really is: call it before counting errors around code that calls
// assembly. The caller must be locked to its thread (runtime.LockOSThread),
// or the slot marked may not be the one read.
//
// Why: Go code reloads g from thread-local storage after every call into
// assembly (MOVQ -8(FS), R14), and on linux/amd64 that storage is a field
// of the runtime's m, a heap object. On some threads the runtime's own
// valgrind annotations leave that object marked inaccessible, so every
// such reload draws an "Invalid read of size 8" on the caller's own
// thread: 2 or 3 errors in every counted window, whatever runs in it,
// that a test would blame on the kernel it calls.
func Steady() {
	if a := gSlot(); a != 0 {
		request(&[6]uintptr{makeMemDefined, a, 8})
	}
}

// Errors returns how many errors valgrind has reported so far, on any
// thread.
func Errors() int {
	return int(request(&[6]uintptr{countErrors}))
}
