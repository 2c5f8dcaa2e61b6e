// Package engine is ctcheck's core: a taint analysis to a fixpoint over
// the instructions of Go's builds, the listing and go tool objdump front
// ends, the runtime's summaries and the findings. It names no
// instruction set: each has a package of its own beside it, whose Arch
// record gives the core its registers, model and front ends' hooks, and
// package arch maps a GOARCH to that record.
package engine

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The engine: one taint analysis for both front ends and every
// architecture. It runs over the instruction records of inst.go, with the
// model of the architecture (its Step) saying what each instruction
// reads and writes, and follows calls and tail jumps into the functions
// of the program, context by context: a callee is analysed with the
// levels its caller passes, in every register and on the stack, and the
// caller continues with the levels the callee returns. So an argument in
// a seventh register, in a float register or on the stack is as secret
// in the callee as in the caller, and so is a result.

// deferCalls are the runtime's functions of defer and recover: a
// function that defers a call may have it run, and recover, on a panic
// path that the analysis treats as one that does not return.
var deferCalls = OpSet("runtime.deferproc", "runtime.deferprocStack", "runtime.deferreturn", "runtime.deferprocat",
	"runtime.gorecover")

// Runtime functions that return to their caller and never see secrets,
// by how many integer arguments each takes, the only registers or slots
// it reads (a Go function of the runtime's reads no other, but g): the
// stack growth in every prologue (-1: it keeps every register), the
// overflow check of unsafe.Slice, and crypto/fips140's isBypassed, which
// the runtime defines (runtime.fips_isBypassed, linked by name) to return
// the goroutine's fipsOnlyBypass flag, set by fips140.WithoutEnforcement
// (fips140.Enforced, which crypto/hmac.New and others call, asks it).
var runtimeReturns = map[string]int{"runtime.morestack_noctxt": -1, "runtime.morestack_noctxt.abi0": -1, "runtime.morestack": -1,
	"runtime.morestack.abi0": -1, "internal/runtime/math.MulUintptr": 2, "crypto/fips140.isBypassed": 0,
	// The FIPS service indicator, the goroutine's flag that the runtime
	// defines under fips140's names: getIndicator() uint8,
	// setIndicator(uint8).
	"crypto/internal/fips140.getIndicator": 0, "crypto/internal/fips140.setIndicator": 1}

// RootEntry is the state at the entry of a root: every register and slot
// public, g and the return address static; the CPU features of the
// build's level and the root's needs assumed, every mode possibly off.
func (an *Analysis) RootEntry(f *Func) *State {
	st := NewState()
	level, err := an.a.featuresOf(an.a.LevelFeatures(an.prog.Level))
	if err != nil && an.err == nil {
		an.err = err
	}
	st.assumed = level
	st.tops = []int64{} // no caller's frame that the analysis sees
	for _, mode := range an.a.Modes {
		st.Regs[modeOff(mode)] = Secret
	}
	an.enter(st, f.Name)
	if an.a.G != "" && (an.a.GInABI0 || !f.isABI0()) {
		st.Regs[an.a.G] = Static
	}
	if an.a.LR != "" {
		st.Regs[an.a.LR] = Static
		st.links = map[string]int{an.a.LR: 0}
	}
	for i := int64(0); i < an.a.RetAddr; i++ {
		st.stack[i] = Static
	}
	st.stackTaken = f.IsAsm() // assembly may move SP anywhere, by any instruction
	if an.Policy.Funcs != nil {
		if d := an.Policy.Funcs(strings.TrimSuffix(f.Name, ".abi0")); d != nil {
			an.applyDecl(st, f, d)
		}
	}
	return st
}

// ownLR reports whether LR holds the function's own return address in
// st (or there is no LR).
func (an *Analysis) ownLR(st *State) bool {
	d, ok := st.links[an.a.LR]
	return an.a.LR == "" || ok && d == 0
}

// returnAddress checks, at a return, that where it returns to does not
// depend on a secret: the link register, or the bytes a call pushed.
func (an *Analysis) returnAddress(m *Mach, out *State) {
	if an.a.LR != "" && m.popped == nil && get(out.Regs, an.a.LR) == Secret {
		m.Find("return to an address that depends on secret data (%s)", an.a.LR)
	}
	switch {
	case m.popped != nil && !m.popped.own():
		m.Find("return through a stack slot that does not hold the address the function was called from (fail closed)")
	case m.popped == nil && !an.ownLR(out):
		m.Find("return through %s, which does not hold the address the function was called from (fail closed)", an.a.LR)
	}
	if out.spKnown && out.sp == 0 {
		for i := int64(0); i < an.a.RetAddr; i++ {
			if get(out.stack, i) == Secret {
				m.Find("return to an address that depends on secret data (the return address on the stack)")
				break
			}
		}
	}
}

// Run analyses each root, and every function it reaches, and reports.
func (an *Analysis) Run(roots []string) (*Report, error) {
	for _, r := range roots {
		f := an.prog.Funcs[r]
		if f == nil {
			return nil, fmt.Errorf("%s: %s is a root but not in the program", an.a.GOARCH, r)
		}
		entry := an.RootEntry(f)
		an.exit(f, entry)
		an.report(f, entry)
		if an.err != nil {
			return nil, an.err
		}
	}
	r := &Report{GoVersion: an.prog.GoVersion, Funcs: an.order}
	for _, s := range an.seen {
		r.Instrs += len(s)
	}
	keys := slices.Sorted(maps.Keys(an.findings))
	for _, k := range keys {
		r.Findings = append(r.Findings, an.findings[k])
	}
	sort.SliceStable(r.Findings, func(i, j int) bool {
		a, b := r.Findings[i], r.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return r, nil
}

// Step runs the model on instruction i of f from st, which it changes to
// the state after it (but for what a call, a tail jump or a return does:
// the engine's part), and returns what the model saw.
func (an *Analysis) Step(f *Func, i int, st *State) *Mach {
	m := &Mach{an: an, Arch: an.a, policy: an.Policy, Func: f, Inst: &f.Insts[i], State: st, Fall: true}
	if m.Inst.Raw {
		m.Find("data in a TEXT symbol, not an instruction (fail closed)")
		m.Fall = false
		return m
	}
	off := an.modesOff(st)
	flow := an.flowPtrs(m)
	an.a.Step(m)
	if flow != nil {
		flow()
	}
	an.checkFeatures(m, off)
	return m
}

// successors returns the instructions that may run after instruction i
// of f, and what is wrong with its branches.
func successors(f *Func, i int, m *Mach) (next []int, bad []string) {
	for _, t := range m.jumps {
		j, ok := f.at[t]
		if !ok {
			bad = append(bad, fmt.Sprintf("branch to %#x, which is not an instruction of %s", t, f.Name))
			continue
		}
		next = append(next, j)
	}
	if m.Fall {
		if i+1 >= len(f.Insts) {
			bad = append(bad, "runs off the end of the function")
		} else {
			next = append(next, i+1)
		}
	}
	return next, bad
}

// fixpoint returns the state before each instruction of f from entry
// that begins a block (a leader: the first, and every branch's target;
// nil for the rest, whose state is the one before them run through it:
// blockStates), and f's exit: the join of the states it returns with.
// Only the leaders' states are kept: a function of thousands of
// instructions with a large frame would otherwise hold a copy of its
// registers' and frame's levels for each.
func (an *Analysis) fixpoint(f *Func, entry *State) ([]*State, *State) {
	n := len(f.Insts)
	exit := &State{}
	if n == 0 {
		return make([]*State, 0), exit
	}
	leaders := blockLeaders(f)
restart:
	in := make([]*State, n)
	for i, l := range leaders {
		if l {
			in[i] = &State{}
		}
	}
	exit = &State{}
	in[0].join(entry)
	work := []int{0}
	queued := map[int]bool{0: true}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b] = false
		for i, st := b, in[b]; st != nil; i++ {
			var next *State
			m, out, after := an.stepFrom(f, i, st, exit)
			succ, _ := successors(f, i, m)
			for k, j := range succ {
				src := an.edge(m, out, after, i, j, k == len(succ)-1)
				if !leaders[j] {
					if j == i+1 && m.Fall && k == len(succ)-1 {
						next = src // the block goes on
						continue
					}
					// A branch to an instruction no operand names (a
					// model's own target): a leader after all.
					leaders[j] = true
					goto restart
				}
				if in[j].joinWiden(src, an.boundThresholds(f)) && !queued[j] {
					work = append(work, j)
					queued[j] = true
				}
			}
			st = next
		}
	}
	return in, exit
}

// boundThresholds are the values a register's bound may grow to where
// f's paths meet (joinWiden), by register: each constant f compares it
// with, and the next integer (a loop's counter, which its compare bounds
// at the constant on one side and one past it on the other).
func (an *Analysis) boundThresholds(f *Func) map[string][]int64 {
	if t, ok := an.thresholds[f]; ok {
		return t
	}
	t := map[string][]int64{}
	for _, in := range f.Insts {
		if !strings.HasPrefix(in.Op, "CMP") {
			continue
		}
		for _, a := range in.Args {
			if a.Kind == ArgImm && a.Name == "" && a.Sym == "" && a.Imm >= 0 && a.Imm <= maxSpan {
				for _, r := range in.Args {
					if r.Kind == ArgReg {
						t[r.Reg] = append(t[r.Reg], a.Imm, a.Imm+1)
					}
				}
			}
		}
	}
	for r, cs := range t {
		slices.Sort(cs)
		t[r] = slices.Compact(cs)
	}
	an.thresholds[f] = t
	return t
}

// stepFrom runs instruction i of f from the state st before it (which it
// leaves alone): the model's step, out the state after it, and after the
// state with what its call, tail jump or return does (joined into exit).
func (an *Analysis) stepFrom(f *Func, i int, st, exit *State) (m *Mach, out, after *State) {
	out = st.Clone()
	m = an.Step(f, i, out)
	return m, out, an.effect(m, out, exit)
}

// edge is the state that instruction i (run as m, to out and after)
// passes to its successor j, the last of its successors where last: the
// fall-through (the last successor) learns what a branch's not taken
// says, a branch's edge what its being taken says.
func (an *Analysis) edge(m *Mach, out, after *State, i, j int, last bool) *State {
	if j == i+1 && m.Fall {
		if last {
			return an.learn(after, m.fallen)
		}
		return after
	}
	return an.learn(out, m.taken)
}

// blockLeaders marks the instructions of f that begin a block: the first,
// and each that an operand of a branch names.
func blockLeaders(f *Func) []bool {
	leaders := make([]bool, len(f.Insts))
	leaders[0] = true
	for _, in := range f.Insts {
		for _, a := range in.Args {
			if a.Kind == ArgTarget {
				if j, ok := f.at[a.Target]; ok {
					leaders[j] = true
				}
			}
		}
	}
	return leaders
}

// blockStates fills in the states of the instructions that in, from
// fixpoint, leaves nil: each leader's run through its block.
func (an *Analysis) blockStates(f *Func, in []*State) []*State {
	all := slices.Clone(in)
	for i := range all {
		if all[i] != nil || i == 0 {
			continue
		}
		prev := all[i-1]
		all[i] = &State{}
		if prev == nil || !prev.reached {
			continue
		}
		m, out, after := an.stepFrom(f, i-1, prev, &State{})
		succ, _ := successors(f, i-1, m)
		if k := len(succ) - 1; k >= 0 && succ[k] == i && m.Fall {
			all[i] = an.edge(m, out, after, i-1, i, true)
		}
	}
	return all
}

// effect applies what m's call, tail jump or return does, after the
// model's step left out: it returns the state after a call (unreached if
// the callee does not return), and joins what leaves f into exit.
func (an *Analysis) effect(m *Mach, out, exit *State) *State {
	switch {
	case m.ret:
		if !out.spKnown || out.sp != 0 {
			m.Find("returns with the stack pointer moved or unknown")
		}
		an.returnAddress(m, out)
		exit.join(out)
		return out
	case m.tailSym != "":
		if !out.spKnown || out.sp != 0 {
			m.Find("jump to %s with a frame still on the stack", m.tailSym)
		}
		if !an.ownLR(out) {
			// The callee returns through LR: to where this function's
			// caller called it from, or elsewhere.
			m.Find("jump to %s with %s not the address the function was called from (fail closed)", m.tailSym, an.a.LR)
		}
		exit.join(an.callee(m, m.tailSym, out, false))
		return out
	case m.callSym != "":
		if !out.spKnown {
			m.Find("call of %s where the stack pointer is unknown", m.callSym)
		}
		back := an.callee(m, m.callSym, out, true)
		after := &State{}
		if back.reached {
			after = out.Clone()
			after.Regs = maps.Clone(back.Regs)
			after.guards = maps.Clone(back.guards)
			after.bounds, after.lens = nil, nil // the callee's registers: Go's ABIs keep none of the caller's
			after.mem = back.mem
			after.rmem, after.amem = back.rmem, back.amem
			after.rptrs = maps.Clone(back.rptrs)
			after.allocs = maps.Clone(back.allocs) // the caller's, and the callee's
			after.stackTaken = out.stackTaken || back.stackTaken
			after.rmemShared, after.amemShared = true, true
			back.rmemShared, back.amemShared = true, true
			// The callee's frame, from its entry on, is the caller's
			// from its stack pointer on; what is below it the callee may
			// have written (but for the bytes it keeps: KeptBelowSP).
			base := out.sp - an.a.RetAddr
			stack := after.stackW()
			for o := range stack {
				if o >= out.sp || o < out.sp-an.a.KeptBelowSP {
					delete(stack, o)
				}
			}
			for o := out.sp - an.a.KeptBelowSP; o < out.sp && out.spKnown; o++ {
				putSlot(stack, o, max(getSlot(out.stack, o), getSlot(back.stack, o-base)))
			}
			for o := out.sp; o < 0 && out.spKnown; o++ {
				putSlot(stack, o, getSlot(back.stack, o-base))
			}
			for o, l := range back.stack {
				if base+o >= 0 {
					putSlot(stack, base+o, l)
				}
			}
			// The return addresses the callee left, seen from here: its
			// own is not this function's.
			after.links = shiftLinks(back.links, -1, unshifted)
			after.linkSlots = shiftLinks(back.linkSlots, -1, by(base))
			for o := range after.linkSlots {
				if o < out.sp-an.a.KeptBelowSP {
					delete(after.linkSlots, o)
				}
			}
			// The pointers it left, seen from here.
			after.ptrs = movePtrs(an.regions, back.ptrs, base)
			after.slotPtrs = nil
			for o, p := range movePtrs(an.regions, back.slotPtrs, base) {
				if base+o >= out.sp-an.a.KeptBelowSP {
					if after.slotPtrs == nil {
						after.slotPtrs = map[int64]ptr{}
					}
					after.slotPtrs[base+o] = p
				}
			}
		}
		return after
	}
	return out
}

// callee returns the exit of sym run from the state out of its caller by
// a call (or a tail jump): the stack pointer at the callee's entry is
// RetAddr bytes below the caller's (the same).
func (an *Analysis) callee(m *Mach, sym string, out *State, call bool) *State {
	push := int64(0)
	if call {
		push = an.a.RetAddr
	}
	if d, off, ok := an.duffEntry(sym); ok {
		return an.duffed(m, d, off, out, push)
	}
	if as, ok := an.assumedCallee(sym, out); ok {
		return an.assumedCall(m, as, out, push)
	}
	switch {
	case strings.Contains(sym, "+0x"):
		m.Find("jump into the middle of %s (not modelled)", sym)
		return &State{}
	case an.runtimeNamedFollowed(sym):
		// Before follows: crypto/fips140.isBypassed is named as a
		// followed package's, and is the runtime's code.
		return an.runtimeReturned(m, sym, out, push)
	case an.follows(sym):
		f := an.prog.Funcs[sym]
		if f == nil {
			if an.External {
				return an.externalCall(m, sym, out, push)
			}
			// A body another package gives (//go:linkname), or a copy
			// the binary holds another of (Dupok): fail closed.
			m.Find("call of %s, whose code is not in the program (fail closed)", sym)
			return &State{}
		}
		return an.exit(f, an.calleeEntry(out, call, sym))
	case isWriteBarrier(sym) && an.a.WriteBarrierBuf != "" && an.prog.runtimeFunc(sym):
		return an.writeBarrier(out, push)
	case summaries[strings.TrimSuffix(sym, ".abi0")].args > 0 && an.prog.runtimeFunc(sym):
		return an.summarised(m, sym, summaries[strings.TrimSuffix(sym, ".abi0")], out, push)
	case isAllocation(sym) && an.prog.runtimeFunc(sym):
		a, _ := allocationOf(sym)
		return an.allocated(m, sym, a, out, push)
	case isRuntimeReturn(sym) && runtimeReturns[sym] >= 0:
		return an.runtimeReturned(m, sym, out, push)
	case isRuntimeReturn(sym):
		// The stack growth returns to the start of the function with its
		// registers as they were (the prologue spills and reloads them):
		// what was secret still is; the bytes below the frame are what
		// the runtime left there.
		back := an.returned(out, push, Secret)
		back.Regs = maps.Clone(out.Regs)
		if an.a.G != "" {
			back.Regs[an.a.G] = Static
		}
		back.guards = maps.Clone(out.guards)
		back.ptrs = movePtrs(an.regions, out.ptrs, -(out.sp - push))
		// It restarts the function with LR set from MorestackLR.
		if d, ok := out.links[an.a.MorestackLR]; ok {
			back.links[an.a.LR] = d + 1
		}
		return back
	case (strings.HasPrefix(sym, "runtime.panic") || sym == "runtime.gopanic") && an.prog.runtimeFunc(sym):
		// Bounds and nil checks, and panic: they do not return here. The
		// deferred calls a panic runs are this function's own (its
		// runtime.deferproc calls, or the runtime.deferreturn of its
		// open-coded defers, each a finding) or its callers'.
		return &State{}
	case deferCalls[sym]:
		m.Find("%s", deferFinding(sym))
		return &State{}
	}
	m.Find("call of %s, which the analysis does not follow (fail closed)", sym)
	return &State{}
}

// assumedCallee is the assumption that covers a call of sym from out: a
// func value's or an interface's that the code reached through it, or a
// function's that the root's declarations name.
func (an *Analysis) assumedCallee(sym string, out *State) (Assumption, bool) {
	if as, ok := an.assumed[sym]; ok {
		return as, true
	}
	if key, ok := out.vars[strings.TrimSuffix(sym, ".abi0")]; ok {
		return an.assumed[key], true
	}
	return Assumption{}, false
}

// isRuntimeReturn reports whether sym is one of runtimeReturns.
func isRuntimeReturn(sym string) bool { _, ok := runtimeReturns[sym]; return ok }

// runtimeReturned is the state after a call of sym, one of the
// runtimeReturns that never sees secrets: it must be passed none among
// the arguments it takes, and it writes its results, from what it was
// passed, to the frame's bytes that hold none yet: public.
func (an *Analysis) runtimeReturned(m *Mach, sym string, out *State, push int64) *State {
	for k, a := range an.callArgs(m, sym, out, runtimeReturns[sym], push) {
		if a.level == Secret {
			m.Find("secret argument %d at a call of %s, which the analysis does not follow", k, sym)
		}
	}
	return an.returned(out, push, Public)
}

// runtimeNamedFollowed reports whether sym is one of runtimeReturns that
// the runtime defines under a followed package's name: summarised, its
// body neither analysed nor reported.
func (an *Analysis) runtimeNamedFollowed(sym string) bool {
	return isRuntimeReturn(sym) && runtimeReturns[sym] >= 0 && an.runtimeCode(sym)
}

// runtimeCode reports whether sym is the runtime's code: not in the
// program, or placed by the binary's line table in GOROOT's runtime (a
// function the runtime defines under another package's name, linked by
// name).
func (an *Analysis) runtimeCode(sym string) bool {
	f := an.prog.Funcs[sym]
	if f == nil {
		return true
	}
	for _, in := range f.Insts {
		file, _ := splitPos(in.Pos)
		return strings.Contains(filepath.ToSlash(file), "/src/runtime/")
	}
	return false
}

// calleeEntry is the state at the entry of function sym that the state
// out calls (or jumps to): every register as it is, the caller's frame
// from its stack pointer on (and the KeptBelowSP bytes below it), with the
// return addresses one call further up (but LR, the callee's own); the
// caller's CPU features and modes, and the callee's own.
func (an *Analysis) calleeEntry(out *State, call bool, sym string) *State {
	push, keep, calls := int64(0), an.a.KeptBelowSP, 0
	if call {
		push, calls = an.a.RetAddr, 1
	}
	e := out.Clone()
	e.links = shiftLinks(out.links, calls, unshifted)
	e.linkSlots = map[int64]int{}
	if call && an.a.LR != "" {
		e.links[an.a.LR] = 0
	}
	for o, d := range shiftLinks(out.linkSlots, calls, by(-out.sp+push)) {
		if o >= push-keep && out.spKnown {
			e.linkSlots[o] = d
		}
	}
	// The callers' frames, seen from the callee: a call's caller is one
	// more; a tail jump's callee takes the jumping function's place.
	e.tops = nil
	if out.spKnown && out.tops != nil {
		e.tops = []int64{}
		if call {
			e.tops = append(e.tops, push-out.sp)
		}
		for _, t := range out.tops {
			e.tops = append(e.tops, t+push-out.sp)
		}
	}
	if f := an.prog.Funcs[sym]; f != nil && f.IsAsm() {
		e.stackTaken = true // assembly may move SP anywhere, by any instruction
	}
	e.sp, e.spKnown = 0, true
	e.stack, e.stackShared = map[int64]Level{}, false
	e.slotPtrs = nil
	e.bounds, e.lens = nil, nil // the callee checks its own indexes; one entry for any bound
	an.enter(e, sym)
	if !out.spKnown {
		e.ptrs = movePtrs(an.regions, e.ptrs, 0)
		for r, p := range e.ptrs {
			if p.region == stackRegion {
				delete(e.ptrs, r) // no stack offset to carry
			}
		}
		return e
	}
	e.ptrs = movePtrs(an.regions, e.ptrs, -out.sp+push)
	for o, p := range movePtrs(an.regions, out.slotPtrs, -out.sp+push) {
		if o >= out.sp-keep {
			if e.slotPtrs == nil {
				e.slotPtrs = map[int64]ptr{}
			}
			e.slotPtrs[o-out.sp+push] = p
		}
	}
	for o, l := range out.frame(keep, Secret) {
		if o >= out.sp-keep {
			putSlot(e.stack, o-out.sp+push, l)
		}
	}
	for i := int64(0); i < push; i++ {
		e.stack[i] = Static // the return address
	}
	return e
}

// externalCall is a call of a function of the module that is not in the
// program (another file, when one file is checked on its own), from out
// (push: the bytes the call pushed): it must be passed nothing secret,
// and it returns anything, written anywhere in the frames but the return
// addresses.
func (an *Analysis) externalCall(m *Mach, sym string, out *State, push int64) *State {
	for _, r := range slices.Sorted(maps.Keys(out.Regs)) {
		if out.Regs[r] == Secret && !isPseudo(r) {
			m.Find("secret %s passed to %s, which this check does not see (fail closed)", r, sym)
		}
	}
	for o, l := range out.stack {
		if l == Secret && out.spKnown && o >= out.sp {
			m.Find("secret stack slot passed to %s, which this check does not see (fail closed)", sym)
			break
		}
	}
	// A pointer it is passed, in a register or the frame, to memory that
	// may hold a secret: it may read it.
	passed := slices.Collect(maps.Values(out.ptrs))
	for o, p := range out.slotPtrs {
		if o >= out.sp {
			passed = append(passed, p)
		}
	}
	if slices.ContainsFunc(passed, func(p ptr) bool { return p.region >= 0 && an.objectLoad(m, p.region) == Secret }) {
		m.Find("pointer to secret memory passed to %s, which this check does not see (fail closed)", sym)
	}
	back := out.Clone()
	for _, loc := range an.a.Regs {
		back.Regs[loc] = Secret
	}
	for _, mode := range an.a.Modes {
		back.Regs[modeOff(mode)] = Secret // it may turn any off
	}
	back.guards = nil
	back.bounds, back.lens = nil, nil
	back.sp = 0
	// back is in the callee's offsets: the caller's o is o - out.sp + push.
	by := push - out.sp
	back.stack, back.stackShared = shift(out.frame(0, Secret), by), false
	end := out.stackEnd()
	for o := range back.stack {
		end = max(end, o-by+1)
	}
	for c := out.sp; c < end && out.spKnown; c++ {
		if !an.returnByte(out, c) {
			back.stack[c+by] = Secret
		}
	}
	back.links, back.linkSlots = nil, nil // it may have written any
	back.ptrs, back.slotPtrs, back.rptrs = nil, nil, nil
	return back
}

// exit analyses f from entry, memoized, and returns its exit. A call of
// a function under analysis is recursion, from whatever entry: the
// entries of a recursion need not repeat (a register that keeps its
// caller's return address holds it one call further up at each level).
func (an *Analysis) exit(f *Func, entry *State) *State {
	entry = an.widen(f, entry)
	key := contextKey(f, entry)
	if e, ok := an.memo[key]; ok {
		return e
	}
	if an.running[f.Name] {
		an.findings[f.Name+"\x00recursion"] = Finding{File: f.Source, Func: f.Name, Text: f.Name,
			Reason: "recursive call (not modelled)", Kind: NotModelled}
		an.recursions++
		return &State{}
	}
	an.running[f.Name] = true
	recursions := an.recursions
	in, exit := an.fixpoint(f, entry)
	an.running[f.Name] = false
	an.memo[key] = exit
	if an.recursions == recursions {
		an.states[key] = in
	}
	return exit
}

// maxContexts is how many entries a function is analysed from before
// its entries are joined: code that calls a function in a loop of many
// steps, each with other levels in its frame or its regions (RSA's
// bigmod), would otherwise be analysed once for each.
const maxContexts = 24

// widen returns the entry f is analysed from for entry: itself, or past
// maxContexts entries, the join of it and those after them (a state at
// least as secret as each, with only the pointers all agree on: fail
// closed).
func (an *Analysis) widen(f *Func, entry *State) *State {
	key := contextKey(f, entry)
	if w, ok := an.wide[key]; ok {
		return w
	}
	if _, ok := an.memo[key]; ok || an.contexts[f.Name] < maxContexts {
		if !ok {
			an.contexts[f.Name]++
		}
		return entry
	}
	w := entry.Clone()
	if prev := an.widened[f.Name]; prev != nil {
		w = prev.Clone()
		w.join(entry)
	}
	an.widened[f.Name] = w
	an.wide[key] = w
	return w
}

// unreached checks an instruction that no path from a root reaches: a
// call of the runtime's defer machinery there (the landing pad that a
// recovered panic resumes at) is a path the analysis does not see.
func (an *Analysis) unreached(f *Func, in *Inst) {
	for _, a := range in.Args {
		if a.Kind == ArgSym && deferCalls[a.Sym] {
			an.record(f, in, deferFinding(a.Sym))
		}
	}
}

func deferFinding(sym string) string {
	return "call of " + sym + ": a deferred call that the panic path runs is not followed (fail closed)"
}

// record keeps one finding of instruction in of f.
func (an *Analysis) record(f *Func, in *Inst, reason string) {
	file, line := splitPos(in.Pos)
	an.findings[f.Name+"\x00"+strconv.FormatUint(in.Addr, 16)+"\x00"+reason] = Finding{File: file, Line: line,
		Func: f.Name, Inlined: in.Inlined, Text: in.Text, Reason: reason, Kind: KindOf(reason)}
}

// report records the findings of f run from entry, and of the callees it
// reaches under the final states.
func (an *Analysis) report(f *Func, entry *State) {
	if w, ok := an.wide[contextKey(f, entry)]; ok {
		entry = w // as exit analysed it
	}
	key := contextKey(f, entry)
	if an.reported[key] || an.reporting[f.Name] {
		return // reported, or a recursion, which exit reports
	}
	an.reported[key] = true
	an.reporting[f.Name] = true
	defer func() { an.reporting[f.Name] = false }()
	if an.seen[f.Name] == nil {
		an.seen[f.Name] = map[uint64]bool{}
		an.order = append(an.order, f.Name)
	}
	in, ok := an.states[key]
	if ok {
		delete(an.states, key)
	} else {
		in, _ = an.fixpoint(f, entry)
	}
	steps := make([]*Mach, len(f.Insts))
	// The state before each instruction: a leader's from the fixpoint,
	// the rest the instruction before run through (as blockStates).
	claims := make([]featureSet, len(f.Insts)) // for the modes' check below
	var st *State
	for i := range f.Insts {
		if in[i] != nil {
			st = in[i]
		}
		if st == nil || !st.reached {
			st = nil
			an.unreached(f, &f.Insts[i])
			continue
		}
		claims[i] = st.claims
		ins := &f.Insts[i]
		an.seen[f.Name][ins.Addr] = true
		m, out, after := an.stepFrom(f, i, st, &State{})
		steps[i] = m
		succ, bad := successors(f, i, m)
		st = nil
		if k := len(succ) - 1; k >= 0 && succ[k] == i+1 && m.Fall {
			st = an.edge(m, out, after, i, i+1, true)
		}
		for _, r := range append(m.findings, bad...) {
			an.record(f, ins, r)
		}
		sym := m.callSym
		if sym == "" {
			sym = m.tailSym
		}
		if _, assumed := an.assumedCallee(sym, out); sym != "" && an.follows(sym) && !assumed && !an.runtimeNamedFollowed(sym) {
			if g := an.prog.Funcs[sym]; g != nil {
				an.report(g, an.calleeEntry(out, m.callSym != "", sym))
			}
		}
	}
	for i, m := range steps {
		for _, mode := range m.clearedModes() {
			if b, _ := an.a.featureBit(mode); claims[i]&b != 0 && secretAfter(f, steps, i, mode) {
				an.record(f, &f.Insts[i], fmt.Sprintf("%s turned off before an instruction on secret data (the function claims it)",
					strings.ToUpper(mode)))
			}
		}
	}
}

// secretAfter reports whether an instruction of f that reads a secret
// may run after instruction i before one that turns mode back on.
func secretAfter(f *Func, steps []*Mach, i int, mode string) bool {
	seen := map[int]bool{}
	next, _ := successors(f, i, steps[i])
	for len(next) > 0 {
		j := next[0]
		next = next[1:]
		if seen[j] || steps[j] == nil {
			continue
		}
		seen[j] = true
		if steps[j].readSecret {
			return true
		}
		if slices.Contains(steps[j].modeTurnedOn, mode) {
			continue
		}
		more, _ := successors(f, j, steps[j])
		next = append(next, more...)
	}
	return false
}
