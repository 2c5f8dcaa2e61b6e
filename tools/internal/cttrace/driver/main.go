// Command driver makes the calls whose instruction traces package cttrace
// compares: for each length and each input class of plan.Plan (the
// basic classes at every length of -lengths, the word classes too at every
// length of -words), one call of the comparison between traceBegin and
// traceEnd, two functions that do nothing and that the checker finds by
// name in the binary's symbol table. Run it under qemu-user with memplugin
// or exec logging (see package cttrace); natively it only checks the
// answers.
//
// Everything a call needs is prepared before traceBegin: both inputs sit at
// the same addresses for every class of a length, so that a kernel may
// branch on alignment (public) without telling the classes apart. Between
// the markers there is nothing but the call. The driver prints one line at
// the end, after the last call:
//
//	cttrace-driver goarch=amd64 impl=compare kernel=avx2 dit=false calls=67271 ok
//
// and exits with status 1 if any call returned a wrong answer.
//
// Run it with GOMAXPROCS=1, GOGC=off and GODEBUG=asyncpreemptoff=1: no
// signal then interrupts a call. The runtime may still ask the goroutine to
// yield at a function's stack check; the checker recognises and removes
// those excursions (cttrace.CutPreemptions).
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"runtime"
	"unsafe"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// impls are the comparisons the driver can trace. bytes.Equal returns at
// the first differing block: the check must catch it.
var impls = map[string]func(x, y []byte) int{
	"compare":     ctequal.Compare,
	"bytes.Equal": bytesEqual,
}

// bytesEqual converts without a branch of its own, so that what the check
// sees is bytes.Equal's.
func bytesEqual(x, y []byte) int {
	eq := bytes.Equal(x, y)
	return int(*(*uint8)(unsafe.Pointer(&eq)))
}

// The main goroutine keeps the main thread, whose log the checker reads.
func init() { runtime.LockOSThread() }

func main() {
	which := flag.String("impl", "compare", "the comparison to trace: compare or bytes.Equal")
	lengthList := flag.String("lengths", plan.FormatLengths(plan.DefaultLengths()), "the lengths, as `list` like 0-300,4096")
	wordList := flag.String("words", plan.FormatLengths(plan.DefaultWords()), "the lengths at which the word classes run too, as `list` like 0-300; empty: none")
	assumeDIT := flag.Bool("assume-dit", false, "make the NEON kernel set PSTATE.DIT although the OS does not advertise FEAT_DIT (qemu -cpu max only)")
	seed := flag.Uint64("seed", 1, "the seed of the random inputs")
	flag.Parse()
	eq, ok := impls[*which]
	lengths, err := plan.ParseLengths(*lengthList)
	var words []int
	if err == nil && *wordList != "" {
		words, err = plan.ParseLengths(*wordList)
	}
	if !ok || err != nil || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: driver [-impl compare|bytes.Equal] [-lengths list] [-words list] [-assume-dit] [-seed n]", err)
		os.Exit(2)
	}
	if *assumeDIT {
		if impl.AssumeDIT == nil {
			fmt.Fprintln(os.Stderr, "driver: -assume-dit needs GOARCH=arm64 without purego")
			os.Exit(2)
		}
		impl.AssumeDIT()
	}

	calls := plan.Plan(lengths, words)
	got, want := run(eq, calls, *seed)
	bad := 0
	for i, c := range calls {
		if got[i] != want[i] {
			fmt.Fprintf(os.Stderr, "driver: %s of %d bytes, %s: returned %d, want %d\n", *which, c.N, c.Class.Name(c.N), got[i], want[i])
			bad++
		}
	}
	status := "ok"
	if bad > 0 {
		status = "wrong answers"
	}
	fmt.Printf("cttrace-driver goarch=%s impl=%s kernel=%s dit=%v calls=%d %s\n",
		runtime.GOARCH, *which, ctequal.Kernel(), impl.CPU().Has(impl.DIT), len(calls), status)
	if bad > 0 {
		os.Exit(1)
	}
}

// poolSlack is how far past the pool's start an input may begin.
const poolSlack = 4096

// run makes the calls and returns their results and the right answers.
//
// Under qemu every instruction the driver executes is logged, inside the
// calls or not, and the log's lines are what the check's time goes on: so
// the driver draws x once per length, at Equal, the first class of each
// (Plan's order), and every other class changes y from a copy of x and
// changes it back after its call, rather than copying both inputs afresh;
// and the right answer follows from the class (1 for equal inputs or none,
// 0 for the others, which differ by construction: Class.Flip changes a
// byte inside the input, and Random draws y again while it equals x), with
// no second comparison. With 2 × maxN fresh random bytes and two copies and
// a bytes.Equal per call, the driver's own work was nine tenths of the
// log at 0-1100 bytes.
func run(eq func(x, y []byte) int, calls []plan.Call, seed uint64) (got, want []int) {
	maxN := 0
	for _, c := range calls {
		maxN = max(maxN, c.N)
	}
	r := rng(seed)
	pool := make([]byte, (maxN+poolSlack+8)&^7)
	for i := 0; i < len(pool); i += 8 {
		binary.LittleEndian.PutUint64(pool[i:], r.next())
	}
	xs, ys := alignedBuffer(maxN+64), alignedBuffer(maxN+64)

	growStack()
	got, want = make([]int, len(calls)), make([]int, len(calls))
	a := 0
	for i, c := range calls {
		// x and y start 0..63 bytes past a 64-byte boundary: the offsets
		// vary with the length, and are the same for every class.
		n := c.N
		x := xs[n%64:][:n]
		y := ys[(n*7+13)%64:][:n]
		if c.Class == plan.Equal {
			a = r.intn(poolSlack + 1)
			copy(x, pool[a:a+n])
			copy(y, x)
		} else if i == 0 || calls[i-1].N != n {
			panic("driver: a length whose first call is not of equal inputs")
		}
		pos, bit, flip := c.Class.Flip(n)
		switch {
		case flip:
			y[pos] ^= bit
			got[i] = traced(eq, x, y)
			y[pos] ^= bit
		case c.Class == plan.Random && n > 0:
			for {
				if b := r.intn(poolSlack + 1); b != a {
					copy(y, pool[b:b+n])
					if !bytes.Equal(x, y) {
						break
					}
				}
			}
			got[i] = traced(eq, x, y)
			copy(y, x)
		default: // equal inputs: Equal, or any class of 0 bytes
			want[i] = 1
			got[i] = traced(eq, x, y)
		}
	}
	return got, want
}

// traced calls eq(x, y) between the markers.
//
//go:noinline
func traced(eq func(x, y []byte) int, x, y []byte) int {
	traceBegin()
	r := eq(x, y)
	traceEnd()
	return r
}

// traceBegin and traceEnd mark the start and the end of a call in the
// trace: the checker looks their addresses up by name.
//
//go:noinline
func traceBegin() {}

//go:noinline
func traceEnd() {}

// growStack grows the goroutine's stack once, before the first call, so
// that no traced call needs to. Stacks shrink only in a garbage collection,
// which GOGC=off turns off.
//
//go:noinline
func growStack() byte {
	var b [64 << 10]byte
	return sink(b[:])
}

//go:noinline
func sink(b []byte) byte { return b[len(b)/2] }

// rng is splitmix64: the driver's own work is logged too, and math/rand/v2's
// ChaCha8 executed twice as many instructions to fill the pool.
type rng uint64

func (s *rng) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (s *rng) intn(n int) int { return int(s.next() % uint64(n)) }

// alignedBuffer returns n bytes that start at a 64-byte boundary.
func alignedBuffer(n int) []byte {
	b := make([]byte, n+63)
	off := -int(uintptr(unsafe.Pointer(unsafe.SliceData(b)))) & 63
	return b[off : off+n]
}
