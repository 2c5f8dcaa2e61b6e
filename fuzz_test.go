package ctequal

import (
	"bytes"
	"crypto/subtle"
	"testing"
	"unsafe"
)

// fuzzSeeds are the edge cases of the kernels: empty, one byte, the sizes
// around every vector width and unrolled loop, and a one-bit difference at
// the first and the last byte.
func fuzzSeeds() [][2][]byte {
	var seeds [][2][]byte
	for _, n := range []int{0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1023, 1024, 1025} {
		x := make([]byte, n)
		for i := range x {
			x[i] = byte(i*131 + 7)
		}
		seeds = append(seeds, [2][]byte{x, bytes.Clone(x)})
		if n > 0 {
			first, last := bytes.Clone(x), bytes.Clone(x)
			first[0] ^= 1
			last[n-1] ^= 0x80
			seeds = append(seeds, [2][]byte{x, first}, [2][]byte{x, last}, [2][]byte{x, x[:n-1]})
		}
	}
	return seeds
}

// FuzzCompare holds Compare and every supported kernel against the
// reference on (x, y), and on x against a copy of x with y XORed into it,
// which makes equal inputs and single-bit differences common.
func FuzzCompare(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, x, y []byte) {
		z := bytes.Clone(x)
		for i := range min(len(y), len(z)) {
			z[i] ^= y[i]
		}
		for _, pair := range [][2][]byte{{x, y}, {x, z}, {z, x}} {
			a, b := pair[0], pair[1]
			want := reference(a, b)
			if got := Compare(a, b); got != want {
				t.Fatalf("Compare(%x, %x) = %d, want %d", a, b, got, want)
			}
			if got := subtle.ConstantTimeCompare(a, b); got != want {
				t.Fatalf("crypto/subtle disagrees with the reference on %x, %x", a, b)
			}
			if len(a) != len(b) {
				continue
			}
			for _, k := range kernels {
				if k.Supported {
					if got := k.equal(a, b); got != want {
						t.Fatalf("%s kernel on %x, %x = %d, want %d", k.Name, a, b, got, want)
					}
				}
			}
		}
	})
}

// FuzzEqualString checks EqualString against ==, including on substrings
// that share memory with their source.
func FuzzEqualString(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(string(s[0]), string(s[1]), uint(len(s[0])/3))
	}
	f.Fuzz(func(t *testing.T, x, y string, cut uint) {
		if got := EqualString(x, y); got != (x == y) {
			t.Fatalf("EqualString(%q, %q) = %v", x, y, got)
		}
		c := int(cut % uint(len(x)+1))
		a, b := x[:len(x)-c], x[c:]
		if got := EqualString(a, b); got != (a == b) {
			t.Fatalf("EqualString(%q, %q) on shared memory = %v", a, b, got)
		}
		for _, k := range kernels {
			if k.Supported && len(a) == len(b) {
				bs := func(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
				if got := k.equal(bs(a), bs(b)); got != reference(bs(a), bs(b)) {
					t.Fatalf("%s kernel on shared %q, %q = %d", k.Name, a, b, got)
				}
			}
		}
	})
}
