// Command asm generates equal_amd64.s and its stubs, equal_amd64.go, with avo.
//
// One generator function, equalKernel, writes every amd64 kernel; an isa
// value says how wide a vector is, how many accumulators the main loop keeps,
// and which instructions load, combine and reduce. See ../README.md for the
// rules every kernel obeys.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// isa is one instruction set's way to do the four things a kernel needs.
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
	// setZF folds the accumulator (and, where the kernel has one, the
	// general-purpose accumulator of the small-length path) so that ZF is
	// set exactly when every compared byte was equal.
	setZF func(acc VecVirtual, word GPVirtual)

	// masked: the last partial vector is read with a zeroing-masked load, so
	// the kernel needs neither the small-length ladder nor the overlapping load.
	masked bool
	// vex: the kernel uses VEX-encoded instructions, including for its
	// 16-byte steps, and clears the upper halves before it returns.
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
	setZF: func(acc VecVirtual, word GPVirtual) {
		// PTEST is SSE4.1, which SSE2 lacks: move both halves to
		// general-purpose registers instead; the last ORQ sets ZF.
		lo, hi := GP64(), GP64()
		MOVQ(acc, lo)
		PSHUFD(U8(0x4e), acc, acc)
		MOVQ(acc, hi)
		ORQ(lo, word)
		ORQ(hi, word)
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
	setZF: func(acc VecVirtual, word GPVirtual) {
		w := XMM()
		VMOVQ(word, w)
		VPOR(w.AsY(), acc, acc)
		VPTEST(acc, acc)
	},
}

var avx512 = isa{
	name: "AVX512", width: 64, unroll: 4, needs: "AVX512F, AVX512BW and BMI2", vex: true, masked: true,
	vec:  func() VecVirtual { return ZMM() },
	zero: func(v VecVirtual) { VPXORQ(v, v, v) },
	accumulate: func(acc VecVirtual, x, y Mem) {
		a := ZMM()
		VMOVDQU64(x, a)
		// VPTERNLOGD's immediate is the truth table of f(acc, a, y) with
		// acc as the high index bit: acc | (a ^ y) is 0xF0 | 0x06.
		VPTERNLOGD(U8(0xf6), y, a, acc)
	},
	combine: func(dst, src VecVirtual) { VPORQ(src, dst, dst) },
	setZF: func(acc VecVirtual, _ GPVirtual) {
		k := K()
		VPTESTMD(acc, acc, k)
		KORTESTW(k, k)
	},
}

func main() {
	ConstraintExpr("!purego")
	for _, k := range []isa{sse2, avx2, avx512} {
		equalKernel(k)
	}
	Generate()
}

// equalKernel writes func equal<name>(x, y []byte) int for one isa.
//
// Every branch is on the length; the data only ever flows through XOR and OR
// into the accumulators, and the result leaves through ZF and SETEQ.
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
	step := w * k.unroll

	x := Load(Param("x").Base(), GP64())
	y := Load(Param("y").Base(), GP64())
	n := Load(Param("x").Len(), GP64())

	acc := make([]VecVirtual, k.unroll)
	for i := range acc {
		acc[i] = k.vec()
		k.zero(acc[i])
	}
	var word GPVirtual
	if !k.masked {
		word = GP64()
		XORQ(word, word)
		CMPQ(n, U32(w))
		JB(LabelRef(label("small")))
	}

	Comment(fmt.Sprintf("%d bytes per iteration, one accumulator per vector: no OR waits on the previous one.", step))
	CMPQ(n, U32(step))
	JB(LabelRef(label("vectors")))
	Label(label("loop"))
	for i := range acc {
		k.accumulate(acc[i], Mem{Base: x, Disp: i * w}, Mem{Base: y, Disp: i * w})
	}
	ADDQ(U32(step), x)
	ADDQ(U32(step), y)
	SUBQ(U32(step), n)
	CMPQ(n, U32(step))
	JAE(LabelRef(label("loop")))

	Label(label("vectors"))
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

	if k.masked {
		Comment("The last len%"+fmt.Sprint(w)+" bytes through a zeroing-masked load: the",
			"masked-off bytes are never read, and a zero mask reads nothing.")
		ANDQ(U32(w-1), n)
		mask, km := GP64(), K()
		MOVQ(I32(-1), mask)
		BZHIQ(n, mask, mask)
		KMOVQ(mask, km)
		a, b := k.vec(), k.vec()
		VMOVDQU8_Z(Mem{Base: x}, km, a)
		VMOVDQU8_Z(Mem{Base: y}, km, b)
		VPTERNLOGD(U8(0xf6), b, a, acc[0])
	} else {
		Comment(fmt.Sprintf("The length was at least %d: the last partial vector is read", w),
			"as the whole vector that ends where the inputs end.")
		ANDQ(U32(w-1), n)
		JZ(LabelRef(label("reduce")))
		k.accumulate(acc[0], Mem{Base: x, Index: n, Scale: 1, Disp: -w}, Mem{Base: y, Index: n, Scale: 1, Disp: -w})
		JMP(LabelRef(label("reduce")))

		Label(label("small"))
		Comment(fmt.Sprintf("Fewer than %d bytes: one step per bit of the length.", w))
		for s := w / 2; s >= 1; s /= 2 {
			skip := label(fmt.Sprintf("no%d", s))
			TESTQ(U32(s), n)
			JZ(LabelRef(skip))
			smallStep(k, s, acc[0], word, Mem{Base: x}, Mem{Base: y})
			if s > 1 {
				ADDQ(U32(s), x)
				ADDQ(U32(s), y)
			}
			Label(skip)
		}
	}

	Label(label("reduce"))
	for len(acc) > 1 {
		half := len(acc) / 2
		for i := 0; i < half; i++ {
			k.combine(acc[i], acc[i+half])
		}
		acc = acc[:half]
	}
	k.setZF(acc[0], word)
	ret := GP64()
	SETEQ(ret.As8())
	MOVBQZX(ret.As8(), ret)
	if k.vex {
		VZEROUPPER()
	}
	Store(ret, ReturnIndex(0))
	RET()
}

// smallStep does acc |= x ^ y for s bytes, s < width, on the small-length path,
// where acc is still zero: 16 bytes and more in an XMM register, fewer in the
// general-purpose accumulator word.
func smallStep(k isa, s int, acc VecVirtual, word GPVirtual, x, y Mem) {
	if s >= 16 {
		a := XMM()
		VMOVDQU(x, a)
		VPXOR(y, a, a)
		// A VEX op on an XMM register zeroes the upper lanes, which are
		// still zero here.
		VPOR(a, acc.AsX(), acc.AsX())
		return
	}
	t := GP64()
	switch s {
	case 8:
		MOVQ(x, t)
		XORQ(y, t)
	case 4:
		MOVLQZX(x, t)
		XORL(y, t.As32())
	case 2:
		MOVWQZX(x, t)
		XORW(y, t.As16())
	case 1:
		MOVBQZX(x, t)
		XORB(y, t.As8())
	}
	ORQ(t, word)
}
