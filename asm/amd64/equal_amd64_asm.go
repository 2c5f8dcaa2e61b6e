// Command amd64 generates equal_amd64.s and its stubs, equal_amd64.go, with avo.
//
// One generator function, equalKernel, writes every amd64 kernel; an isa
// value says how wide a vector is, how many accumulators the main loop keeps,
// and which instructions load, combine and reduce. See ../../docs/kernels.md,
// "The shape they share", for the rules every kernel obeys.
package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// isa is one instruction set's way to do what a kernel needs.
type isa struct {
	name   string // function name suffix: equalSSE2, equalAVX2, ...
	width  int    // bytes in one vector register
	unroll int    // accumulators in the main loop: enough to keep both load ports busy
	needs  string // CPU features, for the doc comment

	// vec allocates a vector register of the full width.
	vec func() VecVirtual
	// zero clears a vector register.
	zero func(v VecVirtual)
	// xor does dst = x ^ y for one full vector at x and y.
	xor func(dst VecVirtual, x, y Mem)
	// accumulate does acc |= x ^ y for one full vector at x and y.
	accumulate func(acc VecVirtual, x, y Mem)
	// or does dst |= src.
	or func(dst, src VecVirtual)
	// setZF sets ZF exactly when acc is all zero bits.
	setZF func(acc VecVirtual)

	// streaming, if set, is the isa whose main loop runs first on inputs of
	// streamFrom bytes or more, on the low parts of this isa's accumulators.
	streaming *isa
	// vex: the kernel has AVX, so its short paths may use VEX-encoded
	// 16- and 32-byte loads, and it clears the upper halves before it
	// returns.
	vex bool
}

var sse2 = isa{
	name: "SSE2", width: 16, unroll: 4, needs: "SSE2 (every amd64 CPU)",
	vec:  func() VecVirtual { return XMM() },
	zero: func(v VecVirtual) { PXOR(v, v) },
	xor: func(dst VecVirtual, x, y Mem) {
		b := XMM()
		MOVOU(x, dst)
		MOVOU(y, b)
		PXOR(b, dst)
	},
	accumulate: func(acc VecVirtual, x, y Mem) {
		// Legacy SSE memory operands must be 16-byte aligned: load both.
		a, b := XMM(), XMM()
		MOVOU(x, a)
		MOVOU(y, b)
		PXOR(b, a)
		POR(a, acc)
	},
	or: func(dst, src VecVirtual) { POR(src, dst) },
	setZF: func(acc VecVirtual) {
		// PTEST is SSE4.1, which SSE2 lacks: move both halves to
		// general-purpose registers; the ORQ sets ZF.
		lo, hi := GP64(), GP64()
		MOVQ(acc, lo)
		PSHUFD(U8(0x4e), acc, acc)
		MOVQ(acc, hi)
		ORQ(lo, hi)
	},
}

var avx2 = isa{
	name: "AVX2", width: 32, unroll: 4, needs: "AVX2", vex: true,
	vec:  func() VecVirtual { return YMM() },
	zero: func(v VecVirtual) { VPXOR(v, v, v) },
	xor: func(dst VecVirtual, x, y Mem) {
		VMOVDQU(x, dst)
		VPXOR(y, dst, dst)
	},
	accumulate: func(acc VecVirtual, x, y Mem) {
		a := YMM()
		VMOVDQU(x, a)
		VPXOR(y, a, a)
		VPOR(a, acc, acc)
	},
	or:    func(dst, src VecVirtual) { VPOR(src, dst, dst) },
	setZF: func(acc VecVirtual) { VPTEST(acc, acc) },
}

var avx512 = isa{
	name: "AVX512", width: 64, unroll: 4, needs: "AVX512F and AVX2", vex: true,
	streaming: &avx2,
	vec:       func() VecVirtual { return ZMM() },
	zero:      func(v VecVirtual) { VPXORQ(v, v, v) },
	xor: func(dst VecVirtual, x, y Mem) {
		VMOVDQU64(x, dst)
		VPXORQ(y, dst, dst)
	},
	accumulate: func(acc VecVirtual, x, y Mem) {
		a := ZMM()
		VMOVDQU64(x, a)
		// VPTERNLOGD's immediate is the truth table of f(acc, a, y) with
		// acc as the high index bit: acc | (a ^ y) is 0xF0 | 0x06.
		VPTERNLOGD(U8(0xf6), y, a, acc)
	},
	or: func(dst, src VecVirtual) { VPORQ(src, dst, dst) },
	setZF: func(acc VecVirtual) {
		k := K()
		VPTESTMD(acc, acc, k)
		KORTESTW(k, k)
	},
}

// orAll ORs vs into vs[0], as a tree: no OR waits on more than one other.
func (k isa) orAll(vs []VecVirtual) {
	for v := vs; len(v) > 1; v = v[:len(v)/2] {
		for i := 0; i < len(v)/2; i++ {
			k.or(v[i], v[i+len(v)/2])
		}
	}
}

// streamFrom is the input length from which the AVX-512 kernel reads with
// AVX2's loop: two inputs of 32 KiB no longer fit a 48 KiB L1d.
const streamFrom = 32 << 10

func main() {
	// gc: the Go assembler's syntax (gccgo would try to assemble it);
	// purego: the portable kernel only.
	ConstraintExpr("gc,!purego")
	widestFirst := []isa{avx512, avx2, sse2}
	for _, k := range widestFirst {
		equalKernel(k)
	}
	dispatcher(widestFirst)
	Generate()
}

// dispatcher writes equalVector, which jumps to the kernel that package
// initialisation chose in Go and recorded in the use<name> flags, or to the
// portable kernel if no flag is set. A call through a Go func value to
// assembly passes through an ABI wrapper that costs about as much as
// comparing 64 bytes; a direct call to this trampoline does not. The flags
// are public: they depend on the CPU only.
func dispatcher(widestFirst []isa) {
	TEXT("equalVector", NOSPLIT, "func(x, y []byte) int")
	Pragma("noescape")
	Doc("equalVector is the selected kernel: the first of "+kernelNames(widestFirst)+" whose",
		"use flag is set, or equalGeneric.")
	// The selected kernel is reached with one taken jump, whichever it is.
	for _, k := range widestFirst {
		CMPB(Mem{Symbol: Symbol{Name: "·use" + k.name}, Base: StaticBase}, Imm(0))
		JEQ(LabelRef("equalVector_not" + k.name))
		tailCall("equal" + k.name)
		Label("equalVector_not" + k.name)
	}
	tailCall("equalGeneric")
}

// tailCall jumps to a kernel, which returns to our caller: the kernels'
// frames have the same arguments at the same offsets (a Go kernel is
// reached through its ABI0 wrapper). avo's JMP only takes labels of the
// same function, so the instruction is built by hand.
func tailCall(name string) {
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{Mem{Symbol: Symbol{Name: "·" + name}, Base: StaticBase}},
		IsTerminal: true,
	})
}

func kernelNames(ks []isa) string {
	var names []string
	for _, k := range ks {
		names = append(names, "equal"+k.name)
	}
	return strings.Join(names, ", ")
}

// exit returns 1 if ZF is set and 0 if not. Every path has its own copy:
// a jump to a shared one would cost each call a taken branch.
func exit(k isa) {
	ret := GP64()
	SETEQ(ret.As8())
	MOVBQZX(ret.As8(), ret)
	if k.vex {
		VZEROUPPER()
	}
	Store(ret, ReturnIndex(0))
	RET()
}

// equalKernel writes func equal<name>(x, y []byte) int for one isa.
//
// Every branch is on the length; the data only ever flows through XOR and
// OR, and the result leaves through ZF and SETEQ. An input of at least half
// a block (unroll/2 vectors) starts with the first and the last half
// block, overlapping where they meet; up to a whole block that is all, and
// it takes no jump. A longer input goes on with the rest of the first
// block, the main loop over whole blocks, and the rest of the last block,
// which ends where the input ends and overlaps what the loop read: no
// ladder of branches for the tail. Shorter inputs take the first v and the
// last v vectors for the largest v that fits, and inputs under one vector
// overlapping pairs of general-purpose loads. Each path sets ZF and
// returns.
func equalKernel(k isa) {
	name := "equal" + k.name
	TEXT(name, NOSPLIT, "func(x, y []byte) int")
	Pragma("noescape")
	Doc(
		name+" returns 1 if x and y[:len(x)] are equal and 0 if not, in time",
		"that depends on len(x) only. It reads len(x) bytes of each and needs",
		"len(y) >= len(x), and "+k.needs+".",
	)
	label := func(s string) string { return name + "_" + s }
	w, u := k.width, k.unroll
	h := u / 2
	half, block := h*w, u*w
	at := func(p GPVirtual, off int) Mem { return Mem{Base: p, Disp: off} }

	x, y, n := GP64(), GP64(), GP64()
	Load(Param("x").Base(), x)
	Load(Param("y").Base(), y)
	Load(Param("x").Len(), n)
	CMPQ(n, U32(half))
	JB(LabelRef(label("below")))
	CMPQ(n, U32(block))
	JA(LabelRef(label("more")))

	Comment(fmt.Sprintf("%d to %d bytes: the first and the last %d, which overlap where they", half, block, half),
		"meet. No jump is taken.")
	firstAndLast(k, h, x, y, n)

	Label(label("more"))
	Comment(fmt.Sprintf("More than %d bytes: whole blocks from the start, so that the loads are", block),
		"as aligned as the inputs; then, by the bits of the length, a half block,",
		"a vector, and the last partial vector as the whole one that ends where",
		"the input ends.")
	end, endY := GP64(), GP64()
	LEAQ(Mem{Base: x, Index: n, Scale: 1}, end)
	LEAQ(Mem{Base: y, Index: n, Scale: 1}, endY)
	acc := make([]VecVirtual, u)
	for i := range acc {
		acc[i] = k.vec()
		k.xor(acc[i], at(x, i*w), at(y, i*w))
	}
	ADDQ(U32(block), x)
	ADDQ(U32(block), y)
	if s := k.streaming; s != nil {
		CMPQ(n, U32(streamFrom))
		JAE(LabelRef(label("stream")))
	}
	blockLoop(k, acc, x, y, end, label("loop"), false)
	Comment("What is left, by the bits of the length. Each step is out of line, so",
		"that a length without the bit (1 KiB, 4 KiB) takes no jump.")
	for v := h; v >= 1; v /= 2 {
		Label(label(fmt.Sprintf("step%d", v*w)))
		TESTQ(U32(v*w), n)
		JNZ(LabelRef(label(fmt.Sprintf("do%d", v*w))))
		Label(label(fmt.Sprintf("done%d", v*w)))
	}
	Label(label("partial"))
	TESTQ(U32(w-1), n)
	JNZ(LabelRef(label("dopartial")))
	Label(label("reduce"))
	k.orAll(acc)
	k.setZF(acc[0])
	exit(k)

	for v := h; v >= 1; v /= 2 {
		Label(label(fmt.Sprintf("do%d", v*w)))
		for i := range v {
			k.accumulate(acc[i], at(x, i*w), at(y, i*w))
		}
		if v > 1 {
			// The last step needs no advance: the partial vector is
			// addressed from the end.
			ADDQ(U32(v*w), x)
			ADDQ(U32(v*w), y)
		}
		JMP(LabelRef(label(fmt.Sprintf("done%d", v*w))))
	}
	Label(label("dopartial"))
	Comment("The last partial vector, as the whole one that ends where the input ends.")
	k.accumulate(acc[u-1], at(end, -w), at(endY, -w))
	JMP(LabelRef(label("reduce")))

	if s := k.streaming; s != nil {
		Label(label("stream"))
		sb := u * s.width
		Comment(fmt.Sprintf("From %d KiB on, the inputs stream from L2, where %d-byte loads are", streamFrom>>10, s.width),
			fmt.Sprintf("faster than %d-byte ones (measured on Zen 5): run %s's loop, on", w, s.name),
			"accumulators of its own, whose high parts VEX writes leave zero. Its",
			fmt.Sprintf("blocks are %d bytes, so fewer than that are left after it.", sb))
		narrow := make([]VecVirtual, u)
		for i := range narrow {
			narrow[i] = s.vec()
			s.zero(narrow[i])
		}
		// At least 32 KiB less one block is left: the loop runs.
		blockLoop(*s, narrow, x, y, end, label("streamloop"), true)
		for i := range acc {
			k.or(acc[i], narrow[i].AsZ().(VecVirtual))
		}
		JMP(LabelRef(label(fmt.Sprintf("step%d", sb/2))))
	}

	Label(label("below"))
	Comment(fmt.Sprintf("Fewer than %d bytes: the first v and the last v vectors, for the", half),
		fmt.Sprintf("largest v in %d..1 (halving) with v vectors in the length: they cover it.", max(h/2, 1)))
	for v := h / 2; v >= 1; v /= 2 {
		CMPQ(n, U32(v*w))
		JB(LabelRef(label(fmt.Sprintf("below%d", v*w))))
		firstAndLast(k, v, x, y, n)
		Label(label(fmt.Sprintf("below%d", v*w)))
	}
	shortPairs(k, x, y, n, label)
}

// firstAndLast writes the path that compares the first v and the last v
// vectors of x and y, which cover inputs of v to 2v vectors, and returns.
func firstAndLast(k isa, v int, x, y, n GPVirtual) {
	w := k.width
	at := func(p GPVirtual, off int) Mem { return Mem{Base: p, Disp: off} }
	endX, endY := GP64(), GP64()
	LEAQ(Mem{Base: x, Index: n, Scale: 1, Disp: -v * w}, endX)
	LEAQ(Mem{Base: y, Index: n, Scale: 1, Disp: -v * w}, endY)
	parts := make([]VecVirtual, 2*v)
	for i := range v {
		parts[i], parts[v+i] = k.vec(), k.vec()
		k.xor(parts[i], at(x, i*w), at(y, i*w))
		k.xor(parts[v+i], at(endX, i*w), at(endY, i*w))
	}
	k.orAll(parts)
	k.setZF(parts[0])
	exit(k)
}

// blockLoop writes the loop that ORs whole blocks of len(acc) vectors into
// the accumulators, one each so that no OR waits on another, from x while
// a block fits before end. x and y are left after the last block read.
// With fits, the caller knows that one block does, and the loop does not
// test that before its first.
func blockLoop(k isa, acc []VecVirtual, x, y, end GPVirtual, name string, fits bool) {
	step := k.width * len(acc)
	Comment(fmt.Sprintf("%d bytes per iteration, one accumulator per vector.", step))
	stop := GP64()
	LEAQ(Mem{Base: end, Disp: -step}, stop)
	if !fits {
		CMPQ(x, stop)
		JA(LabelRef(name + "_end"))
	}
	Label(name)
	for i := range acc {
		k.accumulate(acc[i], Mem{Base: x, Disp: i * k.width}, Mem{Base: y, Disp: i * k.width})
	}
	ADDQ(U32(step), x)
	ADDQ(U32(step), y)
	CMPQ(x, stop)
	JBE(LabelRef(name))
	Label(name + "_end")
}

// shortPairs writes the path for lengths 0 to width-1: the first and the
// last s bytes, for the largest s in width/2..1 (halving) that fits, and
// equal for an empty input. Compare compares inputs of up to 64 bytes in
// Go, but the last chunk of an input over 64 KiB can be any length (the
// 5-byte tail of 65,541 bytes), and Compare hands it to the kernel: this
// path runs there.
func shortPairs(k isa, x, y, n GPVirtual, label func(string) string) {
	var sizes []int
	for s := k.width / 2; s >= 1; s /= 2 {
		sizes = append(sizes, s)
	}
	for _, s := range sizes {
		CMPQ(n, U32(s))
		JAE(LabelRef(label(fmt.Sprintf("pair%d", s))))
	}
	Comment("Empty: equal.")
	if k.vex {
		VZEROUPPER()
	}
	ret, err := ReturnIndex(0).Resolve()
	if err != nil {
		panic(err)
	}
	MOVQ(U32(1), ret.Addr)
	RET()
	for _, s := range sizes {
		Label(label(fmt.Sprintf("pair%d", s)))
		overlappingPair(s, x, y, n)
		exit(k)
	}
}

// overlappingPair sets ZF exactly when the first s and the last s bytes
// of x and y are equal, for s <= n < 2s: together they cover all n bytes.
// Vector sizes (16, 32) are only used by kernels that have AVX.
func overlappingPair(s int, x, y, n GPVirtual) {
	first := func(p GPVirtual) Mem { return Mem{Base: p} }
	last := func(p GPVirtual) Mem { return Mem{Base: p, Index: n, Scale: 1, Disp: -s} }
	if s >= 16 {
		a, b := VecVirtual(XMM()), VecVirtual(XMM())
		if s == 32 {
			a, b = YMM(), YMM()
		}
		VMOVDQU(first(x), a)
		VPXOR(first(y), a, a)
		VMOVDQU(last(x), b)
		VPXOR(last(y), b, b)
		VPOR(a, b, b)
		VPTEST(b, b)
		return
	}
	a, b := GP64(), GP64()
	switch s {
	case 8:
		MOVQ(first(x), a)
		XORQ(first(y), a)
		MOVQ(last(x), b)
		XORQ(last(y), b)
	case 4:
		MOVL(first(x), a.As32())
		XORL(first(y), a.As32())
		MOVL(last(x), b.As32())
		XORL(last(y), b.As32())
	case 2:
		MOVWLZX(first(x), a.As32())
		XORW(first(y), a.As16())
		MOVWLZX(last(x), b.As32())
		XORW(last(y), b.As16())
	case 1:
		// n is 1: first and last are the same byte.
		MOVBLZX(first(x), a.As32())
		XORB(first(y), a.As8())
		return
	}
	ORQ(a, b)
}
