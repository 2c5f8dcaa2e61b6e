package engine

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// EntrySP is the base register of a memory operand that a front end has
// resolved to an offset from the stack pointer at the function's entry
// (the listing's argument and local-variable names).
const EntrySP = "<entry SP>"

// TLSBase is the thread-local storage's base, a register of the listing
// on 386 (MOVL TLS, CX): the runtime's, static.
const TLSBase = "TLS"

// A State is what the analysis knows before one instruction: the level of
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
	// tops are the callers' frames' tops (their stack pointers at entry),
	// by offset, ascending: the stack byte at an offset o >= 0 lies in
	// the frame of the first above o. A root's is the end of its argument
	// frame where its declarations give its signature, else none (its
	// caller the analysis does not see); nil where a caller's stack
	// pointer was unknown.
	tops []int64
	// assumed are the CPU features the code may use here, and claims the
	// modes its run must be in (feature.go); guards are what locations
	// hold of a feature flag or a mode.
	assumed, claims featureSet
	guards          map[string]Guard
	// ptrs are the registers, and slotPtrs the pointer-size stack slots,
	// that hold a pointer of known provenance (region.go); rmem are the
	// levels of the declared regions' bytes that the code stored to, amem
	// those of the realigned frames' (copied on write, as stack).
	ptrs                   map[string]ptr
	slotPtrs               map[int64]ptr
	rmem, amem             map[rkey]Level
	rmemShared, amemShared bool
	// rptrs are the pointer-size words of regions, at known offsets,
	// that hold an address of static data or of a function (an
	// interface's itab, a func value), as the code stored them.
	rptrs map[rkey]ptr
	// stackTaken: this path, or a caller's, took the address of a stack
	// byte into a register (LEAQ x(SP), R), which the analysis may lose
	// the provenance of afterwards.
	stackTaken bool
	// inputs are the regions its root's declarations made, from the
	// first to before the second.
	inputs [2]int
	// allocs are the regions of new memory that this path, from its
	// root's entry, allocated an object of (words.go).
	allocs map[int]bool
	// vars are the package variables (by symbol) that the root's
	// declarations assume what a call through does: the key of each
	// assumption (assumedKey).
	vars map[string]string
	// bounds are the registers that hold an unsigned integer below a
	// bound the code proved (a bounds check's compare, an AND with a
	// constant: Bound), and a power of two it is a multiple of. An index
	// that has one reaches only the bytes of a region it can (regionOf).
	bounds map[string]ibound
	// lens are the registers that hold a copy's length the code capped
	// with a signed compare (min(len(p), 64): x86's CMOVQLT, arm64's
	// CSEL LT): at most the value where it is not negative. A negative
	// length would fault in the copy before it returned.
	lens map[string]int64
}

// An ibound is what a register holds of an unsigned integer: below n, a
// multiple of align (a power of two; 1: any integer).
type ibound struct{ n, align int64 }

// maxAligned is the alignment of 0, a multiple of every power of two
// the analysis meets.
const maxAligned = 1 << 30

// alignOf is the largest power of two that divides c (maxAligned for 0).
func alignOf(c int64) int64 {
	if c == 0 {
		return maxAligned
	}
	return min(c&-c, maxAligned)
}

// last is the largest integer b holds: the last multiple of its
// alignment below its bound.
func (b ibound) last() int64 { return (b.n - 1) / b.align * b.align }

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
	c.rptrs = maps.Clone(s.rptrs)
	c.allocs = maps.Clone(s.allocs)
	c.vars = maps.Clone(s.vars)
	c.bounds = maps.Clone(s.bounds)
	c.lens = maps.Clone(s.lens)
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
func (s *State) join(o *State) bool { return s.joinWiden(o, nil) }

// joinWiden is join, where a register's bound that grows is widened to
// the nearest of its thresholds (sorted, by register), or dropped above
// them all: a loop that adds to a counter on each pass would otherwise
// raise its bound forever, and one that no compare with a constant
// bounds has none.
func (s *State) joinWiden(o *State, thresholds map[string][]int64) bool {
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
	if s.tops != nil && (o.tops == nil || !slices.Equal(s.tops, o.tops)) {
		s.tops = nil
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
	if s.joinBounds(o, thresholds) {
		changed = true
	}
	if s.joinLens(o) {
		changed = true
	}
	if o.stackTaken && !s.stackTaken {
		s.stackTaken = true
		changed = true
	}
	if s.joinPtrs(o) {
		changed = true
	}
	return changed
}

// joinLens keeps the copy lengths capped on both paths, the larger of
// the two, and reports whether s's changed.
func (s *State) joinLens(o *State) bool {
	changed := false
	for k, n := range s.lens {
		if on, ok := o.lens[k]; !ok {
			delete(s.lens, k)
			changed = true
		} else if on > n {
			s.lens[k] = on
			changed = true
		}
	}
	return changed
}

// boundOf is the bound of the unsigned integer register reg holds in st:
// one the code proved, or a small constant's (nil: 0).
func boundOf(st *State, reg string) (ibound, bool) {
	if b, ok := st.bounds[reg]; ok {
		return b, true
	}
	switch p, ok := st.ptrs[reg]; {
	case ok && p.region == nilRegion:
		return ibound{1, maxAligned}, true
	case ok && p.region == constRegion && p.known && p.off >= 0 && p.off < maxSpan:
		return ibound{p.off + 1, alignOf(p.off)}, true
	}
	return ibound{}, false
}

// joinBounds keeps the bounds that hold on both paths, the larger of
// the two (a constant on one path counts as its bound: a loop's counter
// from 0), widened where it grows (joinWiden), and reports whether s's
// changed.
func (s *State) joinBounds(o *State, thresholds map[string][]int64) bool {
	if len(s.bounds) == 0 && len(o.bounds) == 0 {
		return false
	}
	changed := false
	keys := map[string]bool{}
	for k := range s.bounds {
		keys[k] = true
	}
	for k := range o.bounds {
		keys[k] = true
	}
	for k := range keys {
		b, ok := boundOf(s, k)
		ob, ook := boundOf(o, k)
		_, had := s.bounds[k]
		v := ibound{max(b.n, ob.n), min(b.align, ob.align)}
		if ok && ook && ob.n > b.n && thresholds != nil {
			t := thresholds[k]
			i, _ := slices.BinarySearch(t, v.n)
			if i == len(t) {
				ook = false
			} else {
				v.n = t[i]
			}
		}
		switch {
		case !ok || !ook:
			if had {
				delete(s.bounds, k)
				changed = true
			}
		case !had || v != b:
			if s.bounds == nil {
				s.bounds = map[string]ibound{}
			}
			s.bounds[k] = v
			changed = true
		}
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
	for id := range o.allocs {
		if !s.allocs[id] {
			if s.allocs == nil {
				s.allocs = map[int]bool{}
			}
			s.allocs[id] = true
			changed = true
		}
	}
	if len(s.rptrs) > 0 || len(o.rptrs) > 0 {
		var c bool
		if s.rptrs, c = joinWords(s.rptrs, o.rptrs); c {
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

// frameEnd is the end of the frame that holds the stack byte at off:
// this function's (0) below 0, else the caller's whose top is the first
// above off; false where off lies above every frame the analysis knows.
func (s *State) frameEnd(off int64) (int64, bool) {
	if off < 0 {
		return 0, true
	}
	for _, t := range s.tops {
		if t > off {
			return t, true
		}
	}
	return 0, false
}

// stackEnd is the end of the highest frame the analysis knows: the
// last caller's (a root's argument frame), or this function's own (0)
// where it knows of none.
func (s *State) stackEnd() int64 {
	if len(s.tops) == 0 {
		return 0
	}
	return s.tops[len(s.tops)-1]
}

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

// contextKey names f's analysis from entry, for the memo of callee
// contexts: a digest of the entry's canonical text, which for a large
// frame or region runs to tens of kilobytes (SHA-256: no two entries the
// analysis meets collide).
func contextKey(f *Func, entry *State) string {
	sum := sha256.Sum256([]byte(entry.key()))
	return f.Name + "\x00" + string(sum[:])
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
	fmt.Fprintf(&b, "|%v %t|%v %t|%x|%x|%v|", s.tops, s.tops == nil, s.inputs, s.stackTaken, s.assumed, s.claims, slices.Sorted(maps.Keys(s.allocs)))
	for _, k := range slices.Sorted(maps.Keys(s.vars)) {
		fmt.Fprintf(&b, "%s=%s,", k, s.vars[k])
	}
	for _, k := range slices.Sorted(maps.Keys(s.guards)) {
		fmt.Fprintf(&b, "%s=%v,", k, s.guards[k])
	}
	for _, k := range slices.Sorted(maps.Keys(s.bounds)) {
		fmt.Fprintf(&b, "%s<%d/%d,", k, s.bounds[k].n, s.bounds[k].align)
	}
	for _, k := range slices.Sorted(maps.Keys(s.lens)) {
		fmt.Fprintf(&b, "%s<=%d,", k, s.lens[k])
	}
	if len(s.ptrs)+len(s.slotPtrs)+len(s.rmem)+len(s.amem)+len(s.rptrs) > 0 {
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
		b.WriteByte('|')
		keys := slices.Collect(maps.Keys(s.rptrs))
		slices.SortFunc(keys, func(x, y rkey) int {
			if x.region != y.region {
				return x.region - y.region
			}
			return cmpInt(x.off, y.off)
		})
		for _, k := range keys {
			fmt.Fprintf(&b, "%d:%d=%v,", k.region, k.off, s.rptrs[k])
		}
	}
	return b.String()
}

func shift(s map[int64]Level, by int64) map[int64]Level {
	c := make(map[int64]Level, len(s))
	for o, l := range s {
		c[o+by] = l
	}
	return c
}

// stackRegion is the provenance of a copy of the stack pointer: its
// offset is from the stack pointer at entry.
const stackRegion = -1

// nilRegion is the provenance of a zero written as a pointer (Go's nil):
// where it meets a pointer into a region, the join keeps the region, as
// a nil pointer addresses nothing (a load or store through it faults);
// alone it has no region.
const nilRegion = -2

// constRegion is the provenance of an integer the code set from a
// constant, off its value: moves, adds and spills keep it as they keep a
// pointer's, so that a length passed to memmove is known where the code
// fixed it. It addresses nothing.
const constRegion = -3

// staticRegion is the provenance of an address in the program's
// read-only data: sym's, off bytes in (a func value, an itab, a generic
// dictionary: static.go). Memory through it is the program's data, as
// through any static pointer; a pointer-size load from it may read an
// address the linker put there.
const staticRegion = -4

// codeRegion is the provenance of a function's entry, sym's, read from
// static data: a call through a location that holds it calls sym.
const codeRegion = -5

// assumedRegion is the provenance of a func value or an interface that a
// declaration assumes what of (Assumption), sym the key of the
// assumption (assumedKey): any word loaded through it is code whose call
// the assumption covers.
const assumedRegion = -6

// addressesRegion reports whether p is a pointer into memory the
// analysis tracks by provenance: a region, or the frame.
func (p ptr) addressesRegion() bool { return p.region >= stackRegion }

// A ptr is what a register or a stack slot holds of a pointer: into a
// region (by index, or stackRegion), at a known offset from its start or
// an unknown one.
type ptr struct {
	region int
	off    int64
	known  bool
	// span, where the offset is not known: it lies in [off, off+span), a
	// bounded index added to a known one (0: anywhere).
	span int64
	sym  string // staticRegion's and codeRegion's symbol
}

// reach is the range of bytes an access of width bytes at p may touch,
// and whether p bounds it.
func (p ptr) reach(width int) (lo, hi int64, ok bool) {
	w := int64(max(width, 1))
	switch {
	case p.known:
		return p.off, p.off + w, true
	case p.span > 0:
		return p.off, p.off + p.span - 1 + w, true
	}
	return 0, 0, false
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
	case a.region == constRegion || b.region == constRegion,
		a.region <= staticRegion || b.region <= staticRegion:
		return a, a == b && a.known // one integer or address, or none
	case a.region == nilRegion:
		return b, true
	case b.region == nilRegion:
		return a, true
	}
	if a.region != b.region {
		return ptr{}, false
	}
	if a == b && (a.known || a.span > 0) {
		return a, true // one offset or one bounded range (a loop's does not grow)
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

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// A featureSet is a set of an architecture's features, each bit the
// index of one in Arch.Features.
type featureSet uint64

// A Guard is what a location holds of a feature flag or of a mode: the
// flag's value (a register loaded from it), a comparison of it (the
// flags: eq says whether "equal" means the flag is set, as after CMP
// flag, $1, or zero, as after TEST r, r), or a copy of the mode's state
// (mode: arm64's MRS DIT, Rn). Or, with Reg set, what the flags hold of
// a compare of register Reg with the constant Imm (Compared), or with
// register Than (ComparedRegs).
type Guard struct {
	Feature string
	Eq      bool
	Mode    bool
	Reg     string
	Imm     int64
	Than    string
}
