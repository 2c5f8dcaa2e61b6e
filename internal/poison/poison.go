// Package poison calls the assembly kernels of package ctequal the way
// assembly calls them: by their ABI0 symbols, with the arguments on the
// stack and every other register set to garbage first.
//
// A Go call cannot do that. Go code reaches an assembly function through
// an ABI wrapper that takes the arguments in registers and stores them on
// the stack, so the function starts with its arguments in registers as
// well (on amd64 DI holds y's base and BX x's length; on arm64 R0 and on
// ppc64le R3 hold x's base), X15 is zero on amd64, and the mask and vector
// registers hold what they last held. A kernel that reads one of those registers by mistake, instead
// of the one it loaded, passes every test made of Go calls, and breaks the
// day the wrapper changes or another assembly function calls it.
// go run ./internal/mutate found such mutants; the kernels' tests call
// through this package to kill them.
//
// It covers every architecture with assembly kernels: amd64, arm64,
// ppc64le, and (with Go 1.26, as the kernels) riscv64 and s390x. Each
// poison_GOARCH.s says which registers it sets and which it leaves alone.
//
// The package refers to the kernels' symbols by name: only a binary that
// links package ctequal (its tests) may import it. Assembly names symbols
// by their package path: the one place the tools cannot ask go list.
package poison

// State is what the registers told after the function returned.
type State struct {
	// XINUSE is what XGETBV with ECX = 1 read right after the function
	// returned, where HaveXINUSE (amd64, where the CPU and operating system
	// have it): bit i is set if XSAVE state component i is not in its
	// initial configuration. Call leaves the upper halves of every YMM and
	// ZMM register garbage, so bits 2 (the upper halves of YMM0-15) and 6
	// (those of ZMM0-15) are clear only if the function ran VZEROUPPER.
	XINUSE     uint64
	HaveXINUSE bool
}
