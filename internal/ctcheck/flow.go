package ctcheck

import (
	"fmt"
	"strings"
)

// This file is the taint analysis of compiled code: the state, the join,
// the fixpoint over one function, and the semantics that every
// instruction set shares (loads, stores, calls, branches). The files
// named after a GOARCH (x86obj.go, arm64obj.go, ...) map that
// architecture's objdump syntax onto it.

// A level is what a value may depend on. Levels only rise.
type level uint8

const (
	// static: fixed by the program and the runtime, not by the inputs:
	// constants, the addresses of globals and of the goroutine, and what
	// is loaded through them.
	static level = iota
	// public: derived from the inputs' headers only: their lengths,
	// capacities and pointers. The default of every register and stack
	// slot at a function's entry, where the arguments are headers.
	public
	// secret: derived from the bytes of x and y, which are all that these
	// functions read through a pointer that is not static.
	secret
)

func maxLevel(ls ...level) level {
	m := static
	for _, l := range ls {
		m = max(m, l)
	}
	return m
}

// A frame is the state before one instruction: the level of every
// register (flags included, under the architecture's names for them) and
// of every byte of the stack, by offset from the stack pointer at the
// function's entry. Absent means public.
type frame struct {
	reached bool
	regs    map[string]level
	stack   map[int64]level
	sp      int64 // the stack pointer, as an offset from its value at entry
	spKnown bool
}

func (f *frame) clone() *frame {
	c := &frame{reached: f.reached, regs: make(map[string]level, len(f.regs)), stack: make(map[int64]level, len(f.stack)), sp: f.sp, spKnown: f.spKnown}
	for k, v := range f.regs {
		c.regs[k] = v
	}
	for k, v := range f.stack {
		c.stack[k] = v
	}
	return c
}

func get[K comparable](m map[K]level, k K) level {
	if l, ok := m[k]; ok {
		return l
	}
	return public
}

func put[K comparable](m map[K]level, k K, l level) {
	if l == public {
		delete(m, k)
	} else {
		m[k] = l
	}
}

// joinMap raises s's levels to o's and reports whether any rose.
func joinMap[K comparable](s, o map[K]level) bool {
	changed := false
	for k, l := range s {
		if j := max(l, get(o, k)); j != l {
			put(s, k, j)
			changed = true
		}
	}
	for k, l := range o {
		if j := max(l, get(s, k)); j != get(s, k) {
			put(s, k, j)
			changed = true
		}
	}
	return changed
}

// join merges o into f and reports whether f changed.
func (f *frame) join(o *frame) bool {
	if !o.reached {
		return false
	}
	if !f.reached {
		*f = *o.clone()
		return true
	}
	changed := joinMap(f.regs, o.regs)
	changed = joinMap(f.stack, o.stack) || changed
	if f.spKnown && (!o.spKnown || o.sp != f.sp) {
		f.spKnown = false
		changed = true
	}
	return changed
}

// A binArch is one instruction set as go tool objdump prints it, and the
// Go calling convention on it.
type binArch struct {
	ptrSize int
	// fixedFrame is the distance from the stack pointer to the outgoing
	// arguments at a call, and from the stack pointer at entry to the
	// incoming ones where the return address is not on the stack.
	fixedFrame int64
	// retAddr is the size of the return address that a call pushes (x86).
	retAddr int64
	sp      string // the stack pointer
	g       string // the register that holds the goroutine in Go code
	// gInABI0: g holds the goroutine in assembly functions too.
	gInABI0 bool
	// argRegs are the integer argument registers of the register ABI, in
	// order; nil where arguments go on the stack (386, arm).
	argRegs []string
	// regABISince is the first Go release with the register ABI here, if
	// older supported ones pass the arguments on the stack (s390x): a
	// build by an older release is analysed with argRegs nil, and one by
	// a release not known with the arguments checked in both places.
	regABISince string
	// stackArgsToo: the arguments are checked on the stack too.
	stackArgsToo bool
	// regs are the registers a call may clobber, and flags its condition
	// codes; preserved ones are not among them.
	regs  []string
	flags []string
	// asmFromSource: this disassembler cannot decode every instruction of
	// the assembly kernels (amd64: VEX and EVEX), so functions assembled
	// from a .s file are checked at their source by CheckFile, which is
	// what the assembler encodes one for one.
	asmFromSource bool
	// step applies one instruction to m. It must call m.unmodelled for
	// anything it does not know.
	step func(m *mach)
}

// maxArgs is the number of argument words of every function on the path
// but the driver's roots: two slices. At a call the analysis requires
// them public, and it analyses every function with public arguments.
const maxArgs = 6

// mach runs one instruction: the state it changes and what it reports.
type mach struct {
	a  *binArch
	in *BinInstr
	st *frame

	findings []string
	fall     bool     // the next instruction may run after this one
	jumps    []uint64 // branch targets in this function
	edges    []string // functions this instruction calls or jumps to
}

func (m *mach) find(format string, args ...any) {
	m.findings = append(m.findings, fmt.Sprintf(format, args...))
}

// unmodelled is the verdict on any instruction an architecture does not
// know: the analysis fails closed.
func (m *mach) unmodelled() { m.find("instruction not modelled (fail closed)") }

// reg returns a register's level.
func (m *mach) reg(r string) level { return get(m.st.regs, r) }

// set writes a whole register. A write to the stack pointer that the
// architecture did not recognise as a frame adjustment loses track of it.
func (m *mach) set(r string, l level) {
	if r == m.a.sp {
		m.st.spKnown = false
		return
	}
	put(m.st.regs, r, l)
}

// merge writes part of a register: the rest keeps its level.
func (m *mach) merge(r string, l level) { m.set(r, max(l, m.reg(r))) }

// moveSP adds delta to the stack pointer.
func (m *mach) moveSP(delta int64) { m.st.sp += delta }

// A memRef is a memory operand.
type memRef struct {
	base, index string // registers; "" for none
	disp        int64
	// global: addressed from SB, the program counter or the thread's
	// local storage, or absolutely: static memory.
	global bool
}

// address checks the registers an address is built from and returns the
// address's level.
func (m *mach) address(x memRef) level {
	l := static
	for _, r := range []string{x.base, x.index} {
		if r == "" {
			continue
		}
		rl := public // the stack pointer
		if r != m.a.sp {
			rl = m.reg(r)
		}
		if rl == secret {
			m.find("memory address depends on secret %s", r)
		}
		l = max(l, rl)
	}
	return l
}

// stackSlot reports whether x is a slot of the stack frame, and its
// offset from the stack pointer at entry.
func (m *mach) stackSlot(x memRef) (int64, bool) {
	if x.base != m.a.sp || x.index != "" || x.global {
		return 0, false
	}
	if !m.st.spKnown {
		m.find("stack access where the stack pointer is unknown")
		return 0, false
	}
	return m.st.sp + x.disp, true
}

// load reads width bytes at x. Through the stack pointer it reads the
// frame's levels; through static addresses, static data; through anything
// else, x and y: secret.
func (m *mach) load(x memRef, width int) level {
	al := m.address(x)
	if x.base == m.a.sp && x.index == "" && !x.global {
		off, ok := m.stackSlot(x)
		if !ok {
			return secret
		}
		l := static
		for i := int64(0); i < int64(width); i++ {
			l = max(l, get(m.st.stack, off+i))
		}
		return l
	}
	if x.base == m.a.sp {
		return secret // a computed stack address: any slot
	}
	if al == static || x.global {
		return static // static memory, at a public offset (a secret one is a finding above)
	}
	return secret
}

// store writes width bytes at x. Only the stack frame is modelled: these
// functions never write anywhere else.
func (m *mach) store(x memRef, width int, l level) {
	m.address(x)
	off, ok := m.stackSlot(x)
	switch {
	case ok:
	case x.base == m.a.sp && x.index != "":
		m.find("store to a computed stack address (not modelled)")
		return
	case x.base != m.a.sp || x.global:
		m.find("store outside the stack frame (not modelled)")
		return
	default:
		return // stackSlot reported the unknown stack pointer
	}
	for i := int64(0); i < int64(width); i++ {
		put(m.st.stack, off+i, l)
	}
}

// jump is an unconditional branch to target in this function.
func (m *mach) jump(target uint64) {
	m.jumps = append(m.jumps, target)
	m.fall = false
}

// branch is a conditional branch to target on a condition of level on.
func (m *mach) branch(on level, what string, target uint64) {
	if on == secret {
		m.find("conditional branch on secret %s", what)
	}
	m.jumps = append(m.jumps, target)
}

func (m *mach) ret() { m.fall = false }

// inModule reports whether sym is the driver's or the module's: code the
// analysis follows.
func inModule(sym string) bool {
	return strings.HasPrefix(sym, "main.") || strings.HasPrefix(sym, modulePath()+".") || strings.HasPrefix(sym, modulePath()+"/")
}

// Runtime functions that return to their caller and never see secrets:
// the stack growth in every prologue, and the overflow check of
// unsafe.Slice.
var runtimeReturns = set("runtime.morestack_noctxt", "runtime.morestack_noctxt.abi0", "runtime.morestack",
	"runtime.morestack.abi0", "internal/runtime/math.MulUintptr")

// call is a call of sym that returns here (unless sym panics).
func (m *mach) call(sym string) {
	switch {
	case inModule(sym):
		m.edges = append(m.edges, sym)
		m.checkArgs(sym, m.st.sp+m.a.fixedFrame)
		m.clobber(secret) // the answer of a kernel is secret
	case runtimeReturns[sym]:
		if !strings.HasPrefix(sym, "runtime.morestack") { // it takes no arguments
			m.checkArgs(sym, m.st.sp+m.a.fixedFrame)
		}
		m.clobber(public)
	case strings.HasPrefix(sym, "runtime.panic"):
		m.fall = false // bounds and nil checks: they do not return
	default:
		m.find("call of %s, which the analysis does not follow (fail closed)", sym)
	}
}

// tail is a jump to the start of function sym.
func (m *mach) tail(sym string) {
	m.fall = false
	if !inModule(sym) {
		m.find("jump to %s, which the analysis does not follow (fail closed)", sym)
		return
	}
	m.edges = append(m.edges, sym)
	if !m.st.spKnown || m.st.sp != 0 {
		m.find("jump to %s with a frame still on the stack", sym)
		return
	}
	m.checkArgs(sym, m.a.retAddr+m.a.fixedFrame)
}

// indirect is a call or jump through a register: a target the analysis
// cannot follow.
func (m *mach) indirect() {
	m.find("indirect call or jump (fail closed)")
	m.fall = false
}

// checkArgs requires the arguments of a call of sym to be public: every
// function is analysed with public arguments. Register-ABI callees take
// them in registers, ABI0 ones on the stack from offset args.
func (m *mach) checkArgs(sym string, args int64) {
	if m.a.argRegs != nil && !strings.HasSuffix(sym, ".abi0") {
		for _, r := range m.a.argRegs[:min(maxArgs, len(m.a.argRegs))] {
			if m.reg(r) == secret {
				m.find("secret argument in %s to %s, which is analysed with public arguments", r, sym)
			}
		}
		if !m.a.stackArgsToo {
			return
		}
	}
	if !m.st.spKnown {
		m.find("call of %s where the stack pointer is unknown", sym)
		return
	}
	for i := int64(0); i < maxArgs*int64(m.a.ptrSize); i++ {
		if get(m.st.stack, args+i) == secret {
			m.find("secret argument at offset %d to %s, which is analysed with public arguments", i, sym)
			return
		}
	}
}

// clobber sets what a call may change to l: every register but the
// preserved ones, the condition codes, and the outgoing arguments and
// results on the stack.
func (m *mach) clobber(l level) {
	for _, r := range m.a.regs {
		m.set(r, l)
	}
	for _, r := range m.a.flags {
		m.set(r, l)
	}
	if m.st.spKnown {
		base := m.st.sp + m.a.fixedFrame
		for i := int64(0); i < (maxArgs+1)*int64(m.a.ptrSize); i++ {
			put(m.st.stack, base+i, l)
		}
	}
}

// step runs the architecture's model on instruction i of f.
func step(a *binArch, f *BinFunc, i int, st *frame) *mach {
	m := &mach{a: a, in: &f.Instrs[i], st: st, fall: true}
	a.step(m)
	return m
}

// isABI0 reports whether f takes its arguments on the stack: assembly, and
// the ABI0 wrappers of Go functions.
func isABI0(f *BinFunc) bool {
	return strings.HasSuffix(f.Name, ".abi0") || strings.HasSuffix(f.Source, ".s")
}

// successors returns the instructions that may run after instruction i
// of f, as m, its step, says, and what is wrong with its branches.
func successors(f *BinFunc, i int, m *mach) (next []int, bad []string) {
	for _, t := range m.jumps {
		j, ok := f.at[t]
		if !ok {
			bad = append(bad, fmt.Sprintf("branch to %#x, which is not an instruction of %s", t, f.Name))
			continue
		}
		next = append(next, j)
	}
	if m.fall {
		if i+1 >= len(f.Instrs) {
			bad = append(bad, "runs off the end of the function")
		} else {
			next = append(next, i+1)
		}
	}
	return next, bad
}

// fixpointFunc returns the state before each instruction of f, the
// analysis run to a fixpoint from its entry.
func fixpointFunc(a *binArch, f *BinFunc) []*frame {
	n := len(f.Instrs)
	in := make([]*frame, n)
	for i := range in {
		in[i] = &frame{regs: map[string]level{}, stack: map[int64]level{}}
	}
	in[0].reached, in[0].spKnown = true, true
	if a.g != "" && (a.gInABI0 || !isABI0(f)) {
		in[0].regs[a.g] = static
	}
	work := []int{0}
	queued := map[int]bool{0: true}
	for len(work) > 0 {
		i := work[0]
		work = work[1:]
		queued[i] = false
		out := in[i].clone()
		m := step(a, f, i, out)
		next, _ := successors(f, i, m)
		for _, j := range next {
			if in[j].join(out) && !queued[j] {
				work = append(work, j)
				queued[j] = true
			}
		}
	}
	return in
}

// analyseFunc runs the analysis of f to a fixpoint from its entry and
// returns the findings of its reachable instructions, the functions they
// call or jump to, and how many instructions are reachable.
func analyseFunc(a *binArch, f *BinFunc) (findings []Finding, edges []string, reached int) {
	in := fixpointFunc(a, f)
	seen := map[string]bool{}
	for i := range f.Instrs {
		if !in[i].reached {
			continue
		}
		reached++
		m := step(a, f, i, in[i].clone())
		_, bad := successors(f, i, m)
		ins := &f.Instrs[i]
		file, line := splitPos(ins.Pos)
		for _, r := range append(m.findings, bad...) {
			findings = append(findings, Finding{File: file, Line: line, Func: f.Name, Text: ins.String(), Reason: r})
		}
		for _, e := range m.edges {
			if !seen[e] {
				seen[e] = true
				edges = append(edges, e)
			}
		}
	}
	return findings, edges, reached
}

func splitPos(pos string) (file string, line int) {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return pos, 0
	}
	fmt.Sscan(pos[i+1:], &line)
	return pos[:i], line
}
