package engine

import (
	"cmp"
	"slices"
)

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
	// fresh: new memory that the runtime allocated (allocRegion), which
	// no declaration names. No static pointer (a global's address)
	// reaches it: one loaded from a package variable it was stored in is
	// at least public, and a load through that reads as secret
	// (loadLevel), so a store into it need not raise static memory.
	fresh bool
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
	if o < 0 || r.aligned || r.fresh {
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
	if r.aligned || r.fresh {
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

// extent is the size of the object a region was declared as (*p of one
// element, whose bytes past it a span marks secret, no declaration
// naming them), where it is known.
func (r *Region) extent() (int64, bool) {
	if n := len(r.Spans); n > 0 {
		if s := r.Spans[n-1]; s.Size < 0 && s.Level == Secret && s.Name == "" && s.Off > 0 {
			return s.Off, true
		}
	}
	return 0, false
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
	// Assumed are the func values and interfaces whose calls the
	// declarations say what of.
	Assumed []Assumption
	// ArgsSize is the size of the argument frame from 0(FP), where the
	// declarations know the function's signature: the end of what a
	// root's caller gave it on the stack.
	ArgsSize int64
}

// An Assumption is what a declaration says of the calls through a func
// value or an interface argument (its first word: the func value's
// pointer, the itab or type), whose targets the code does not fix: each
// takes the same time whatever it is passed, and returns public values
// where ResultPublic.
type Assumption struct {
	Name string
	// Global: a package variable's symbol (importpath.Var), which any
	// function the analysis follows may load, or a function's, which it
	// may call; else an argument's first word at entry: a register, or
	// Slot from 0(FP) where Reg is "".
	Global       string
	Reg          string
	Slot         int64
	ResultPublic bool
	// StackArgs and StackFrame are the bytes, from the callee's 0(FP),
	// that the call passes arguments in and may write its arguments and
	// results in, by the callee's signature; -1 where it is not known.
	StackArgs, StackFrame int64
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
