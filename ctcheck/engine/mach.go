package engine

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Mach runs one instruction: the state it changes and what it reports.
type Mach struct {
	an     *Analysis
	Arch   *Arch
	policy Policy
	Func   *Func
	Inst   *Inst
	State  *State

	findings []string
	Fall     bool     // the next instruction may run after this one
	jumps    []uint64 // branch targets in this function
	ret      bool     // returns
	popped   *Link    // returns through an address loaded from the stack, not LR
	callSym  string   // the function this instruction calls ("" for none)
	tailSym  string   // the function it jumps to

	unknown       bool     // the model does not know it
	readSecret    bool     // it read a secret: a register, a slot, the inputs
	taken, fallen *lesson  // what its branch's edges teach of a flag or a mode
	modeCleared   []string // the modes it turns off
	modeTurnedOn  []string // and on
}

func (m *Mach) Find(format string, args ...any) {
	m.findings = append(m.findings, fmt.Sprintf(format, args...))
}

// FloatArith is floating-point arithmetic on an operand of level l: a
// subnormal operand or result can take longer (a microcode assist on
// Intel), and no architecture lists it among its constant-time
// instructions (arm64's DIT does not).
func (m *Mach) FloatArith(l Level) {
	if l == Secret {
		m.Find("variable-latency instruction on secret data (floating-point arithmetic: subnormal operands)")
	}
}

// Undocumented is an instruction, its data flow modelled, whose time no
// source the models cite says is independent of its data (what stands as
// a source: eval/README.md, "Sources of the timing facts"): on an operand
// of level l, a finding that names what is missing, as FloatArith's is.
// A verdict of constant time is not given on an assumption.
func (m *Mach) Undocumented(l Level, what string) {
	if l == Secret {
		m.Find("instruction on secret data whose timing no vendor source states as data independent (%s)", what)
	}
}

// Unmodelled is the verdict on any instruction a model does not know: the
// analysis fails closed.
func (m *Mach) Unmodelled() {
	m.Find("instruction not modelled (fail closed)")
	m.unknown = true
}

// Reg returns a register location's level.
func (m *Mach) Reg(loc string) Level {
	if loc == m.Arch.SP || loc == EntrySP {
		loc = m.Arch.SP
	}
	if loc == TLSBase {
		return Static
	}
	l := get(m.State.Regs, loc)
	if l == Secret {
		m.readSecret = true
	}
	return l
}

// Set writes a whole register location. A write to the stack pointer that
// the model did not make with moveSP loses track of its offset, and one
// of a secret is a finding: every later stack access would depend on it.
func (m *Mach) Set(loc string, l Level) {
	if loc == m.Arch.Zero && m.Arch.ZeroByConvention {
		m.Find("write to %s, which Go's code keeps zero and the model reads as zero (fail closed)", loc)
	}
	if loc == m.Arch.SP {
		m.State.spKnown = false
		if l == Secret {
			m.Find("stack pointer set from secret data")
		}
	}
	put(m.State.Regs, loc, l)
	delete(m.State.links, loc)
	delete(m.State.guards, loc)
	delete(m.State.ptrs, loc)
	delete(m.State.bounds, loc)
	delete(m.State.lens, loc)
	for k, g := range m.State.guards {
		if g.Reg == loc || g.Than == loc {
			delete(m.State.guards, k) // flags of a compare of what loc held
		}
	}
}

// Bound records, after the write of reg, that it holds an unsigned
// integer below b.n, a multiple of b.align (an AND with a constant, a
// zero-extended byte): the index of a region's bytes then reaches only
// those (regionOf).
func (m *Mach) Bound(reg string, b ibound) {
	if b.n <= 0 || b.align <= 0 || reg == m.Arch.SP {
		return
	}
	if m.State.bounds == nil {
		m.State.bounds = map[string]ibound{}
	}
	m.State.bounds[reg] = b
}

// A Min is what a conditional select of a compared register, or of a
// constant, will hold (MinOf): at most N; Signed, where it is not
// negative.
type Min struct {
	N          int64
	Signed, ok bool
}

// MinOf is, before a conditional select writes, what it will hold where
// it takes src when flags hold a compare of src with a constant c and say
// src is below it (orEqual: or equal; signed: as signed integers), and
// otherwise other, which holds a constant k: at most the larger of c-1
// (c) and k. The compiler's min(len(p), 64).
func (m *Mach) MinOf(flags, src, other string, orEqual, signed bool) Min {
	g, ok := m.GuardOf(flags)
	k, kok := m.State.ptrs[other]
	if !ok || g.Reg != src || g.Than != "" || g.Feature != "" || g.Mode || !kok || k.region != constRegion || !k.known || k.off < 0 {
		return Min{}
	}
	n := g.Imm - 1
	if orEqual {
		n = g.Imm
	}
	return Min{N: max(n, k.off), Signed: signed, ok: true}
}

// SetMin records, after the select wrote dst, what MinOf said it holds:
// an unsigned integer's bound, or a copy's length at most N (lens).
func (m *Mach) SetMin(dst string, mn Min) {
	switch {
	case !mn.ok || mn.N < 0 || dst == m.Arch.SP:
	case !mn.Signed:
		m.Bound(dst, ibound{n: mn.N + 1, align: 1})
	default:
		if m.State.lens == nil {
			m.State.lens = map[string]int64{}
		}
		m.State.lens[dst] = mn.N
	}
}

// ComparedRegs records, after the write of the flags locs, that they
// hold a compare of register reg with register than, both whole: a
// slice's bounds check (CMPQ R8, DX; JHI panic: R8 <= DX), whose branch
// gives reg the bound than has then (TeachBelow).
func (m *Mach) ComparedRegs(reg, than string, locs ...string) {
	if reg == m.Arch.SP || than == m.Arch.SP || reg == than {
		return
	}
	for _, loc := range locs {
		m.Guard(loc, Guard{Reg: reg, Than: than})
	}
}

// Compared records, after the write of the flags locs, that they hold a
// compare of register reg, whole, with the constant imm: a bounds check
// or a loop's, whose branch then teaches reg's bound (TeachBelow).
func (m *Mach) Compared(reg string, imm int64, locs ...string) {
	if imm < 0 || reg == m.Arch.SP {
		return
	}
	for _, loc := range locs {
		m.Guard(loc, Guard{Reg: reg, Imm: imm})
	}
}

// TeachBelow records what a branch on the flags of a compare (g, from
// Compared) teaches: reg is below n on the edge taken where taken, on
// the fall-through otherwise. Signed: the compare was signed, which
// bounds only a register known not to be negative (bounded already: a
// loop's counter from 0).
func (m *Mach) TeachBelow(g Guard, n int64, taken, signed bool) {
	if g.Than != "" {
		// Below or at a register that is below a bound: below it too.
		b, ok := boundOf(m.State, g.Than)
		if !ok {
			return
		}
		n = b.n
	}
	if g.Reg == "" || n <= 0 {
		return
	}
	l := &lesson{below: &bound{reg: g.Reg, ibound: ibound{n: n}, signed: signed}}
	if taken {
		m.taken = l
	} else {
		m.fallen = l
	}
}

// A Link is what return address a register or a stack slot holds
// unchanged (see state.links); ok false: none.
type Link struct {
	calls int
	ok    bool
}

// own reports whether l is the function's own return address.
func (l Link) own() bool { return l.ok && l.calls == 0 }

// LinkOf returns the return address a moves whole: a register, or a
// pointer-size stack slot at an aligned offset. A model calls it before
// the move and keepLink after, for moves of PtrSize bytes only.
func (m *Mach) LinkOf(a Arg) Link {
	switch a.Kind {
	case ArgReg:
		if a.Shift != "" || a.Off != 0 || a.Index != "" {
			return Link{}
		}
		d, ok := m.State.links[a.Reg]
		return Link{d, ok}
	case ArgMem:
		if off, ok := m.linkSlot(a); ok {
			d, ok := m.State.linkSlots[off]
			return Link{d, ok}
		}
	}
	return Link{}
}

// WholeLink is linkOf for a move that copies its operand whole (whole),
// and none for one that does not: narrower, extended, byte-reversed or
// conditional.
func (m *Mach) WholeLink(whole bool, x Arg) Link {
	if !whole {
		return Link{}
	}
	return m.LinkOf(x)
}

// KeepLink records that a now holds the return address l (after the
// write that cleared what it held); the zero register holds none.
func (m *Mach) KeepLink(a Arg, l Link) {
	if !l.ok || a.Kind == ArgReg && a.Reg == m.Arch.Zero {
		return
	}
	switch a.Kind {
	case ArgReg:
		if a.Shift == "" && a.Off == 0 && a.Index == "" {
			if m.State.links == nil {
				m.State.links = map[string]int{}
			}
			m.State.links[a.Reg] = l.calls
		}
	case ArgMem:
		if off, ok := m.linkSlot(a); ok {
			if m.State.linkSlots == nil {
				m.State.linkSlots = map[int64]int{}
			}
			m.State.linkSlots[off] = l.calls
		}
	}
}

// MoveBase is the writeback of a pre- or post-indexed base other than
// the stack pointer: moved by a constant, it keeps its level but is no
// return address any more.
func (m *Mach) MoveBase(reg string) {
	delete(m.State.links, reg)
	if p, ok := m.State.ptrs[reg]; ok {
		m.State.ptrs[reg] = ptr{region: p.region, off: p.off, sym: p.sym}
	}
	delete(m.State.bounds, reg)
	delete(m.State.lens, reg)
	for k, g := range m.State.guards {
		if g.Reg == reg || g.Than == reg {
			delete(m.State.guards, k) // flags of a compare of what reg held
		}
	}
}

// linkSlot is the offset of a pointer-size-aligned stack slot x: through
// the stack pointer, or through a copy of it at a known offset (arm64's
// prologue of a frame over 240 bytes saves the return address with STP
// (R29, R30), -8(R20), R20 the new stack pointer, before it moves RSP).
func (m *Mach) linkSlot(x Arg) (int64, bool) {
	if y, ok := m.viaFrame(x); ok {
		x = y
	}
	if !m.OnStack(x) || x.Index != "" || x.Reg == m.Arch.SP && !m.State.spKnown {
		return 0, false
	}
	off, ok := m.stackSlot(x)
	return off, ok && off%int64(m.Arch.PtrSize) == 0
}

// Merge writes part of a register location: the rest keeps its level.
func (m *Mach) Merge(loc string, l Level) { m.Set(loc, max(l, m.Reg(loc))) }

// MoveSP adds delta, a constant, to the stack pointer.
func (m *Mach) MoveSP(delta int64) {
	m.State.sp += delta
	if p, ok := m.State.ptrs[m.Arch.SP]; ok && !m.State.spKnown {
		p.off += delta // a realigned stack pointer
		m.State.ptrs[m.Arch.SP] = p
	}
}

// Address checks the registers a memory operand's address is built from
// and returns the address's level.
func (m *Mach) Address(x Arg) Level {
	l := Static
	if x.Global && x.Reg == "" && x.Index == "" {
		return Static
	}
	for _, r := range []string{x.Reg, x.Index} {
		if r == "" {
			continue
		}
		rl := m.Reg(r)
		if rl == Secret {
			name := r
			if r == EntrySP {
				name = m.Arch.SP
			}
			m.Find("memory address depends on secret %s", name)
		}
		l = max(l, rl)
	}
	return l
}

// foldIndex is x with an index register that holds a constant the code
// set (constRegion) added to its offset: ppc64's and s390x's indexed
// forms with a constant in a register, (R11)(R8), address a known byte.
// An index the zero register names (R0 on ppc64 and s390x) is the
// number zero.
func (m *Mach) foldIndex(x Arg) Arg {
	if x.Kind != ArgMem || x.Index == "" || x.Shift != "" || x.Global {
		return x
	}
	if x.Index == m.Arch.Zero {
		x.Index = ""
		return x
	}
	p, ok := m.State.ptrs[x.Index]
	if !ok || p.region != constRegion || !p.known {
		return x
	}
	x.Imm += p.off * int64(max(x.Scale, 1))
	x.Index, x.Scale = "", 0
	return x
}

// stackSlot reports whether x is a slot of the stack frame at a constant
// offset, and that offset from the stack pointer at entry.
func (m *Mach) stackSlot(x Arg) (int64, bool) {
	if x.Index != "" || x.Global {
		return 0, false
	}
	switch x.Reg {
	case EntrySP:
		return x.Imm, true
	case m.Arch.SP:
		if !m.State.spKnown {
			m.Find("stack access where the stack pointer is unknown (fail closed)")
			return 0, false
		}
		return m.State.sp + x.Imm, true
	}
	return 0, false
}

// viaG reports whether x addresses the goroutine's struct at a constant
// offset from the register that holds g, where the function has g there
// (every ABI but amd64's ABI0) and the register still holds it: Go code
// and assembly never write to it (the runtime relies on it), and a
// pointer the analysis follows would have been found as a region above.
func (m *Mach) viaG(x Arg) bool {
	return x.Kind == ArgMem && x.Reg != "" && x.Reg == m.Arch.G && x.Index == "" && !x.Global &&
		(m.Arch.GInABI0 || !m.Func.isABI0()) && m.State.Regs[m.Arch.G] == Static
}

func (m *Mach) OnStack(x Arg) bool { return x.Reg == m.Arch.SP || x.Reg == EntrySP }

// Load reads width bytes at x: through the stack pointer, the frame's
// levels; through a static address, static data (or what was stored
// outside the frame); through anything else, the inputs: secret.
func (m *Mach) Load(x Arg, width int) Level {
	l := m.loadLevel(x, width)
	if l == Secret {
		m.readSecret = true
	}
	return l
}

func (m *Mach) loadLevel(x Arg, width int) Level {
	al := m.Address(x)
	x = m.foldIndex(x)
	if x, ok := m.viaFrame(x); ok {
		return m.loadLevel(x, width)
	}
	if lo, hi, ok := m.frameSpan(x, width); ok {
		if !m.inLocals(lo, hi) {
			return Secret // a caller's frame or a saved register: any slot
		}
		l := Static
		for b := lo; b < hi; b++ {
			l = max(l, getSlot(m.State.stack, b))
		}
		return max(al, l)
	}
	if p, ok := m.regionOf(x); ok {
		if p.region == stackRegion {
			return Secret // a computed stack address: any slot
		}
		return max(al, m.regionLoad(p, width))
	}
	if m.OnStack(x) {
		off, ok := m.stackSlot(x)
		if !ok {
			return Secret // a computed stack address: any slot
		}
		l := Static
		for i := int64(0); i < int64(max(width, 1)); i++ {
			l = max(l, getSlot(m.State.stack, off+i))
		}
		return l
	}
	if p, ok := m.an.loadedPtr(m.State, x); ok && p.region == assumedRegion {
		// A package variable an assumption names: which function it
		// holds is no secret, whatever was stored outside the frame.
		return Static
	}
	if p, ok := m.State.ptrs[x.Reg]; ok && p.region == assumedRegion && x.Index == "" && !x.Global {
		// A func value's or an interface's words that an assumption
		// covers: the caller's code and type data, not its secrets.
		return Static
	}
	if x.Reg == TLSBase && x.Index == "" && x.Imm == 0 {
		// amd64's MOVQ (TLS), R14, which compiled Go runs after a call
		// of assembly to get g back: the thread's slot that only the
		// runtime writes, whatever was stored outside the frame.
		return Static
	}
	if m.viaG(x) {
		// The goroutine's own struct (its stack bounds, which every
		// prologue compares with): the runtime's memory, which no
		// store of the checked code, through a region or to a
		// global, reaches.
		return Static
	}
	if x.Global || al == Static {
		// A global, or memory through a static pointer: the program's
		// data (or what was stored outside the frame), read at an offset
		// whose level the value takes too: a table indexed by a secret
		// (a finding above) yields a secret.
		return max(al, m.State.mem)
	}
	return Secret
}

// Store writes width bytes at x. Only the stack frame is modelled: a
// store elsewhere is a finding unless the policy allows it (its level
// reaches every later load of static memory too).
func (m *Mach) Store(x Arg, width int, l Level) {
	if x.Kind == ArgMem && x.Global && x.Name == AddressZero && x.Index == "" && x.Imm == 0 {
		// A store to address 0, as the model that read the operand says
		// (ppc64's MOVD R0, 0(R0), s390x's MOVD $0, (R0)): it faults,
		// and Go's runtime panics, which assembly uses as a deliberate
		// crash on a path its own checks rule out. Nothing is written
		// and the path ends there.
		m.Fall = false
		return
	}
	al := m.Address(x)
	x = m.foldIndex(x)
	if x, ok := m.viaFrame(x); ok {
		m.Store(x, width, l)
		return
	}
	if lo, hi, ok := m.frameSpan(x, width); ok && al != Secret {
		m.storeFrameSpan(lo, hi, l)
		return
	}
	if p, ok := m.regionOf(x); ok {
		// A copy of the stack pointer at an unknown offset (an index into
		// a local array the code does not bound) is read as secret and
		// written as memory outside the frame is: what the checker did
		// before it knew where such a pointer points.
		if p.region != stackRegion && al != Secret && m.regionStore(p, width, l) {
			return
		}
	}
	if m.OnStack(x) {
		off, ok := m.stackSlot(x)
		if !ok {
			if x.Index != "" {
				m.Find("store to a computed stack address (fail closed)")
			}
			clear(m.State.linkSlots) // any slot
			return
		}
		if off < m.Arch.RetAddr && off+int64(max(width, 1)) > 0 {
			// The return address that the call pushed: a function that
			// rewrites it returns elsewhere than the analysis follows.
			m.Find("store over the return address (fail closed)")
		}
		stack := m.State.stackW()
		for i := int64(0); i < int64(max(width, 1)); i++ {
			putSlot(stack, off+i, l)
		}
		m.dropSlots(off, off+int64(max(width, 1)))
		m.aliasRegions(off, int64(max(width, 1)), l)
		return
	}
	if !m.policy.AllowStores || al == Secret {
		m.Find("store outside the stack frame (not modelled)")
	}
	m.State.mem = max(m.State.mem, l)
	if m.policy.AllowStores && m.State.stackTaken && m.State.spKnown && !x.Global && al == Public {
		// Allowed, it may be a stack address the analysis lost (loaded
		// from a local array): any frame's byte but the return
		// addresses. (A global's address, or one loaded from the
		// program's data, is none; one that depends on a secret is a
		// finding, as is the store where nothing allows it.)
		end := m.State.stackEnd()
		stack := m.State.stackW()
		for o := m.State.sp; o < end; o++ {
			if !m.an.returnByte(m.State, o) {
				putSlot(stack, o, max(getSlot(stack, o), l))
			}
		}
		m.dropSlots(m.State.sp, end)
	}
	// It may be any region's word, or (a pointer of no provenance) a
	// slot of the frame: what they held of an address is not known.
	m.State.rptrs = nil
	for o, p := range m.State.slotPtrs {
		if p.region <= staticRegion {
			delete(m.State.slotPtrs, o)
		}
	}
}

// Jump is an unconditional branch to target in this function.
func (m *Mach) Jump(target uint64) {
	m.jumps = append(m.jumps, target)
	m.Fall = false
}

// Branch is a conditional branch to target on a condition of level on.
func (m *Mach) Branch(on Level, what string, target uint64) {
	if on == Secret {
		m.Find("conditional branch on secret %s", what)
	}
	m.jumps = append(m.jumps, target)
}

// DoRet returns from the function.
func (m *Mach) DoRet() { m.Fall, m.ret = false, true }

// CondRet returns from the function or falls through (ppc64's BEQLR):
// the model has checked the condition.
func (m *Mach) CondRet() { m.ret = true }

// PopRet returns through the address at the stack slot x (arm's
// MOVW.P n(R13), R15), which must be where the function saved its own.
func (m *Mach) PopRet(x Arg) {
	l := m.LinkOf(x)
	m.popped = &l
	m.DoRet()
}

// Call is a call of sym that returns here (unless sym does not return).
func (m *Mach) Call(sym string) { m.callSym = sym }

// Tail is a jump to the start of function sym: a jump within the
// function where sym is the function itself (after the stack growth).
func (m *Mach) Tail(sym string) {
	m.Fall = false
	if sym == m.Func.Name && len(m.Func.Insts) > 0 {
		m.Jump(m.Func.Insts[0].Addr)
		return
	}
	m.tailSym = sym
}

// Jmp is an unconditional jump to a: a label of this function, another
// function (a tail call), or a register or memory, which the analysis
// cannot follow.
func (m *Mach) Jmp(a Arg) {
	switch a.Kind {
	case ArgTarget:
		m.Jump(a.Target)
	case ArgSym:
		m.Tail(a.Sym)
	default:
		m.Indirect()
	}
}

// CallTo is a call of a, which leaves the return address in the link
// register lr ("": the model sets it): a function, or a register
// (indirect; the load-store architectures print CALL (R2)), followed
// where it holds a function's entry that the code fixed (static.go).
func (m *Mach) CallTo(a Arg, lr string) {
	target, ok := m.codeIn(a, false)
	if lr != "" {
		m.Set(lr, Static) // the return address
	}
	switch {
	case a.Kind == ArgSym:
		m.Call(a.Sym)
	case ok:
		m.Call(target)
	default:
		m.Indirect()
	}
}

// CallThrough is a call through a register or memory operand a (x86's
// CALL CX, CALL 24(AX)): of the function whose entry it holds where the
// code fixed it (static.go), else a target the analysis cannot follow.
func (m *Mach) CallThrough(a Arg) {
	if target, ok := m.codeIn(a, true); ok {
		m.Call(target)
		return
	}
	m.Indirect()
}

// codeIn is the function whose entry a call operand a holds, where it
// holds one the code fixed: a register, or (load-store architectures'
// CALL (R2)) a register written as memory; with memory, the word at a.
func (m *Mach) codeIn(a Arg, memory bool) (string, bool) {
	var p ptr
	var ok bool
	switch {
	case a.Kind == ArgReg:
		p, ok = m.State.ptrs[a.Reg]
	case a.Kind == ArgMem && !memory && a.Reg != "" && a.Imm == 0 && a.Index == "" && !a.Global:
		p, ok = m.State.ptrs[a.Reg]
	case a.Kind == ArgMem && memory:
		p, ok = m.an.loadedPtr(m.State, a)
	}
	if !ok || p.region != codeRegion || !p.known || p.off != 0 {
		return "", false
	}
	return p.sym, true
}

// Indirect is a call or jump through a register or memory: a target the
// analysis cannot follow.
func (m *Mach) Indirect() {
	m.Find("indirect call or jump (fail closed)")
	m.Fall = false
}

// regionOf returns the provenance of the base of memory operand x, where
// it has one: a register other than the stack pointer (and the stack
// pointer itself where its offset is lost but a realignment gave it a
// region). An indexed operand's offset is not known; where its base has
// no provenance and its index, unscaled, has (s390x's (R4)(R5*1), whose
// registers the compiler orders as it likes), the index's.
func (m *Mach) regionOf(x Arg) (ptr, bool) {
	if x.Kind != ArgMem || x.Global || x.Reg == "" || x.Reg == EntrySP || x.Reg == m.Arch.SP && m.State.spKnown {
		return ptr{}, false
	}
	if x.Index != "" && x.Index == m.Arch.Zero {
		x.Index = "" // ppc64's and s390x's (R20)(R0): R0 as an index is zero
	}
	p, ok := m.State.ptrs[x.Reg]
	index := x.Index
	if (!ok || !p.addressesRegion()) && x.Index != "" && x.Scale <= 1 && x.Shift == "" {
		p, ok = m.State.ptrs[x.Index]
		index = x.Reg
	}
	if !ok || !p.addressesRegion() {
		return ptr{}, false
	}
	if index != "" {
		p = m.indexed(p, index, int64(max(x.Scale, 1)), x.Shift == "")
	}
	p.off += x.Imm
	return p, true
}

// indexed is p plus the value of register index times scale: at offsets
// in a range where p's is known and index has a bound (and no shift
// applies to it), anywhere in p's region otherwise.
func (m *Mach) indexed(p ptr, index string, scale int64, plain bool) ptr {
	b, ok := boundOf(m.State, index)
	return spanned(p, b, ok && plain, scale, m.an.regions)
}

// spanned is p moved by an index of bound b (where bounded) times scale:
// at offsets in a range where p's is known, anywhere in p's region
// otherwise.
func spanned(p ptr, b ibound, bounded bool, scale int64, regions []*Region) ptr {
	if !p.known || !bounded || p.region < stackRegion || p.region >= 0 && regions[p.region].aligned || b.n > maxSpan/scale {
		return ptr{region: p.region, off: p.off}
	}
	return ptr{region: p.region, off: p.off, span: b.last()*scale + 1}
}

// frameSpan is the range of the frame's bytes, by offset from the entry's
// stack pointer, that an access of width bytes at x may touch, where x
// indexes a local array with an index the code bounds.
func (m *Mach) frameSpan(x Arg, width int) (lo, hi int64, ok bool) {
	if x.Kind != ArgMem || x.Global || x.Index == "" || x.Index == m.Arch.Zero || x.Shift != "" {
		return 0, 0, false
	}
	var p ptr
	if m.OnStack(x) {
		if x.Reg == m.Arch.SP && !m.State.spKnown {
			return 0, 0, false
		}
		base := x
		base.Index, base.Scale = "", 0
		off, _ := m.stackSlot(base)
		p = m.indexed(ptr{region: stackRegion, off: off, known: true}, x.Index, int64(max(x.Scale, 1)), true)
	} else if q, ok := m.regionOf(x); ok && q.region == stackRegion {
		p = q
	}
	if p.region != stackRegion || p.known || p.span == 0 {
		return 0, 0, false
	}
	return p.reach(width)
}

// storeFrameSpan raises the frame's bytes from lo to hi to l, any of
// which a store at a bounded index may have written.
func (m *Mach) storeFrameSpan(lo, hi int64, l Level) {
	switch z0, z1 := m.frameLinks(); {
	case lo < z1 && hi > z0:
		m.Find("store over the return address (fail closed)")
	case !m.inLocals(lo, hi):
		// Above the links, the caller's frame (its saved frame
		// pointer, its locals); below the stack pointer, a saved
		// register (arm64's R29).
		m.Find("store to a computed stack address (fail closed)")
	}
	stack := m.State.stackW()
	for b := lo; b < hi; b++ {
		putSlot(stack, b, max(getSlot(stack, b), l))
	}
	m.dropSlots(lo, hi)
	m.aliasRegions(lo, hi-lo, l)
}

// frameLinks are the frame's bytes, by offset from the entry's stack
// pointer, that hold what a return goes through: the return address
// a call pushed (RetAddr bytes), the frame pointer saved below it
// (amd64's PUSHQ BP), and on the architectures with a link register the
// caller's saved link register at the entry's stack pointer. A store at
// a bounded index that may reach them fails closed: a constant offset
// there is the code's own business (the prologue's), an index is not.
func (m *Mach) frameLinks() (lo, hi int64) {
	if m.Arch.RetAddr == 0 {
		return 0, int64(m.Arch.PtrSize)
	}
	lo = 0
	if m.Arch.GOARCH == "amd64" {
		lo = -int64(m.Arch.PtrSize)
	}
	return lo, m.Arch.RetAddr
}

// inLocals reports whether the frame's bytes from lo to hi lie between
// the stack pointer and the links (frameLinks): this function's own
// locals, where an index the code bounds may reach. Its arguments and
// results above are the caller's frame, as is what lies beyond them.
func (m *Mach) inLocals(lo, hi int64) bool {
	z0, _ := m.frameLinks()
	return m.State.spKnown && lo >= m.State.sp && hi <= z0
}

// maxSpan is the widest range of offsets an index is bounded to: wider,
// its bytes are not worth tracking one by one.
const maxSpan = 1 << 12

// regionLoad is the level of width bytes at p.
func (m *Mach) regionLoad(p ptr, width int) Level {
	r := m.an.regions[p.region]
	l := m.State.rmem[rkey{p.region, floorOff}]
	lo, hi, bounded := p.reach(width)
	if !bounded {
		l = max(l, r.highest())
		for k, v := range m.State.rmem {
			if k.region == p.region {
				l = max(l, v)
			}
		}
		if r.aligned {
			l = Secret
		}
		return l
	}
	for b := lo; b < hi; b++ {
		if r.aligned {
			if v, ok := m.State.amem[rkey{p.region, b}]; ok {
				l = max(l, v)
			} else {
				l = Secret // not written: what was left there
			}
		} else if v, ok := m.State.rmem[rkey{p.region, b}]; ok {
			l = max(l, v)
		} else {
			l = max(l, r.level(b))
		}
	}
	return l
}

// regionStore writes width bytes of level l at p, where the region allows
// it, and reports whether it did.
//
// A declaration holds at return: a secret stored over bytes declared
// public is a finding at the store (a later load, in this call or the
// next, would take them for public), whether a later store puts a public
// value back or not; at an offset not known, over any region with a
// public byte (fail closed: the checker does not bound the offset). The
// bytes take the secret all the same, so that what follows is checked
// fail closed too.
//
// A declared region may be a package variable (the caller may pass &v),
// which a load of a global reads as static memory: the store reaches
// every later such load, as a store outside the frame does (store).
func (m *Mach) regionStore(p ptr, width int, l Level) bool {
	r := m.an.regions[p.region]
	lo, hi, bounded := p.reach(width)
	if !r.writable(lo, hi-lo, bounded) {
		return false
	}
	if l == Secret {
		m.publicStore(r, p, width)
	}
	if !r.aligned && !r.fresh {
		m.State.mem = max(m.State.mem, l)
	}
	m.State.overwriteWords(p, width, r.fresh, m.Arch.PtrSize)
	if !bounded {
		rmem := m.State.rmemW()
		k := rkey{p.region, floorOff}
		rmem[k] = max(rmem[k], l)
		if r.aligned {
			m.aliasFrame(r, 0, 0, l, false)
		}
		return true
	}
	// At a bounded offset, each byte it may reach takes the level, as a
	// declared region's byte always does: at least what it held.
	for b := lo; b < hi; b++ {
		if r.aligned {
			m.State.amemW()[rkey{p.region, b}] = l
		} else {
			rmem := m.State.rmemW()
			// Declared memory keeps its declared level at least: a
			// store raises it (a later load reads the higher).
			rmem[rkey{p.region, b}] = max(l, r.level(b), rmem[rkey{p.region, b}])
		}
	}
	if r.aligned {
		m.aliasFrame(r, p.off, int64(max(width, 1)), l, true)
	}
	return true
}

// publicStore reports a store of a secret through p, width bytes, over
// bytes of r declared public, naming their declarations.
func (m *Mach) publicStore(r *Region, p ptr, width int) {
	lo, hi, bounded := p.reach(width)
	if !bounded {
		if names := r.publicNames(); len(names) > 0 {
			m.Find("secret stored at an unknown offset into a region with bytes declared public (%s)", strings.Join(names, ", "))
		}
		return
	}
	var names []string
	for b := lo; b < hi; b++ {
		if n := r.publicAt(b); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) > 0 {
		m.Find("secret stored into %s, declared public", strings.Join(names, ", "))
	}
}

// aliasFrame raises the frame's bytes that a store through the realigned
// region r may have written (n bytes at o of r, whose base lies up to
// align-1 bytes below the offset it was aligned from), or all of the
// frame below entry where the offset is not known.
func (m *Mach) aliasFrame(r *Region, o, n int64, l Level, known bool) {
	// Whatever the level, the slots the store may reach no longer hold
	// the pointer, constant or return address they held.
	if known {
		m.dropSlots(r.base+o-(r.align-1), r.base+o+n)
	} else {
		m.dropSlots(math.MinInt64, 0)
	}
	if l == Public || l == Static {
		return // a byte below the entry's stack pointer is secret unless written: no lower level to raise
	}
	stack := m.State.stackW()
	if !known {
		for k := range stack {
			if k < 0 {
				stack[k] = max(stack[k], l)
			}
		}
		return
	}
	for b := r.base + o - (r.align - 1); b < r.base+o+n; b++ {
		if b < 0 {
			putSlot(stack, b, max(getSlot(stack, b), l))
		}
	}
}

// dropSlots forgets what the pointer-size stack slots overlapping stack
// offsets lo to hi held of a pointer, a constant or a return address: a
// store there may have overwritten it.
func (m *Mach) dropSlots(lo, hi int64) {
	for o := range m.State.slotPtrs {
		if o+int64(m.Arch.PtrSize) > lo && o < hi {
			delete(m.State.slotPtrs, o)
		}
	}
	for o := range m.State.linkSlots {
		if o+int64(m.Arch.PtrSize) > lo && o < hi {
			delete(m.State.linkSlots, o)
		}
	}
}

// aliasRegions raises the bytes of the realigned regions that a store of
// n bytes at stack offset o may have written.
func (m *Mach) aliasRegions(o, n int64, l Level) {
	if len(m.State.ptrs) == 0 && len(m.State.slotPtrs) == 0 {
		return
	}
	done := map[int]bool{}
	for _, p := range append(slices.Collect(maps.Values(m.State.ptrs)), slices.Collect(maps.Values(m.State.slotPtrs))...) {
		if p.region < 0 || done[p.region] || !m.an.regions[p.region].aligned {
			continue
		}
		done[p.region] = true
		r := m.an.regions[p.region]
		for b := o - r.base; b < o-r.base+n+r.align-1; b++ {
			if v, ok := m.State.amem[rkey{p.region, b}]; ok && max(v, l) != v {
				m.State.amemW()[rkey{p.region, b}] = max(v, l)
			}
		}
	}
}

// viaFrame rewrites a memory operand through a copy of the stack pointer
// at a known offset (LEAQ x(SP), DX; MOVQ SP, BP) as the frame slot it
// addresses.
func (m *Mach) viaFrame(x Arg) (Arg, bool) {
	p, ok := m.regionOf(x)
	if !ok || p.region != stackRegion || !p.known || x.Index != "" && x.Index != m.Arch.Zero {
		return x, false
	}
	return Arg{Kind: ArgMem, Reg: EntrySP, Imm: p.off, Width: x.Width}, true
}

// modeOff is the pseudo-location that says a mode may be off: secret
// where, on some path to the instruction, the code may use the mode's
// feature and the mode is not known to be on (joined like taint).
func modeOff(mode string) string { return mode + ": may be off" }

// FlagFeature is the feature whose flag the memory operand x reads (or
// the features, separated by commas, that the CPU has where it is set),
// "" for none: a variable of the runtime's, or one the policy names.
func (m *Mach) FlagFeature(x Arg) string {
	if x.Kind != ArgMem || x.Sym == "" || x.Index != "" {
		return ""
	}
	// An operand through static base (sym+73(SB), RIP's) has its offset
	// in the symbol as Imm; one through a register a front end named the
	// symbol of (arm64's ADRP, then the access) is at the symbol's start.
	sym := x.Sym
	if x.Global && x.Imm != 0 {
		sym += "+" + strconv.FormatInt(x.Imm, 10) // a field: X86+73
	} else if f := m.Arch.RuntimeFlags[x.Sym]; f != "" {
		return f
	}
	if m.policy.Flags != nil {
		if f := m.policy.Flags(sym); f != "" {
			if _, err := m.Arch.featuresOf(strings.Split(f, ",")); err == nil {
				return f
			}
			m.Find("flag %s names CPU feature %q, which %s does not have (fail closed)", sym, f, m.Arch.GOARCH)
		}
	}
	return ""
}

// LoadFlag records, after the write of reg from the memory operand x,
// that reg holds the value of the flag x is, if it is one.
func (m *Mach) LoadFlag(reg string, x Arg) {
	if f := m.FlagFeature(x); f != "" {
		m.Guard(reg, Guard{Feature: f})
	}
}

// Guard records what loc holds (after the write that cleared it).
func (m *Mach) Guard(loc string, g Guard) {
	if m.State.guards == nil {
		m.State.guards = map[string]Guard{}
	}
	m.State.guards[loc] = g
}

// GuardOf is what loc holds of a flag or a mode.
func (m *Mach) GuardOf(loc string) (Guard, bool) {
	g, ok := m.State.guards[loc]
	return g, ok
}

// Teach records what the branch's edges teach: taken where the branch is
// taken, the other on the fall-through.
func (m *Mach) Teach(g Guard, setWhenTaken bool) {
	m.taken = &lesson{g: g, set: setWhenTaken}
	m.fallen = &lesson{g: g, set: !setWhenTaken}
}

// SetMode records that the instruction turns a mode on or off.
func (m *Mach) SetMode(mode string, on bool) {
	if on {
		delete(m.State.Regs, modeOff(mode))
		m.modeTurnedOn = append(m.modeTurnedOn, mode)
	} else {
		m.State.Regs[modeOff(mode)] = Secret
		m.modeCleared = append(m.modeCleared, mode)
	}
	for loc, g := range m.State.guards {
		if g.Mode && g.Feature == mode {
			delete(m.State.guards, loc) // a copy of the state before
		}
	}
}

// clearedModes are the modes m's instruction turned off; none for nil.
func (m *Mach) clearedModes() []string {
	if m == nil {
		return nil
	}
	return m.modeCleared
}

// A lesson is what a branch's edge teaches about a guard: the flag set
// (set) or zero, or the mode on (set) or off.
type lesson struct {
	g   Guard
	set bool
	// below: the register holds an unsigned integer below a bound.
	below *bound
}

// A bound is a register's ibound, and whether the compare that taught it
// was signed.
type bound struct {
	reg string
	ibound
	signed bool
}
