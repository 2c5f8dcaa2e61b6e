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

// directCall returns a benchmark loop that calls the named kernel's
// function directly, or nil where this file cannot name it.
func directCall(name string) func(b *testing.B, x, y []byte) int {
	if name == "generic" {
		return func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += equalGeneric(x, y)
			}
			return s
		}
	}
	return directKernel(name)
}

// BenchmarkLayers times what Compare adds to its kernel, a layer at a
// time, for each kernel this CPU runs, on equal inputs: Compare with the
// kernel selected; equalVector, the trampoline (or function) that Compare
// calls from 65 bytes on; the kernel called directly; and, as "floor", the
// kernel on empty inputs, which pays its call, entry and return and
// compares nothing. Each row is a direct call in a loop, as users call
// Compare. docs/performance.md ("Where the time goes") reads the rows
// beside a C loop's.
func BenchmarkLayers(b *testing.B) {
	loop := func(f func(x, y []byte) int) func(b *testing.B, x, y []byte) int {
		return func(b *testing.B, x, y []byte) (s int) {
			for b.Loop() {
				s += f(x, y)
			}
			return s
		}
	}
	layers := []struct {
		name string
		run  func(k *kernel) func(b *testing.B, x, y []byte) int
	}{
		{"Compare", func(*kernel) func(b *testing.B, x, y []byte) int { return loop(Compare) }},
		{"equalVector", func(*kernel) func(b *testing.B, x, y []byte) int { return loop(equalVector) }},
		// A direct call of the kernel's function, not through k.equal: a
		// call through a func value to assembly passes an ABI wrapper.
		{"kernel", func(k *kernel) func(b *testing.B, x, y []byte) int { return directCall(k.Name) }},
	}
	supported := map[string]bool{}
	for _, k := range impl.List() {
		supported[k.Name] = k.Supported
	}
	for _, k := range kernels {
		if !supported[k.Name] {
			continue
		}
		run := func(b *testing.B, n int, f func(b *testing.B, x, y []byte) int) {
			restore, ok := impl.Select(k.Name)
			if !ok {
				b.Fatalf("cannot select kernel %s", k.Name)
			}
			defer restore()
			x := make([]byte, n)
			for i := range x {
				x[i] = byte(i * 7)
			}
			y := bytes.Clone(x)
			if n > 0 {
				b.SetBytes(int64(n))
			}
			sink = f(b, x, y)
		}
		if f := directCall(k.Name); f != nil {
			b.Run("floor/"+k.Name, func(b *testing.B) { run(b, 0, f) })
		}
		for _, n := range []int{256, 1024, 4096, 65536} {
			for _, l := range layers {
				if f := l.run(k); f != nil {
					b.Run(strconv.Itoa(n)+"/"+k.Name+"/"+l.name, func(b *testing.B) { run(b, n, f) })
				}
			}
		}
	}
}
