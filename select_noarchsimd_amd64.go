//go:build !(goexperiment.simd && go1.26) && gc && !purego

package ctequal

// archsimdKernels is empty: without GOEXPERIMENT=simd the kernels are
// assembly alone.
var archsimdKernels []*kernel
