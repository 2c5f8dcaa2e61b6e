package ctequal

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
)

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
