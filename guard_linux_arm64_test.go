//go:build gc && !purego

package ctequal

// The NEON kernel's DIT seen from inside: a fault at a guard page stops the
// kernel, and the goroutine recovers with PSTATE as the kernel had it.

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/poison"
)

// ditDuring calls equal on inputs that make it fault, recovers, and
// reports where it faulted and whether PSTATE.DIT was set then. DIT cannot
// be read while the kernel runs, but a fault stops it there: the runtime
// turns the fault into a panic, and the goroutine recovers on the same
// thread with PSTATE as the kernel had it. The caller locks the thread.
func ditDuring(equal func(x, y []byte) int, x, y []byte) (fault string, dit bool) {
	r := firstFault(equal, x, y)
	return r, ditEnabled()
}

// lockDIT locks the goroutine to its thread (PSTATE.DIT belongs to the
// thread) and has the test leave DIT off.
func lockDIT(t *testing.T) {
	runtime.LockOSThread()
	t.Cleanup(func() {
		setDIT(false)
		runtime.UnlockOSThread()
	})
}

// faultPreservesDIT is the control of the tests below: a fault in Go code
// must leave DIT as it was, or they cannot see DIT inside the kernel.
func faultPreservesDIT(t *testing.T, x, y []byte) {
	t.Helper()
	setDIT(true)
	if r, on := ditDuring(equalGeneric, x, y); !strings.HasPrefix(r, "x+") {
		t.Fatalf("control: equalGeneric gave %s, want a fault in x", r)
	} else if !on {
		t.Skip("a fault clears PSTATE.DIT on this system: the test cannot see DIT inside the kernel")
	}
}

// TestNEONSetsDIT checks that equalNEON runs with PSTATE.DIT set, not only
// that it leaves DIT as it found it (TestNEONRestoresDIT): a mutant that
// never sets DIT (MSR $1, DIT deleted, or made MSR $0, DIT; the CBZ on
// useDIT inverted) computes every result right and restores the caller's
// value, and all that is lost is the timing guarantee. It calls the kernel
// directly, through Compare, and through package poison with garbage in
// every register (a kernel that tests a register it did not load, TBNZ $24
// on R4 instead of R7, skips DIT at random), and with a length whose bit
// 24 is set (TBNZ $24 on R2, the length, skips it from 16 MiB on).
func TestNEONSetsDIT(t *testing.T) {
	if !useDIT {
		t.Skip("this CPU has no FEAT_DIT: the kernel leaves PSTATE.DIT alone")
	}
	lockDIT(t)
	p := newFaultPair(t)
	x, y := p.inputs(200, 100, 150)
	faultPreservesDIT(t, x, y)

	neon := slices.Index(poison.Kernels, "equalNEON")
	if neon < 0 {
		t.Fatal("package poison cannot call equalNEON")
	}
	// The same layout, claiming 16 MiB and 200 bytes: the kernel faults at
	// x[100] all the same, long before the claimed end.
	const long = 1<<24 | 200
	xl := unsafe.Slice(unsafe.SliceData(x), long)
	yl := unsafe.Slice(unsafe.SliceData(y), long)

	type call struct {
		name  string
		equal func(x, y []byte) int
		x, y  []byte
	}
	calls := []call{
		{"equalNEON", equalNEON, x, y},
		{"Compare, neon selected", Compare, x, y},
		{"equalNEON, len 16 MiB + 200", equalNEON, xl, yl},
	}
	for seed := range uint64(16) {
		calls = append(calls, call{"equalNEON with poisoned registers", func(x, y []byte) int { return poison.Call(neon, x, y, seed) }, x, y})
	}
	restore, ok := impl.Select("neon")
	if !ok {
		t.Fatal("impl.Select(neon) refused")
	}
	defer restore()
	for _, c := range calls {
		setDIT(false)
		r, on := ditDuring(c.equal, c.x, c.y)
		if !strings.HasPrefix(r, "x+") {
			t.Fatalf("%s gave %s, want a fault in x", c.name, r)
		}
		if !on {
			t.Errorf("%s faulted with PSTATE.DIT clear: it does not set DIT while it reads the inputs", c.name)
		}
	}
}

// TestNEONWithoutDITLeavesItAlone pretends that this CPU, which has
// FEAT_DIT, has not (useDIT false), and checks that the kernel then never
// touches DIT: neither sets it while it runs nor clears it when it
// returns. On a CPU without FEAT_DIT, MRS and MSR DIT are undefined
// instructions; qemu's Cortex-A53 shows that only for a kernel that reaches
// them with a zero flag, and a mutant that reads its flag from a
// neighbouring byte (useDIT+1, which is useSB, as zero as useDIT there)
// passes. Here the neighbour is set.
func TestNEONWithoutDITLeavesItAlone(t *testing.T) {
	if !useDIT {
		t.Skip("this CPU has no FEAT_DIT: the whole suite running here shows the kernel leaves DIT alone")
	}
	lockDIT(t)
	p := newFaultPair(t)
	x, y := p.inputs(200, 100, 150)
	faultPreservesDIT(t, x, y)

	saved := useDIT
	useDIT = false
	defer func() { useDIT = saved }()
	a := make([]byte, 300)
	for _, on := range []bool{false, true} {
		setDIT(on)
		if r, got := ditDuring(equalNEON, x, y); !strings.HasPrefix(r, "x+") {
			t.Fatalf("equalNEON gave %s, want a fault in x", r)
		} else if got != on {
			t.Errorf("with useDIT false and DIT %v, equalNEON ran with DIT %v", on, got)
		}
		setDIT(on)
		if equalNEON(a, a) != 1 {
			t.Fatal("equalNEON of equal inputs returned 0")
		}
		if got := ditEnabled(); got != on {
			t.Errorf("with useDIT false and DIT %v, equalNEON returned with DIT %v", on, got)
		}
	}
}
