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

// A level is what a value may depend on. Levels only rise.
type Level uint8

const (
	// static: fixed by the program and the runtime, not by the inputs:
	// constants, the addresses of globals and of the goroutine, and what
	// is loaded through them.
	Static Level = iota
	// public: derived from the inputs' headers only: their lengths,
	// capacities and pointers. The default of every register and stack
	// slot at a root's entry, where the arguments are headers.
	Public
	// secret: derived from the bytes of x and y, which are all that these
	// functions read through a pointer that is not static.
	Secret
)

func (l Level) String() string { return [...]string{"static", "public", "secret"}[l] }

// entrySP is the base register of a memory operand that a front end has
// resolved to an offset from the stack pointer at the function's entry
// (the listing's argument and local-variable names).
const EntrySP = "<entry SP>"

// tlsBase is the thread-local storage's base, a register of the listing
// on 386 (MOVL TLS, CX): the runtime's, static.
const TLSBase = "TLS"

// A state is what the analysis knows before one instruction: the level of
// every register location (absent: public), of every byte of the stack by
// its offset from the stack pointer at entry, and of what may have been
// stored outside the stack frame. A byte of the stack below the entry's
// stack pointer that this activation has not written (absent) is secret:
// it holds what an earlier call, a callee or the runtime left there
// (getSlot); one above it, the caller's frame, is public where absent.
type State struct {
	reached bool
	Regs    map[string]Level
	stack   map[int64]Level
	// stackShared: stack is another state's too (copied on write: most
	// instructions leave the stack alone, and a frame holds many bytes).
	stackShared bool
	sp          int64 // the stack pointer, as an offset from its value at entry
	spKnown     bool
	mem         Level // stored outside the frame: static until a store
	// links are the registers, and linkSlots the pointer-size stack
	// slots (by offset), that hold a return address as a call left it,
	// copied but not changed: by how many calls up its activation is (0:
	// this one's, 1: its caller's). On the architectures with a link
	// register a function returns through LR, which must hold its own
	// (0): one moved by an add, set to another address, or taken from
	// a caller returns elsewhere than the analysis follows.
	links     map[string]int
	linkSlots map[int64]int
	// assumed are the CPU features the code may use here, and claims the
	// modes its run must be in (feature.go); guards are what locations
	// hold of a feature flag or a mode.
	assumed, claims featureSet
	guards          map[string]Guard
	// ptrs are the registers, and slotPtrs the pointer-size stack slots,
	// that hold a pointer of known provenance (decl.go); rmem are the
	// levels of the declared regions' bytes that the code stored to, amem
	// those of the realigned frames' (copied on write, as stack).
	ptrs                   map[string]ptr
	slotPtrs               map[int64]ptr
	rmem, amem             map[rkey]Level
	rmemShared, amemShared bool
}

func NewState() *State {
	return &State{reached: true, spKnown: true, Regs: map[string]Level{}, stack: map[int64]Level{}}
}

func (s *State) Clone() *State {
	if s.stack == nil {
		s.stack = map[int64]Level{}
	}
	s.stackShared = true
	c := *s
	c.Regs = maps.Clone(s.Regs)
	if c.Regs == nil {
		c.Regs = map[string]Level{}
	}
	c.links, c.linkSlots = maps.Clone(s.links), maps.Clone(s.linkSlots)
	c.guards = maps.Clone(s.guards)
	c.ptrs, c.slotPtrs = maps.Clone(s.ptrs), maps.Clone(s.slotPtrs)
	s.rmemShared, s.amemShared = true, true
	c.rmemShared, c.amemShared = true, true
	return &c
}

// stackW returns the stack's levels for writing: a copy of its own if
// they are shared.
func (s *State) stackW() map[int64]Level {
	if s.stackShared || s.stack == nil {
		s.stack = maps.Clone(s.stack)
		if s.stack == nil {
			s.stack = map[int64]Level{}
		}
		s.stackShared = false
	}
	return s.stack
}

// isPseudo reports whether a location is a model's pseudo-location (the
// vector unit's state, arm64's DIT barrier, a mode), not a register.
func isPseudo(loc string) bool { return strings.ContainsAny(loc, " :") }

func get[K comparable](m map[K]Level, k K) Level {
	if l, ok := m[k]; ok {
		return l
	}
	return Public
}

func put[K comparable](m map[K]Level, k K, l Level) {
	if l == Public {
		delete(m, k)
	} else {
		m[k] = l
	}
}

// joinMap raises s's levels to o's and reports whether any rose.
func joinMap[K comparable](s, o map[K]Level) bool {
	changed := false
	for k, l := range o {
		if sl, ok := s[k]; ok && l > sl || !ok && l > Public {
			put(s, k, l)
			changed = true
		}
	}
	// What s holds below the default and o does not rises to it.
	for k, l := range s {
		if l < Public {
			if _, ok := o[k]; !ok {
				delete(s, k)
				changed = true
			}
		}
	}
	return changed
}

// join merges o into s and reports whether s changed.
func (s *State) join(o *State) bool {
	if o == nil || !o.reached {
		return false
	}
	if !s.reached {
		*s = *o.Clone()
		return true
	}
	changed := joinMap(s.Regs, o.Regs)
	if s.joinStack(o.stack) {
		changed = true
	}
	if s.spKnown && (!o.spKnown || o.sp != s.sp) {
		s.spKnown = false
		changed = true
	}
	if o.mem > s.mem {
		s.mem = o.mem
		changed = true
	}
	regsLost, slotsLost := joinLinks(s.links, o.links), joinLinks(s.linkSlots, o.linkSlots)
	if regsLost || slotsLost {
		changed = true
	}
	// A feature is assumed where every path assumes it; a mode claimed
	// where any claims it.
	if a := s.assumed & o.assumed; a != s.assumed {
		s.assumed = a
		changed = true
	}
	if c := s.claims | o.claims; c != s.claims {
		s.claims = c
		changed = true
	}
	for k, g := range s.guards {
		if og, ok := o.guards[k]; !ok || og != g {
			delete(s.guards, k)
			changed = true
		}
	}
	if s.joinPtrs(o) {
		changed = true
	}
	return changed
}

// joinPtrs merges o's pointers and region bytes into s's.
func (s *State) joinPtrs(o *State) bool {
	changed := false
	if len(s.ptrs) > 0 {
		var c bool
		if s.ptrs, c = joinPtrs(s.ptrs, o.ptrs); c {
			changed = true
		}
	}
	if len(s.slotPtrs) > 0 {
		var c bool
		if s.slotPtrs, c = joinPtrs(s.slotPtrs, o.slotPtrs); c {
			changed = true
		}
	}
	// A declared region's byte not stored to is its declared level, at
	// most what a store left: the higher stays.
	for k, l := range o.rmem {
		if v, ok := s.rmem[k]; !ok || l > v {
			s.rmemW()[k] = l
			changed = true
		}
	}
	// A realigned frame's byte not written on one path is secret.
	for k, l := range s.amem {
		v, ok := o.amem[k]
		if !ok {
			delete(s.amemW(), k)
			changed = true
		} else if v > l {
			s.amemW()[k] = v
			changed = true
		}
	}
	return changed
}

// joinLinks keeps in s the return addresses that o holds in the same
// place, and reports whether s lost any.
func joinLinks[K comparable](s, o map[K]int) bool {
	changed := false
	for k, d := range s {
		if od, ok := o[k]; !ok || od != d {
			delete(s, k)
			changed = true
		}
	}
	return changed
}

// shiftLinks returns the return addresses of m seen from an activation by
// calls levels below (-1: its caller), its slots' offsets moved by by;
// those of activations below it are gone.
func shiftLinks[K comparable](m map[K]int, calls int, key func(K) K) map[K]int {
	c := make(map[K]int, len(m))
	for k, d := range m {
		if d+calls >= 0 {
			c[key(k)] = d + calls
		}
	}
	return c
}

func unshifted[K any](k K) K { return k }

func by(off int64) func(int64) int64 { return func(o int64) int64 { return o + off } }

// getSlot is the level of the stack byte at offset o (from the stack
// pointer at entry) in stack.
func getSlot(stack map[int64]Level, o int64) Level {
	if l, ok := stack[o]; ok {
		return l
	}
	if o < 0 {
		return Secret // not written in this activation: what was left there
	}
	return Public
}

// putSlot sets the stack byte at offset o.
func putSlot(stack map[int64]Level, o int64, l Level) {
	if l == Public && o >= 0 {
		delete(stack, o)
	} else {
		stack[o] = l
	}
}

// joinStack raises s's stack levels to o's and reports whether any rose.
func (s *State) joinStack(o map[int64]Level) bool {
	rise := map[int64]Level{}
	for _, m := range []map[int64]Level{o, s.stack} {
		for k := range m {
			if j := max(getSlot(s.stack, k), getSlot(o, k)); j != getSlot(s.stack, k) {
				rise[k] = j
			}
		}
	}
	if len(rise) == 0 {
		return false
	}
	stack := s.stackW()
	for k, l := range rise {
		putSlot(stack, k, l)
	}
	return true
}

func has(m map[int64]Level, k int64) bool { _, ok := m[k]; return ok }

// frame returns s's stack with every byte of the frame from keep bytes
// below the stack pointer to the entry's written out, those not written
// as fill (secret: getSlot's default made explicit), for a state whose
// offsets are about to be shifted to a callee's.
func (s *State) frame(keep int64, fill Level) map[int64]Level {
	c := maps.Clone(s.stack)
	if c == nil {
		c = map[int64]Level{}
	}
	if s.spKnown {
		for o := s.sp - keep; o < 0; o++ {
			if !has(c, o) {
				c[o] = fill
			}
		}
	}
	return c
}

// key is a canonical text of s, for the memo of callee contexts.
func (s *State) key() string {
	var b strings.Builder
	regs := slices.Sorted(maps.Keys(s.Regs))
	for _, r := range regs {
		fmt.Fprintf(&b, "%s=%d,", r, s.Regs[r])
	}
	b.WriteByte('|')
	offs := slices.Sorted(maps.Keys(s.stack))
	for _, o := range offs {
		fmt.Fprintf(&b, "%d=%d,", o, s.stack[o])
	}
	fmt.Fprintf(&b, "|%d|%v|%d|", s.sp, s.spKnown, s.mem)
	for _, r := range slices.Sorted(maps.Keys(s.links)) {
		fmt.Fprintf(&b, "%s=%d,", r, s.links[r])
	}
	b.WriteByte('|')
	for _, o := range slices.Sorted(maps.Keys(s.linkSlots)) {
		fmt.Fprintf(&b, "%d=%d,", o, s.linkSlots[o])
	}
	fmt.Fprintf(&b, "|%x|%x|", s.assumed, s.claims)
	for _, k := range slices.Sorted(maps.Keys(s.guards)) {
		fmt.Fprintf(&b, "%s=%v,", k, s.guards[k])
	}
	if len(s.ptrs)+len(s.slotPtrs)+len(s.rmem)+len(s.amem) > 0 {
		b.WriteByte('|')
		for _, k := range slices.Sorted(maps.Keys(s.ptrs)) {
			fmt.Fprintf(&b, "%s=%v,", k, s.ptrs[k])
		}
		for _, k := range slices.Sorted(maps.Keys(s.slotPtrs)) {
			fmt.Fprintf(&b, "%d=%v,", k, s.slotPtrs[k])
		}
		for _, mem := range []map[rkey]Level{s.rmem, s.amem} {
			b.WriteByte('|')
			keys := slices.Collect(maps.Keys(mem))
			slices.SortFunc(keys, func(x, y rkey) int {
				if x.region != y.region {
					return x.region - y.region
				}
				return cmpInt(x.off, y.off)
			})
			for _, k := range keys {
				fmt.Fprintf(&b, "%d:%d=%d,", k.region, k.off, mem[k])
			}
		}
	}
	return b.String()
}

// A Policy says what is secret and what the analysed code may do beyond
// reading its inputs. Its zero value is the default: the memory behind a
// root's arguments is secret, the arguments themselves (pointers, lengths)
// are public, and a store outside the stack frame is a finding.
type Policy struct {
	// AllowStores allows stores outside the frame through an address
	// that does not depend on a secret (an output buffer, a state): what
	// is stored reaches every later load of memory other than the
	// inputs'.
	AllowStores bool
	// Needs names, by function symbol (without the .abi0 of an assembly
	// function), the CPU features (by the names of Arch.Features) that a
	// function needs: its callers run it only where
	// the CPU has them, so its code may use them. A function it names none
	// for may use what its caller may; a root, what its build's level
	// guarantees.
	Needs func(sym string) []string
	// Flags names, by symbol, the global variables that are set only where
	// the CPU has a feature and the code is to use it (the runtime's own,
	// such as runtime.x86HasPOPCNT, are known): code on a path where one
	// tested nonzero may use the feature; on one where it tested zero, the
	// mode the feature provides is not claimed.
	Flags func(sym string) string
	// Funcs returns, by function symbol (without the .abi0 of an
	// assembly function), what a root's declarations say of its
	// arguments (decl.go); nil: the default.
	Funcs func(sym string) *FuncDecl
	// Modes names, by function symbol, the CPU modes (Arch.Modes) that a
	// function claims for its run and that of the functions it calls:
	// every instruction of it that reads a secret must run with each on,
	// wherever the code may use the mode's feature.
	Modes func(sym string) []string
}

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

// floatArith is floating-point arithmetic on an operand of level l: a
// subnormal operand or result can take longer (a microcode assist on
// Intel), and no architecture lists it among its constant-time
// instructions (arm64's DIT does not).
func (m *Mach) FloatArith(l Level) {
	if l == Secret {
		m.Find("variable-latency instruction on secret data (floating-point arithmetic: subnormal operands)")
	}
}

// unmodelled is the verdict on any instruction a model does not know: the
// analysis fails closed.
func (m *Mach) Unmodelled() {
	m.Find("instruction not modelled (fail closed)")
	m.unknown = true
}

// reg returns a register location's level.
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

// set writes a whole register location. A write to the stack pointer that
// the model did not make with moveSP loses track of its offset, and one
// of a secret is a finding: every later stack access would depend on it.
func (m *Mach) Set(loc string, l Level) {
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
}

// A link is what return address a register or a stack slot holds
// unchanged (see state.links); ok false: none.
type Link struct {
	calls int
	ok    bool
}

// own reports whether l is the function's own return address.
func (l Link) own() bool { return l.ok && l.calls == 0 }

// linkOf returns the return address a moves whole: a register, or a
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

// wholeLink is linkOf for a move that copies its operand whole (whole),
// and none for one that does not: narrower, extended, byte-reversed or
// conditional.
func (m *Mach) WholeLink(whole bool, x Arg) Link {
	if !whole {
		return Link{}
	}
	return m.LinkOf(x)
}

// keepLink records that a now holds the return address l (after the
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

// moveBase is the writeback of a pre- or post-indexed base other than
// the stack pointer: moved by a constant, it keeps its level but is no
// return address any more.
func (m *Mach) MoveBase(reg string) {
	delete(m.State.links, reg)
	if p, ok := m.State.ptrs[reg]; ok {
		p.known = false
		m.State.ptrs[reg] = p
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

// merge writes part of a register location: the rest keeps its level.
func (m *Mach) Merge(loc string, l Level) { m.Set(loc, max(l, m.Reg(loc))) }

// moveSP adds delta, a constant, to the stack pointer.
func (m *Mach) MoveSP(delta int64) {
	m.State.sp += delta
	if p, ok := m.State.ptrs[m.Arch.SP]; ok && !m.State.spKnown {
		p.off += delta // a realigned stack pointer
		m.State.ptrs[m.Arch.SP] = p
	}
}

// address checks the registers a memory operand's address is built from
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

// load reads width bytes at x: through the stack pointer, the frame's
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
	if x, ok := m.viaFrame(x); ok {
		return m.loadLevel(x, width)
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

// store writes width bytes at x. Only the stack frame is modelled: a
// store elsewhere is a finding unless the policy allows it (its level
// reaches every later load of static memory too).
func (m *Mach) Store(x Arg, width int, l Level) {
	al := m.Address(x)
	if x, ok := m.viaFrame(x); ok {
		m.Store(x, width, l)
		return
	}
	if p, ok := m.regionOf(x); ok {
		// A copy of the stack pointer at an unknown offset (an index into
		// a local array) is read as secret and written as memory outside
		// the frame is: what the checker did before it knew where such a
		// pointer points.
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
		for o := range m.State.linkSlots {
			if o < off+int64(max(width, 1)) && o+int64(m.Arch.PtrSize) > off {
				delete(m.State.linkSlots, o)
			}
		}
		for o := range m.State.slotPtrs {
			if o < off+int64(max(width, 1)) && o+int64(m.Arch.PtrSize) > off {
				delete(m.State.slotPtrs, o)
			}
		}
		m.aliasRegions(off, int64(max(width, 1)), l)
		return
	}
	if !m.policy.AllowStores || al == Secret {
		m.Find("store outside the stack frame (not modelled)")
	}
	m.State.mem = max(m.State.mem, l)
}

// jump is an unconditional branch to target in this function.
func (m *Mach) Jump(target uint64) {
	m.jumps = append(m.jumps, target)
	m.Fall = false
}

// branch is a conditional branch to target on a condition of level on.
func (m *Mach) Branch(on Level, what string, target uint64) {
	if on == Secret {
		m.Find("conditional branch on secret %s", what)
	}
	m.jumps = append(m.jumps, target)
}

// doRet returns from the function.
func (m *Mach) DoRet() { m.Fall, m.ret = false, true }

// condRet returns from the function or falls through (ppc64's BEQLR):
// the model has checked the condition.
func (m *Mach) CondRet() { m.ret = true }

// popRet returns through the address at the stack slot x (arm's
// MOVW.P n(R13), R15), which must be where the function saved its own.
func (m *Mach) PopRet(x Arg) {
	l := m.LinkOf(x)
	m.popped = &l
	m.DoRet()
}

// call is a call of sym that returns here (unless sym does not return).
func (m *Mach) Call(sym string) { m.callSym = sym }

// tail is a jump to the start of function sym: a jump within the
// function where sym is the function itself (after the stack growth).
func (m *Mach) Tail(sym string) {
	m.Fall = false
	if sym == m.Func.Name && len(m.Func.Insts) > 0 {
		m.Jump(m.Func.Insts[0].Addr)
		return
	}
	m.tailSym = sym
}

// jmp is an unconditional jump to a: a label of this function, another
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

// callTo is a call of a, which leaves the return address in the link
// register lr: a function, or a register or memory (indirect).
func (m *Mach) CallTo(a Arg, lr string) {
	m.Set(lr, Static) // the return address
	if a.Kind == ArgSym {
		m.Call(a.Sym)
	} else {
		m.Indirect()
	}
}

// indirect is a call or jump through a register or memory: a target the
// analysis cannot follow.
func (m *Mach) Indirect() {
	m.Find("indirect call or jump (fail closed)")
	m.Fall = false
}

// deferCalls are the runtime's functions of defer and recover: a
// function that defers a call may have it run, and recover, on a panic
// path that the analysis treats as one that does not return.
var deferCalls = OpSet("runtime.deferproc", "runtime.deferprocStack", "runtime.deferreturn", "runtime.deferprocat",
	"runtime.gorecover")

// Runtime functions that return to their caller and never see secrets:
// the stack growth in every prologue, and the overflow check of
// unsafe.Slice.
var runtimeReturns = OpSet("runtime.morestack_noctxt", "runtime.morestack_noctxt.abi0", "runtime.morestack",
	"runtime.morestack.abi0", "internal/runtime/math.MulUintptr")

// A Report is what one check found in one program.
type Report struct {
	GoVersion string   // the release that built it, where known
	Funcs     []string // the functions analysed, in the order reached
	Instrs    int      // instructions analysed: the reachable ones, each once
	Findings  []Finding
}

// An Analysis is one run of the engine over a program.
type Analysis struct {
	a    *Arch
	prog *Program
	// follow reports whether the analysis follows a call of sym into
	// the program (those of the code checked).
	follow func(sym string) bool
	// External says what to do with a call of a function to follow that
	// is not in the program: an error where false (whole builds), a
	// conservative summary where true (one assembly file on its own).
	External bool
	// Policy says what the analysed code may do.
	Policy Policy

	memo map[string]*State // func + entry -> exit
	// states are the states before each instruction that exit's
	// fixpoint found, by the same key, until report takes them: the
	// same fixpoint, run once (but where a recursion cut it short).
	states     map[string][]*State
	recursions int
	running    map[string]bool // the functions exit is analysing
	reporting  map[string]bool // the functions report is reporting
	reported   map[string]bool
	seen       map[string]map[uint64]bool // reached instructions, by function
	order      []string
	findings   map[string]Finding
	err        error
	// regions are the declared regions of the roots, and the realigned
	// frames, by the index a ptr names (decl.go).
	regions    []*Region
	alignedIDs map[string]int
}

// follows reports whether the analysis follows a call of sym: a function
// of the module by its name, or any the front end read as the module's
// code, whatever its name (a //go:linkname push, a TEXT runtime·f(SB) of
// the module's assembly).
func (an *Analysis) follows(sym string) bool { return an.follow(sym) || an.prog.Funcs[sym] != nil }

// NewAnalysis prepares an analysis of p that follows the calls of every
// function follow accepts (and of any function p holds).
func NewAnalysis(p *Program, follow func(sym string) bool) (*Analysis, error) {
	if p.Arch == nil {
		return nil, fmt.Errorf("a program with no architecture")
	}
	return newAnalysis(p.Arch, p, follow), nil
}

func newAnalysis(a *Arch, p *Program, follow func(string) bool) *Analysis {
	return &Analysis{a: a, prog: p, follow: follow, memo: map[string]*State{}, states: map[string][]*State{}, running: map[string]bool{},
		reporting: map[string]bool{}, reported: map[string]bool{}, seen: map[string]map[uint64]bool{}, findings: map[string]Finding{}}
}

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

// fixpoint returns the state before each instruction of f from entry,
// and f's exit: the join of the states it returns with.
func (an *Analysis) fixpoint(f *Func, entry *State) ([]*State, *State) {
	n := len(f.Insts)
	in := make([]*State, n)
	for i := range in {
		in[i] = &State{}
	}
	exit := &State{}
	if n == 0 {
		return in, exit
	}
	in[0].join(entry)
	work := []int{0}
	queued := map[int]bool{0: true}
	for len(work) > 0 {
		i := work[0]
		work = work[1:]
		queued[i] = false
		out := in[i].Clone()
		m := an.Step(f, i, out)
		after := an.effect(m, out, exit)
		next, _ := successors(f, i, m)
		for k, j := range next {
			// The fall-through is the last successor; a branch's edges
			// may each teach what it tested.
			src := an.learn(out, m.taken)
			if j == i+1 && m.Fall {
				src = after
				if k == len(next)-1 {
					src = an.learn(after, m.fallen)
				}
			}
			if in[j].join(src) && !queued[j] {
				work = append(work, j)
				queued[j] = true
			}
		}
	}
	return in, exit
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
			after.mem = back.mem
			after.rmem, after.amem = back.rmem, back.amem
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
	switch {
	case strings.Contains(sym, "+0x"):
		m.Find("jump into the middle of %s (not modelled)", sym)
		return &State{}
	case an.follows(sym):
		f := an.prog.Funcs[sym]
		if f == nil {
			if an.External {
				return an.externalCall(m, sym, out)
			}
			if an.err == nil {
				an.err = fmt.Errorf("%s: %s is on the path but not in the program", an.a.GOARCH, sym)
			}
			return &State{}
		}
		return an.exit(f, an.calleeEntry(out, call, sym))
	case summaries[strings.TrimSuffix(sym, ".abi0")].args > 0 && an.prog.runtimeFunc(sym):
		return an.summarised(m, sym, summaries[strings.TrimSuffix(sym, ".abi0")], out, push)
	case runtimeReturns[sym] && !strings.HasPrefix(sym, "runtime.morestack"):
		for r, l := range out.Regs {
			if l == Secret && r != an.a.G && !isPseudo(r) {
				m.Find("secret %s at a call of %s, which the analysis does not follow", r, sym)
			}
		}
		// It writes its results, from what it was passed (nothing
		// secret), to the frame's bytes that hold none yet: public.
		return an.returned(out, push, Public)
	case runtimeReturns[sym]:
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
	e.sp, e.spKnown = 0, true
	e.stack, e.stackShared = map[int64]Level{}, false
	e.slotPtrs = nil
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

func shift(s map[int64]Level, by int64) map[int64]Level {
	c := make(map[int64]Level, len(s))
	for o, l := range s {
		c[o+by] = l
	}
	return c
}

// externalCall is a call of a function of the module that is not in the
// program (another file, when one file is checked on its own): it must
// be passed nothing secret, and it returns anything.
func (an *Analysis) externalCall(m *Mach, sym string, out *State) *State {
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
	back := out.Clone()
	for _, loc := range an.a.Regs {
		back.Regs[loc] = Secret
	}
	for _, mode := range an.a.Modes {
		back.Regs[modeOff(mode)] = Secret // it may turn any off
	}
	back.guards = nil
	back.sp = 0
	back.stack, back.stackShared = shift(out.frame(0, Secret), -out.sp), false
	for o := range back.stack {
		if o >= 0 {
			back.stack[o] = Secret
		}
	}
	back.links, back.linkSlots = nil, nil // it may have written any
	back.ptrs, back.slotPtrs = nil, nil
	return back
}

// exit analyses f from entry, memoized, and returns its exit. A call of
// a function under analysis is recursion, from whatever entry: the
// entries of a recursion need not repeat (a register that keeps its
// caller's return address holds it one call further up at each level).
func (an *Analysis) exit(f *Func, entry *State) *State {
	key := f.Name + "\x00" + entry.key()
	if e, ok := an.memo[key]; ok {
		return e
	}
	if an.running[f.Name] {
		an.findings[f.Name+"\x00recursion"] = Finding{File: f.Source, Func: f.Name, Text: f.Name,
			Reason: "recursive call (not modelled)"}
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
		Func: f.Name, Inlined: in.Inlined, Text: in.Text, Reason: reason}
}

// report records the findings of f run from entry, and of the callees it
// reaches under the final states.
func (an *Analysis) report(f *Func, entry *State) {
	key := f.Name + "\x00" + entry.key()
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
	for i := range f.Insts {
		if !in[i].reached {
			an.unreached(f, &f.Insts[i])
			continue
		}
		ins := &f.Insts[i]
		an.seen[f.Name][ins.Addr] = true
		out := in[i].Clone()
		m := an.Step(f, i, out)
		steps[i] = m
		an.effect(m, out, &State{})
		_, bad := successors(f, i, m)
		for _, r := range append(m.findings, bad...) {
			an.record(f, ins, r)
		}
		sym := m.callSym
		if sym == "" {
			sym = m.tailSym
		}
		if sym != "" && an.follows(sym) {
			if g := an.prog.Funcs[sym]; g != nil {
				an.report(g, an.calleeEntry(out, m.callSym != "", sym))
			}
		}
	}
	for i, m := range steps {
		for _, mode := range m.clearedModes() {
			if b, _ := an.a.featureBit(mode); in[i].claims&b != 0 && secretAfter(f, steps, i, mode) {
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
