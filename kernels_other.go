//go:build purego || !(amd64 || arm64)

package ctequal

// archKernels is empty: this build has no assembly, so the portable kernel
// serves alone.
func archKernels() []kernel { return nil }
