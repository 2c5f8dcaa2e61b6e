//go:build gc && !purego

package ctequal

import "testing"

// directKernel returns a benchmark loop that calls the named assembly
// kernel directly, as Compare calls the trampoline, or nil for none.
func directKernel(name string) func(b *testing.B, x, y []byte) int {
	switch name {
	case "avx512":
		return func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += equalAVX512(x, y)
			}
			return s
		}
	case "avx2":
		return func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += equalAVX2(x, y)
			}
			return s
		}
	case "sse2":
		return func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += equalSSE2(x, y)
			}
			return s
		}
	}
	return nil
}
