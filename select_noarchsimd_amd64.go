//go:build gc && !purego && !(goexperiment.simd && go1.26)

package ctequal

// archsimdKernels is empty: without GOEXPERIMENT=simd the kernels are
// assembly alone.
var archsimdKernels []*kernel
