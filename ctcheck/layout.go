package ctcheck

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// Laying declarations out: where each named part of a function's
// arguments is at its entry, in ABI0 (the frame: assembly, and the ABI0
// wrappers) and in ABIInternal (registers, where the architecture's
// table lists them), by go/types' sizes for the GOARCH.

// A param is one argument (the receiver first) as laid out.
type param struct {
	name string
	typ  types.Type
	off  int64 // ABI0: from 0(FP)
	// ABIInternal: its registers, one per word of its flattened
	// parts, with each part's offset in the value; or in the frame at
	// ioff where they do not fit or the ABI puts it there.
	regs    []regPart
	inFrame bool
	ioff    int64
}

// A regPart is one word of an argument in a register: an integer
// register, or (float) a floating-point one.
type regPart struct {
	reg      string
	off, len int64
	float    bool
}

// layoutParams lays out sig's receiver and parameters for arch a, as
// cmd/compile/abi-internal.md assigns them: each argument whole to the
// integer and floating-point registers left, or, where they are too few
// or a part is an array of more than one element, to the frame (and the
// registers it would have taken stay free for the next). It fails on a
// type it cannot lay out (one the type checker could not resolve): a
// declaration placed by a guess could mark the wrong bytes.
func layoutParams(sig *types.Signature, sizes types.Sizes, a *engine.Arch) ([]*param, error) {
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil, fmt.Errorf("a generic function: the compiler emits one body per shape of its type arguments, with a dictionary argument, so its arguments are not where its declaration names them; declare a non-generic function that calls it")
	}
	var ps []*param
	add := func(v *types.Var) { ps = append(ps, &param{name: v.Name(), typ: v.Type()}) }
	if r := sig.Recv(); r != nil {
		add(r)
	}
	for v := range sig.Params().Variables() {
		add(v)
	}
	var off, ioff int64
	nextInt, nextFloat := 0, 0
	for _, p := range ps {
		if !resolved(p.typ) {
			return nil, fmt.Errorf("argument %s: type %s is not known to the type checker", p.name, p.typ)
		}
		al, sz := sizes.Alignof(p.typ), sizes.Sizeof(p.typ)
		off = align(off, al) + sz
		p.off = off - sz
		var parts []regPart
		ok := len(a.IntArgRegs) > 0 && flatten(p.typ, sizes, 0, &parts)
		ints, floats := 0, 0
		for _, rp := range parts {
			if rp.float {
				floats++
			} else {
				ints++
			}
		}
		if ok && nextInt+ints <= len(a.IntArgRegs) && nextFloat+floats <= len(a.FloatArgRegs) {
			for i := range parts {
				if parts[i].float {
					parts[i].reg = a.FloatArgRegs[nextFloat]
					nextFloat++
				} else {
					parts[i].reg = a.IntArgRegs[nextInt]
					nextInt++
				}
			}
			p.regs = parts
		} else {
			p.inFrame = true
			ioff = align(ioff, al) + sz
			p.ioff = ioff - sz
		}
	}
	return ps, nil
}

// resolved reports whether t, and every type it is made of, is known:
// an invalid type (an import the type checker could not read) has no
// layout.
func resolved(t types.Type) bool {
	return resolvedIn(t, map[types.Type]bool{})
}

func resolvedIn(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.Invalid
	case *types.Struct:
		for i := range u.NumFields() {
			if !resolvedIn(u.Field(i).Type(), seen) {
				return false
			}
		}
	case *types.Array:
		return resolvedIn(u.Elem(), seen)
	case *types.TypeParam:
		return false
	case nil:
		return false
	}
	return true
}

func align(x, a int64) int64 { return (x + a - 1) / a * a }

// flatten appends the register parts of a value of type t at offset
// off, and reports false where ABIInternal does not put it in registers
// (an array of more than one element) or the type is not known.
func flatten(t types.Type, sizes types.Sizes, off int64, parts *[]regPart) bool {
	ptr := sizes.Sizeof(types.Typ[types.Uintptr])
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.Invalid:
			return false
		case u.Info()&types.IsComplex != 0:
			half := sizes.Sizeof(u) / 2
			*parts = append(*parts, regPart{off: off, len: half, float: true}, regPart{off: off + half, len: half, float: true})
		case u.Info()&types.IsFloat != 0:
			*parts = append(*parts, regPart{off: off, len: sizes.Sizeof(u), float: true})
		case u.Info()&types.IsString != 0:
			*parts = append(*parts, regPart{off: off, len: ptr}, regPart{off: off + ptr, len: ptr})
		default:
			if sizes.Sizeof(u) > ptr {
				return false
			}
			*parts = append(*parts, regPart{off: off, len: sizes.Sizeof(u)})
		}
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		*parts = append(*parts, regPart{off: off, len: ptr})
	case *types.Slice:
		for i := range int64(3) {
			*parts = append(*parts, regPart{off: off + i*ptr, len: ptr})
		}
	case *types.Interface:
		*parts = append(*parts, regPart{off: off, len: ptr}, regPart{off: off + ptr, len: ptr})
	case *types.Struct:
		var fields []*types.Var
		for i := range u.NumFields() {
			fields = append(fields, u.Field(i))
		}
		offs := sizes.Offsetsof(fields)
		for i, f := range fields {
			if !flatten(f.Type(), sizes, off+offs[i], parts) {
				return false
			}
		}
	case *types.Array:
		switch u.Len() {
		case 0:
		case 1:
			return flatten(u.Elem(), sizes, off, parts)
		default:
			return false
		}
	default:
		return false
	}
	return true
}

// layouter builds one function's engine.FuncDecl from its declarations.
type layouter struct {
	pkg    *types.Package // the function's: its package variables
	sizes  types.Sizes
	a      *engine.Arch
	ps     []*param
	abi0   *engine.Layout
	intern *engine.Layout
	// the regions, by where their pointer is: ABI0 frame offset, and
	// ABIInternal's register or frame offset.
	r0 map[int64]*engine.Region
	ri map[string]*engine.Region
	// placed says where the last declare put its name, for a reviewer.
	placed []string
}

func newLayouter(pkg *types.Package, sig *types.Signature, sizes types.Sizes, a *engine.Arch) (*layouter, error) {
	ps, err := layoutParams(sig, sizes, a)
	if err != nil {
		return nil, err
	}
	n := argFrameSize(sig, ps, sizes, a)
	return &layouter{pkg: pkg, sizes: sizes, a: a, ps: ps,
		abi0: &engine.Layout{Regs: map[string]engine.Level{}, ArgsSize: n}, intern: &engine.Layout{Regs: map[string]engine.Level{}, ArgsSize: n},
		r0: map[int64]*engine.Region{}, ri: map[string]*engine.Region{}}, nil
}

// argFrameSize is the size of ABI0's argument frame of sig (its
// arguments, then its results from a word boundary), laid out as ps: at
// least what ABIInternal puts in the frame (the arguments and results
// the registers do not take, and the spill space of those they do).
func argFrameSize(sig *types.Signature, ps []*param, sizes types.Sizes, a *engine.Arch) int64 {
	var off int64
	for _, p := range ps {
		off = max(off, p.off+sizes.Sizeof(p.typ))
	}
	w := int64(a.PtrSize)
	off = align(off, w)
	for v := range sig.Results().Variables() {
		off = align(off, sizes.Alignof(v.Type())) + sizes.Sizeof(v.Type())
	}
	return align(off, w)
}

func (l *layouter) param(name string) *param {
	for _, p := range l.ps {
		if p.name == name && name != "_" {
			return p
		}
	}
	return nil
}

// field walks the fields of t: the type and offset of the last. A
// field promoted from an embedded struct is found as Go finds it (the
// shallowest); one promoted through an embedded pointer is elsewhere in
// memory, an error.
func (l *layouter) field(t types.Type, fields []string) (types.Type, int64, error) {
	var off int64
	for _, f := range fields {
		if _, ok := t.Underlying().(*types.Struct); !ok {
			return nil, 0, fmt.Errorf("%s has no field %s (not a struct)", t, f)
		}
		ft, foff, err := l.promoted(t, f)
		if err != nil {
			return nil, 0, err
		}
		t, off = ft, off+foff
	}
	return t, off, nil
}

// promoted finds field f of struct type t, or of the structs it embeds,
// breadth first: its type and offset in t.
func (l *layouter) promoted(t types.Type, f string) (types.Type, int64, error) {
	type at struct {
		t   types.Type
		off int64
		via string // the embedded fields walked, for an error
	}
	level := []at{{t: t}}
	for len(level) > 0 {
		var next []at
		var found []at
		for _, c := range level {
			st, ok := c.t.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			var vars []*types.Var
			for i := range st.NumFields() {
				vars = append(vars, st.Field(i))
			}
			offs := l.sizes.Offsetsof(vars)
			for i, v := range vars {
				if v.Name() == f {
					found = append(found, at{v.Type(), c.off + offs[i], c.via})
				}
				if v.Embedded() {
					if _, ptr := v.Type().Underlying().(*types.Pointer); ptr {
						if _, _, err := l.promoted(v.Type().Underlying().(*types.Pointer).Elem(), f); err == nil {
							return nil, 0, fmt.Errorf("%s.%s is promoted through the embedded pointer %s: name the memory it points to in a function that takes it", t, f, v.Name())
						}
						continue
					}
					next = append(next, at{v.Type(), c.off + offs[i], c.via + v.Name() + "."})
				}
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return found[0].t, found[0].off, nil
		default:
			return nil, 0, fmt.Errorf("%s.%s is ambiguous (%s%s and %s%s)", t, f, found[0].via, f, found[1].via, f)
		}
		level = next
	}
	return nil, 0, fmt.Errorf("%s has no field %s", t, f)
}

// region returns the region behind the pointer word at ABI0 offset off0
// (and, for ABIInternal, in the register or frame slot of part of p at
// value offset voff).
func (l *layouter) region(name string, p *param, voff int64) (*engine.Region, *engine.Region) {
	off0 := p.off + voff
	r0 := l.r0[off0]
	if r0 == nil {
		r0 = &engine.Region{Name: name, Slot: off0, Level: engine.Secret}
		l.r0[off0] = r0
		l.abi0.Regions = append(l.abi0.Regions, r0)
	}
	var key string
	var slot int64
	var reg string
	if p.inFrame {
		slot = p.ioff + voff
		key = "@" + strconv.FormatInt(slot, 10)
	} else {
		for _, rp := range p.regs {
			if rp.off == voff {
				reg = rp.reg
			}
		}
		if reg == "" {
			return r0, nil
		}
		key = reg
	}
	ri := l.ri[key]
	if ri == nil {
		ri = &engine.Region{Name: name, Reg: reg, Slot: slot, Level: engine.Secret}
		l.ri[key] = ri
		l.intern.Regions = append(l.intern.Regions, ri)
	}
	return r0, ri
}

// scalar declares size bytes at value offset voff of p.
func (l *layouter) scalar(p *param, voff, size int64, lv engine.Level) {
	l.abi0.Frame = append(l.abi0.Frame, engine.Span{Off: p.off + voff, Size: size, Level: lv})
	where := []string{fmt.Sprintf("ABI0 %d(FP) %d bytes", p.off+voff, size)}
	if p.inFrame {
		l.intern.Frame = append(l.intern.Frame, engine.Span{Off: p.ioff + voff, Size: size, Level: lv})
		where = append(where, fmt.Sprintf("ABIInternal frame %d %d bytes", p.ioff+voff, size))
	} else {
		var regs []string
		for _, rp := range p.regs {
			if rp.off < voff+size && rp.off+rp.len > voff {
				regs = append(regs, rp.reg)
				for _, loc := range l.locations(rp) {
					l.intern.Regs[loc] = max(l.intern.Regs[loc], lv)
				}
			}
		}
		where = append(where, "ABIInternal "+strings.Join(regs, ","))
	}
	l.placed = append(l.placed, strings.Join(where, ", "))
}

// locations are the engine's locations of a register part: an integer
// register's name; every lane of a floating-point one's register (a
// float64 is in lane 0, but marking the lanes above it too fails
// closed).
func (l *layouter) locations(rp regPart) []string {
	if !rp.float {
		return []string{rp.reg}
	}
	var out []string
	for _, loc := range l.a.Regs {
		if loc == rp.reg || strings.HasPrefix(loc, rp.reg+".") {
			out = append(out, loc)
		}
	}
	return out
}

// declare applies one verb to one name (says: what assume says).
func (l *layouter) declare(verb, name, says string) error {
	if verb == "assume" {
		return l.assume(name, says)
	}
	n, err := parseName(name)
	if err != nil {
		return err
	}
	if verb == "assume" {
		return l.assume(name, says)
	}
	p := l.param(n.arg)
	if p == nil {
		return fmt.Errorf("%s: no argument %s", name, n.arg)
	}
	lv := engine.Secret
	if verb == "public" {
		lv = engine.Public
	}
	t := p.typ
	ptrSize := l.sizes.Sizeof(types.Typ[types.Uintptr])
	// p.len, p.cap of a slice or a string: its header's words.
	if len(n.fields) == 1 && !n.elems && !n.deref {
		switch t.Underlying().(type) {
		case *types.Slice, *types.Basic:
			if w := map[string]int64{"len": 1, "cap": 2}[n.fields[0]]; w > 0 && isSliceOrString(t) {
				if verb == "writes" {
					return fmt.Errorf("%s: writes names memory behind a pointer", name)
				}
				l.scalar(p, w*ptrSize, ptrSize, lv)
				return nil
			}
		}
	}
	var voff int64 // in the value of p, before any pointer
	// Through a pointer: p.f of a *struct, *p, *p[:n], s[:].
	viaPtr := false
	if pt, ok := t.Underlying().(*types.Pointer); ok && (n.deref || len(n.fields) > 0) {
		viaPtr, t = true, pt.Elem()
	}
	if n.elems && !n.deref {
		switch u := t.Underlying().(type) {
		case *types.Slice:
			viaPtr, t = true, u.Elem()
		case *types.Basic:
			if u.Info()&types.IsString == 0 {
				return fmt.Errorf("%s: %s is not a slice or a string", name, n.arg)
			}
			viaPtr, t = true, types.Typ[types.Byte]
		default:
			return fmt.Errorf("%s: %s is not a slice or a string", name, n.arg)
		}
		if len(n.fields) > 0 {
			return fmt.Errorf("%s: a field of an argument's elements: name s[:]", name)
		}
	}
	if n.deref && !viaPtr {
		return fmt.Errorf("%s: %s is not a pointer", name, n.arg)
	}
	ft, foff, err := l.field(t, n.fields)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	size := l.sizes.Sizeof(ft)
	if !viaPtr {
		if verb == "writes" {
			return fmt.Errorf("%s: writes names memory behind a pointer (*p, p.f, s[:])", name)
		}
		l.scalar(p, voff+foff, size, lv)
		return nil
	}
	r0, ri := l.region(name, p, voff)
	span := engine.Span{Off: foff, Size: size, Level: lv, Name: name}
	whole := len(n.fields) == 0
	switch {
	case n.elems && n.count != "":
		span.Off = 0
		if c, err := strconv.ParseInt(n.count, 0, 64); err == nil {
			span.Size = c * l.sizes.Sizeof(t)
		} else if l.param(n.count) != nil {
			span.Size = -1 // as many as an argument says: any
		} else {
			return fmt.Errorf("%s: %s is neither a constant nor an argument", name, n.count)
		}
		whole = span.Size < 0
	case n.elems, n.deref && !n.elems:
		span = engine.Span{Off: 0, Size: -1, Level: lv, Name: name}
		if n.deref && !n.elems && !isSliceOrString(p.typ) {
			// *p: what p points to, the one element.
			span.Size = l.sizes.Sizeof(t)
			whole = true
		}
	}
	bytes := "every byte"
	switch {
	case verb == "writes" && whole:
	case span.Size >= 0:
		bytes = fmt.Sprintf("bytes %d-%d", span.Off, span.Off+span.Size-1)
	case span.Off > 0:
		bytes = fmt.Sprintf("bytes from %d", span.Off)
	}
	where := fmt.Sprintf("%s behind the pointer at ABI0 %d(FP)", bytes, r0.Slot)
	switch {
	case ri == nil:
	case ri.Reg != "":
		where += ", ABIInternal " + ri.Reg
	default:
		where += fmt.Sprintf(", ABIInternal frame %d", ri.Slot)
	}
	l.placed = append(l.placed, where)
	for _, r := range []*engine.Region{r0, ri} {
		if r == nil {
			continue
		}
		switch {
		case verb == "writes" && whole:
			// All of what p points to: at any offset, the code staying in
			// its object (as Go's bounds checks keep it).
			r.Writes = append(r.Writes, engine.Span{Off: 0, Size: -1})
		case verb == "writes":
			r.Writes = append(r.Writes, span)
		case whole && span.Size < 0, whole && span.Off == 0 && n.deref && !n.elems:
			r.Level, r.LevelName = lv, name
			if span.Size >= 0 {
				// The bytes past one element: not declared.
				r.Spans = append(r.Spans, engine.Span{Off: span.Size, Size: -1, Level: engine.Secret})
			}
		default:
			r.Spans = append(r.Spans, span)
		}
	}
	return nil
}

// assume places what a call through name may do: an argument, a func
// value or an interface, at its first word (the func value, the itab or
// type), through which the code reaches the code it calls; or a package
// variable's or a function's symbol, which any function the analysis
// follows may load or call.
func (l *layouter) assume(name, says string) error {
	a := engine.Assumption{Name: name, ResultPublic: strings.HasSuffix(says, "result public"), StackArgs: -1, StackFrame: -1}
	path, v := splitVar(name)
	p := l.param(name)
	if first, _, _ := strings.Cut(path, "."); path != "" && !strings.Contains(path, "/") && l.param(first) != nil {
		// c.g where c is an argument: a field, which assume does not
		// name (a package's path would be taken for it).
		return fmt.Errorf("%s: assume names an argument whole, not its field", name)
	}
	if p == nil || path != "" {
		// The function's package's, whose types the checker knows, or
		// another's, named by its path (not checked: an assumption that
		// no load or call reaches assumes nothing).
		what := "the package variable or function"
		if path == "" || path == l.pkg.Path() {
			var t types.Type
			switch obj := l.pkg.Scope().Lookup(v).(type) {
			case *types.Var:
				if err := assumable(name, obj.Type()); err != nil {
					return err
				}
				what, t = "the package variable", obj.Type()
			case *types.Func:
				what, t = "the function", obj.Type()
			default:
				return fmt.Errorf("%s: neither an argument, a package variable nor a function", name)
			}
			path = l.pkg.Path()
			a0, ai := l.stackArea(a, t)
			a0.Global, ai.Global = path+"."+v, path+"."+v
			l.abi0.Assumed = append(l.abi0.Assumed, a0)
			l.intern.Assumed = append(l.intern.Assumed, ai)
			l.placed = append(l.placed, "a call of or through "+what+" "+a0.Global)
			return nil
		}
		a.Global = path + "." + v
		for _, lay := range []*engine.Layout{l.abi0, l.intern} {
			lay.Assumed = append(lay.Assumed, a)
		}
		l.placed = append(l.placed, "a call of or through "+what+" "+a.Global)
		return nil
	}
	if err := assumable(name, p.typ); err != nil {
		return err
	}
	a0, ai := l.stackArea(a, p.typ)
	a = ai
	a0.Slot = p.off
	l.abi0.Assumed = append(l.abi0.Assumed, a0)
	where := []string{fmt.Sprintf("ABI0 %d(FP)", p.off)}
	switch {
	case p.inFrame:
		a.Slot = p.ioff
		where = append(where, fmt.Sprintf("ABIInternal frame %d", p.ioff))
	default:
		a.Reg = p.regs[0].reg
		where = append(where, "ABIInternal "+a.Reg)
	}
	l.intern.Assumed = append(l.intern.Assumed, a)
	l.placed = append(l.placed, "a call through the word at "+strings.Join(where, ", "))
	return nil
}

// stackArea returns a, for ABI0 and for ABIInternal, with the stack
// bytes a call through a value of type t passes its arguments in
// (StackArgs) and may write them and its results in (StackFrame), from
// 0(FP) of the callee: a func value's signature, the largest of an
// interface's methods' (its receiver a word before them). Where the
// checker cannot lay them out, unknown (-1).
func (l *layouter) stackArea(a engine.Assumption, t types.Type) (abi0, internal engine.Assumption) {
	var sigs []*types.Signature
	recv := false
	switch u := t.Underlying().(type) {
	case *types.Signature:
		sigs = append(sigs, u)
	case *types.Interface:
		recv = true
		for m := range u.Methods() {
			sigs = append(sigs, m.Type().(*types.Signature))
		}
	}
	abi0, internal = a, a
	if len(sigs) == 0 {
		return abi0, internal
	}
	abi0.StackArgs, abi0.StackFrame, internal.StackArgs, internal.StackFrame = 0, 0, 0, 0
	for _, sig := range sigs {
		if recv {
			ps := []*types.Var{types.NewParam(0, nil, "recv", types.Typ[types.UnsafePointer])}
			for v := range sig.Params().Variables() {
				ps = append(ps, v)
			}
			sig = types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), sig.Results(), sig.Variadic())
		}
		ps, err := layoutParams(sig, l.sizes, l.a)
		if err != nil {
			return a, a // unknown: -1
		}
		var args, iargs int64
		for _, p := range ps {
			args = max(args, p.off+l.sizes.Sizeof(p.typ))
			if p.inFrame {
				iargs = max(iargs, p.ioff+l.sizes.Sizeof(p.typ))
			}
		}
		frame := argFrameSize(sig, ps, l.sizes, l.a)
		abi0.StackArgs, abi0.StackFrame = max(abi0.StackArgs, args), max(abi0.StackFrame, frame)
		// ABIInternal's frame holds the arguments and results the
		// registers do not take, and the spill space of those they do:
		// no more than ABI0's.
		internal.StackArgs, internal.StackFrame = max(internal.StackArgs, iargs), max(internal.StackFrame, frame)
	}
	return abi0, internal
}

// assumable reports whether a value of type t may be assumed: a func
// value or an interface.
func assumable(name string, t types.Type) error {
	switch t.Underlying().(type) {
	case *types.Signature, *types.Interface:
		return nil
	}
	return fmt.Errorf("%s is neither a func value nor an interface (%s)", name, t)
}

func isSliceOrString(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

// decl is the function's FuncDecl: the spans declared last win, so the
// whole-region levels go first.
func (l *layouter) decl() *engine.FuncDecl {
	return &engine.FuncDecl{ABI0: l.abi0, Internal: l.intern}
}
