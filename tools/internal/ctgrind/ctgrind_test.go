package ctgrind

import (
	"bytes"
	"runtime"
	"testing"
	"unsafe"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

// attempts is how many times a call is made, at most, before its memcheck
// errors are blamed on it. valgrind's error count is global to the process:
// while the test's thread is inside a call, valgrind's scheduler can hand
// the CPU to another of the runtime's threads (sysmon's retake, a new M
// starting up) at the end of a time slice, and the Go runtime's own
// valgrind annotations are incomplete, so those threads draw errors of
// their own (Invalid read in runtime.lock2 under runtime.sysmon, ...) that
// land in the count. Those come and go with the scheduling. A call's own
// errors do not: the code, the inputs and what memcheck knows of them are
// the same on every attempt, so the call draws the same errors each time.
// Errors are only ever added, never taken away, so one attempt with no
// error proves the call itself raises none; a call that draws errors on
// every attempt fails.
const attempts = 8

// TestKernelsUnderMemcheck calls every kernel valgrind can run (it cannot
// execute AVX-512, and hides it from the CPU report, so the selection does
// not pick it) and Compare on inputs memcheck considers secret, and
// requires that each call can be made without a memcheck error. The
// negative controls, bytes.Equal and two planted leaks (a loop that stops
// at the first difference, a table looked up with a secret byte), must
// draw errors on every attempt. CI runs it as
//
//	go test -c -tags valgrind -o ctgrind.test ./tools/internal/ctgrind
//	GODEBUG=cpu.rdtscp=off GOMAXPROCS=1 GOGC=off valgrind -q --error-limit=no \
//		--suppressions=tools/internal/ctgrind/addressability.supp ./ctgrind.test -test.run Memcheck -test.v
//
// The valgrind tag makes the Go runtime describe its heap to valgrind;
// the suppressions keep memcheck from counting addressability errors,
// which a secret never causes and the runtime draws at random (the file
// says why; the test fails without them);
// --error-limit=no keeps memcheck counting past 1,000 distinct errors (the
// runtime draws hundreds of its own, and past the limit nothing is counted:
// the controls, run first and last, catch that); GOGC=off keeps the
// collector from running during the test; cpu.rdtscp=off keeps the
// runtime off RDTSCP, which valgrind reports and cannot run. Natively it only checks the
// answers.
func TestKernelsUnderMemcheck(t *testing.T) {
	under := Running()
	if !under {
		t.Log("not under valgrind: checking answers only")
	} else {
		requireSuppressions(t)
	}
	// One thread for the whole test, so that Steady marks the thread
	// whose g slot the counted code reads.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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

	// The controls first and last: the first shows the count works, the
	// last that it still does (memcheck stops counting after 1,000
	// distinct errors, and the runtime draws hundreds).
	controls(t, under, "first")

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
		calls, retried := 0, 0
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
				got, errs, tries := cleanCall(im.equal, x, y)
				if errs != nil {
					t.Fatalf("%s, %d bytes: memcheck reported errors on each of %d attempts (%v): a branch or an address depends on the data", im.name, n, tries, errs)
				}
				if want := map[bool]int{false: 1, true: 0}[differ]; got != want {
					t.Fatalf("%s, %d bytes: returned %d, want %d", im.name, n, got, want)
				}
				if tries > 1 {
					retried++
				}
				calls++
			}
		}
		restore()
		t.Logf("%s: %d calls on secret inputs, no memcheck error (%d needed more than one attempt)", im.name, calls, retried)
	}

	controls(t, under, "last")
}

// controls requires bytes.Equal and the planted leaks to draw memcheck
// errors on every attempt. CI greps the log for "negative control NAME:
// [1-9]", twice for each control (first and last).
func controls(t *testing.T, under bool, when string) {
	t.Helper()
	x := bytes.Repeat([]byte{1}, 64)
	y := bytes.Clone(x)
	y[40] = 2
	for _, c := range []struct {
		name  string
		equal func(x, y []byte) int
	}{
		{"bytes.Equal", func(x, y []byte) int {
			if bytes.Equal(x, y) {
				return 1
			}
			return 0
		}},
		{"planted early exit", plantedEarlyExit},
		{"planted table lookup", plantedTableLookup},
	} {
		least := -1
		var all []int
		for range attempts {
			r, errs := secretCall(c.equal, x, y)
			if r != 0 {
				t.Fatalf("negative control %s: returned %d, want 0", c.name, r)
			}
			all = append(all, errs)
			if least < 0 || errs < least {
				least = errs
			}
		}
		t.Logf("negative control %s: %d memcheck errors at least, in each of %d attempts (%s): %v", c.name, least, attempts, when, all)
		if under && least == 0 {
			t.Fatalf("negative control %s on secret inputs drew no memcheck error in one of %d attempts (%s): the check cannot fail", c.name, attempts, when)
		}
	}
}

// plantedEarlyExit is a compare that leaks where the inputs first differ:
// memcheck must report its conditional jump on the data.
//
//go:noinline
func plantedEarlyExit(x, y []byte) int {
	for i := range x {
		if x[i] != y[i] {
			return 0
		}
	}
	return 1
}

// table is all zeros: the lookup answers 0, as the controls want.
var table [256]byte

// plantedTableLookup branches on nothing but reads memory at an address
// made from the data: memcheck must report the use of an undefined value
// as an address.
//
//go:noinline
func plantedTableLookup(x, y []byte) int {
	var v byte
	for i := range x {
		v |= table[x[i]^y[i]]
	}
	return int(v)
}

// cleanCall calls equal on x and y marked secret up to attempts times and
// stops at the first call that draws no memcheck error. It returns the
// answer, the error counts of the attempts if none was clean (nil
// otherwise), and how many attempts it made.
func cleanCall(equal func(x, y []byte) int, x, y []byte) (r int, errs []int, tries int) {
	for tries < attempts {
		var n int
		r, n = secretCall(equal, x, y)
		tries++
		if n == 0 {
			return r, nil, tries
		}
		errs = append(errs, n)
	}
	return r, errs, tries
}

// steadyStack marks the live stack from its own frame up to top,
// addressable and defined, as it is. The runtime's valgrind annotations
// sometimes leave a goroutine's live stack marked undefined after it moved
// (memcheck reads a switch to a nearby stack as a frame being pushed), and
// then every read of a spilled variable, such as the func value about to
// be called, draws an error on the test's own thread, in every counted
// window alike. The frames marked hold only the test's own variables: the
// secrets are on the heap, and whatever a kernel computes from them it
// writes below here, after the mark. Stacks move (a goroutine's stack is
// copied when it grows or shrinks), so top is taken afresh by the caller.
//
//go:noinline
func steadyStack(top uintptr) {
	var here byte
	if lo := uintptr(unsafe.Pointer(&here)); top > lo && top-lo < 64<<10 {
		request(&[6]uintptr{makeMemDefined, lo, top - lo})
	}
}

// secretCall calls equal on x and y marked secret, declassifies only the
// answer, and returns it with the number of memcheck errors counted during
// the call.
func secretCall(equal func(x, y []byte) int, x, y []byte) (int, int) {
	Secret(x)
	Secret(y)
	Steady()
	// From this frame up to a little past it: the caller's frame, where
	// this function's arguments are spilled, and a part of its caller's,
	// all live stack.
	var mark byte
	steadyStack(uintptr(unsafe.Pointer(&mark)) + 512)
	before := Errors()
	r := equal(x, y)
	PublicInt(&r)
	errs := Errors() - before
	Public(x)
	Public(y)
	return r, errs
}

// makeMemNoAccess is memcheck's VALGRIND_MAKE_MEM_NOACCESS.
const makeMemNoAccess = 0x4d430000

func init() {
	// The allocation profiler samples an allocation at random (one per
	// 512 KiB on average) and records its stack, which draws the runtime's
	// own memcheck errors in whichever counted call the sample lands.
	runtime.MemProfileRate = 0
}

// requireSuppressions fails the test unless memcheck runs with
// addressability.supp: it reads memory it has marked inaccessible and
// requires the error count not to move. Without the file the runtime's
// addressability errors land in the counts in numbers that vary from
// call to call (crypto/ed25519.Sign: 141 to 1,089 on secret inputs, 146
// to 608 on public ones, on a loaded machine), more than a control's
// own 5.
func requireSuppressions(t *testing.T) {
	t.Helper()
	b := make([]byte, 64)
	request(&[6]uintptr{makeMemNoAccess, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b))})
	before := Errors()
	load(&b[0])
	counted := Errors() - before
	Public(b)
	if counted != 0 {
		t.Fatalf("memcheck counted a read of inaccessible memory (%d errors): run valgrind with --suppressions=tools/internal/ctgrind/addressability.supp", counted)
	}
}

//go:noinline
func load(p *byte) byte { return *p }
