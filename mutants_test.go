package ctequal

// Tests that kill mutants of the assembly which the other tests let live
// (go run ./internal/mutate makes them): each says which.

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/poison"
)

// faultPair is two inputs, each of which is readable for a chosen number
// of bytes and then runs into an inaccessible page. Where a kernel first
// faults, in x or in y and at which byte, shows the order of its loads:
// the kernels differ in it.
type faultPair struct {
	x, y *guardedBuffer
}

// newFaultPair maps a page for each input, followed by a guard page
// (newGuarded skips the test where it cannot).
func newFaultPair(t *testing.T) *faultPair {
	t.Helper()
	page := os.Getpagesize()
	return &faultPair{x: newGuarded(t, page, 1), y: newGuarded(t, page, 1)}
}

// inputs returns x and y of length n whose first okX and okY bytes are
// readable (and equal where both are); x[okX] and y[okY] are the first
// bytes of a guard page.
func (p *faultPair) inputs(n, okX, okY int) (x, y []byte) {
	tail := func(g *guardedBuffer, ok int) []byte {
		s := len(g.mem) - g.page - ok
		return g.mem[s : s+n : s+n]
	}
	x, y = tail(p.x, okX), tail(p.y, okY)
	for i := range min(okX, okY) {
		x[i], y[i] = byte(i), byte(i)
	}
	return x, y
}

// firstFault calls equal and describes what happened: "=1" or "=0" if it
// returned, "x+17" if it faulted at x[17], "y+64" at y[64].
func firstFault(equal func(x, y []byte) int, x, y []byte) (s string) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		e := recover()
		if e == nil {
			return
		}
		f, ok := e.(interface{ Addr() uintptr })
		if !ok {
			s = fmt.Sprintf("panic(%v)", e)
			return
		}
		a := f.Addr()
		xb, yb := uintptr(unsafe.Pointer(unsafe.SliceData(x))), uintptr(unsafe.Pointer(unsafe.SliceData(y)))
		switch {
		case a >= xb && a < xb+uintptr(len(x)):
			s = fmt.Sprintf("x+%d", a-xb)
		case a >= yb && a < yb+uintptr(len(y)):
			s = fmt.Sprintf("y+%d", a-yb)
		default:
			s = fmt.Sprintf("fault at %#x, outside x and y", a)
		}
	}()
	return fmt.Sprintf("=%d", equal(x, y))
}

// faultAddressReported reports whether a read of the first byte of x's
// guard page faults with that address, which fingerprint relies on.
func faultAddressReported(p *faultPair) bool {
	x, _ := p.inputs(8, 0, 0)
	return firstFault(func(x, _ []byte) int { return int(x[0]) }, x, x) == "x+0"
}

// fingerprint is where equal first faults for a grid of lengths (above
// shortMax, where Compare hands inputs to the kernel) and readable
// prefixes of x and y.
func fingerprint(p *faultPair, equal func(x, y []byte) int) []string {
	var fp []string
	for _, n := range []int{shortMax + 1, 100, 200, 300} {
		for okX := 0; okX < n; okX += 8 {
			for okY := 0; okY < n; okY += 8 {
				x, y := p.inputs(n, okX, okY)
				fp = append(fp, fmt.Sprintf("n=%d okX=%d okY=%d: %s", n, okX, okY, firstFault(equal, x, y)))
			}
		}
	}
	return fp
}

// TestKernelsDispatch checks that Compare runs the kernel that is selected,
// not merely one that gives the right answer: equalVector, the assembly
// trampoline, jumps by flags, and a mutant that jumps to the wrong kernel
// passes every test of results. A narrower kernel is slower; a wider one
// is an illegal instruction on the CPUs that lack it. Each kernel reads its
// inputs in an order of its own, which shows in where it first faults on
// inputs that run into guard pages.
//
// Kills, for example, equalVector's "JNE equalVector_AVX512" inverted or
// deleted, and "CMPB ·useAVX2+0(SB), $0x00" changed to $0x01.
func TestKernelsDispatch(t *testing.T) {
	p := newFaultPair(t)
	if !faultAddressReported(p) {
		t.Skip("this system does not report the address of a fault (qemu-user 7.2 on ppc64le does not), " +
			"so where a kernel faults cannot tell the kernels apart")
	}
	fps := map[string][]string{}
	var names []string
	for _, k := range kernels {
		if k.Supported {
			fps[k.Name] = fingerprint(p, k.equal)
			names = append(names, k.Name)
		}
	}
	whose := func(fp []string) string {
		var ks []string
		for _, name := range names {
			if slices.Equal(fp, fps[name]) {
				ks = append(ks, name)
			}
		}
		if len(ks) == 0 {
			return "no kernel"
		}
		return strings.Join(ks, " or ")
	}
	for i, a := range names {
		for _, b := range names[i+1:] {
			if slices.Equal(fps[a], fps[b]) {
				t.Errorf("kernels %s and %s first fault at the same places: this test cannot tell them apart; add lengths", a, b)
			}
		}
	}
	for _, name := range names {
		restore, ok := impl.Select(name)
		if !ok {
			t.Fatalf("impl.Select(%q) refused a supported kernel", name)
		}
		got := fingerprint(p, Compare)
		restore()
		if !slices.Equal(got, fps[name]) {
			for i := range got {
				if got[i] != fps[name][i] {
					t.Errorf("with %s selected, Compare reads as %s does: %s, where %s gives %s", name, whose(got), got[i], name, fps[name][i])
					break
				}
			}
		}
	}
}

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
