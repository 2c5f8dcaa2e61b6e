package engine

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

import "slices"

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

// allocRegion returns the region of the memory that the runtime
// allocates for f: one for all of f's allocations, so that a pointer to
// new memory keeps its provenance where paths from two of them join
// (append's growth, or not). A region holds what any of them may hold.
func (an *Analysis) allocRegion(f *Func) int {
	if id, ok := an.allocIDs[f.Name]; ok {
		return id
	}
	an.regions = append(an.regions, &Region{Name: "new memory of " + f.Name, Level: Public, fresh: true,
		Writes: []Span{{Off: 0, Size: -1}}})
	id := len(an.regions) - 1
	if an.allocIDs == nil {
		an.allocIDs = map[string]int{}
	}
	an.allocIDs[f.Name] = id
	return id
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
	for _, as := range lay.Assumed {
		key := assumedKey(f.Name, as.Name)
		if an.assumed == nil {
			an.assumed = map[string]Assumption{}
		}
		an.assumed[key] = as
		p := ptr{region: assumedRegion, sym: key, known: true}
		switch {
		case as.Global != "":
			if st.vars == nil {
				st.vars = map[string]string{}
			}
			st.vars[as.Global] = key
			continue
		case as.Reg != "":
			st.setPtr(as.Reg, p)
			continue
		}
		if st.slotPtrs == nil {
			st.slotPtrs = map[int64]ptr{}
		}
		st.slotPtrs[an.a.ArgBase+as.Slot] = p
	}
	st.tops = []int64{an.a.ArgBase + lay.ArgsSize} // its argument frame, in its caller's
	st.inputs = [2]int{len(an.regions), len(an.regions) + len(lay.Regions)}
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
		return an.loadedPtr(st, src)
	}
	return ptr{}, false
}

// loadedPtr is what a pointer-size load from x reads of an address, in
// st: a read-only word of the program (static.go), or a region's word
// that the code stored an address in.
func (an *Analysis) loadedPtr(st *State, x Arg) (ptr, bool) {
	if x.Index != "" && x.Index != an.a.Zero || x.Pre || x.Post || x.Shift != "" {
		return ptr{}, false
	}
	var sym string
	var off int64
	_, viaPtr := st.ptrs[x.Reg]
	switch {
	case x.Sym != "" && (x.Global && x.Reg == "" || !x.Global && x.Reg != "" && !viaPtr):
		// A symbol's word: sym+off(SB), or (arm64's binary) through
		// the register ADRP set, named at its start.
		sym, off = x.Sym, x.Imm
		if !x.Global {
			off = 0
		}
		if key, ok := st.vars[sym]; ok && off == 0 {
			return ptr{region: assumedRegion, sym: key, known: true}, true
		}
	case x.Reg != "" && !x.Global:
		p, ok := st.ptrs[x.Reg]
		if !ok || !p.known {
			return ptr{}, false
		}
		switch {
		case p.region == assumedRegion:
			return ptr{region: codeRegion, sym: p.sym, known: true}, true
		case p.region == staticRegion:
			sym, off = p.sym, p.off+x.Imm
		case p.region >= 0:
			return st.wordAt(rkey{p.region, p.off + x.Imm})
		default:
			return ptr{}, false
		}
	default:
		return ptr{}, false
	}
	if an.prog.static == nil {
		return ptr{}, false
	}
	w, ok := an.prog.static.word(sym, off)
	if !ok {
		return ptr{}, false
	}
	if w.code || w.off == 0 && an.prog.Funcs[w.sym] != nil {
		return ptr{region: codeRegion, sym: w.sym, known: true}, true
	}
	return ptr{region: staticRegion, sym: w.sym, off: w.off, known: true}, true
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

// assumedKey names the callees of an assumption, as a call's target:
// root f's argument name.
func assumedKey(f, name string) string { return "<" + name + " of " + f + ", assumed>" }

// regionWord is the word of a region, at a known offset, that memory
// operand x addresses in st.
func (an *Analysis) regionWord(st *State, x Arg) (rkey, bool) {
	if x.Index != "" && x.Index != an.a.Zero || x.Global || x.Pre || x.Post || x.Reg == "" {
		return rkey{}, false
	}
	p, ok := st.ptrs[x.Reg]
	if !ok || !p.known || p.region < 0 || an.regions[p.region].aligned {
		return rkey{}, false
	}
	return rkey{p.region, p.off + x.Imm}, true
}

// flowBound is the bound of the integer that flow fl gives its
// destination register: a constant one, or the source register's,
// moved whole or added a constant.
func flowBound(pre *State, fl PtrFlow) (ibound, bool) {
	if fl.Bound > 0 {
		return ibound{fl.Bound, max(fl.BoundAlign, 1)}, true
	}
	if fl.AlignBy.Kind == ArgReg && fl.Src.Kind == ArgReg && !fl.Vary && fl.Delta == 0 {
		// An AND of two registers (x86's ANDQ DX, R8): below either's
		// bound, a multiple of what either is.
		a, aok := boundOf(pre, fl.Src.Reg)
		b, bok := boundOf(pre, fl.AlignBy.Reg)
		switch {
		case aok && bok:
			return ibound{min(a.n, b.n), max(a.align, b.align)}, true
		case aok:
			return a, true
		case bok:
			return b, true
		}
		return ibound{}, false
	}
	if fl.Src.Kind != ArgReg || fl.Vary || fl.Delta < 0 || fl.Align != 0 || fl.AlignBy.Kind != 0 || fl.Not || fl.Zero || fl.Const || fl.Static != "" {
		return ibound{}, false
	}
	// Moved, masked, or moved up by a constant (a loop's ADDQ $64, SI):
	// the bound moves up too, a multiple of what both are.
	b, ok := boundOf(pre, fl.Src.Reg)
	if !ok || fl.Delta > maxSpan {
		return ibound{}, false
	}
	return ibound{b.n + fl.Delta, min(b.align, alignOf(fl.Delta))}, true
}

// plainMove reports whether flow fl moves its source whole, unchanged.
func plainMove(fl PtrFlow) bool {
	return fl.Delta == 0 && !fl.Vary && fl.Align == 0 && fl.AlignBy.Kind == 0 && !fl.Zero && !fl.Const && !fl.Not &&
		fl.Static == "" && fl.By.Kind == 0 && fl.Bound == 0 && !fl.Masked
}

// varied is p moved by the value of flow fl's register By: at offsets in
// a range where p's is known and By holds a bounded integer, anywhere in
// p's region otherwise.
func (an *Analysis) varied(pre *State, p ptr, fl PtrFlow) ptr {
	b, ok := boundOf(pre, fl.By.Reg)
	p.off += fl.Delta
	return spanned(p, b, ok && fl.By.Kind == ArgReg, max(fl.Scale, 1), an.regions)
}

// maxAlign is the largest alignment of a stack pointer's copy followed:
// a page, past the frames realigned in practice (32 or 64 bytes).
const maxAlign = 4096

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
		word *rkey // a region's word, which held prev before (storeWord)
		p    ptr
		prev ptr
		// known: prev is what the word held; fresh: the region's is new
		// memory
		known, fresh bool
	}
	var puts []put
	var bounds []bound
	lens := map[string]int64{}
	for _, fl := range flows {
		if fl.Dst.Kind == ArgReg && fl.Dst.Reg != an.a.SP {
			if n, ok := flowBound(pre, fl); ok {
				bounds = append(bounds, bound{reg: fl.Dst.Reg, ibound: n})
			}
			if n, ok := pre.lens[fl.Src.Reg]; ok && fl.Src.Kind == ArgReg && plainMove(fl) {
				lens[fl.Dst.Reg] = n // a copy's length, moved
			}
		}
		if fl.Bound > 0 || fl.Masked {
			continue
		}
		p, ok := an.srcPtr(m, pre, fl.Src)
		switch {
		case fl.Zero:
			p, ok = ptr{region: nilRegion}, true
		case fl.Const:
			p, ok = ptr{region: constRegion, off: fl.Delta, known: true}, true
			fl.Delta = 0
		case fl.Static != "" && fl.Delta == 0 && an.prog.Funcs[fl.Static] != nil:
			// A function's entry: a closure's code, which the code
			// stores into the closure it builds.
			p, ok = ptr{region: codeRegion, sym: fl.Static, known: true}, true
		case fl.Static != "":
			p, ok = ptr{region: staticRegion, sym: fl.Static, off: fl.Delta, known: true}, true
			fl.Delta = 0
		}
		if !ok || p.region == nilRegion && (fl.Delta != 0 || fl.Vary || fl.Align > 1) {
			continue // nil moved is no pointer of any region
		}
		if fl.AlignBy.Kind == ArgReg {
			mask, ok := pre.ptrs[fl.AlignBy.Reg]
			if !ok || mask.region != constRegion || !mask.known || mask.off >= 0 || mask.off < -maxAlign || (-mask.off)&(-mask.off-1) != 0 {
				continue // any mask: no pointer of known provenance
			}
			fl.Align = -mask.off
		}
		if fl.Align > maxAlign {
			continue // an alignment past any frame's: no pointer of known provenance
		}
		if fl.Not {
			if p.region != constRegion || !p.known {
				continue
			}
			p.off = ^p.off
		}
		if (p.region == constRegion || p.region <= staticRegion) && (fl.Vary || fl.Align > 1) {
			continue // an integer or an address no longer known
		}
		if p.region == codeRegion && fl.Delta != 0 {
			continue // no function's entry
		}
		switch {
		case fl.Align > 1 && p.region == stackRegion && p.known:
			p = ptr{region: an.alignedRegion(m.Func, m.Inst, p.off, fl.Align), known: true}
		case fl.Align > 1 && p.region >= 0 && an.regions[p.region].aligned && p.known && p.off%fl.Align == 0:
			// aligned again to what it is aligned to: unchanged
			if an.regions[p.region].align%fl.Align != 0 {
				p = ptr{region: p.region, off: p.off}
			}
		case fl.Vary:
			p = an.varied(pre, p, fl)
		case fl.Align > 1:
			p = ptr{region: p.region, off: p.off}
		default:
			p.off += fl.Delta
		}
		switch fl.Dst.Kind {
		case ArgReg:
			puts = append(puts, put{reg: fl.Dst.Reg, p: p})
		case ArgMem:
			if o, ok := an.slotOf(m, pre, fl.Dst); ok {
				puts = append(puts, put{slot: o, p: p})
			} else if k, ok := an.regionWord(pre, fl.Dst); ok && p.region <= staticRegion {
				fresh := an.regions[k.region].fresh
				prev, known := pre.wordBefore(k, fresh)
				puts = append(puts, put{word: &k, p: p, prev: prev, known: known, fresh: fresh})
			}
		}
	}
	if len(puts) == 0 && len(bounds) == 0 && len(lens) == 0 {
		return nil
	}
	return func() {
		st := m.State
		for _, b := range bounds {
			m.Bound(b.reg, b.ibound)
		}
		for r, n := range lens {
			m.SetMin(r, Min{N: n, Signed: true, ok: true})
		}
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
				if u.p.region == stackRegion && !slices.Contains(an.a.Other, u.reg) {
					st.stackTaken = true
				}
			case u.word != nil:
				st.storeWord(*u.word, u.p, u.prev, u.known, u.fresh)
			default:
				if st.slotPtrs == nil {
					st.slotPtrs = map[int64]ptr{}
				}
				st.slotPtrs[u.slot] = u.p
			}
		}
	}
}
