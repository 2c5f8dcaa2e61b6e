package ctequal

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

func TestKernelIsSelected(t *testing.T) {
	if Kernel() != impl.Selected() {
		t.Fatalf("Kernel() = %q, the registry has %q selected", Kernel(), impl.Selected())
	}
	forEachKernel(t, func(t *testing.T, k *kernel) {
		if Kernel() != k.Name {
			t.Fatalf("with %s selected, Kernel() = %q", k.Name, Kernel())
		}
	})
}

func TestAPI(t *testing.T) {
	a := []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef!")
	long := bytes.Repeat(a, 3000) // 195 KiB: three chunks
	same := bytes.Repeat([]byte{'z'}, 200)
	cases := []struct {
		name string
		x, y []byte
		want int
	}{
		{"nil, nil", nil, nil, 1},
		{"nil, empty", nil, []byte{}, 1},
		{"empty, nil", []byte{}, nil, 1},
		{"empty slice of a longer array", a[3:3], nil, 1},
		{"nil, one byte", nil, []byte{0}, 0},
		{"zero byte, nil", []byte{0}, nil, 0},
		{"prefix", a[:10], a[:11], 0},
		{"prefix, other order", a[:11], a[:10], 0},
		{"same slice twice", a, a, 1},
		{"same bytes, other arrays", a, bytes.Clone(a), 1},
		{"overlapping, equal bytes", same[:150], same[7:157], 1},
		{"overlapping, different bytes", a[:32], a[1:33], 0},
		{"overlapping, period 16", a[:40], a[16:56], 1},
		{"last byte differs", a[:65], append(bytes.Clone(a[:64]), '?'), 0},
		{"long, same bytes, other arrays", long, bytes.Clone(long), 1},
		{"long, overlapping, period 65", long[:len(long)-65], long[65:], 1},
		{"long, last byte differs", long, append(bytes.Clone(long[:len(long)-1]), '?'), 0},
	}
	forEachKernel(t, func(t *testing.T, k *kernel) {
		kernel := k.Name
		for _, c := range cases {
			if got := Compare(c.x, c.y); got != c.want {
				t.Errorf("%s: Compare(%s) = %d, want %d", kernel, c.name, got, c.want)
			}
			if got := Equal(c.x, c.y); got != (c.want == 1) {
				t.Errorf("%s: Equal(%s) = %v, want %v", kernel, c.name, got, c.want == 1)
			}
			if got := EqualString(string(c.x), string(c.y)); got != (c.want == 1) {
				t.Errorf("%s: EqualString(%s) = %v, want %v", kernel, c.name, got, c.want == 1)
			}
			if s := subtle.ConstantTimeCompare(c.x, c.y); s != c.want {
				t.Errorf("crypto/subtle disagrees on %s: the case is wrong", c.name)
			}
		}
	})
}

func TestEqualStringSharedMemory(t *testing.T) {
	forEachKernel(t, func(t *testing.T, k *kernel) { testEqualStringSharedMemory(t) })
}

func testEqualStringSharedMemory(t *testing.T) {
	s := strings.Repeat("ab", 300)
	for n := 0; n <= 400; n++ {
		// s[0:n] and s[2:2+n] share memory and are equal; s[1:1+n] is not
		// (for n > 0).
		if !EqualString(s[:n], s[2:2+n]) {
			t.Fatalf("EqualString of equal overlapping strings, len %d: false", n)
		}
		if EqualString(s[:n], s[1:1+n]) != (n == 0) {
			t.Fatalf("EqualString(s[:%d], s[1:%d]) = %v", n, 1+n, n != 0)
		}
		if !EqualString(s[:n], s[:n]) {
			t.Fatalf("EqualString of a string with itself, len %d: false", n)
		}
	}
	if EqualString("", "x") || !EqualString("", s[5:5]) {
		t.Fatal("EqualString with empty strings is wrong")
	}
}

func TestNoAllocations(t *testing.T) {
	x := bytes.Repeat([]byte{1}, 3*chunkSize)
	y := bytes.Clone(x)
	sx, sy := string(x), string(y)
	allocs := testing.AllocsPerRun(100, func() {
		Compare(x, y)
		Compare(x[:1000], y[:1000])
		Equal(x[:16], y[:16])
		EqualString(sx, sy)
		EqualString(sx[:31], sy[:32])
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

func TestConcurrentUse(t *testing.T) {
	x := bytes.Repeat([]byte{7}, 4096)
	y := bytes.Clone(x)
	z := bytes.Clone(x)
	z[4000] = 8
	done := make(chan error)
	for g := range 8 {
		go func() {
			for i := range 2000 {
				n := (g*131 + i*17) % 4097
				if Compare(x[:n], y[:n]) != 1 || Compare(x, z) != 0 {
					done <- fmt.Errorf("goroutine %d: wrong answer at len %d", g, n)
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
