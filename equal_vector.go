//go:build !(goexperiment.simd && gc && !purego && ((go1.26 && amd64) || (go1.27 && arm64)))

package ctequal

// equalLong is the selected kernel, for inputs longer than shortMax:
// equalVector, the assembly trampoline (or the portable kernel). The
// compiler inlines this call.
func equalLong(x, y []byte) int { return equalVector(x, y) }
