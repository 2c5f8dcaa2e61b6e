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
// On amd64 the kernel is AVX-512, AVX2 or SSE2 assembly, on arm64 NEON
// (built with GOEXPERIMENT=simd, Go written with simd/archsimd first), on
// ppc64le VSX, with Go 1.25 or newer LASX or LSX on loong64, and with Go
// 1.26 or newer RVV on riscv64 and the vector facility on s390x, chosen
// once at start-up from the CPU's features
// (golang.org/x/sys/cpu, which honours GODEBUG=cpu.avx512f=off and the
// like); the purego build tag and every other architecture use a portable
// Go kernel. Kernel reports the choice.
package ctequal

import (
	"unsafe"

	"github.com/ctequal/ctequal/internal/impl"
)

// Compare returns 1 if x and y have equal contents and 0 otherwise, in time
// that depends on len(x) and len(y) only. If the lengths differ it returns
// 0 immediately: lengths are not secret. nil and empty slices are equal.
// It has the contract of crypto/subtle.ConstantTimeCompare.
func Compare(x, y []byte) int {
	n := len(x)
	if n != len(y) {
		return 0
	}
	// Every branch is on the length.
	if n <= shortMax {
		// Straight-line Go, in this frame: the first and the last s bytes,
		// for the largest s in 32, 16, 8, 4, 2, 1 that fits the length,
		// which together cover all n. A call to a function of its own
		// measured 0.4 ns (15%) slower at 16-64 bytes.
		x, y := x[:n:n], y[:n:n]
		var v uint64
		switch {
		case n >= 32:
			e := n - 32
			v = (word(x, 0) ^ word(y, 0)) | (word(x, 8) ^ word(y, 8)) |
				(word(x, 16) ^ word(y, 16)) | (word(x, 24) ^ word(y, 24)) |
				(word(x, e) ^ word(y, e)) | (word(x, e+8) ^ word(y, e+8)) |
				(word(x, e+16) ^ word(y, e+16)) | (word(x, e+24) ^ word(y, e+24))
		case n >= 16:
			e := n - 16
			v = (word(x, 0) ^ word(y, 0)) | (word(x, 8) ^ word(y, 8)) |
				(word(x, e) ^ word(y, e)) | (word(x, e+8) ^ word(y, e+8))
		case n >= 8:
			v = (word(x, 0) ^ word(y, 0)) | (word(x, n-8) ^ word(y, n-8))
		case n >= 4:
			v = (half(x, 0) ^ half(y, 0)) | (half(x, n-4) ^ half(y, n-4))
		case n >= 2:
			v = (quarter(x, 0) ^ quarter(y, 0)) | (quarter(x, n-2) ^ quarter(y, n-2))
		case n == 1:
			v = uint64(x[0] ^ y[0])
		}
		return isZero(v)
	}
	if n <= chunkSize {
		return equalLong(x, y)
	}
	return equalChunked(x, y)
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
// "avx2", "sse2", "neon", "rvv", "vsx", "vx", "lasx", "lsx" or "generic";
// in a build with GOEXPERIMENT=simd, "archsimd-avx512", "archsimd-avx2"
// or "archsimd-avx" on amd64 where the CPU runs them, and "archsimd-neon"
// on arm64 without FEAT_DIT (the same shapes written with simd/archsimd).
// Compare compares inputs of up to 64 bytes in straight-line Go whatever
// the kernel: there a Go function beats any call into assembly.
func Kernel() string {
	return impl.Selected()
}

// shortMax is the longest input Compare compares in straight-line Go,
// whatever kernel is selected: up to there a Go function, called with the
// register ABI, beats any assembly kernel, since a call into assembly
// passes its arguments through the stack.
const shortMax = impl.ShortMax

// chunkSize is the most that Compare hands to a kernel in one call.
// Assembly is never preempted asynchronously, and a goroutine that loops
// over Compare must still stop for the garbage collector within
// microseconds: between chunks it calls through a function whose prologue
// checks for a preemption request, as every call of Compare itself does.
// 64 KiB takes about a microsecond from L2.
const chunkSize = impl.ChunkSize

// equalChunked compares inputs longer than chunkSize chunk by chunk, and
// combines the chunks' results with AND, never a test.
func equalChunked(x, y []byte) int {
	y = y[:len(x)]
	eq := 1
	for len(x) > chunkSize {
		eq &= equalChunk(x[:chunkSize], y[:chunkSize])
		x, y = x[chunkSize:], y[chunkSize:]
	}
	return eq & equalChunk(x, y)
}

// equalChunk is the selected kernel behind a call that checks the stack
// bound, which is where the runtime asks a goroutine to stop.
//
//go:noinline
func equalChunk(x, y []byte) int { return equalLong(x, y) }
