package ctequal

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/poison"
	"github.com/ctequal/ctequal/internal/race"
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

// requiredKernels are the kernels that CTEQUAL_REQUIRE_KERNELS names
// (comma-separated, for example "avx2,sse2,generic"): CI sets it from what
// its CPU has, so that a kernel which cannot run there fails the tests
// instead of being skipped, and nothing can pass by testing less.
func requiredKernels(t *testing.T) map[string]bool {
	t.Helper()
	req := map[string]bool{}
	for _, name := range strings.Split(os.Getenv("CTEQUAL_REQUIRE_KERNELS"), ",") {
		if name = strings.TrimSpace(name); name != "" {
			req[name] = true
		}
	}
	for name := range req {
		if !slices.ContainsFunc(kernels, func(k *kernel) bool { return k.Name == name }) {
			t.Errorf("CTEQUAL_REQUIRE_KERNELS names %q, which this build does not have", name)
		}
	}
	return req
}

// forEachKernel runs f once for every kernel this CPU supports, with that
// kernel selected, so that Compare, Equal and EqualString use it. A kernel
// the CPU lacks is skipped, with a log line, unless CTEQUAL_REQUIRE_KERNELS
// names it: then the test fails.
func forEachKernel(t *testing.T, f func(t *testing.T, k *kernel)) {
	t.Helper()
	req := requiredKernels(t)
	for _, k := range kernels {
		if !k.Supported {
			if req[k.Name] {
				t.Errorf("kernel %s: required by CTEQUAL_REQUIRE_KERNELS, but this CPU cannot run it (needs %v, has %v)", k.Name, k.Needs, impl.CPU())
			} else {
				t.Logf("kernel %s: not supported by this CPU, skipped", k.Name)
			}
			continue
		}
		t.Run(k.Name, func(t *testing.T) {
			restore, ok := impl.Select(k.Name)
			if !ok {
				t.Fatalf("impl.Select(%q) refused a supported kernel", k.Name)
			}
			defer restore()
			if got := Kernel(); got != k.Name {
				t.Fatalf("with %s selected, Kernel() = %q", k.Name, got)
			}
			f(t, k)
		})
	}
}

// forEachKernelFunc runs f for every kernel this CPU supports twice: with
// the kernel called directly (subtest "direct"), and with Compare, as users
// call it, with the kernel selected (subtest "Compare"; inputs up to
// shortMax bytes take Compare's Go path then). equal has the kernels'
// contract: it compares x with y[:len(x)].
func forEachKernelFunc(t *testing.T, f func(t *testing.T, name string, equal func(x, y []byte) int)) {
	t.Helper()
	forEachKernel(t, func(t *testing.T, k *kernel) {
		t.Run("direct", func(t *testing.T) { f(t, k.Name, k.equal) })
		t.Run("Compare", func(t *testing.T) {
			f(t, k.Name+" through Compare", func(x, y []byte) int { return Compare(x, y[:len(x)]) })
		})
	})
}

// check holds one kernel against the reference and crypto/subtle.
func check(t *testing.T, name string, equal func(x, y []byte) int, x, y []byte, what string) {
	t.Helper()
	want := reference(x, y)
	if s := subtle.ConstantTimeCompare(x, y); s != want {
		t.Fatalf("%s: crypto/subtle says %d, reference %d: the test is wrong", what, s, want)
	}
	if got := equal(x, y); got != want {
		t.Fatalf("%s: %s returned %d, want %d (len %d)", what, name, got, want, len(x))
	}
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// testLengths: every length to 1024, the chunk size and its neighbours,
// and random lengths to 1 MiB.
func testLengths() []int {
	var ns []int
	for n := 0; n <= 1024; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 2048, 4096, 65536, chunkSize-1, chunkSize+1, 2*chunkSize, 2*chunkSize+33, 3*chunkSize-1)
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

// skipSweepUnderRace skips an exhaustive sweep of lengths, bits or
// offsets under the race detector: it runs on one goroutine, so there is
// no race to find, and the instrumented portable kernel spent 3 of the
// race run's 4 minutes in these four. The ordinary run keeps them.
func skipSweepUnderRace(t *testing.T) {
	t.Helper()
	if race.Enabled {
		t.Skip("an exhaustive single-goroutine sweep: no race to find (the ordinary run has it)")
	}
}

func TestKernelsEqualInputs(t *testing.T) {
	skipSweepUnderRace(t)
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, n := range testLengths() {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			check(t, name, equal, x, y, fmt.Sprintf("equal, len %d", n))
			if n > 0 {
				// Flip the first, middle and last byte, and the byte at
				// every chunk boundary: every region of the kernel (loop,
				// whole-vector ladder, tail, each chunk) sees a difference.
				pos := []int{0, n / 2, n - 1}
				for c := chunkSize; c < n; c += chunkSize {
					pos = append(pos, c-1, c)
				}
				for _, i := range pos {
					y[i] ^= 0x80
					check(t, name, equal, x, y, fmt.Sprintf("len %d, byte %d differs", n, i))
					y[i] ^= 0x80
				}
			}
		}
	})
}

func TestKernelsEveryBit(t *testing.T) {
	skipSweepUnderRace(t)
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		r := rand.New(rand.NewPCG(5, 6))
		for n := 1; n <= 300; n++ {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			for i := range n {
				for bit := range 8 {
					y[i] ^= 1 << bit
					if got := equal(x, y); got != 0 {
						t.Fatalf("%s, len %d: byte %d bit %d differs, returned %d", name, n, i, bit, got)
					}
					if got := equal(y, x); got != 0 {
						t.Fatalf("%s, len %d: byte %d bit %d differs (swapped), returned %d", name, n, i, bit, got)
					}
					y[i] ^= 1 << bit
				}
			}
			check(t, name, equal, x, y, fmt.Sprintf("len %d restored", n))
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
				check(t, name, equal, x, y, fmt.Sprintf("len %d, byte %d differs", n, i))
				y[i] ^= bit
			}
		}
	})
}

// TestKernelsEveryRegion puts a difference every 8 bytes of every length
// from 65 to 1100, and of the first and last 512 bytes of lengths just
// over 32 KiB, where the AVX-512 kernel streams: past TestKernelsEveryBit's
// 300 bytes, a kernel's tail steps (a half block, a vector, the last
// partial vector, chosen by the length's bits) each cover bytes that the
// first, middle and last byte of TestKernelsEqualInputs miss for most
// lengths. go run ./internal/mutate found AVX-512's 128-byte step
// comparing y with itself, with every other test passing. With -short
// (the runs under emulation, where no kernel streams), every fifth length
// over 32 KiB: each remainder mod 64 once, a fifth of the test's time,
// nearly all of which those lengths take.
func TestKernelsEveryRegion(t *testing.T) {
	skipSweepUnderRace(t)
	var lengths []int
	for n := shortMax + 1; n <= 1100; n++ {
		lengths = append(lengths, n)
	}
	step := 1
	if testing.Short() {
		step = 5
	}
	for n := 32 << 10; n <= 32<<10+320; n += step {
		lengths = append(lengths, n)
	}
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		r := rand.New(rand.NewPCG(15, 16))
		for _, n := range lengths {
			x := randomBytes(r, n)
			y := bytes.Clone(x)
			// A phase that moves with n, so that across lengths every byte
			// of a vector, counted from the start or from the end, gets a
			// difference.
			for i := n / 7 % 8; i < n; i += 8 {
				if i >= 512 && i < n-512 {
					continue
				}
				y[i] ^= 0x10
				if equal(x, y) != 0 || equal(y, x) != 0 {
					t.Fatalf("%s, len %d: byte %d differs, returned 1", name, n, i)
				}
				y[i] ^= 0x10
			}
			if equal(x, y) != 1 {
				t.Fatalf("%s, len %d: equal inputs returned 0", name, n)
			}
		}
	})
}

func TestKernelsOffsets(t *testing.T) {
	skipSweepUnderRace(t)
	sizes := []int{0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300, 1000}
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		r := rand.New(rand.NewPCG(7, 8))
		bufX := randomBytes(r, 64+1024)
		bufY := make([]byte, 64+1024)
		for _, n := range sizes {
			for ox := range 64 {
				for oy := range 64 {
					x := bufX[ox : ox+n]
					y := bufY[oy : oy+n]
					copy(y, x)
					check(t, name, equal, x, y, fmt.Sprintf("len %d, offsets %d/%d", n, ox, oy))
					if n > 0 {
						y[n-1]++
						check(t, name, equal, x, y, fmt.Sprintf("len %d, offsets %d/%d, last byte differs", n, ox, oy))
						y[0]++
						y[n-1]--
						check(t, name, equal, x, y, fmt.Sprintf("len %d, offsets %d/%d, first byte differs", n, ox, oy))
					}
				}
			}
		}
	})
}

// TestKernelsIgnoreNeighbours puts different bytes right before and right
// after equal inputs: a kernel that reads outside its slices answers wrong.
func TestKernelsIgnoreNeighbours(t *testing.T) {
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
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
			check(t, name, equal, x, y, fmt.Sprintf("len %d, neighbours differ", n))
			// Full capacity past the end, too: kernels get len, not cap.
			x, y = a[pad:pad+n:len(a)], b[pad:pad+n:len(b)]
			check(t, name, equal, x, y, fmt.Sprintf("len %d, neighbours differ within cap", n))
		}
	})
}

// TestKernelsLongerY: kernels compare x with y[:len(x)] and must not read
// y past that.
func TestKernelsLongerY(t *testing.T) {
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		r := rand.New(rand.NewPCG(13, 14))
		for n := 0; n <= 200; n++ {
			x := randomBytes(r, n)
			y := append(bytes.Clone(x), randomBytes(r, 64)...)
			if got := equal(x, y); got != 1 {
				t.Fatalf("%s: len %d, y longer and equal over len(x): %d", name, n, got)
			}
		}
	})
}

// The tests below kill mutants of the assembly that the tests above let
// live (go run ./internal/mutate makes them; guard_linux_test.go has one
// more, TestKernelsDispatch): each says which.

// TestKernelsDifferencesDoNotCancel puts two differences in the same bit,
// at places that the kernels fold into the same accumulator lane, in each
// of the four ways (x has the bit at both places, y at both, x at the first
// and y at the second, or the other way round): the accumulators must OR
// the blocks' differences, and a kernel that combines them with anything
// else (XOR, or a VPTERNLOGD truth table other than 0xf6 such as 0xd6,
// which clears an accumulator bit where y has a one and x a zero) can let
// the second difference undo the first. A single difference, which is all
// the other tests make, never shows that.
func TestKernelsDifferencesDoNotCancel(t *testing.T) {
	lengths := []int{64, 100, 128, 200, 256, 300, 400, 512, 600, 1000, 1024, 1500, 2048, 4196, 32768 + 700}
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		for _, n := range lengths {
			x, y := make([]byte, n), make([]byte, n)
			// The first difference in every 64-byte lane of a 512-byte
			// span, so that it lands in each accumulator of every loop and
			// step, and some others.
			firsts := []int{1, 31, n/2 - 7, n - 9}
			for lane := 0; lane < 512; lane += 64 {
				firsts = append(firsts, lane+lane/64)
			}
			for _, i := range firsts {
				// The second in the same lane of a later block, and at the
				// same place of the last vector of each width, which ends
				// where the input ends and whose offset from the blocks
				// depends on n.
				var seconds []int
				for d := 8; d < n; d *= 2 {
					seconds = append(seconds, i+d)
				}
				for _, w := range []int{16, 32, 64} {
					seconds = append(seconds, n-w+i%w)
				}
				for _, j := range seconds {
					if i < 0 || j <= i || j >= n {
						continue
					}
					for _, bit := range []byte{0x01, 0x80} {
						for _, way := range [4][2]*[]byte{{&x, &x}, {&y, &y}, {&x, &y}, {&y, &x}} {
							(*way[0])[i] = bit
							(*way[1])[j] = bit
							if got := equal(x, y); got != 0 {
								t.Fatalf("%s, len %d: bit %#x differs at bytes %d and %d, returned %d", name, n, bit, i, j, got)
							}
							(*way[0])[i] = 0
							(*way[1])[j] = 0
						}
					}
				}
			}
			if got := equal(x, y); got != 1 {
				t.Fatalf("%s, len %d: zeros returned %d", name, n, got)
			}
		}
	})
}

// TestKernelsPoisonedRegisters calls every assembly function as assembly
// would, through package poison: arguments on the stack, every other
// register garbage. A Go call enters them through an ABI wrapper that
// leaves the arguments in registers too, so a kernel that reads DI where
// it meant CX (y's base, amd64), BX where it meant DX (the length), or
// keeps R0 (arm64) or R3 (ppc64le) without loading x's base passes every
// other test; so
// does one that tests a mask register (KORTESTW K1, K2) or an accumulator
// it never zeroed and that happened to be zero. After an AVX kernel it
// checks, where the CPU reports XINUSE, that the kernel ran VZEROUPPER:
// without it every later SSE instruction of the caller may pay for the
// dirty upper halves, and no result shows it.
func TestKernelsPoisonedRegisters(t *testing.T) {
	if len(poison.Kernels) == 0 {
		t.Skip("no assembly kernels in this build")
	}
	supported := map[string]bool{}
	for _, k := range impl.List() {
		supported[k.Name] = k.Supported
	}
	var lengths []int
	for n := 0; n <= 600; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1000, 4096, 32768+300, chunkSize)
	r := rand.New(rand.NewPCG(15, 16))
	buf := randomBytes(r, chunkSize+64)
	seed := uint64(0)
	// vex says the function is an AVX kernel (or jumps to one), which must
	// run VZEROUPPER before it returns: Call leaves the upper halves dirty.
	run := func(t *testing.T, name string, k int, vex bool) {
		// A kernel that loads through a garbage register faults: name it
		// instead of killing the test binary.
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if e := recover(); e != nil {
				t.Fatalf("%s with poisoned registers: %v: it reads a register it did not set", name, e)
			}
		}()
		call := func(x, y []byte) int {
			seed++
			r, st := poison.CallState(k, x, y, seed)
			if vex && st.HaveXINUSE && st.XINUSE&(1<<2|1<<6) != 0 {
				t.Fatalf("%s, len %d: returned with the upper halves of the YMM/ZMM registers in use (XINUSE %#x): no VZEROUPPER", name, len(x), st.XINUSE)
			}
			return r
		}
		for _, n := range lengths {
			off := n % 61
			x := buf[off : off+n : off+n]
			y := bytes.Clone(x)
			check(t, name, call, x, y, fmt.Sprintf("poisoned registers, len %d, equal", n))
			for _, i := range []int{0, n / 3, n - 1} {
				if i < 0 || i >= n {
					continue
				}
				y[i] ^= 1 << (i % 8)
				check(t, name, call, x, y, fmt.Sprintf("poisoned registers, len %d, byte %d differs", n, i))
				y[i] ^= 1 << (i % 8)
			}
		}
	}
	for k, fn := range poison.Kernels {
		name := strings.ToLower(strings.TrimPrefix(fn, "equal"))
		if fn == "equalVector" {
			// The trampoline, with each kernel selected in turn.
			t.Run(fn, func(t *testing.T) {
				for _, kk := range impl.List() {
					if !kk.Supported {
						continue
					}
					restore, _ := impl.Select(kk.Name)
					run(t, fn+" to "+kk.Name, k, kk.Name == "avx512" || kk.Name == "avx2")
					restore()
				}
			})
			continue
		}
		if !supported[name] {
			t.Logf("kernel %s: not supported by this CPU, skipped", name)
			continue
		}
		// Named after the kernel, as forEachKernel names its subtests.
		t.Run(name, func(t *testing.T) { run(t, fn, k, name == "avx512" || name == "avx2") })
	}
}
