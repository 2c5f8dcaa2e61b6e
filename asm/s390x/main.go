// Command s390x generates equal_s390x.s and its stubs, equal_s390x.go: the
// kernel of IBM Z's vector facility (z13 and later), on the writer the
// non-amd64 generators share (asm/internal/emit).
//
// s390x is big-endian; the kernel only XORs and ORs whole vectors and asks
// whether the result is zero, which memory order does not change.
package main

import (
	"fmt"

	"github.com/ctequal/ctequal/asm/internal/emit"
)

func main() {
	// go1.26: before it, s390x passes arguments on the stack, and the
	// compiled-code check does not follow the trampoline there; older
	// releases use the portable kernel.
	k := kernel{name: "equalVX", step: 128}
	emit.Main(emit.Spec{
		Command:    "./s390x",
		Constraint: "go1.26",
		Kernel:     k.name,
		Flag:       "useVX",
		More:       "Call it only where the CPU has the vector facility.",
		Body:       k.emit,
		TextFlags:  "NOSPLIT|NOFRAME",
		Jump:       "BR",
		IfZero: func(a *emit.File, sym, label string) {
			a.Op("MOVBZ", sym, regA)
			a.Op("CMPBEQ", regA, "$0", label)
		},
	})
}

// Registers. R0 reads as zero in an address, R10 and R11 are the
// assembler's, R13 is g, R14 the link register and R15 the stack.
const (
	regX   = "R2" // x's next byte
	regY   = "R3" // y's next byte
	regN   = "R4" // the length: its low bits say which tail steps run
	regA   = "R5" // scratch: a tail step's bit of the length, then the result
	regB   = "R6" // iterations of the main loop, then scratch
	regLen = "R7" // the last byte's index, for VLL
	xv     = 8    // x's vectors are V8.., y's V16..
	yv     = 16
)

func v(n int) string { return fmt.Sprintf("V%d", n) }

// kernel describes the vector kernel: its main loop reads step bytes of
// each input per iteration, with one VLM each, into step/16 accumulators
// (step a multiple of 64, at most 128: eight accumulators and sixteen load
// registers).
type kernel struct {
	name string
	step int
}

// block loads n vectors of each input at the pointers, XORs them and ORs
// them into the accumulators V0..V(n-1).
func block(a *emit.File, n int) {
	load := func(base string, first int) {
		if n == 1 {
			a.Op("VL", "("+base+")", v(first))
		} else {
			a.Op("VLM", "("+base+")", v(first), v(first+n-1))
		}
	}
	load(regX, xv)
	load(regY, yv)
	for i := 0; i < n; i++ {
		a.Op("VX", v(yv+i), v(xv+i), v(xv+i))
	}
	for i := 0; i < n; i++ {
		a.Op("VO", v(xv+i), v(i), v(i))
	}
}

func advance(a *emit.File, n int) {
	a.Op("ADD", emit.Imm(n), regX)
	a.Op("ADD", emit.Imm(n), regY)
}

// emit writes the kernel. Every branch is on the length; the data only
// flows through VX and VO, and the result leaves through VLGVG and the
// arithmetic of the portable kernel's isZero.
func (k kernel) emit(a *emit.File) {
	label := func(s string) string { return k.name + "_" + s }
	accs := k.step / 16
	a.Op("MOVD", "x_base+0(FP)", regX)
	a.Op("MOVD", "y_base+24(FP)", regY)
	a.Op("MOVD", "x_len+8(FP)", regN)
	for i := 0; i < accs; i++ {
		a.Op("VZERO", v(i))
	}
	a.Op("SRD", emit.Imm(emit.Log2(k.step)), regN, regB)
	a.Op("CMPBEQ", regB, "$0", label("tail"))

	a.Label(label("loop"))
	a.Comment(fmt.Sprintf("%d bytes of each input per iteration, one accumulator per vector.", k.step))
	block(a, accs)
	advance(a, k.step)
	a.Op("BRCTG", regB, label("loop"))

	a.Label(label("tail"))
	a.Comment(fmt.Sprintf("Fewer than %d bytes left: one step per bit of the length, down to 16.", k.step))
	for n := k.step / 2; n >= 16; n /= 2 {
		skip := label(fmt.Sprintf("no%d", n))
		a.Op("MOVD", regN, regA)
		a.Op("AND", emit.Imm(n), regA)
		a.Op("CMPBEQ", regA, "$0", skip)
		block(a, n/16)
		advance(a, n)
		a.Label(skip)
	}
	a.Comment("1 to 15 bytes left: VLL loads them, up to the index in its register,",
		"and zeroes the rest of the vector in both inputs alike.")
	a.Op("MOVD", regN, regLen)
	a.Op("AND", "$15", regLen)
	a.Op("CMPBEQ", regLen, "$0", label("reduce"))
	a.Op("SUB", "$1", regLen)
	a.Op("VLL", regLen, "("+regX+")", v(xv))
	a.Op("VLL", regLen, "("+regY+")", v(yv))
	a.Op("VX", v(yv), v(xv), v(xv))
	a.Op("VO", v(xv), v(accs-1), v(accs-1))

	a.Label(label("reduce"))
	a.Comment("Fold the accumulators into V0, and its two doublewords into one.")
	for n := accs / 2; n >= 1; n /= 2 {
		for i := 0; i < n; i++ {
			a.Op("VO", v(i+n), v(i), v(i))
		}
	}
	a.Op("VLGVG", "$0", v(0), regA)
	a.Op("VLGVG", "$1", v(0), regB)
	a.Op("OR", regB, regA)
	a.Comment("1 if the accumulator is 0, without a comparison: 1 ^ (w | -w) >> 63.")
	a.Op("NEG", regA, regB)
	a.Op("OR", regB, regA)
	a.Op("SRD", "$63", regA, regA)
	a.Op("XOR", "$1", regA)
	a.Op("MOVD", regA, "ret+48(FP)")
	a.Op("RET")
}
