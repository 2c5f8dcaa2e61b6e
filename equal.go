// Package ctequal compares byte strings in constant time, at the speed of
// the machine's SIMD units.
//
// Compare is a drop-in replacement for crypto/subtle.ConstantTimeCompare:
// the time it takes depends on the lengths of its arguments only, never on
// their contents. Use it for MAC tags, session and CSRF tokens, password
// hashes and SCRAM proofs: anything an attacker must not learn byte by byte.
//
// Lengths are public, as in crypto/subtle: inputs of different lengths
// return 0 (false) at once. nil and empty slices are the same, and two
// empty inputs are equal. No function in this package reads a byte outside
// its arguments, writes to them, allocates or panics, and all of them are
// safe for concurrent use by any number of goroutines.
//
// On amd64 the kernel is AVX-512, AVX2 or SSE2 assembly and on arm64 NEON,
// chosen once at start-up from the CPU's features (golang.org/x/sys/cpu,
// which honours GODEBUG=cpu.avx512f=off and the like); the purego build tag
// and every other architecture use a portable Go kernel. Kernel reports the
// choice.
package ctequal

import (
	"unsafe"

	"github.com/ctequal/ctequal/internal/kernels"
)

// Compare returns 1 if x and y have equal contents and 0 otherwise, in time
// that depends on len(x) and len(y) only. If the lengths differ it returns
// 0 immediately: lengths are not secret. nil and empty slices are equal.
// It has the contract of crypto/subtle.ConstantTimeCompare.
func Compare(x, y []byte) int {
	if len(x) != len(y) {
		return 0
	}
	return kernels.Equal(x, y)
}

// Equal reports whether x and y have equal contents, in time that depends
// on len(x) and len(y) only. It is Compare(x, y) == 1.
func Equal(x, y []byte) bool {
	return Compare(x, y) == 1
}

// EqualString reports whether x and y are equal, in time that depends on
// len(x) and len(y) only, without copying or allocating.
func EqualString(x, y string) bool {
	return Compare(unsafe.Slice(unsafe.StringData(x), len(x)), unsafe.Slice(unsafe.StringData(y), len(y))) == 1
}

// Kernel returns the name of the kernel Compare uses on this CPU: "avx512",
// "avx2", "sse2", "neon" or "generic". Inputs shorter than 64 bytes take
// the portable kernel's straight-line path whatever the kernel: there a Go
// function beats any call into assembly.
func Kernel() string {
	return kernels.Selected().Name
}
