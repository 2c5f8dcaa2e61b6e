// Package kernels describes the comparison kernels built into package
// ctequal, so that the ctequal command and the tests can list and call each
// one while the library's API stays Compare, Equal, EqualString and Kernel.
package kernels

// A Kernel is one implementation of the comparison.
type Kernel struct {
	// Name is what ctequal.Kernel reports when this kernel is selected:
	// "avx512", "avx2", "sse2", "neon" or "generic".
	Name string
	// Equal returns 1 if x and y[:len(x)] are equal and 0 if not, in time
	// that depends on len(x) only. It reads len(x) bytes of each input and
	// needs len(y) >= len(x). Call it only where Supported is true.
	Equal func(x, y []byte) int
	// Needs lists the CPU features the kernel uses, by the names
	// golang.org/x/sys/cpu gives them in GODEBUG (cpu.NAME=off).
	Needs []string
	// Supported reports whether the CPU and operating system have every
	// feature in Needs, as golang.org/x/sys/cpu sees them after GODEBUG.
	Supported bool
}

// All lists every kernel built into this binary, widest first; the
// portable one comes last and is supported everywhere. Package ctequal
// sets it while it initialises, before anything can call it.
var All []Kernel

// Features maps every feature in some kernel's Needs, and the optional
// ones a kernel uses where present ("dit" on arm64), to whether
// golang.org/x/sys/cpu reports it, after GODEBUG. Package ctequal sets it
// with All.
var Features map[string]bool
