package ctequal

import "github.com/ctequal/ctequal/internal/impl"

// A kernel is one implementation of the comparison. Its function returns 1
// if x and y[:len(x)] are equal and 0 if not, in time that depends on
// len(x) only; it reads len(x) bytes of each input and needs
// len(y) >= len(x). Call it only where the CPU has every feature in needs.
type kernel struct {
	name   string
	equal  func(x, y []byte) int
	needs  impl.Features
	policy string
	// use is the kernel's flag: equalVector jumps to the first kernel whose
	// flag is set. The flags are the selection; the portable kernel has
	// none and runs when no flag is set.
	use *bool
}

// choose returns the name of the first kernel in ks, widest first, whose
// needs are all in have. The last kernel needs nothing. It is a pure
// function of the features, so that a table of CPUs can test it.
func choose(have impl.Features, ks []kernel) string {
	for _, k := range ks {
		if have.HasAll(k.needs) {
			return k.name
		}
	}
	return ks[len(ks)-1].name
}

// init sets the flag of the chosen kernel and registers every kernel.
// Package initialisation runs after golang.org/x/sys/cpu's, so cpuFeatures
// sees the features after GODEBUG is applied.
func init() {
	have := cpuFeatures()
	chosen := choose(have, kernels)
	impl.SetCPU(have)
	for _, k := range kernels {
		if k.use != nil {
			*k.use = k.name == chosen
		}
		impl.Register(impl.Kernel{Name: k.name, Needs: k.needs, Policy: k.policy}, k.use)
	}
}
