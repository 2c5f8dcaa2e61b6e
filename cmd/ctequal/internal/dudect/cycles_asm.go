//go:build (amd64 || arm64) && !purego

package dudect

// cycles reads the CPU's cycle or virtual counter, fenced: RDTSC on amd64,
// CNTVCT_EL0 on arm64 (which may tick far slower than the CPU).
//
//go:noescape
func cycles() uint64
