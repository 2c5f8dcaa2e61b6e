// Command ppc64le generates equal_ppc64le.s and its stubs, equal_ppc64le.go:
// the VSX kernel of little-endian POWER, on the writer the non-amd64
// generators share (asm/internal/emit).
//
// POWER8, Go's minimum for ppc64le, has VSX, so the kernel needs nothing
// beyond the baseline. Big-endian ppc64 keeps the portable kernel: the
// loads would work the same (equality does not care about byte order), but
// the repository has no big-endian POWER to test it on under qemu-user here.
package main

import (
	"fmt"

	"github.com/ctequal/ctequal/asm/internal/emit"
)

func main() {
	k := kernel{name: "equalVSX", step: 128}
	emit.Main(emit.Spec{
		Command:   "./ppc64le",
		Kernel:    k.name,
		Flag:      "useVSX",
		Body:      k.emit,
		TextFlags: "NOSPLIT|NOFRAME",
		Jump:      "BR",
		IfZero: func(a *emit.File, sym, label string) {
			a.Op("MOVBZ", sym, regA)
			a.Op("CMP", regA, "$0")
			a.Op("BEQ", label)
		},
	})
}

// Registers. R0 reads as zero in an index, and R1 (the stack), R2 (the
// TOC), R13 (the thread), R30 (g) and R31 (the assembler's) are not ours.
const (
	regX    = "R3"  // x's next byte
	regY    = "R4"  // y's next byte
	regN    = "R5"  // the length: its low bits say which tail steps run
	regWord = "R6"  // accumulator of the general-purpose tail, then the result
	regA    = "R7"  // scratch for x
	regB    = "R8"  // scratch for y
	regCnt  = "R9"  // iterations of the main loop, on their way to CTR
	regBack = "R10" // -16: the index of the last vector, from the end
	xv      = 8     // x's vectors are V8.., y's V16..
	yv      = 16
)

// idx names the index register that holds 16*i for LXVD2X, which has no
// displacement: R0 (zero) for i = 0, R14.. for the others.
func idx(i int) string {
	if i == 0 {
		return "R0"
	}
	return fmt.Sprintf("R%d", 13+i)
}

func v(n int) string { return fmt.Sprintf("V%d", n) }

// at is the indexed operand base + index register.
func at(base, index string) string { return "(" + base + ")(" + index + ")" }

// kernel describes the VSX kernel: its main loop reads step bytes of each
// input per iteration into step/16 accumulators (step a multiple of 64, at
// most 128: eight accumulators and sixteen load registers).
type kernel struct {
	name string
	step int
}

// block loads n vectors of each input at the pointers, XORs them and ORs
// them into the accumulators V0..V(n-1).
func block(a *emit.File, n int) {
	for i := 0; i < n; i++ {
		a.Op("LXVD2X", at(regX, idx(i)), v(xv+i))
	}
	for i := 0; i < n; i++ {
		a.Op("LXVD2X", at(regY, idx(i)), v(yv+i))
	}
	for i := 0; i < n; i++ {
		a.Op("VXOR", v(yv+i), v(xv+i), v(xv+i))
	}
	for i := 0; i < n; i++ {
		a.Op("VOR", v(xv+i), v(i), v(i))
	}
}

// accOrXor is XXEVAL's truth table for A | (B ^ C): bit 7-i of the
// immediate (IBM's bit i) is the result for the inputs A, B, C that spell
// i in binary, A the high bit.
const accOrXor = 0x6f

// vs names VSX register n (VS32 and up are V0 and up).
func vs(n int) string { return fmt.Sprintf("VS%d", n) }

// power10Block is block for POWER10: n vectors of each input through n/2
// LXVP, and one XXEVAL per vector into the accumulators.
func power10Block(a *emit.File, n int) {
	for i := 0; i < n; i += 2 {
		a.Op("LXVP", fmt.Sprintf("%d(%s)", 16*i, regX), vs(32+xv+i))
	}
	for i := 0; i < n; i += 2 {
		a.Op("LXVP", fmt.Sprintf("%d(%s)", 16*i, regY), vs(32+yv+i))
	}
	for i := 0; i < n; i++ {
		a.Op("XXEVAL", vs(32+i), vs(32+xv+i), vs(32+yv+i), fmt.Sprintf("$%#x", accOrXor), vs(32+i))
	}
}

func advance(a *emit.File, n int) {
	a.Op("ADD", emit.Imm(n), regX)
	a.Op("ADD", emit.Imm(n), regY)
}

// emit writes the kernel. Every branch is on the length; the data only
// flows through VXOR/XOR and VOR/OR, and the result leaves through MFVSRD
// and the arithmetic of the portable kernel's isZero.
func (k kernel) emit(a *emit.File) {
	label := func(s string) string { return k.name + "_" + s }
	accs := k.step / 16
	a.Op("MOVD", "x_base+0(FP)", regX)
	a.Op("MOVD", "y_base+24(FP)", regY)
	a.Op("MOVD", "x_len+8(FP)", regN)
	for i := 0; i < accs; i++ {
		a.Op("VXOR", v(i), v(i), v(i))
	}
	a.Op("MOVD", "$0", regWord)
	for i := 1; i < accs; i++ {
		a.Op("MOVD", emit.Imm(16*i), idx(i))
	}
	a.Comment("Under 16 bytes, no vector fits: the general-purpose tail.")
	a.Op("CMP", regN, "$16")
	a.Op("BLT", label("short"))
	a.Op("SRD", emit.Imm(emit.Log2(k.step)), regN, regCnt)
	a.Op("CMP", regCnt, "$0")
	a.Op("BEQ", label("tail"))
	a.Op("MOVD", regCnt, "CTR")

	a.Label(label("loop"))
	a.Comment(fmt.Sprintf("%d bytes of each input per iteration, one accumulator per vector.", k.step))
	a.Raw("#ifndef GOPPC64_power10\n")
	block(a, accs)
	a.Raw("#else\n")
	a.Comment("POWER10: paired loads (LXVP, 32 bytes), and XXEVAL, which does",
		"acc | (x ^ y) in one instruction; llvm-mca 19 predicts 17.0 bytes per",
		"cycle on pwr10 for this loop, 12.7 for the POWER8 one above.")
	power10Block(a, accs)
	a.Raw("#endif\n")
	advance(a, k.step)
	a.Op("BDNZ", label("loop"))

	a.Label(label("tail"))
	a.Comment(fmt.Sprintf("Fewer than %d bytes left: one step per bit of the length, down to 16.", k.step))
	for n := k.step / 2; n >= 16; n /= 2 {
		skip := label(fmt.Sprintf("no%d", n))
		a.Op("ANDCC", emit.Imm(n), regN, regA)
		a.Op("BEQ", skip)
		block(a, n/16)
		advance(a, n)
		a.Label(skip)
	}
	a.Comment("1 to 15 bytes left: the last 16 bytes of the inputs, which overlap",
		"the bytes already compared (POWER8 has no load with length).")
	a.Op("ANDCC", "$15", regN, regA)
	a.Op("BEQ", label("reduce"))
	a.Op("ADD", regA, regX)
	a.Op("ADD", regA, regY)
	a.Op("MOVD", "$-16", regBack)
	a.Op("LXVD2X", at(regX, regBack), v(xv))
	a.Op("LXVD2X", at(regY, regBack), v(yv))
	a.Op("VXOR", v(yv), v(xv), v(xv))
	a.Op("VOR", v(xv), v(accs-1), v(accs-1))
	a.Op("BR", label("reduce"))

	a.Label(label("short"))
	a.Comment("0 to 15 bytes: one general-purpose step per bit of the length.")
	for _, w := range []struct {
		n    int
		load string
	}{{8, "MOVD"}, {4, "MOVWZ"}, {2, "MOVHZ"}, {1, "MOVBZ"}} {
		skip := label(fmt.Sprintf("no%db", w.n))
		a.Op("ANDCC", emit.Imm(w.n), regN, regA)
		a.Op("BEQ", skip)
		a.Op(w.load, "("+regX+")", regA)
		a.Op(w.load, "("+regY+")", regB)
		a.Op("XOR", regB, regA, regA)
		a.Op("OR", regA, regWord, regWord)
		if w.n > 1 {
			advance(a, w.n)
		}
		a.Label(skip)
	}

	a.Label(label("reduce"))
	a.Comment("Fold the accumulators into V0, its two doublewords into one, and that",
		"into the general-purpose accumulator.")
	for n := accs / 2; n >= 1; n /= 2 {
		for i := 0; i < n; i++ {
			a.Op("VOR", v(i+n), v(i), v(i))
		}
	}
	a.Op("VSLDOI", "$8", v(0), v(0), v(1))
	a.Op("VOR", v(1), v(0), v(0))
	a.Op("MFVSRD", v(0), regA)
	a.Op("OR", regA, regWord, regWord)
	a.Comment("1 if the accumulator is 0, without a comparison: 1 ^ (w | -w) >> 63.")
	a.Op("NEG", regWord, regA)
	a.Op("OR", regA, regWord, regWord)
	a.Op("SRD", "$63", regWord, regWord)
	a.Op("XOR", "$1", regWord, regWord)
	a.Op("MOVD", regWord, "ret+48(FP)")
	a.Op("RET")
}
