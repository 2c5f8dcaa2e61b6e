package ctequal

import "github.com/ctequal/ctequal/internal/impl"

// A kernel is one implementation of the comparison, in one record: what
// the registry knows of it (name, needs, use flag) and its function. The
// function returns 1 if x and y[:len(x)] are equal and 0 if not, in time
// that depends on len(x) only; it reads len(x) bytes of each input and
// needs len(y) >= len(x). Call it only where the CPU has every feature in
// Needs. Each architecture's kernels, widest first, ending with portable,
// are its kernels list; init registers each by pointer.
type kernel struct {
	impl.Kernel
	equal func(x, y []byte) int
}

// portable is the Go kernel, the last of every list: it needs nothing and
// has no flag; it runs when no flag is set.
var portable = &kernel{Kernel: impl.Kernel{Name: "generic"}, equal: equalGeneric}

// choose returns the name of the first kernel in ks, widest first, whose
// needs are all in have and that does not give way to any of them. The
// last kernel needs nothing. It is a pure function of the features, so
// that a table of CPUs can test it.
func choose(have impl.Features, ks []*kernel) string {
	for _, k := range ks {
		if have.HasAll(k.Needs) && have&k.GivesWay == 0 {
			return k.Name
		}
	}
	return ks[len(ks)-1].Name
}

// init sets the flag of the chosen kernel and registers every kernel.
// Package initialisation runs after golang.org/x/sys/cpu's, so cpuFeatures
// sees the features after GODEBUG is applied.
func init() {
	have := cpuFeatures()
	impl.SetCPU(have)
	selectFor(have)
	for _, k := range kernels {
		impl.Register(&k.Kernel)
	}
}

// selectFor sets the flag of the kernel choose picks for have, and clears
// every other.
func selectFor(have impl.Features) {
	chosen := choose(have, kernels)
	for _, k := range kernels {
		if k.Use != nil {
			*k.Use = k.Name == chosen
		}
	}
}
