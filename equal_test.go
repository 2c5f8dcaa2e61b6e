package ctequal

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"github.com/ctequal/ctequal/internal/kernels"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// reference is the scalar answer every kernel is held to.
func reference(x, y []byte) int {
	if len(x) != len(y) {
		return 0
	}
	for i := range x {
		if x[i] != y[i] {
			return 0
		}
	}
	return 1
}

// forEachKernel runs f for every kernel this CPU supports, called directly,
// and logs the ones it skips.
func forEachKernel(t *testing.T, f func(t *testing.T, k kernels.Kernel)) {
	t.Helper()
	for _, k := range allKernels {
		if !k.Supported {
			t.Logf("kernel %s: not supported by this CPU, skipped", k.Name)
			continue
		}
		t.Run(k.Name, func(t *testing.T) { f(t, k) })
	}
}

// check holds one kernel against the reference and crypto/subtle.
func check(t *testing.T, k kernels.Kernel, x, y []byte, what string) {
	t.Helper()
	want := reference(x, y)
	if s := subtle.ConstantTimeCompare(x, y); s != want {
		t.Fatalf("%s: crypto/subtle says %d, reference %d: the test is wrong", what, s, want)
	}
	if got := k.Equal(x, y); got != want {
		t.Fatalf("%s: %s kernel returned %d, want %d (len %d)", what, k.Name, got, want, len(x))
	}
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func testLengths(t *testing.T) []int {
	var ns []int
	for n := 0; n <= 1024; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 2048, 4096, 65536)
	r := rand.New(rand.NewPCG(1, 2))
	count := 16
	if testing.Short() {
		count = 4
	}
	for range count {
		ns = append(ns, r.IntN(1<<20+1))
	}
	return ns
}

func TestKernelsEqualInputs(t *testing.T) {
	forEachKernel(t, func(t *testing.T, k kernels.Kernel) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, n := range testLengths(t) {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			check(t, k, x, y, fmt.Sprintf("equal, len %d", n))
			if n > 0 {
				// Flip the first, middle and last byte: every region of the
				// kernel (loop, whole-vector ladder, tail) sees a difference.
				for _, i := range []int{0, n / 2, n - 1} {
					y[i] ^= 0x80
					check(t, k, x, y, fmt.Sprintf("len %d, byte %d differs", n, i))
					y[i] ^= 0x80
				}
			}
		}
	})
}

func TestKernelsEveryBit(t *testing.T) {
	forEachKernel(t, func(t *testing.T, k kernels.Kernel) {
		r := rand.New(rand.NewPCG(5, 6))
		for n := 1; n <= 300; n++ {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			for i := range n {
				for bit := range 8 {
					y[i] ^= 1 << bit
					if got := k.Equal(x, y); got != 0 {
						t.Fatalf("len %d: byte %d bit %d differs, kernel returned %d", n, i, bit, got)
					}
					if got := k.Equal(y, x); got != 0 {
						t.Fatalf("len %d: byte %d bit %d differs (swapped), kernel returned %d", n, i, bit, got)
					}
					y[i] ^= 1 << bit
				}
			}
			check(t, k, x, y, fmt.Sprintf("len %d restored", n))
		}
		// Longer inputs: every position near a vector or loop boundary,
		// and random ones.
		for _, n := range []int{1024, 4096, 65536, 1<<20 + 13} {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			var pos []int
			for b := 64; b < n; b *= 2 {
				pos = append(pos, b-1, b, b+1)
			}
			for range 64 {
				pos = append(pos, r.IntN(n))
			}
			pos = append(pos, 0, n-1, n-2, n-33, n-65, n-257)
			for _, i := range pos {
				bit := byte(1) << r.IntN(8)
				y[i] ^= bit
				check(t, k, x, y, fmt.Sprintf("len %d, byte %d differs", n, i))
				y[i] ^= bit
			}
		}
	})
}

func TestKernelsOffsets(t *testing.T) {
	sizes := []int{0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300, 1000}
	forEachKernel(t, func(t *testing.T, k kernels.Kernel) {
		r := rand.New(rand.NewPCG(7, 8))
		bufX := randomBytes(r, 64+1024)
		bufY := make([]byte, 64+1024)
		for _, n := range sizes {
			for ox := range 64 {
				for oy := range 64 {
					x := bufX[ox : ox+n]
					y := bufY[oy : oy+n]
					copy(y, x)
					check(t, k, x, y, fmt.Sprintf("len %d, offsets %d/%d", n, ox, oy))
					if n > 0 {
						y[n-1]++
						check(t, k, x, y, fmt.Sprintf("len %d, offsets %d/%d, last byte differs", n, ox, oy))
						y[0]++
						y[n-1]--
						check(t, k, x, y, fmt.Sprintf("len %d, offsets %d/%d, first byte differs", n, ox, oy))
					}
				}
			}
		}
	})
}

// TestKernelsIgnoreNeighbours puts different bytes right before and right
// after equal inputs: a kernel that reads outside its slices answers wrong.
func TestKernelsIgnoreNeighbours(t *testing.T) {
	forEachKernel(t, func(t *testing.T, k kernels.Kernel) {
		r := rand.New(rand.NewPCG(9, 10))
		for n := 0; n <= 1100; n++ {
			const pad = 64
			a := randomBytes(r, n+2*pad)
			b := make([]byte, n+2*pad)
			for i := range b {
				b[i] = ^a[i]
			}
			copy(b[pad:pad+n], a[pad:pad+n])
			x, y := a[pad:pad+n], b[pad:pad+n]
			check(t, k, x, y, fmt.Sprintf("len %d, neighbours differ", n))
			// Full capacity past the end, too: kernels get len, not cap.
			x, y = a[pad:pad+n:len(a)], b[pad:pad+n:len(b)]
			check(t, k, x, y, fmt.Sprintf("len %d, neighbours differ within cap", n))
		}
	})
}

// guardedBuffer maps n bytes that start right after an inaccessible page
// (atEnd false) or end right before one (atEnd true). Any read outside the
// n bytes on that side faults.
type guardedBuffer struct {
	mem  []byte
	page int
}

func TestKernelsGuardPages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("guard pages use linux mmap")
	}
	// Every length to 4096, and a few past the AVX-512 kernel's switch to
	// its streaming loop at 32 KiB.
	var lengths []int
	for n := 0; n <= 4096; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 32767, 32768, 32769, 65536+63)
	maxLen := lengths[len(lengths)-1]
	page := os.Getpagesize()
	dataPages := (maxLen + page - 1) / page
	mx := newGuarded(t, page, dataPages)
	my := newGuarded(t, page, dataPages)
	r := rand.New(rand.NewPCG(11, 12))
	forEachKernel(t, func(t *testing.T, k kernels.Kernel) {
		for _, atEnd := range []bool{false, true} {
			for _, n := range lengths {
				x, y := mx.slice(n, atEnd), my.slice(n, atEnd)
				for i := range x {
					x[i] = byte(r.Uint32())
				}
				copy(y, x)
				edge := map[bool]string{false: "starts after", true: "ends before"}[atEnd]
				callGuarded(t, k, x, y, fmt.Sprintf("len %d %s a guard page", n, edge), 1)
				if n > 0 {
					y[n-1] ^= 1
					callGuarded(t, k, x, y, fmt.Sprintf("len %d %s a guard page, last byte differs", n, edge), 0)
				}
			}
		}
	})
}

func callGuarded(t *testing.T, k kernels.Kernel, x, y []byte, what string, want int) {
	t.Helper()
	// Turn a fault into a panic (for this goroutine), so that an over-read
	// names the kernel, edge and length instead of killing the test binary.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			t.Fatalf("%s: %s kernel read outside its input: %v", what, k.Name, e)
		}
	}()
	if got := k.Equal(x, y); got != want {
		t.Fatalf("%s: %s kernel returned %d, want %d", what, k.Name, got, want)
	}
}

func TestAPI(t *testing.T) {
	a := []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef!")
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
	}
	for _, c := range cases {
		if got := Compare(c.x, c.y); got != c.want {
			t.Errorf("Compare(%s) = %d, want %d", c.name, got, c.want)
		}
		if got := Equal(c.x, c.y); got != (c.want == 1) {
			t.Errorf("Equal(%s) = %v, want %v", c.name, got, c.want == 1)
		}
		if got := EqualString(string(c.x), string(c.y)); got != (c.want == 1) {
			t.Errorf("EqualString(%s) = %v, want %v", c.name, got, c.want == 1)
		}
		if s := subtle.ConstantTimeCompare(c.x, c.y); s != c.want {
			t.Errorf("crypto/subtle disagrees on %s: the case is wrong", c.name)
		}
	}
}

func TestEqualStringSharedMemory(t *testing.T) {
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
	x := bytes.Repeat([]byte{1}, 1000)
	y := bytes.Clone(x)
	sx, sy := string(x), string(y)
	allocs := testing.AllocsPerRun(100, func() {
		Compare(x, y)
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

// TestSelectionIsFirstSupported checks that Kernel reports the widest
// supported kernel and that the generic one is always available.
func TestSelectionIsFirstSupported(t *testing.T) {
	if len(kernels.All) != len(allKernels) || kernels.All[0].Name != allKernels[0].Name {
		t.Fatalf("internal/kernels.All lists %d kernels, the package has %d", len(kernels.All), len(allKernels))
	}
	last := allKernels[len(allKernels)-1]
	if last.Name != "generic" || !last.Supported {
		t.Fatalf("last kernel is %q (supported %v), want generic, supported", last.Name, last.Supported)
	}
	for _, k := range allKernels {
		if k.Supported {
			if Kernel() != k.Name {
				t.Fatalf("Kernel() = %q, want %q, the first supported", Kernel(), k.Name)
			}
			return
		}
	}
}

// TestSelectionGODEBUG re-runs this test binary with GODEBUG switches off
// and checks the kernel the child selects.
func TestSelectionGODEBUG(t *testing.T) {
	if os.Getenv("CTEQUAL_WANT_KERNEL") != "" {
		t.Skip("child process")
	}
	supported := map[string]bool{}
	for _, k := range allKernels {
		supported[k.Name] = k.Supported
	}
	cases := []struct{ godebug, want, needs string }{
		{"cpu.avx512f=off", "avx2", "avx2"},
		{"cpu.avx512bw=off", "avx2", "avx2"},
		{"cpu.avx2=off,cpu.avx512f=off", "sse2", "sse2"},
	}
	ran := 0
	for _, c := range cases {
		if !supported[c.needs] {
			t.Logf("%s: this build or CPU has no %s kernel, skipped", c.godebug, c.needs)
			continue
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSelectedKernelIs$", "-test.v")
		cmd.Env = append(os.Environ(), "GODEBUG="+c.godebug, "CTEQUAL_WANT_KERNEL="+c.want)
		out, err := cmd.CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("--- PASS: TestSelectedKernelIs")) {
			t.Errorf("GODEBUG=%s: want kernel %s: %v\n%s", c.godebug, c.want, err, out)
		}
		ran++
	}
	if ran == 0 {
		t.Skip("no GODEBUG switch changes the selection on this build")
	}
}

// TestSelectedKernelIs runs in the child processes of TestSelectionGODEBUG,
// and where CI runs the suite on an emulated CPU (qemu -cpu Haswell must
// select avx2, -cpu Nehalem sse2) with CTEQUAL_WANT_KERNEL set.
func TestSelectedKernelIs(t *testing.T) {
	want := os.Getenv("CTEQUAL_WANT_KERNEL")
	if want == "" {
		t.Skip("run by TestSelectionGODEBUG with CTEQUAL_WANT_KERNEL set")
	}
	if got := Kernel(); got != want {
		t.Fatalf("GODEBUG=%s: Kernel() = %q, want %q", os.Getenv("GODEBUG"), got, want)
	}
	// Compare must use the kernel Kernel names.
	checkDispatch(t)
}
