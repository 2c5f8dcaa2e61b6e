package ctequal

// The kernel tests that need guard pages (mmap and mprotect): no kernel
// reads outside its inputs, and Compare runs the kernel that is selected,
// told apart by where each first faults.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/ctequal/ctequal/internal/impl"
)

// guardedBuffer maps n bytes that start right after an inaccessible page
// (atEnd false) or end right before one (atEnd true). Any read outside the
// n bytes on that side faults.
type guardedBuffer struct {
	mem  []byte
	page int
}

// newGuarded maps dataPages readable pages between two PROT_NONE pages.
func newGuarded(t *testing.T, page, dataPages int) *guardedBuffer {
	t.Helper()
	mem, err := syscall.Mmap(-1, 0, (dataPages+2)*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[(dataPages+1)*page:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return &guardedBuffer{mem: mem, page: page}
}

// slice returns n bytes that start at the first readable byte (atEnd false)
// or end at the last one (atEnd true).
func (g *guardedBuffer) slice(n int, atEnd bool) []byte {
	if atEnd {
		end := len(g.mem) - g.page
		return g.mem[end-n : end : end]
	}
	return g.mem[g.page : g.page+n : g.page+n]
}

func TestKernelsGuardPages(t *testing.T) {
	// Every length to 4096, a few past the AVX-512 kernel's switch to its
	// streaming loop at 32 KiB, and past the first chunk.
	var lengths []int
	for n := 0; n <= 4096; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 32767, 32768, 32769, 65536+63, chunkSize+1, 2*chunkSize+31)
	maxLen := lengths[len(lengths)-1]
	page := os.Getpagesize()
	dataPages := (maxLen + page - 1) / page
	mx := newGuarded(t, page, dataPages)
	my := newGuarded(t, page, dataPages)
	r := rand.New(rand.NewPCG(11, 12))
	forEachKernelFunc(t, func(t *testing.T, name string, equal func(x, y []byte) int) {
		for _, atEnd := range []bool{false, true} {
			for _, n := range lengths {
				x, y := mx.slice(n, atEnd), my.slice(n, atEnd)
				for i := range x {
					x[i] = byte(r.Uint32())
				}
				copy(y, x)
				edge := map[bool]string{false: "starts after", true: "ends before"}[atEnd]
				callGuarded(t, name, equal, x, y, fmt.Sprintf("len %d %s a guard page", n, edge), 1)
				if n > 0 {
					y[n-1] ^= 1
					callGuarded(t, name, equal, x, y, fmt.Sprintf("len %d %s a guard page, last byte differs", n, edge), 0)
				}
			}
		}
	})
}

func callGuarded(t *testing.T, name string, equal func(x, y []byte) int, x, y []byte, what string, want int) {
	t.Helper()
	// Turn a fault into a panic (for this goroutine), so that an over-read
	// names the kernel, edge and length instead of killing the test binary.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			t.Fatalf("%s: %s read outside its input: %v", what, name, e)
		}
	}()
	if got := equal(x, y); got != want {
		t.Fatalf("%s: %s returned %d, want %d", what, name, got, want)
	}
}

// faultPair is two inputs, each of which is readable for a chosen number
// of bytes and then runs into an inaccessible page. Where a kernel first
// faults, in x or in y and at which byte, shows the order of its loads:
// the kernels differ in it.
type faultPair struct {
	x, y *guardedBuffer
}

// newFaultPair maps a page for each input, followed by a guard page.
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
// returned, "x+17 in equalSSE2" if equalSSE2 faulted at x[17], "y+64 in
// ..." at y[64]. The function tells apart kernels of one shape in two
// families (archsimd's AVX and SSE2 assembly read in the same order).
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
		defer func() { s += " in " + faulting() }()
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

// faulting names the function that faulted, from a deferred call while
// the fault's panic runs: the frame after runtime.sigpanic.
func faulting() string {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(1, pc)])
	for {
		f, more := frames.Next()
		if f.Function == "runtime.sigpanic" {
			next, _ := frames.Next()
			return strings.TrimPrefix(next.Function, "github.com/ctequal/ctequal.")
		}
		if !more {
			return "an unknown function"
		}
	}
}

// faultAddressReported reports whether a read of the first byte of x's
// guard page faults with that address, which fingerprint relies on.
func faultAddressReported(p *faultPair) bool {
	x, _ := p.inputs(8, 0, 0)
	return strings.HasPrefix(firstFault(func(x, _ []byte) int { return int(x[0]) }, x, x), "x+0 in ")
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
