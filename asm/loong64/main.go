// Command loong64 generates equal_loong64.s and its stubs, equal_loong64.go:
// the LoongArch kernels of LASX (256-bit vectors) and LSX (128-bit), on the
// writer the non-amd64 generators share (asm/internal/emit), with one
// kernel function parameterised by the vector width.
package main

import (
	"fmt"

	"github.com/ctequal/ctequal/asm/internal/emit"
)

func main() {
	// go1.25: Go 1.24's assembler has the vector loads and lane moves but
	// not VXORV, VORV, XVXORV or XVORV. No release's go tool objdump
	// decodes LSX or LASX (1.25 to 1.27 print "?"): the compiled-code
	// check reads those instructions from their encodings on every one.
	lasx := kernel{name: "equalLASX", width: 32}
	lsx := kernel{name: "equalLSX", width: 16}
	emit.Main(emit.Spec{
		Command:    "./loong64",
		Constraint: "go1.25",
		Kernel:     lasx.name,
		Flag:       "useLASX",
		Needs:      ", and LASX",
		Body:       lasx.emit,
		Others: []emit.Kernel{
			{Name: lsx.name, Flag: "useLSX", Needs: ", and LSX", Body: lsx.emit},
		},
		TextFlags: "NOSPLIT|NOFRAME",
		Jump:      "JMP",
		IfZero: func(a *emit.File, sym, label string) {
			a.Op("MOVBU", sym, regA)
			a.Op("BEQ", regA, label)
		},
	})
}

// Registers. R4-R10 are free in ABI0 assembly; R22 is g, R30 the
// assembler's, R29 the closure context, R1 the link register, R3 the
// stack and R2 the thread pointer. The vector registers (V0-V31, the low
// halves of X0-X31, whose low halves are F0-F31) are caller-saved.
const (
	regX    = "R4"  // x's next byte
	regY    = "R5"  // y's next byte
	regN    = "R6"  // the length: its low bits say which tail steps run
	regCnt  = "R7"  // iterations of the main loop
	regA    = "R8"  // scratch: a tail step's bit of the length, x's word
	regB    = "R9"  // scratch: y's word, a lane
	regWord = "R10" // accumulator of the general-purpose tail, then the result
	xv      = 8     // x's vectors are loaded from 8 on, y's from 16 on
	yv      = 16
	accs    = 8 // accumulators 0..7
)

// kernel describes one vector kernel: width is 32 (LASX, X registers) or
// 16 (LSX, V registers). Its main loop reads 8 vectors of each input per
// iteration into 8 accumulators, as the bytealg of Go 1.26 does on
// loong64 (8 loads of each input per iteration), with 24 of the 32 vector
// registers.
type kernel struct {
	name  string
	width int
}

func (k kernel) step() int { return accs * k.width }

// reg names vector register n; op prefixes an LSX opcode (VXORV) with X
// for LASX.
func (k kernel) reg(n int) string {
	if k.width == 32 {
		return fmt.Sprintf("X%d", n)
	}
	return fmt.Sprintf("V%d", n)
}

func (k kernel) op(lsx string) string {
	if k.width == 32 {
		return "X" + lsx
	}
	return lsx
}

func mem(off int, base string) string {
	if off == 0 {
		return "(" + base + ")"
	}
	return fmt.Sprintf("%d(%s)", off, base)
}

// block loads n vectors of each input at the pointers, XORs them and ORs
// them into the accumulators 0..n-1.
func (k kernel) block(a *emit.File, n int) {
	for i := 0; i < n; i++ {
		a.Op(k.op("VMOVQ"), mem(i*k.width, regX), k.reg(xv+i))
	}
	for i := 0; i < n; i++ {
		a.Op(k.op("VMOVQ"), mem(i*k.width, regY), k.reg(yv+i))
	}
	for i := 0; i < n; i++ {
		a.Op(k.op("VXORV"), k.reg(yv+i), k.reg(xv+i), k.reg(xv+i))
	}
	for i := 0; i < n; i++ {
		a.Op(k.op("VORV"), k.reg(xv+i), k.reg(i), k.reg(i))
	}
}

func advance(a *emit.File, n int) {
	a.Op("ADDV", emit.Imm(n), regX)
	a.Op("ADDV", emit.Imm(n), regY)
}

// wordStep does word |= x ^ y for s = 8, 4, 2 or 1 bytes, and moves the
// pointers on (not after the last step, 1 byte: nothing reads them after
// it).
func wordStep(a *emit.File, s int) {
	load := map[int]string{8: "MOVV", 4: "MOVWU", 2: "MOVHU", 1: "MOVBU"}[s]
	a.Op(load, mem(0, regX), regA)
	a.Op(load, mem(0, regY), regB)
	a.Op("XOR", regB, regA, regA)
	a.Op("OR", regA, regWord, regWord)
	if s > 1 {
		advance(a, s)
	}
}

// emit writes the kernel. Every branch is on the length; the data only
// flows through the vector XORs and ORs and the general-purpose XOR and OR
// of the tail, and the result leaves through the lane moves and the
// arithmetic of the portable kernel's isZero.
func (k kernel) emit(a *emit.File) {
	label := func(s string) string { return k.name + "_" + s }
	step := k.step()
	a.Op("MOVV", "x_base+0(FP)", regX)
	a.Op("MOVV", "y_base+24(FP)", regY)
	a.Op("MOVV", "x_len+8(FP)", regN)
	for i := 0; i < accs; i++ {
		a.Op(k.op("VXORV"), k.reg(i), k.reg(i), k.reg(i))
	}
	a.Op("MOVV", "R0", regWord)
	a.Op("SRLV", emit.Imm(emit.Log2(step)), regN, regCnt)
	a.Op("BEQ", regCnt, label("tail"))

	a.Label(label("loop"))
	a.Comment(fmt.Sprintf("%d bytes of each input per iteration, one accumulator per vector.", step))
	k.block(a, accs)
	advance(a, step)
	a.Op("SUBV", "$1", regCnt)
	a.Op("BNE", regCnt, label("loop"))

	a.Label(label("tail"))
	a.Comment(fmt.Sprintf("Fewer than %d bytes left: one step per bit of the length, vectors down", step),
		fmt.Sprintf("to %d bytes, then words of 8 bytes and less.", k.width))
	for s := step / 2; s >= 1; s /= 2 {
		skip := label(fmt.Sprintf("no%d", s))
		a.Op("AND", emit.Imm(s), regN, regA)
		a.Op("BEQ", regA, skip)
		switch {
		case s >= k.width:
			k.block(a, s/k.width)
			advance(a, s)
		case s == 16:
			wordStep(a, 8)
			wordStep(a, 8)
		default:
			wordStep(a, s)
		}
		a.Label(skip)
	}

	a.Comment("Fold the accumulators into the first, and its 8-byte lanes into the word.")
	for n := accs / 2; n >= 1; n /= 2 {
		for i := 0; i < n; i++ {
			a.Op(k.op("VORV"), k.reg(i+n), k.reg(i), k.reg(i))
		}
	}
	for l := 0; l < k.width/8; l++ {
		a.Op(k.op("VMOVQ"), fmt.Sprintf("%s.V[%d]", k.reg(0), l), regB)
		a.Op("OR", regB, regWord, regWord)
	}
	a.Comment("1 if the word is 0, without a comparison: 1 ^ (w | -w) >> 63.")
	a.Op("SUBV", regWord, "R0", regB)
	a.Op("OR", regB, regWord, regWord)
	a.Op("SRLV", "$63", regWord, regWord)
	a.Op("XOR", "$1", regWord, regWord)
	a.Op("MOVV", regWord, "ret+48(FP)")
	a.Op("RET")
}
