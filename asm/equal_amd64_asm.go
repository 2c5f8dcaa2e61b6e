// Command asm generates equal_amd64.s and its stubs, equal_amd64.go, with avo.
//
// One generator function, equalKernel, writes every amd64 kernel; an isa
// value says how wide a vector is, how many accumulators the main loop keeps,
// and which instructions load, combine and reduce. See ../README.md for the
// rules every kernel obeys.
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
	// accumulate does acc |= x ^ y for one full vector at x and y.
	accumulate func(acc VecVirtual, x, y Mem)
	// combine does dst |= src for two full vectors.
	combine func(dst, src VecVirtual)
	// setZF sets ZF exactly when acc is all zero bits.
	setZF func(acc VecVirtual)

	// masked: inputs shorter than one vector are read with one
	// zeroing-masked load, where that is cheap, instead of a pair of
	// smaller overlapping loads.
	masked bool
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
	accumulate: func(acc VecVirtual, x, y Mem) {
		// Legacy SSE memory operands must be 16-byte aligned: load both.
		a, b := XMM(), XMM()
		MOVOU(x, a)
		MOVOU(y, b)
		PXOR(b, a)
		POR(a, acc)
	},
	combine: func(dst, src VecVirtual) { POR(src, dst) },
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
	accumulate: func(acc VecVirtual, x, y Mem) {
		a := YMM()
		VMOVDQU(x, a)
		VPXOR(y, a, a)
		VPOR(a, acc, acc)
	},
	combine: func(dst, src VecVirtual) { VPOR(src, dst, dst) },
	setZF:   func(acc VecVirtual) { VPTEST(acc, acc) },
}

var avx512 = isa{
	name: "AVX512", width: 64, unroll: 4, needs: "AVX512F, AVX512BW and BMI2", vex: true, masked: true,
	streaming: &avx2,
	vec:       func() VecVirtual { return ZMM() },
	zero:      func(v VecVirtual) { VPXORQ(v, v, v) },
	accumulate: func(acc VecVirtual, x, y Mem) {
		a := ZMM()
		VMOVDQU64(x, a)
		// VPTERNLOGD's immediate is the truth table of f(acc, a, y) with
		// acc as the high index bit: acc | (a ^ y) is 0xF0 | 0x06.
		VPTERNLOGD(U8(0xf6), y, a, acc)
	},
	combine: func(dst, src VecVirtual) { VPORQ(src, dst, dst) },
	setZF: func(acc VecVirtual) {
		k := K()
		VPTESTMD(acc, acc, k)
		KORTESTW(k, k)
	},
}

// streamFrom is the input length from which the AVX-512 kernel reads with
// AVX2's loop: two inputs of 32 KiB no longer fit a 48 KiB L1d.
const streamFrom = 32 << 10

// pageSize is the smallest page size of amd64 operating systems: a load
// window that stays inside one such page cannot reach into an unmapped one.
const pageSize = 4096

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
	for _, k := range widestFirst {
		CMPB(Mem{Symbol: Symbol{Name: "·use" + k.name}, Base: StaticBase}, Imm(0))
		JNE(LabelRef("equalVector_" + k.name))
	}
	tailCall("equalGeneric")
	for _, k := range widestFirst {
		Label("equalVector_" + k.name)
		tailCall("equal" + k.name)
	}
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

// equalKernel writes func equal<name>(x, y []byte) int for one isa.
//
// Every branch is on the length (or, for the masked load, on the public
// addresses); the data only ever flows through XOR and OR, and the result
// leaves through ZF and SETEQ. Each path sets ZF and jumps to one exit.
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
	w := k.width

	x, y, n := GP64(), GP64(), GP64()
	Load(Param("x").Base(), x)
	Load(Param("y").Base(), y)
	Load(Param("x").Len(), n)
	CMPQ(n, U32(w))
	JB(LabelRef(label("short")))

	acc := make([]VecVirtual, k.unroll)
	for i := range acc {
		acc[i] = k.vec()
		k.zero(acc[i])
	}
	if k.streaming != nil {
		s := k.streaming
		Comment(fmt.Sprintf("From %d KiB on, the inputs stream from L2, where %d-byte loads are", streamFrom>>10, s.width),
			fmt.Sprintf("faster than %d-byte ones (measured on Zen 5): run %s's loop on the low", w, s.name),
			"halves of the accumulators first. VEX writes leave the high halves zero.")
		CMPQ(n, U32(streamFrom))
		JB(LabelRef(label("wide")))
		narrow := make([]VecVirtual, len(acc))
		for i, a := range acc {
			narrow[i] = a.AsY().(VecVirtual)
		}
		mainLoop(*s, narrow, x, y, n, label("stream"))
		Label(label("wide"))
	}
	mainLoop(k, acc, x, y, n, label("loop"))

	Comment("Whole vectors left, chosen by the bits of the length.")
	for v := k.unroll / 2; v >= 1; v /= 2 {
		skip := label(fmt.Sprintf("no%d", v*w))
		TESTQ(U32(v*w), n)
		JZ(LabelRef(skip))
		for i := 0; i < v; i++ {
			k.accumulate(acc[i], Mem{Base: x, Disp: i * w}, Mem{Base: y, Disp: i * w})
		}
		ADDQ(U32(v*w), x)
		ADDQ(U32(v*w), y)
		Label(skip)
	}

	Comment(fmt.Sprintf("The length was at least %d: the last partial vector is read", w),
		"as the whole vector that ends where the inputs end.")
	ANDQ(U32(w-1), n)
	JZ(LabelRef(label("combine")))
	k.accumulate(acc[0], Mem{Base: x, Index: n, Scale: 1, Disp: -w}, Mem{Base: y, Index: n, Scale: 1, Disp: -w})
	Label(label("combine"))
	for a := acc; len(a) > 1; a = a[:len(a)/2] {
		for i := 0; i < len(a)/2; i++ {
			k.combine(a[i], a[i+len(a)/2])
		}
	}
	k.setZF(acc[0])
	JMP(LabelRef(label("done")))

	Label(label("short"))
	if k.masked {
		maskedShort(k, x, y, n, label)
	}
	Comment(fmt.Sprintf("Fewer than %d bytes: the first and the last s bytes, for the", w),
		"largest s in 16, 8, 4, 2, 1 (and 32 for wider kernels) that fits the length.")
	var sizes []int
	for s := w / 2; s >= 1; s /= 2 {
		sizes = append(sizes, s)
	}
	for _, s := range sizes {
		CMPQ(n, U32(s))
		JAE(LabelRef(label(fmt.Sprintf("pair%d", s))))
	}
	Comment("Empty: equal. XORL sets ZF.")
	zero := GP32()
	XORL(zero, zero)
	JMP(LabelRef(label("done")))
	for i, s := range sizes {
		Label(label(fmt.Sprintf("pair%d", s)))
		overlappingPair(s, x, y, n)
		if i < len(sizes)-1 {
			JMP(LabelRef(label("done")))
		}
	}

	Label(label("done"))
	ret := GP64()
	SETEQ(ret.As8())
	MOVBQZX(ret.As8(), ret)
	if k.vex {
		VZEROUPPER()
	}
	Store(ret, ReturnIndex(0))
	RET()
}

// mainLoop writes the loop that reads len(acc) vectors of each input per
// iteration, one accumulator each so that no OR waits on the previous one,
// while n holds at least that many bytes.
func mainLoop(k isa, acc []VecVirtual, x, y, n GPVirtual, name string) {
	step := k.width * len(acc)
	Comment(fmt.Sprintf("%d bytes per iteration, one accumulator per vector.", step))
	CMPQ(n, U32(step))
	JB(LabelRef(name + "_end"))
	Label(name)
	for i := range acc {
		k.accumulate(acc[i], Mem{Base: x, Disp: i * k.width}, Mem{Base: y, Disp: i * k.width})
	}
	ADDQ(U32(step), x)
	ADDQ(U32(step), y)
	SUBQ(U32(step), n)
	CMPQ(n, U32(step))
	JAE(LabelRef(name))
	Label(name + "_end")
}

// maskedShort writes the masked-load path for lengths 1 to width-1: one
// zeroing-masked load of each input, whose masked-off bytes are never read
// and never fault. It sets ZF and jumps to done, or falls through to the
// pairs when the input is empty or a load window would cross a page.
func maskedShort(k isa, x, y, n GPVirtual, label func(string) string) {
	w := k.width
	Comment(fmt.Sprintf("Fewer than %d bytes, through a zeroing-masked load of each input.", w),
		fmt.Sprintf("Where a %d-byte load window reaches into the next page, the load costs", w),
		"~280 ns if that page is not mapped in (measured on Zen 5), even with",
		"those bytes masked off or an empty mask: then, and for an empty input,",
		"use the pairs below. The addresses are public.")
	TESTQ(n, n)
	JZ(LabelRef(label("pairs")))
	// A window [p, p+w) crosses into the next page exactly when adding
	// w-1 to p flips the bit of the page size: pages are larger than w.
	crossX, crossY := GP32(), GP32()
	LEAL(Mem{Base: x, Disp: w - 1}, crossX)
	XORL(x.As32(), crossX)
	LEAL(Mem{Base: y, Disp: w - 1}, crossY)
	XORL(y.As32(), crossY)
	ORL(crossY, crossX)
	TESTL(U32(pageSize), crossX)
	JNZ(LabelRef(label("pairs")))
	mask, km := GP64(), K()
	MOVQ(I32(-1), mask)
	BZHIQ(n, mask, mask)
	KMOVQ(mask, km)
	a, b := k.vec(), k.vec()
	VMOVDQU8_Z(Mem{Base: x}, km, a)
	VMOVDQU8_Z(Mem{Base: y}, km, b)
	VPXORQ(b, a, a)
	k.setZF(a)
	JMP(LabelRef(label("done")))
	Label(label("pairs"))
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
