// Package impl is the registry of package ctequal's kernels, in the style
// of Go's crypto/internal/impl: ctequal declares each kernel once, as a
// Kernel value inside its own record (beside the function), and registers
// it by pointer; the use flags are the selection. The ctequal command, the
// instruments under internal/ and the tests list the kernels here, select
// one by name, and then call ctequal.Compare, exactly as users do.
package impl

// A Kernel describes one kernel. Package ctequal fills in every field but
// Supported, which Register sets.
type Kernel struct {
	// Name is what ctequal.Kernel reports while the kernel is selected:
	// "avx512", "avx2", "sse2", "neon", "rvv", "vsx", "vx", "lasx", "lsx",
	// "generic", or with GOEXPERIMENT=simd "archsimd-avx512" and the like.
	Name string
	// Needs is the set of CPU features the kernel cannot run without.
	Needs Features
	// Uses is the set of features the kernel uses where the CPU has them,
	// but does not need (DIT, for NEON).
	Uses Features
	// GivesWay is the set of features where any of which the kernel is
	// not chosen, though it runs: a kernel after it does better there
	// (the archsimd NEON kernel cannot set DIT, the NEON assembly can).
	GivesWay Features
	// Use is the kernel's flag: the assembly trampoline (or, for the
	// archsimd kernels, equalLong) jumps to the first kernel whose flag is
	// set. The portable kernel has none (nil) and runs when no flag is set.
	// Only package ctequal's initialisation and Select write the flags.
	Use *bool
	// Supported reports whether this CPU and operating system have every
	// feature in Needs, as golang.org/x/sys/cpu sees them after GODEBUG.
	Supported bool
}

var (
	kernels []*Kernel
	cpu     Features
)

// SetCPU records the CPU's features. Package ctequal calls it from its
// initialisation, before it registers the kernels.
func SetCPU(have Features) { cpu = have }

// Register records a kernel, widest first; the portable kernel, with no
// flag, comes last. Only package ctequal calls it, from its
// initialisation, with a pointer into its own record of the kernel, so
// that Supported is set there too. It panics on a second kernel of the
// same name, or on a kernel registered after the portable one.
func Register(k *Kernel) {
	for _, r := range kernels {
		if r.Name == k.Name {
			panic("impl: kernel " + k.Name + " registered twice")
		}
		if r.Use == nil {
			panic("impl: kernel " + k.Name + " registered after the portable kernel " + r.Name)
		}
	}
	k.Supported = cpu.HasAll(k.Needs)
	kernels = append(kernels, k)
}

// CPU returns the features of this CPU and operating system that the
// kernels care about, as golang.org/x/sys/cpu reports them after GODEBUG.
func CPU() Features { return cpu }

// List returns every kernel built into this binary, widest first; the
// portable one comes last and is supported everywhere. The slice and the
// values in it are the caller's: changing them changes no kernel.
func List() []Kernel {
	ks := make([]Kernel, len(kernels))
	for i, k := range kernels {
		ks[i] = *k
	}
	return ks
}

// Selected returns the name of the kernel in use: the one whose flag is
// set, or the portable one if none is.
func Selected() string {
	for _, k := range kernels {
		if k.Use != nil && *k.Use {
			return k.Name
		}
	}
	for _, k := range kernels {
		if k.Use == nil {
			return k.Name
		}
	}
	return ""
}

// Select makes ctequal use the kernel named name until restore is called,
// by setting its flag and clearing every other. It reports false, and
// changes nothing, if there is no such kernel or this CPU cannot run it.
// Not safe for concurrent use with anything: for tests and tools.
func Select(name string) (restore func(), ok bool) {
	found := false
	for _, k := range kernels {
		if k.Name == name && k.Supported {
			found = true
		}
	}
	if !found {
		return func() {}, false
	}
	saved := make([]bool, len(kernels))
	for i, k := range kernels {
		if k.Use != nil {
			saved[i] = *k.Use
			*k.Use = k.Name == name
		}
	}
	return func() {
		for i, k := range kernels {
			if k.Use != nil {
				*k.Use = saved[i]
			}
		}
	}, true
}

// AssumeDIT, where it is not nil (arm64 builds with the NEON kernel), makes
// the NEON kernel set PSTATE.DIT although the operating system does not
// say the CPU has FEAT_DIT: qemu-user 7.2 with -cpu max implements it
// without advertising it. Only for tests under such an emulator: on a CPU
// without FEAT_DIT the instruction is undefined.
var AssumeDIT func()

// ShortMax is the longest input ctequal.Compare compares itself, in
// straight-line Go, whatever kernel is selected; above it calls the kernel.
const ShortMax = 64

// ChunkSize is the most that ctequal.Compare hands to a kernel in one call;
// longer inputs go chunk by chunk, with a preemption point between.
const ChunkSize = 64 << 10
