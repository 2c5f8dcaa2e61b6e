package cttrace

import (
	"fmt"
	"slices"

	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// morestackNames are the runtime's entries from a function's stack check:
// the path by which the runtime grows a stack or makes a goroutine yield.
var morestackNames = []string{"runtime.morestack", "runtime.morestack_noctxt"}

// CutPreemptions removes from a trace every excursion through
// runtime.morestack, and returns the trace and how many it removed.
//
// The runtime asks a goroutine that has run for 10 ms to yield by making
// the stack check at the entry of the next function it calls fail, however
// asynchronous preemption is set. That function F then calls morestack from
// a stub at its end; the runtime schedules, comes back to the stub, and the
// stub jumps to F's entry, which runs its stack check again. Under qemu
// with logging, 10 ms is a few thousand instructions, so some calls are
// interrupted, at a point that depends on the host's timing. In the trace
//
//	... F, check, branch, stub..., morestack, runtime..., stub..., F, check, branch, body ...
//
// the excursion is everything from the first entry of F to the second:
// removing it leaves the trace of the call that was not interrupted. Where
// the excursion does not have this shape, CutPreemptions returns an error
// rather than guess.
func CutPreemptions(trace []uint64, syms *Symbols) ([]uint64, int, error) {
	isMorestack := map[uint64]bool{}
	for _, name := range morestackNames {
		if a, ok := syms.Addr(name); ok {
			isMorestack[a] = true
		}
	}
	cuts := 0
	for i := 0; i < len(trace); i++ {
		if !isMorestack[trace[i]] {
			continue
		}
		if i == 0 {
			return nil, 0, fmt.Errorf("the trace starts in morestack")
		}
		// The call's instruction, before its memory accesses.
		p := i - 1
		for p > 0 && IsMem(trace[p]) {
			p--
		}
		fname, fentry, ok := syms.Func(trace[p])
		if !ok {
			return nil, 0, fmt.Errorf("morestack called from %s, in no function", syms.Name(trace[p]))
		}
		inF := func(pc uint64) bool { _, s, ok := syms.Func(pc); return ok && s == fentry }
		// The first entry of F: nothing but F's own instructions (and
		// their memory accesses) between it and the call of morestack.
		j := p
		for j >= 0 && (IsMem(trace[j]) || inF(trace[j]) && trace[j] != fentry) {
			j--
		}
		if j < 0 || trace[j] != fentry {
			return nil, 0, fmt.Errorf("morestack called from %s at entry %d, not from %s's stack check", syms.Name(trace[p]), i, fname)
		}
		// The second entry: the excursion returns to F's stub, which
		// jumps to it.
		k := slices.Index(trace[i:], fentry)
		if k < 0 {
			return nil, 0, fmt.Errorf("after morestack at instruction %d, %s is not entered again", i, fname)
		}
		k += i
		trace = slices.Delete(trace, j, k)
		cuts++
		i = j
	}
	return trace, cuts, nil
}

// A Divergence is a call whose trace differs from the reference call of
// the same length, the one with equal inputs.
type Divergence struct {
	N         int
	Class     plan.Class
	Index     int    // of the first entry that differs
	Want, Got uint64 // the entries there (instruction addresses or MemEntry); 0 past a trace's end
	// WantLen and GotLen are the traces' lengths in instructions.
	WantLen, GotLen int
	// Instruction is the number of instructions before Index in Got's
	// trace: where it differs, counted in instructions.
	Instruction int
	symbolized  [2]string
}

func (d Divergence) String() string {
	if IsMem(d.Want) || IsMem(d.Got) {
		return fmt.Sprintf("%d bytes, %s: after instruction %d, %s, with equal inputs %s (%d instructions, %d with equal inputs)",
			d.N, d.Class.Name(d.N), d.Instruction, d.symbolized[1], d.symbolized[0], d.GotLen, d.WantLen)
	}
	return fmt.Sprintf("%d bytes, %s: instruction %d is at %s, with equal inputs at %s (%d instructions, %d with equal inputs)",
		d.N, d.Class.Name(d.N), d.Instruction, d.symbolized[1], d.symbolized[0], d.GotLen, d.WantLen)
}

// Compare compares each call's trace (its instructions and, where traced,
// its memory accesses) with the trace of the call with equal inputs of the
// same length, and returns a Divergence for every call that
// differs, in the order of calls. calls and traces are parallel, and the
// calls of a length are together, Equal first (as Plan makes them).
func Compare(calls []plan.Call, traces [][]uint64, syms *Symbols) ([]Divergence, error) {
	if len(calls) != len(traces) {
		return nil, fmt.Errorf("%d traces for %d calls", len(traces), len(calls))
	}
	var ds []Divergence
	var ref []uint64
	for i, c := range calls {
		if c.Class == plan.Equal {
			ref = traces[i]
			continue
		}
		if i == 0 || calls[i-1].N != c.N {
			return nil, fmt.Errorf("call %d (%d bytes, %s) does not follow the equal inputs of its length", i, c.N, c.Class.Name(c.N))
		}
		got := traces[i]
		k := 0
		for k < len(ref) && k < len(got) && ref[k] == got[k] {
			k++
		}
		if k == len(ref) && k == len(got) {
			continue
		}
		d := Divergence{N: c.N, Class: c.Class, Index: k, WantLen: Instructions(ref), GotLen: Instructions(got), Instruction: Instructions(got[:k])}
		d.symbolized = [2]string{describe(ref, k, syms), describe(got, k, syms)}
		if k < len(ref) {
			d.Want = ref[k]
		}
		if k < len(got) {
			d.Got = got[k]
		}
		ds = append(ds, d)
	}
	return ds, nil
}
