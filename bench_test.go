package ctequal

import (
	"bytes"
	"crypto/subtle"
	"strconv"
	"testing"

	"github.com/ctequal/ctequal/internal/kernels"
)

// benchSizes: MAC tags and tokens (16-64), ML-KEM-768 and ML-KEM-1024
// ciphertexts (1088, 1568: decapsulation compares them in constant time),
// and sizes from L1 to L2.
var benchSizes = []int{16, 32, 64, 256, 1024, 1088, 1568, 4096, 65536}

// sink keeps the compiler from discarding the comparisons.
var sink int

// BenchmarkCompare measures, on equal inputs (so everything is read), the
// public Compare, crypto/subtle.ConstantTimeCompare and bytes.Equal called
// as users call them, and every kernel this CPU supports called directly,
// side by side in one run.
func BenchmarkCompare(b *testing.B) {
	type impl struct {
		name string
		loop func(b *testing.B, x, y []byte) int
	}
	impls := []impl{
		{"Compare", func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += Compare(x, y)
			}
			return s
		}},
		{"subtle", func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += subtle.ConstantTimeCompare(x, y)
			}
			return s
		}},
		{"bytes.Equal", func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				if bytes.Equal(x, y) {
					s++
				}
			}
			return s
		}},
	}
	for _, k := range kernels.All() {
		if !k.Supported {
			continue
		}
		impls = append(impls, impl{"kernel=" + k.Name, func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += k.Equal(x, y)
			}
			return s
		}})
	}
	for _, n := range benchSizes {
		x := make([]byte, n)
		for i := range x {
			x[i] = byte(i * 7)
		}
		y := bytes.Clone(x)
		for _, im := range impls {
			b.Run(strconv.Itoa(n)+"/"+im.name, func(b *testing.B) {
				b.SetBytes(int64(n))
				sink = im.loop(b, x, y)
			})
		}
	}
}
