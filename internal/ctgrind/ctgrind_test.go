package ctgrind

import (
	"bytes"
	"testing"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

// TestKernelsUnderMemcheck calls every kernel valgrind can run (it cannot
// execute AVX-512, and hides it from the CPU report, so the selection does
// not pick it) and Compare on inputs memcheck considers secret, and
// requires no memcheck error during any call. bytes.Equal, which branches on
// the bytes, must draw errors: the negative control. CI runs it as
//
//	go test -c -tags valgrind -o ctgrind.test ./internal/ctgrind
//	GOMAXPROCS=1 GOGC=off valgrind ./ctgrind.test -test.run Memcheck
//
// (the valgrind tag makes the Go runtime describe its heap to valgrind).
// Natively it only checks the answers.
func TestKernelsUnderMemcheck(t *testing.T) {
	under := Running()
	if !under {
		t.Log("not under valgrind: checking answers only")
	}
	// Compare with each kernel selected in turn, as users call it: inputs
	// of up to impl.ShortMax bytes take Compare's own Go path.
	type candidate struct {
		name   string
		kernel string
		equal  func(x, y []byte) int
	}
	var impls []candidate
	for _, k := range impl.List() {
		if k.Supported {
			impls = append(impls, candidate{k.Name, k.Name, ctequal.Compare})
		} else {
			t.Logf("kernel %s: not supported here (valgrind cannot run AVX-512), skipped", k.Name)
		}
	}

	var lengths []int
	for n := 0; n <= 1100; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 4096, 32768+7, 65536+13)
	for _, im := range impls {
		restore, ok := impl.Select(im.kernel)
		if !ok {
			t.Fatalf("kernel %s cannot be selected", im.kernel)
		}
		calls := 0
		for _, n := range lengths {
			x := make([]byte, n)
			for i := range x {
				x[i] = byte(i*7 + n)
			}
			y := bytes.Clone(x)
			for _, differ := range []bool{false, true} {
				if differ {
					if n == 0 {
						continue
					}
					y[n/2] ^= 0x10
				}
				if got, errs := secretCall(im.equal, x, y); errs != 0 {
					t.Fatalf("%s, %d bytes: memcheck reported %d errors: a branch or an address depends on the data", im.name, n, errs)
				} else if want := map[bool]int{false: 1, true: 0}[differ]; got != want {
					t.Fatalf("%s, %d bytes: returned %d, want %d", im.name, n, got, want)
				}
				calls++
			}
		}
		restore()
		t.Logf("%s: %d calls on secret inputs, no memcheck error", im.name, calls)
	}

	// The negative control: the same check must catch bytes.Equal.
	x := bytes.Repeat([]byte{1}, 64)
	y := bytes.Clone(x)
	y[40] = 2
	_, errs := secretCall(func(x, y []byte) int {
		if bytes.Equal(x, y) {
			return 1
		}
		return 0
	}, x, y)
	t.Logf("negative control bytes.Equal: %d memcheck errors", errs)
	if under && errs == 0 {
		t.Fatal("bytes.Equal on secret inputs drew no memcheck error: the check cannot fail")
	}
}

// secretCall calls equal on x and y marked secret, declassifies only the
// answer, and returns it with the number of memcheck errors the call drew.
func secretCall(equal func(x, y []byte) int, x, y []byte) (int, int) {
	Secret(x)
	Secret(y)
	before := Errors()
	r := equal(x, y)
	PublicInt(&r)
	errs := Errors() - before
	Public(x)
	Public(y)
	return r, errs
}
