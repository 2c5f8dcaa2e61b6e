//go:build !(goexperiment.simd && go1.27) && gc && !purego

package ctequal

// archsimdKernels is empty: without GOEXPERIMENT=simd (and before Go
// 1.27, whose archsimd has no NEON) the kernel is assembly alone.
var archsimdKernels []*kernel
