package engine

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"
)

// Declarations: what a root's arguments hold, where its declarations say
// more than the default (package ctcheck reads them from the Go
// declaration, a directive, a flag or a policy file, and lays them out
// with the Go types for the GOARCH). A declaration makes a scalar
// argument secret (a frame slot of ABI0, a register of ABIInternal), and
// gives the memory behind a pointer argument, a region, its levels by
// offset and the ranges the function may write. The engine follows each
// pointer from its argument through moves, adds of constants and spills
// (its provenance), and reads and writes the region through it: at a
// constant offset, with the level declared there; at an unknown one,
// with the highest level of the region (fail closed). A pointer whose
// provenance is lost (an arithmetic the models do not follow, a join of
// two regions) is what it is without declarations: memory behind it is
// secret and a store through it is a finding.
//
// The same provenance gives the stack pointer's copies their place:
// LEAQ x(SP), DX or ADD $16, RSP, R4 addresses the frame at a known
// offset, and a realigned copy (ANDQ $~31 of one) a region of the frame
// of its own, whose bytes are secret until written, like the frame's.

// A FuncDecl is what a function's declarations say of its entry, for
// each of the ABIs its symbol may have.
type FuncDecl struct {
	ABI0     *Layout // an assembly function, or the ABI0 wrapper of a Go one: arguments in the frame
	Internal *Layout // a Go function: the register ABI
}

// A Layout is where the declared values are at a function's entry.
type Layout struct {
	// Frame are the argument frame's bytes, by offset from 0(FP), with
	// their level.
	Frame []Span
	// Regs are registers with their level.
	Regs    map[string]Level
	Regions []*Region
}

// A Span is Size bytes from Off with a level; Size -1: to the end.
// Name is the declaration that made the span (s.ctr), which a finding
// names; "" for one no declaration names.
type Span struct {
	Off, Size int64
	Level     Level
	Name      string
}

func (s Span) has(o int64) bool { return o >= s.Off && (s.Size < 0 || o < s.Off+s.Size) }

// A Region is the memory behind a pointer argument.
type Region struct {
	Name string // as declared: *state, msg[:]
	// Reg holds the pointer at entry; "" where it is in the frame, at
	// Slot from 0(FP).
	Reg  string
	Slot int64
	// Level is that of the bytes no span names (LevelName: the
	// declaration that gave it, "" for the default); Spans, by offset
	// from the pointer, say the rest (the later span wins).
	Level     Level
	LevelName string
	Spans     []Span
	Writes    []Span // the bytes the function may write
	// aligned: a realigned copy of the stack pointer's region of the
	// frame, whose bytes are secret until written; base is the stack
	// offset of the value it was aligned from, align the alignment.
	aligned     bool
	base, align int64
}

// level is the declared level of byte o. A byte before the pointer's
// target is no byte of the region: secret, fail closed.
func (r *Region) level(o int64) Level {
	if o < 0 {
		return Secret
	}
	l := r.Level
	for _, s := range r.Spans {
		if s.has(o) {
			l = s.Level
		}
	}
	return l
}

// publicAt names the declaration that makes byte o of r public, "" where
// o is not declared public (the later span wins, as in level).
func (r *Region) publicAt(o int64) string {
	if o < 0 || r.aligned {
		return ""
	}
	name, l := r.LevelName, r.Level
	for _, s := range r.Spans {
		if s.has(o) {
			name, l = s.Name, s.Level
		}
	}
	if l == Secret {
		return ""
	}
	return cmp.Or(name, r.Name)
}

// publicNames names the declarations that may make a byte of r public:
// those a store at an offset not known may overwrite. (A public span
// that a later secret one covers whole is named too: fail closed.)
func (r *Region) publicNames() []string {
	if r.aligned {
		return nil
	}
	var names []string
	if r.Level != Secret {
		names = append(names, cmp.Or(r.LevelName, r.Name))
	}
	for _, s := range r.Spans {
		if n := cmp.Or(s.Name, r.Name); s.Level != Secret && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// highest is the highest level any byte of r may have.
func (r *Region) highest() Level {
	l := r.Level
	for _, s := range r.Spans {
		l = max(l, s.Level)
	}
	return l
}

// writable reports whether the function may write n bytes at o (known),
// or anywhere (not known).
func (r *Region) writable(o, n int64, known bool) bool {
	if r.aligned {
		return true
	}
	if !known {
		return slices.ContainsFunc(r.Writes, func(s Span) bool { return s.Off <= 0 && s.Size < 0 })
	}
	for b := o; b < o+max(n, 1); b++ {
		if !slices.ContainsFunc(r.Writes, func(s Span) bool { return s.has(b) }) {
			return false
		}
	}
	return true
}

// stackRegion is the provenance of a copy of the stack pointer: its
// offset is from the stack pointer at entry.
const stackRegion = -1

// nilRegion is the provenance of a zero written as a pointer (Go's nil):
// where it meets a pointer into a region, the join keeps the region, as
// a nil pointer addresses nothing (a load or store through it faults);
// alone it has no region.
const nilRegion = -2

// A ptr is what a register or a stack slot holds of a pointer: into a
// region (by index, or stackRegion), at a known offset from its start or
// an unknown one.
type ptr struct {
	region int
	off    int64
	known  bool
}

// A rkey is a byte of a region; off floorOff is the level of a store at
// an unknown offset, which every byte takes.
type rkey struct {
	region int
	off    int64
}

const floorOff = math.MinInt64

// joinPtr is what a location holds of a pointer where two paths meet.
func joinPtr(a, b ptr) (ptr, bool) {
	switch {
	case a.region == nilRegion:
		return b, true
	case b.region == nilRegion:
		return a, true
	}
	if a.region != b.region {
		return ptr{}, false
	}
	if a.known && b.known && a.off == b.off {
		return a, true
	}
	return ptr{region: a.region}, true
}

func joinPtrs[K comparable](s, o map[K]ptr) (map[K]ptr, bool) {
	changed := false
	for k, p := range s {
		q, ok := o[k]
		if !ok {
			delete(s, k)
			changed = true
			continue
		}
		if j, ok := joinPtr(p, q); !ok {
			delete(s, k)
			changed = true
		} else if j != p {
			s[k] = j
			changed = true
		}
	}
	return s, changed
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
	if (!ok || p.region == nilRegion) && x.Index != "" && x.Scale <= 1 && x.Shift == "" {
		p, ok = m.State.ptrs[x.Index]
	}
	if !ok || p.region == nilRegion {
		return ptr{}, false
	}
	if x.Index != "" {
		p.known = false
	}
	p.off += x.Imm
	return p, true
}

// regionLoad is the level of width bytes at p.
func (m *Mach) regionLoad(p ptr, width int) Level {
	r := m.an.regions[p.region]
	l := m.State.rmem[rkey{p.region, floorOff}]
	if !p.known {
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
	for b := p.off; b < p.off+int64(max(width, 1)); b++ {
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
	if !r.writable(p.off, int64(width), p.known) {
		return false
	}
	if l == Secret {
		m.publicStore(r, p, width)
	}
	if !r.aligned {
		m.State.mem = max(m.State.mem, l)
	}
	if !p.known {
		rmem := m.State.rmemW()
		k := rkey{p.region, floorOff}
		rmem[k] = max(rmem[k], l)
		if r.aligned {
			m.aliasFrame(r, 0, 0, l, false)
		}
		return true
	}
	for b := p.off; b < p.off+int64(max(width, 1)); b++ {
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
	if !p.known {
		if names := r.publicNames(); len(names) > 0 {
			m.Find("secret stored at an unknown offset into a region with bytes declared public (%s)", strings.Join(names, ", "))
		}
		return
	}
	var names []string
	for b := p.off; b < p.off+int64(max(width, 1)); b++ {
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

// alignedRegion returns the region of a copy of the stack pointer, at
// stack offset base, aligned down to align by instruction in of f: one
// region for each such instruction.
func (an *Analysis) alignedRegion(f *Func, in *Inst, base, align int64) int {
	key := f.Name + "\x00" + in.String()
	if id, ok := an.alignedIDs[key]; ok && an.regions[id].base == base {
		return id
	}
	an.regions = append(an.regions, &Region{Name: "realigned frame", Level: Secret, aligned: true, base: base, align: align})
	id := len(an.regions) - 1
	if an.alignedIDs == nil {
		an.alignedIDs = map[string]int{}
	}
	an.alignedIDs[key] = id
	return id
}

// rmemW returns the state's region bytes for writing.
func (s *State) rmemW() map[rkey]Level {
	if s.rmemShared || s.rmem == nil {
		s.rmem = maps.Clone(s.rmem)
		if s.rmem == nil {
			s.rmem = map[rkey]Level{}
		}
		s.rmemShared = false
	}
	return s.rmem
}

// amemW returns the state's realigned frame bytes for writing.
func (s *State) amemW() map[rkey]Level {
	if s.amemShared || s.amem == nil {
		s.amem = maps.Clone(s.amem)
		if s.amem == nil {
			s.amem = map[rkey]Level{}
		}
		s.amemShared = false
	}
	return s.amem
}

// setPtr records that register loc holds p (after the write that cleared
// what it held).
func (s *State) setPtr(loc string, p ptr) {
	if s.ptrs == nil {
		s.ptrs = map[string]ptr{}
	}
	s.ptrs[loc] = p
}

// applyDecl sets the entry st of root f as d declares.
func (an *Analysis) applyDecl(st *State, f *Func, d *FuncDecl) {
	lay := d.Internal
	if f.isABI0() {
		lay = d.ABI0
	}
	if lay == nil {
		return
	}
	for _, s := range lay.Frame {
		for b := s.Off; b < s.Off+s.Size; b++ {
			o := an.a.ArgBase + b
			st.stack[o] = max(getSlot(st.stack, o), s.Level)
		}
	}
	for r, l := range lay.Regs {
		st.Regs[r] = max(get(st.Regs, r), l)
	}
	for _, r := range lay.Regions {
		an.regions = append(an.regions, r)
		p := ptr{region: len(an.regions) - 1, known: true}
		if r.Reg != "" {
			st.setPtr(r.Reg, p)
			continue
		}
		if st.slotPtrs == nil {
			st.slotPtrs = map[int64]ptr{}
		}
		st.slotPtrs[an.a.ArgBase+r.Slot] = p
	}
}

// A ptrFlow is what an instruction does with a pointer, as a model's
// flow function reads it (before the step): dst (a register, or a stack
// slot: a spill) receives what src holds (a register, the stack pointer,
// or a stack slot: a reload) moved by delta, or by an amount not known
// (vary), or aligned down to align.
type PtrFlow struct {
	Dst, Src Arg
	Delta    int64
	Vary     bool
	Align    int64
	Zero     bool // dst receives nil (src unused)
}

// srcPtr is what src holds of a pointer in st.
func (an *Analysis) srcPtr(m *Mach, st *State, src Arg) (ptr, bool) {
	switch src.Kind {
	case ArgReg:
		if src.Reg == EntrySP {
			return ptr{region: stackRegion, known: true}, true
		}
		if src.Reg == an.a.SP && st.spKnown {
			return ptr{region: stackRegion, off: st.sp, known: true}, true
		}
		p, ok := st.ptrs[src.Reg]
		return p, ok
	case ArgMem:
		if o, ok := an.slotOf(m, st, src); ok {
			p, ok := st.slotPtrs[o]
			return p, ok
		}
	}
	return ptr{}, false
}

// slotOf is the stack offset of a pointer-size slot x in st, where it is
// one at a known offset.
func (an *Analysis) slotOf(m *Mach, st *State, x Arg) (int64, bool) {
	if x.Index != "" || x.Global || x.Kind != ArgMem {
		return 0, false
	}
	switch {
	case x.Reg == EntrySP:
		return x.Imm, true
	case x.Reg == an.a.SP && st.spKnown:
		return st.sp + x.Imm, true
	}
	if p, ok := st.ptrs[x.Reg]; ok && p.region == stackRegion && p.known {
		return p.off + x.Imm, true
	}
	return 0, false
}

// flowPtrs computes, before instruction m runs from pre, what its
// pointer flows will give, and returns the function that records them in
// the state after it.
func (an *Analysis) flowPtrs(m *Mach) func() {
	if an.a.PtrFlows == nil {
		return nil
	}
	flows := an.a.PtrFlows(m.Inst, an.a)
	if len(flows) == 0 {
		return nil
	}
	pre := m.State
	type put struct {
		reg  string
		slot int64
		p    ptr
	}
	var puts []put
	for _, fl := range flows {
		p, ok := an.srcPtr(m, pre, fl.Src)
		if fl.Zero {
			p, ok = ptr{region: nilRegion}, true
		}
		if !ok || p.region == nilRegion && (fl.Delta != 0 || fl.Vary || fl.Align > 1) {
			continue // nil moved is no pointer of any region
		}
		switch {
		case fl.Align > 1 && p.region == stackRegion && p.known:
			p = ptr{region: an.alignedRegion(m.Func, m.Inst, p.off, fl.Align), known: true}
		case fl.Align > 1 && p.region >= 0 && an.regions[p.region].aligned && p.known && p.off%fl.Align == 0:
			// aligned again to what it is aligned to: unchanged
			if an.regions[p.region].align%fl.Align != 0 {
				p.known = false
			}
		case fl.Align > 1, fl.Vary:
			p.known = false
		default:
			p.off += fl.Delta
		}
		switch fl.Dst.Kind {
		case ArgReg:
			puts = append(puts, put{reg: fl.Dst.Reg, p: p})
		case ArgMem:
			if o, ok := an.slotOf(m, pre, fl.Dst); ok {
				puts = append(puts, put{slot: o, p: p})
			}
		}
	}
	if len(puts) == 0 {
		return nil
	}
	return func() {
		st := m.State
		for _, u := range puts {
			switch {
			case u.reg == an.a.SP:
				if u.p.region == stackRegion && u.p.known {
					st.sp, st.spKnown = u.p.off, true
					delete(st.ptrs, an.a.SP)
				} else if !st.spKnown {
					st.setPtr(an.a.SP, u.p)
				}
			case u.reg != "":
				st.setPtr(u.reg, u.p)
			default:
				if st.slotPtrs == nil {
					st.slotPtrs = map[int64]ptr{}
				}
				st.slotPtrs[u.slot] = u.p
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

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// movePtrs returns the pointers of m seen from another activation, whose
// stack offsets are those of this one plus by: copies of the stack pointer move by by; a
// realigned frame's are dropped, the region being this activation's.
func movePtrs[K comparable](regions []*Region, m map[K]ptr, by int64) map[K]ptr {
	if len(m) == 0 {
		return nil
	}
	c := make(map[K]ptr, len(m))
	for k, p := range m {
		switch {
		case p.region == stackRegion:
			p.off += by
		case p.region >= 0 && regions[p.region].aligned:
			continue
		}
		c[k] = p
	}
	return c
}
