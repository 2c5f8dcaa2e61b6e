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
	return equal(x, y)
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
// "avx2", "sse2", "neon" or "generic".
func Kernel() string {
	return selected.Name
}

// allKernels lists every kernel built into this binary, widest first; the
// portable one comes last and is supported everywhere.
var allKernels = append(archKernels(), kernels.Kernel{Name: "generic", Equal: equalGeneric, Supported: true})

// selected is the first supported kernel. Package initialisation runs after
// golang.org/x/sys/cpu's, so it sees the features after GODEBUG is applied.
var selected = firstSupported(allKernels)

func init() { kernels.All, kernels.Features = allKernels, features }

func firstSupported(ks []kernels.Kernel) kernels.Kernel {
	for _, k := range ks {
		if k.Supported {
			return k
		}
	}
	panic("ctequal: no kernel supported") // unreachable: generic is always supported
}

// withSupport sets each kernel's Supported from the features it needs.
func withSupport(features map[string]bool, ks []kernels.Kernel) []kernels.Kernel {
	for i := range ks {
		ks[i].Supported = true
		for _, f := range ks[i].Needs {
			ks[i].Supported = ks[i].Supported && features[f]
		}
	}
	return ks
}
