package ctequal

import (
	"bytes"
	"crypto/subtle"
	"strconv"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// benchSizes: MAC tags and tokens (16-64), ML-KEM-768 and ML-KEM-1024
// ciphertexts (1088, 1568: decapsulation compares them in constant time),
// and sizes from L1 to L2.
var benchSizes = []int{16, 32, 64, 256, 1024, 1088, 1568, 4096, 65536}

// sink keeps the compiler from discarding the comparisons.
var sink int

// BenchmarkCompare measures, on equal inputs (so everything is read), the
// public Compare, crypto/subtle.ConstantTimeCompare and bytes.Equal called
// as users call them, and Compare again with each kernel this CPU supports
// selected in turn, side by side in one run.
func BenchmarkCompare(b *testing.B) {
	type candidate struct {
		name   string
		kernel string // selected for the run; "" leaves the selection alone
		loop   func(b *testing.B, x, y []byte) int
	}
	compare := func(b *testing.B, x, y []byte) (s int) {
		for b.Loop() {
			s += Compare(x, y)
		}
		return s
	}
	impls := []candidate{
		{"Compare", "", compare},
		{"subtle", "", func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += subtle.ConstantTimeCompare(x, y)
			}
			return s
		}},
		{"bytes.Equal", "", func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				if bytes.Equal(x, y) {
					s++
				}
			}
			return s
		}},
	}
	for _, k := range impl.List() {
		if k.Supported {
			impls = append(impls, candidate{"kernel=" + k.Name, k.Name, compare})
		}
	}
	for _, n := range benchSizes {
		x := make([]byte, n)
		for i := range x {
			x[i] = byte(i * 7)
		}
		y := bytes.Clone(x)
		for _, im := range impls {
			b.Run(strconv.Itoa(n)+"/"+im.name, func(b *testing.B) {
				if im.kernel != "" {
					restore, ok := impl.Select(im.kernel)
					if !ok {
						b.Fatalf("cannot select kernel %s", im.kernel)
					}
					defer restore()
				}
				b.SetBytes(int64(n))
				sink = im.loop(b, x, y)
			})
		}
	}
}
