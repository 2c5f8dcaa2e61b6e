package engine

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Summaries of the runtime's copy and clear, which compiled Go calls for
// copy(), append and the zeroing of a variable-size value: the analysis
// does not read the runtime's assembly (it is not in the program), so it
// applies what each does instead, as a callee's exit. Their running time
// depends on the length and on the pointers' alignment and overlap
// (runtime/memmove_*.s branch on nothing else), never on the bytes moved:
// the length and the pointers must be public, the destination writable,
// and what the destination holds after is what the source held (zero for
// a clear); the registers, through which the bytes pass, take that level.
type summary struct {
	args int  // pointer-size arguments: memmove(to, from, n), memclr(ptr, n)
	copy bool // the second argument is a source; else the bytes written are zero
}

var summaries = map[string]summary{
	"runtime.memmove":              {args: 3, copy: true},
	"runtime.memclrNoHeapPointers": {args: 2},
}

// An allocation summarises a runtime function that allocates, which
// compiled Go calls for make, new, append and the escape of a value: its
// running time depends on the size it is asked for (and on the heap's
// state, which the inputs do not set), so the sizes must be public. What
// it returns is new memory: zero, or a copy of what it is passed
// (growslice: the old elements; makeslicecopy: from). No other pointer
// reaches it: it is a region of the calling function's own (allocRegion),
// which the code may write, read back and pass on.
type allocation struct {
	args    int   // pointer-size arguments
	sizes   []int // those that size it
	from    int   // the pointer it copies from; -1 for none
	results int   // pointer-size results, the pointer first: growslice's is a slice
	// unzeroed: it may return memory it did not clear (mallocgc's
	// needzero false): what a freed object left there, read as secret
	// (fail closed), unless its argument zeroArg (where it has one) is
	// the constant 1.
	unzeroed bool
	zeroArg  int
	// boxes: it boxes a value for an interface (convT64, convTstring):
	// its sizes are the value's words, on which its time depends (a
	// small integer is not allocated, an empty string neither), and the
	// new memory holds them; wide, a 64-bit value, two words where a
	// pointer is four bytes.
	boxes, wide bool
}

var allocations = map[string]allocation{
	"runtime.makeslice":     {args: 3, sizes: []int{1, 2}, from: -1, results: 1},                          // (et, len, cap)
	"runtime.makeslicecopy": {args: 4, sizes: []int{1, 2}, from: 3, results: 1},                           // (et, tolen, fromlen, from)
	"runtime.growslice":     {args: 5, sizes: []int{1, 2, 3}, from: 0, results: 3},                        // (oldPtr, newLen, oldCap, num, et)
	"runtime.mallocgc":      {args: 3, sizes: []int{0}, from: -1, results: 1, unzeroed: true, zeroArg: 2}, // (size, typ, needzero)
	"runtime.newobject":     {args: 1, from: -1, results: 1},                                              // (typ): the type's size
	"runtime.convT16":       {args: 1, sizes: []int{0}, from: -1, results: 1, boxes: true},                // (val)
	"runtime.convT32":       {args: 1, sizes: []int{0}, from: -1, results: 1, boxes: true},
	"runtime.convT64":       {args: 1, sizes: []int{0}, from: -1, results: 1, boxes: true, wide: true},
	"runtime.convTstring":   {args: 2, sizes: []int{0, 1}, from: -1, results: 1, boxes: true}, // (ptr, len)
	"runtime.convTslice":    {args: 3, sizes: []int{0, 1, 2}, from: -1, results: 1, boxes: true},
}

// mallocBySizeClass are the prefixes of Go 1.27's allocators by size
// class (runtime/malloc_generated.go: mallocgcSmallScanNoHeaderSC2, ...),
// which the compiler calls for new and escapes, each as mallocgc.
var mallocBySizeClass = []string{"runtime.mallocgcSmallScanNoHeaderSC", "runtime.mallocgcSmallNoScanSC", "runtime.mallocgcTinySC"}

// isAllocation reports whether sym is an allocator the analysis
// summarises.
func isAllocation(sym string) bool { _, ok := allocationOf(sym); return ok }

// allocationOf is the summary of the allocator name, if it is one.
func allocationOf(name string) (allocation, bool) {
	name = strings.TrimSuffix(name, ".abi0")
	if a, ok := allocations[name]; ok {
		return a, true
	}
	for _, p := range mallocBySizeClass {
		if n, ok := strings.CutPrefix(name, p); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return allocations["runtime.mallocgc"], true
		}
	}
	return allocation{}, false
}

// forArch is a's arguments where a pointer is ptrSize bytes: a wide
// value takes two words on a 32-bit architecture.
func (a allocation) forArch(ptrSize int) allocation {
	if a.wide && ptrSize == 4 {
		a.args, a.sizes = 2, []int{0, 1}
	}
	return a
}

// knownRuntime reports whether the analysis treats a call of the
// runtime's function name itself (a summary, a panic that does not
// return): the binary's check learns from the line table that such a
// symbol is the runtime's (Program.runtimeFiles).
func knownRuntime(name string) bool {
	name = strings.TrimSuffix(name, ".abi0")
	_, ok := summaries[name]
	_, alloc := allocationOf(name)
	return ok || alloc || isWriteBarrier(name) || name == "runtime.gopanic" || strings.HasPrefix(name, "runtime.panic") ||
		name == "runtime.duffzero" || name == "runtime.duffcopy"
}

// isWriteBarrier reports whether sym is the runtime's write barrier,
// which compiled Go calls before it stores a pointer into the heap while
// the collector marks (runtime.writeBarrier set): gcWriteBarrier1 to 8,
// by how many pointers the caller will put in its buffer.
func isWriteBarrier(sym string) bool {
	n, ok := strings.CutPrefix(sym, "runtime.gcWriteBarrier")
	return ok && len(n) == 1 && n[0] >= '1' && n[0] <= '8'
}

// writeBarrier is the exit of a write barrier called from out (push:
// the bytes the call pushed). Its time depends on how full its buffer
// is, which no input sets; it keeps every register but one, in which it
// returns a pointer to the buffer's space, where the caller stores the
// pointers it is about to write and overwrite: a region of its own, new
// memory that nothing reads back.
func (an *Analysis) writeBarrier(out *State, push int64) *State {
	if an.wbBuf == 0 {
		an.regions = append(an.regions, &Region{Name: "the write barrier's buffer", Level: Public, fresh: true,
			Writes: []Span{{Off: 0, Size: -1}}})
		an.wbBuf = len(an.regions)
	}
	buf := an.a.WriteBarrierBuf
	back := an.returned(out, push, Secret)
	back.Regs = maps.Clone(out.Regs)
	delete(back.Regs, buf)
	back.guards = maps.Clone(out.guards)
	delete(back.guards, buf)
	back.ptrs = movePtrs(an.regions, out.ptrs, -(out.sp - push))
	if back.ptrs == nil {
		back.ptrs = map[string]ptr{}
	}
	back.ptrs[buf] = ptr{region: an.wbBuf - 1, known: true}
	return back
}

// assumedCall is the exit of a call, from out (push: the bytes the call
// pushed), through a func value or an interface of assumption as: code
// the analysis does not see, which the declaration says takes the same
// time whatever it is passed. It may read and write whatever its
// arguments reach, and the package variables: what it writes, and its
// results but where the declaration says they are public, take the
// highest level of what it may read (fail closed). Through a pointer
// into the frame, or one of no known provenance where the code took a
// stack address, it may read and write every frame up to the root's
// argument frame, but the return addresses (an object there may hold
// the address of another, as a closure holds its captured variables';
// the analysis loses the provenance of a stack address loaded from a
// local array or chosen by a conditional move); through one of no known
// provenance, any region.
func (an *Analysis) assumedCall(m *Mach, as Assumption, out *State, push int64) *State {
	back := an.returned(out, push, Secret)
	in := out.mem
	var regions []ptr
	untracked := false
	wholeStack := false
	for _, r := range slices.Concat(an.a.IntArgRegs, an.a.FloatArgRegs) {
		p, ok := out.ptrs[r]
		if ok && (p.region == codeRegion || p.region == assumedRegion) {
			continue // the call's target, or its func value: no data
		}
		for loc, l := range out.Regs {
			if loc == r || strings.HasPrefix(loc, r+".") {
				in = max(in, l)
			}
		}
		switch {
		case ok && p.region >= 0:
			in = max(in, an.objectLoad(m, p.region))
			regions = append(regions, p)
		case ok && p.region == stackRegion:
			// The object it points to may hold the address of another
			// (a closure's captured variable): any frame.
			wholeStack = true
		case ok && p.region < stackRegion:
		case get(out.Regs, r) != Static:
			untracked = true // a pointer of no known provenance may be
		}
	}
	if an.abi0Call(m, "", 1) || !out.spKnown {
		in, untracked = Secret, true // arguments in the frame: fail closed
	}
	var frames []int64 // the bytes of the frames it may read and write, in the caller's offsets
	// Its arguments and results on the stack, above the caller's stack
	// pointer: it reads those the caller wrote, and may write them all
	// (its results secret but where the declaration says public). Where
	// its signature is not known, the caller's frame.
	argsAt := out.sp + an.a.ArgBase - an.a.RetAddr // the callee's 0(FP), in the caller's offsets
	argEnd, frameEnd := argsAt+as.StackArgs, argsAt+as.StackFrame
	if as.StackArgs < 0 || as.StackFrame < 0 {
		argEnd, frameEnd = 0, 0
	}
	for o, l := range out.stack {
		if o >= out.sp && o < argEnd {
			in = max(in, l)
		}
	}
	results := Secret
	if as.ResultPublic {
		results = Public
	}
	if out.spKnown {
		for o := out.sp; o < frameEnd; o++ {
			if !an.returnByte(out, o) {
				frames = append(frames, o)
			}
		}
	}
	if untracked && out.stackTaken || wholeStack {
		// A register the checks do not place may hold a stack address
		// too, where the code took one (loaded from a local array,
		// chosen by a conditional move): every frame, the root's
		// argument frame with them, but the return addresses.
		if len(out.tops) == 0 || !out.spKnown {
			m.Find("call assumed constant time that may write a frame whose end the analysis does not know (fail closed)")
		} else {
			frames = frames[:0]
			for o := out.sp; o < out.stackEnd(); o++ {
				if !an.returnByte(out, o) {
					frames = append(frames, o)
					in = max(in, getSlot(out.stack, o))
				}
			}
		}
	}
	if untracked {
		// Through a pointer of no known provenance it may read and write
		// any object: an input's (a root's argument may alias what a
		// pointer it loads points to) or new memory this path allocated.
		reach := slices.Sorted(maps.Keys(out.allocs))
		for i := out.inputs[0]; i < out.inputs[1]; i++ {
			reach = append(reach, i)
		}
		for _, i := range reach {
			if !slices.ContainsFunc(regions, func(p ptr) bool { return p.region == i }) {
				in = max(in, an.objectLoad(m, i))
				regions = append(regions, ptr{region: i})
			}
		}
	}
	for _, p := range regions {
		rmem := back.rmemW()
		k := rkey{p.region, floorOff}
		rmem[k] = max(rmem[k], in)
		back.overwriteWords(ptr{region: p.region}, 1, an.regions[p.region].fresh, an.a.PtrSize)
	}
	if untracked {
		back.rptrs = nil
	}
	if len(frames) > 0 {
		// back is in the callee's coordinates: the caller's offset o is
		// o - out.sp + push there.
		shift := push - out.sp
		stack := back.stackW()
		for _, o := range frames {
			l := in
			if o >= argsAt && o < frameEnd {
				l = max(l, results)
			}
			putSlot(stack, o+shift, max(getSlot(stack, o+shift), l))
		}
		for o := range back.slotPtrs {
			if c := o - shift; c >= frames[0] && c <= frames[len(frames)-1] && !an.returnByte(out, c) {
				delete(back.slotPtrs, o)
			}
		}
		back.rptrs = nil // a realigned frame's words, among others
	}
	back.mem = max(back.mem, in)
	if !as.ResultPublic {
		an.copiedThrough(back)
	}
	return back
}

// returnByte reports whether the stack byte at o, in out's offsets,
// holds a return address: a link slot's, this function's own (RetAddr
// bytes at 0) or a caller's (at each of its frames' tops but the last,
// the root's argument frame's end).
func (an *Analysis) returnByte(out *State, o int64) bool {
	w := int64(an.a.PtrSize)
	for k := range out.linkSlots {
		if o >= k && o < k+w {
			return true
		}
	}
	if o >= 0 && o < an.a.RetAddr {
		return true
	}
	for _, t := range out.tops[:max(len(out.tops)-1, 0)] {
		if o >= t && o < t+an.a.RetAddr {
			return true
		}
	}
	return false
}

// objectLoad is the level of what code given a pointer into region may
// read: the object where its size is known (Go code stays in it), else
// any byte.
func (an *Analysis) objectLoad(m *Mach, region int) Level {
	if n, ok := an.regions[region].extent(); ok {
		return m.regionLoad(ptr{region: region, known: true}, int(n))
	}
	return m.regionLoad(ptr{region: region}, 1)
}

// A callArg is an argument at a call, as the caller passed it.
type callArg struct {
	level Level
	ptr   ptr
	isPtr bool  // ptr holds its provenance
	n     int64 // the integer it holds where the code set it from a constant, else -1
	// capped, where n is -1: the integer is a copy's length the code
	// capped at atMost (lens)
	capped bool
	atMost int64
}

// newCallArg is an argument of level l whose location held p (ok: a
// provenance, or a constant) at the call.
func newCallArg(l Level, p ptr, ok bool) callArg {
	a := callArg{level: l, ptr: p, isPtr: ok && p.addressesRegion(), n: -1}
	if ok && p.region == constRegion && p.known && p.off >= 0 {
		a.n = p.off
	}
	return a
}

// callArgs reads n pointer-size arguments of a call from out, the state
// at the call: ABIInternal's registers where the callee is reached
// through them, else the frame slots of ABI0 above the return address.
func (an *Analysis) callArgs(m *Mach, sym string, out *State, n int, push int64) []callArg {
	args := make([]callArg, n)
	abi0 := an.abi0Call(m, sym, n)
	for k := range args {
		if !abi0 {
			r := an.a.IntArgRegs[k]
			p, ok := out.ptrs[r]
			args[k] = newCallArg(get(out.Regs, r), p, ok)
			if n, ok := out.lens[r]; ok && args[k].n < 0 {
				args[k].capped, args[k].atMost = true, n
			}
			continue
		}
		if !out.spKnown {
			args[k] = callArg{level: Secret, n: -1}
			continue
		}
		o := out.sp - push + an.a.ArgBase + int64(k*an.a.PtrSize)
		l := Static
		for b := o; b < o+int64(an.a.PtrSize); b++ {
			l = max(l, getSlot(out.stack, b))
		}
		p, ok := out.slotPtrs[o]
		args[k] = newCallArg(l, p, ok)
	}
	return args
}

// abi0Call reports whether a call of sym from m's function, with n
// pointer-size arguments, passes them in the frame (ABI0): from
// assembly, to an assembly function, or where ABIInternal has too few
// integer registers (none on 386 and arm).
func (an *Analysis) abi0Call(m *Mach, sym string, n int) bool {
	return m.Func.isABI0() || strings.HasSuffix(sym, ".abi0") || len(an.a.IntArgRegs) < n
}

// allocated is the exit of the runtime's allocation sym, called from the
// state out (push: the bytes the call pushed), by its summary a: the
// pointer it returns is to a region of the call site's own, whose bytes
// are zero, or what the bytes it copies from may hold.
func (an *Analysis) allocated(m *Mach, sym string, a allocation, out *State, push int64) *State {
	name := strings.TrimSuffix(sym, ".abi0")
	a = a.forArch(an.a.PtrSize)
	args := an.callArgs(m, sym, out, a.args, push)
	for _, i := range a.sizes {
		switch {
		case args[i].level == Secret && a.boxes:
			m.Find("secret value passed to %s", name)
		case args[i].level == Secret:
			m.Find("secret size passed to %s", name)
		}
	}
	unzeroed := a.unzeroed && !(a.zeroArg > 0 && args[a.zeroArg].n == 1)
	data := Public
	if unzeroed {
		data = Secret
	}
	if a.boxes {
		for _, i := range a.sizes {
			data = max(data, args[i].level) // the value it holds
		}
	}
	if a.from >= 0 {
		if args[a.from].level == Secret {
			m.Find("memory address depends on a secret argument of %s", name)
		}
		data = m.bytesAt(args[a.from], -1)
	}
	id := an.allocRegion(m.Func)
	back := an.returned(out, push, Secret)
	if a.from >= 0 && data == Secret {
		an.copiedThrough(back) // the copy's bytes passed through the registers
	}
	back.newObject(id, !unzeroed && a.from < 0 && !a.boxes) // a copy holds what its source held
	// What it copied, at offsets not known: every load of the region
	// reads at least that (regionLoad).
	if rmem := back.rmemW(); data > rmem[rkey{id, floorOff}] {
		rmem[rkey{id, floorOff}] = data
	}
	p := ptr{region: id, known: true}
	if !an.abi0Call(m, sym, a.args) {
		// The results: a public pointer to the region, and (growslice)
		// the length and the capacity, public as the sizes.
		for _, r := range an.a.IntArgRegs[:a.results] {
			delete(back.Regs, r)
		}
		back.ptrs = map[string]ptr{an.a.IntArgRegs[0]: p}
		return back
	}
	// The results' slots, after the arguments, in the callee's frame
	// coordinates, which back has: a public pointer to the region first,
	// then (growslice) the length and the capacity, public as the sizes.
	o := an.a.ArgBase + int64(a.args*an.a.PtrSize)
	stack := back.stackW()
	for b := o; b < o+int64(a.results*an.a.PtrSize); b++ {
		putSlot(stack, b, Public)
	}
	if back.slotPtrs == nil {
		back.slotPtrs = map[int64]ptr{}
	}
	for k := 1; k < a.results; k++ {
		delete(back.slotPtrs, o+int64(k*an.a.PtrSize)) // a size, no pointer
	}
	back.slotPtrs[o] = p
	return back
}

// summarised is the exit of the runtime's function sym, called from the
// state out (push: the bytes the call pushed), by its summary s.
func (an *Analysis) summarised(m *Mach, sym string, s summary, out *State, push int64) *State {
	name := strings.TrimSuffix(sym, ".abi0")
	args := an.callArgs(m, sym, out, s.args, push)
	if args[s.args-1].level == Secret {
		m.Find("secret length passed to %s", name)
	}
	for _, a := range args[:s.args-1] {
		if a.level == Secret {
			m.Find("memory address depends on a secret argument of %s", name)
		}
	}
	n := args[s.args-1].n // -1 where the code did not fix it
	if a := args[s.args-1]; n < 0 && a.capped {
		// Capped, the bytes it may reach: as many as the cap (a length
		// that is negative faults in the copy, before it returns).
		n = a.atMost
	}
	data := Public
	if s.copy {
		data = m.bytesAt(args[1], n)
	}
	m.writeBytes(args[0], data, name, n)

	// It writes no byte of the frame but through its destination: what
	// the frame has not been written with yet stays secret.
	back := an.returned(out, push, Secret)
	if data == Secret {
		an.copiedThrough(back)
	}
	return back
}

// copiedThrough marks secret in back the registers that secret bytes a
// runtime function copied may have passed through: all but g and the
// fixed ones. The zero register (ppc64's R0 by Go's convention, the
// hardware's elsewhere) stays zero: the runtime keeps it so.
func (an *Analysis) copiedThrough(back *State) {
	for _, loc := range an.a.Regs {
		if !isPseudo(loc) && loc != an.a.G && !slices.Contains(an.a.Fixed, loc) && (loc != an.a.Zero || an.a.ZeroAsBase) {
			back.Regs[loc] = Secret
		}
	}
}

// bytesAt is the level of the n bytes from a (n -1: of unknown length):
// those of its region, at its offset where both are known, else the
// highest its region may hold; the frame's slots where a points into it
// at a known offset and n keeps them below the frame's top; secret where
// a has no provenance (but the program's data through a static pointer)
// or points into the frame elsewhere.
func (m *Mach) bytesAt(a callArg, n int64) Level {
	switch {
	case a.isPtr && a.ptr.region >= 0 && a.ptr.known && n >= 0:
		return m.regionLoad(a.ptr, int(n))
	case a.isPtr && a.ptr.region >= 0:
		return m.regionLoad(ptr{region: a.ptr.region}, 1)
	case a.isPtr && a.ptr.region == stackRegion && a.ptr.known && n >= 0 && a.ptr.off+n <= 0:
		l := Static
		for o := a.ptr.off; o < a.ptr.off+n; o++ {
			l = max(l, getSlot(m.State.stack, o))
		}
		return l
	case a.isPtr:
		return Secret // the frame: any slot
	case a.level == Static:
		return m.State.mem
	}
	return Secret
}

// writeBytes writes n bytes of level l from a (n -1: of unknown length):
// into a declared region that may be written, at a's offset where both
// are known, else as a store at an unknown offset; into the frame from a
// known offset, n bytes where they end below its top, else to its top;
// or outside the frame where the policy allows stores.
func (m *Mach) writeBytes(a callArg, l Level, name string, n int64) {
	switch {
	case a.isPtr && a.ptr.region >= 0 && a.ptr.known && n >= 0:
		if n == 0 || m.regionStore(a.ptr, int(n), l) {
			return
		}
	case a.isPtr && a.ptr.region >= 0:
		if m.regionStore(ptr{region: a.ptr.region}, 1, l) {
			return
		}
	case a.isPtr && (a.ptr.known || a.ptr.span > 0):
		// Into the frame that holds the byte a points to (the object's,
		// where Go code stays), up to n bytes past the last byte a may
		// point to.
		end, ok := m.State.frameEnd(a.ptr.off)
		if !ok || a.ptr.off+a.ptr.span > end {
			m.Find("%s writes the stack above the frames the analysis knows (fail closed)", name)
			return
		}
		if last := a.ptr.off + max(a.ptr.span-1, 0); n >= 0 && last+n <= end {
			end = last + n
		}
		stack := m.State.stackW()
		for o := a.ptr.off; o < end; o++ {
			putSlot(stack, o, max(getSlot(stack, o), l))
		}
		m.dropSlots(a.ptr.off, end)
		m.aliasRegions(a.ptr.off, end-a.ptr.off, l)
		return
	case a.isPtr:
		m.Find("%s writes the frame at an unknown offset (fail closed)", name)
		return
	case m.policy.AllowStores && a.level != Secret:
		m.State.mem = max(m.State.mem, l)
		return
	}
	m.Find("%s writes outside the stack frame where nothing allows it", name)
	m.State.mem = max(m.State.mem, l)
}

// BytesFrom is the level of the bytes from the address in reg on, of a
// length that a register counts (s390x's CPACF instructions, which walk
// an operand of any length): as bytesAt reads a runtime copy's source.
func (m *Mach) BytesFrom(reg string) Level {
	l := m.bytesAt(m.regArg(reg), -1)
	if l == Secret {
		m.readSecret = true
	}
	return l
}

// WriteBytesFrom writes bytes of level l from the address in reg on, of
// a length a register counts, as writeBytes writes a runtime copy's
// destination: name says what writes them in the findings.
func (m *Mach) WriteBytesFrom(reg string, l Level, name string) {
	m.writeBytes(m.regArg(reg), l, name, -1)
}

// regArg is the register reg as callArgs reads an argument.
func (m *Mach) regArg(reg string) callArg {
	p, ok := m.State.ptrs[reg]
	return newCallArg(m.Reg(reg), p, ok)
}

// returned is the exit of a runtime function that returns to its caller
// (called from out; push: the bytes the call pushed): its registers
// public (but the CPU's modes, which the runtime leaves alone, and g),
// the frame as it was, and the bytes below it that the callee's frame
// held fill.
func (an *Analysis) returned(out *State, push int64, fill Level) *State {
	back := out.Clone()
	back.Regs = map[string]Level{}
	back.guards = nil
	back.ptrs = nil
	back.bounds, back.lens = nil, nil
	for _, mode := range an.a.Modes {
		put(back.Regs, modeOff(mode), out.Regs[modeOff(mode)])
	}
	if an.a.G != "" {
		back.Regs[an.a.G] = Static
	}
	back.sp = 0
	back.stack, back.stackShared = shift(out.frame(0, fill), -(out.sp-push)), false
	back.slotPtrs = nil
	for o, p := range movePtrs(an.regions, out.slotPtrs, -(out.sp - push)) {
		if back.slotPtrs == nil {
			back.slotPtrs = map[int64]ptr{}
		}
		back.slotPtrs[o-(out.sp-push)] = p
	}
	back.linkSlots = shiftLinks(out.linkSlots, 1, by(-(out.sp - push)))
	back.links = map[string]int{}
	return back
}

// duffEntry returns the device a call of sym (runtime.duffzero+0x70)
// enters, and where.
func (an *Analysis) duffEntry(sym string) (Duff, int, bool) {
	name, off, _ := strings.Cut(sym, "+")
	d, ok := an.a.Duffs[name]
	if !ok || !an.prog.runtimeFunc(name) {
		return Duff{}, 0, false
	}
	o := int64(0)
	if off != "" {
		v, err := strconv.ParseInt(off, 0, 64)
		if err != nil {
			return Duff{}, 0, false
		}
		o = v
	}
	return d, int(o), true
}

// duffed is the exit of device d entered at off from the state out.
func (an *Analysis) duffed(m *Mach, d Duff, off int, out *State, push int64) *State {
	if off%d.StepBytes != 0 || off < 0 || off/d.StepBytes >= d.Steps {
		m.Find("call into the middle of a step of a Duff's device (fail closed)")
		return &State{}
	}
	n := (d.Steps - off/d.StepBytes) * d.Width
	l := m.Reg(d.Val)
	if d.Src != "" {
		l = m.Load(Arg{Kind: ArgMem, Reg: d.Src, Width: n}, n)
	}
	m.Store(Arg{Kind: ArgMem, Reg: d.Dst, Width: n}, n, l)

	back := an.returned(out, push, Secret)
	back.Regs = maps.Clone(out.Regs)
	back.guards = maps.Clone(out.guards)
	back.ptrs = movePtrs(an.regions, out.ptrs, -(out.sp - push))
	for _, r := range append([]string{d.Dst, d.Src, d.Val}, d.Clobbers...) {
		delete(back.guards, r)
		for k, g := range back.guards {
			if g.Reg == r || g.Than == r {
				delete(back.guards, k) // flags of a compare of what r held
			}
		}
	}
	for _, r := range []string{d.Dst, d.Src} {
		switch p, ok := back.ptrs[r]; {
		case ok && p.known:
			p.off += int64(n)
			back.ptrs[r] = p
		case ok:
			back.ptrs[r] = ptr{region: p.region, off: p.off} // a range moved: anywhere
		}
	}
	if d.Src != "" {
		back.Regs[d.Val] = l
		delete(back.ptrs, d.Val)
	}
	for _, r := range d.Clobbers {
		back.Regs[r] = max(get(out.Regs, d.Dst), get(out.Regs, d.Src))
	}
	return back
}
