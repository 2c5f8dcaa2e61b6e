//go:build !gc || purego || !amd64

package ctequal

import "testing"

// directKernel has no direct call of an assembly kernel here: on amd64
// only (BenchmarkLayers's "kernel" and "floor" rows).
func directKernel(string) func(b *testing.B, x, y []byte) int { return nil }
