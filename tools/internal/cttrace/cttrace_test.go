package cttrace

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// A log for marker addresses begin 0x100 and end 0x200.
const (
	begin = 0x100
	end   = 0x200
)

func trace(cpu int, pc uint64) string {
	return fmt.Sprintf("Trace %d: 0x7f00000%05x [0000000000000000/%016x/1040c0b3/00000201] sym\n", cpu, pc, pc)
}

func stopped(pc uint64) string {
	return fmt.Sprintf("Stopped execution of TB chain before 0x7f00000%05x [%016x] sym\n", pc, pc)
}

func TestSegments(t *testing.T) {
	log := trace(0, 0x10) + // before the first call: not traced
		trace(0, 0x77) + trace(1, 0x77) + stopped(0x77) + // ambiguous, but outside a call
		trace(0, begin) + trace(0, 0x11) + trace(1, 0x99) + trace(0, 0x12) +
		trace(0, 0x13) + stopped(0x13) + // retracted, logged again
		trace(0, 0x13) + trace(1, 0x98) + stopped(0x98) + trace(0, end) +
		trace(0, begin) + stopped(begin) + trace(0, begin) + trace(0, 0x14) +
		trace(0, end) + stopped(end) + trace(0, 0x15) + trace(0, end) + trace(0, 0x16)
	segs, retracted, err := Segments(strings.NewReader(log), begin, end)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]uint64{{0x11, 0x12, 0x13}, {0x14, 0x15}}
	if !slices.EqualFunc(segs, want, slices.Equal) || retracted != 3 {
		t.Fatalf("Segments = %x, %d retracted; want %x, 3", segs, retracted, want)
	}

	for _, bad := range []struct{ log, err string }{
		{trace(0, begin) + trace(0, 0x11), "does not end"},
		{trace(0, begin) + trace(0, begin), "begins again"},
		{trace(0, end), "without a begin"},
		{trace(2, begin), "not on the main thread"},
		{trace(0, begin) + "Linking TBs 0x1 index 0 -> 0x2\n", "not an exec log line"},
		{trace(0, begin) + stopped(0x11), "no CPU has just logged"},
		{trace(0, begin) + trace(0, 0x11) + trace(1, 0x11) + stopped(0x11), "CPUs"},
		{trace(0, begin) + "Trace 0: 0x7f00 [0/zz/0/0] sym\n", "not an exec log line"},
	} {
		if _, _, err := Segments(strings.NewReader(bad.log), begin, end); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("Segments(%q) = %v, want an error with %q", bad.log, err, bad.err)
		}
	}
}

func TestParseRealLines(t *testing.T) {
	for _, c := range []struct {
		line string
		want execLine
	}{
		{"Trace 0: 0x7fce5c000500 [0000000000000000/000000000047d4e0/1040c0b3/00000201] runtime.rt0_go.abi0", execLine{false, 0, 0x7fce5c000500, 0x47d4e0}},
		{"Trace 12: 0x7f28f4c00100 [0000000001009331/000000000008c520/00000001/00000201] _rt0_arm64_linux", execLine{false, 12, 0x7f28f4c00100, 0x8c520}},
		{"Stopped execution of TB chain before 0x7fc8643e3e00 [0000000000482a92] runtime.clone.abi0", execLine{true, 0, 0x7fc8643e3e00, 0x482a92}},
	} {
		if got, err := parseExecLine([]byte(c.line)); err != nil || got != c.want {
			t.Errorf("parseExecLine(%q) = %+v, %v; want %+v", c.line, got, err, c.want)
		}
	}
}

// testSymbols: F at 0x10, a kernel K at 0x40, and the runtime's morestack
// and another runtime function.
var testSymbols = &Symbols{funcs: []function{
	{"main.F", 0x10, 0x40},
	{"github.com/ctequal/ctequal.K", 0x40, 0x80},
	{"runtime.morestack_noctxt.abi0", 0x100, 0x110},
	{"runtime.newstack", 0x110, 0x200},
}}

func TestCutPreemptions(t *testing.T) {
	// F's check fails (0x12 branches to its stub at 0x30, which calls
	// morestack); the runtime comes back to the stub after the call, which
	// jumps to F again.
	clean := []uint64{0x40, 0x41, 0x10, 0x11, 0x12, 0x13, 0x14, 0x42}
	preempted := []uint64{0x40, 0x41, 0x10, 0x11, 0x12, 0x30, 0x31, 0x100, 0x101, 0x110, 0x111, 0x32, 0x33, 0x10, 0x11, 0x12, 0x13, 0x14, 0x42}
	got, cuts, err := CutPreemptions(slices.Clone(preempted), testSymbols)
	if err != nil || cuts != 1 || !slices.Equal(got, clean) {
		t.Fatalf("CutPreemptions = %x, %d, %v; want %x, 1", got, cuts, err, clean)
	}
	twice := append(slices.Clone(preempted[:len(preempted)-1]), preempted[2:]...)
	if got, cuts, err := CutPreemptions(twice, testSymbols); err != nil || cuts != 2 ||
		!slices.Equal(got, append(slices.Clone(clean[:len(clean)-1]), clean[2:]...)) {
		t.Fatalf("CutPreemptions of two = %x, %d, %v", got, cuts, err)
	}
	if got, cuts, err := CutPreemptions(slices.Clone(clean), testSymbols); err != nil || cuts != 0 || !slices.Equal(got, clean) {
		t.Fatalf("CutPreemptions of a clean trace = %x, %d, %v", got, cuts, err)
	}
	for _, bad := range [][]uint64{
		{0x100, 0x10},                          // starts in morestack
		{0x10, 0x11, 0x41, 0x100, 0x10},        // called from K, whose entry is not in the trace
		{0x10, 0x11, 0x30, 0x100, 0x110, 0x32}, // F not entered again
		{0x90, 0x100, 0x10},                    // called from no function
	} {
		if _, _, err := CutPreemptions(bad, testSymbols); err == nil {
			t.Errorf("CutPreemptions(%x) accepted a trace it cannot repair", bad)
		}
	}
}

func TestCompare(t *testing.T) {
	calls := plan.Plan([]int{0, 70}, nil)
	ref := []uint64{0x40, 0x41, 0x42}
	traces := [][]uint64{{0x40}, {0x40}, {0x40}, {0x40}, ref, ref, {0x40, 0x41, 0x43}, {0x40, 0x41}}
	ds, err := Compare(calls, traces, testSymbols)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 2 {
		t.Fatalf("Compare found %d differences, want 2: %v", len(ds), ds)
	}
	want0 := "70 bytes, last byte differs: instruction 2 is at 0x43 (ctequal.K+0x3), with equal inputs at 0x42 (ctequal.K+0x2) (3 instructions, 3 with equal inputs)"
	want1 := "70 bytes, random: instruction 2 is at the end of the trace, with equal inputs at 0x42 (ctequal.K+0x2) (2 instructions, 3 with equal inputs)"
	if ds[0].String() != want0 || ds[1].String() != want1 {
		t.Errorf("Compare reported\n%v\n%v\nwant\n%s\n%s", ds[0], ds[1], want0, want1)
	}
	if _, err := Compare(calls[1:], traces[1:], testSymbols); err == nil {
		t.Error("Compare accepted calls without the equal inputs first")
	}
}

// TestPluginSegments: memplugin's log gives one trace per pair of
// markers, each instruction followed by its accesses, a run of accesses
// split into entries of at most 256; anything malformed, outside a trace,
// on another vCPU or marked as an error fails the check.
func TestPluginSegments(t *testing.T) {
	log := "B 0\nR c000 3 1\nI 11\nW c008 1 2\nI 12\nR d000 0 300\nE 0\nB 0\nI 13\nE 0\n"
	segs, err := PluginSegments(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]uint64{
		{MemEntry(0xc000, false, 3), 0x11, memRun(0xc008, true, 1, 2), 0x12, memRun(0xd000, false, 0, 256), memRun(0xd100, false, 0, 44)},
		{0x13},
	}
	if !slices.EqualFunc(segs, want, slices.Equal) {
		t.Fatalf("PluginSegments = %x, want %x", segs, want)
	}
	if n := Instructions(segs[0]); n != 2 {
		t.Errorf("Instructions = %d, want 2", n)
	}
	if n := accesses(segs[0]); n != 303 {
		t.Errorf("accesses = %d, want 303", n)
	}
	for _, bad := range []struct{ log, err string }{
		{"I 11\n", "outside a trace"},
		{"R 10 3 1\n", "outside a trace"},
		{"B 0\nI 11\n", "does not end"},
		{"B 0\nB 0\n", "begins again"},
		{"E 0\n", "without a begin"},
		{"B 1\n", "other than 0"},
		{"B 0\nX begin on a second vCPU while one is traced\n", "memplugin failed"},
		{"B 0\nI 0x11\n", "not an instruction line"},
		{"B 0\nI 8000000000000000\n", "not an instruction line"},
		{"B 0\nR 10 3\n", "not a memory access line"},
		{"B 0\nR 10 3 0\n", "not a memory access line"},
		{"B 0\nR 1000000000000 3 1\n", "not a memory access line"},
		{"B 0\nR 10 16 1\n", "not a memory access line"},
		{"B 0\nQ 10\n", "not a memplugin line"},
		{"B\n", "not a memplugin line"},
		{"Trace 0: 0x7f00 [0/10/0/0] sym\n", "not a memplugin line"},
	} {
		if _, err := PluginSegments(strings.NewReader(bad.log)); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("PluginSegments(%q) = %v, want an error with %q", bad.log, err, bad.err)
		}
	}
}

// TestMemoryAccesses: accesses in a trace survive the cutting of
// preemptions, and a difference in an address alone is a divergence.
func TestMemoryAccesses(t *testing.T) {
	// A preemption: the call of morestack from F's stub stores the return
	// address, and F's stack check loads the bound; both are in the
	// excursion, or before it, as in the trace without one.
	ld := MemEntry(0xc000, false, 3)
	clean := []uint64{0x40, 0x10, ld, 0x11, 0x12, 0x13, 0x42}
	preempted := []uint64{0x40, 0x10, ld, 0x11, 0x12, 0x30, MemEntry(0xb000, true, 3), 0x100, 0x110, 0x32, 0x10, ld, 0x11, 0x12, 0x13, 0x42}
	got, cuts, err := CutPreemptions(slices.Clone(preempted), testSymbols)
	if err != nil || cuts != 1 || !slices.Equal(got, clean) {
		t.Fatalf("CutPreemptions = %x, %d, %v; want %x, 1", got, cuts, err, clean)
	}

	// Traces whose instructions agree and whose addresses do not.
	calls := plan.Plan([]int{70}, nil)
	ref := []uint64{0x40, MemEntry(0xd000, false, 3), 0x41}
	other := []uint64{0x40, MemEntry(0xd040, false, 3), 0x41}
	ds, err := Compare(calls, [][]uint64{ref, ref, ref, other}, testSymbols)
	if err != nil {
		t.Fatal(err)
	}
	want1 := "70 bytes, random: after instruction 1, a load of 8 bytes at 0xd040 by 0x40 (ctequal.K+0x0), with equal inputs a load of 8 bytes at 0xd000 by 0x40 (ctequal.K+0x0) (2 instructions, 2 with equal inputs)"
	if len(ds) != 1 || ds[0].String() != want1 {
		t.Errorf("Compare = %v, want [%s]", ds, want1)
	}
}
