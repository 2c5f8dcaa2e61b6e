// Command arm64 generates equal_arm64.s and its stubs, equal_arm64.go.
//
// Avo writes amd64 only, so this is an emitter of our own, on the writer
// the non-amd64 generators share (asm/internal/emit), with one kernel
// function parameterised by how many bytes of each input one iteration of
// the main loop reads.
package main

import (
	"fmt"
	"strings"

	"github.com/ctequal/ctequal/asm/internal/emit"
)

func main() {
	k := kernel{name: "equalNEON", step: 128}
	emit.Main(emit.Spec{
		Command:   "./arm64",
		Kernel:    k.name,
		Flag:      "useNEON",
		More:      "Where the CPU has FEAT_DIT it sets PSTATE.DIT for its run, under which Arm promises data-independent timing, behind a speculation barrier, and then restores the caller's value.",
		Body:      k.emit,
		TextFlags: "NOSPLIT",
		Jump:      "JMP",
		IfZero: func(a *emit.File, sym, label string) {
			a.Op("MOVBU", sym, regA)
			a.Op("CBZ", regA, label)
		},
		Extra: func(g *emit.Generator) {
			ditHelpers(&g.Asm)
			isar1(&g.Asm)
			g.Stubs.WriteString(ditHelperStubs)
			g.Stubs.WriteString(isar1Stub)
		},
	})
}

// v names vector register n as 16 bytes; vlist names the consecutive
// registers first..first+count-1 as a VLD1 register list.
func v(n int) string { return fmt.Sprintf("V%d.B16", n) }

func vlist(first, count int) string {
	regs := make([]string, count)
	for i := range regs {
		regs[i] = v(first + i)
	}
	return "[" + strings.Join(regs, ", ") + "]"
}

// Registers. Accumulators are V0..V(step/16-1); x's vectors are loaded
// from V(xv) on and y's from V(yv) on, consecutive as VLD1 requires.
const (
	regX    = "R0" // x's next byte
	regY    = "R1" // y's next byte
	regN    = "R2" // bytes left, less a multiple of the step: see emit
	regA    = "R3" // scratch for x
	regB    = "R4" // scratch for y
	regWord = "R5" // accumulator of the general-purpose tail
	regDIT  = "R6" // whether this CPU has FEAT_DIT
	regPSt  = "R7" // the caller's PSTATE.DIT
	xv      = 8
	yv      = 16
)

// sbWord is the encoding of SB, the speculation barrier of FEAT_SB
// (Arm ARM, C6.2: 0xd50330ff). Go 1.26's assembler has no mnemonic for it.
const sbWord = "$0xd50330ff"

// kernel describes one NEON kernel: its main loop reads step bytes of each
// input per iteration, with LDP of Q-register pairs, into step/16
// accumulators (step a multiple of 32, at most 128: eight accumulators and
// sixteen load registers).
//
// LDP rather than LD1 of four registers: llvm-mca 19 predicts 21.2 bytes
// per cycle on apple-m1 for this loop at 128 bytes per iteration, 12.7 for
// LD1 at 64, and no less on any Arm core of internal/mca's list; the
// pointers advance once per iteration (LDP with post-increment costs the
// Cortex-A72 a quarter of its speed in the model), and SUBS sets the flags
// the loop branch tests, without a CMP.
type kernel struct {
	name string
	step int
}

// emit writes the kernel. Every branch is on the length or on what the CPU
// has; the data only flows through VEOR/EOR and VORR/ORR, and the result
// leaves through CMP and CSET.
func (k kernel) emit(a *emit.File) {
	label := func(s string) string { return k.name + "_" + s }
	step, accs := k.step, k.step/16

	a.Op("MOVD", "x_base+0(FP)", regX)
	a.Op("MOVD", "y_base+24(FP)", regY)
	a.Op("MOVD", "x_len+8(FP)", regN)

	a.Comment("Data-independent timing for this call, where the CPU has FEAT_DIT",
		"and the caller has not set it already.")
	a.Op("MOVBU", "·useDIT(SB)", regDIT)
	a.Op("CBZ", regDIT, label("start"))
	a.Op("MRS", "DIT", regPSt)
	a.Op("TBNZ", "$24", regPSt, label("start"))
	a.Op("MSR", "$1", "DIT")
	a.Comment("No later instruction may run, even speculatively, before DIT applies,",
		"as Apple's guidance for DIT asks: SB where the CPU has FEAT_SB, and",
		"DSB NSH then ISB where not, the speculation barrier of Linux and of",
		"Go's runtime without SB.")
	barrier(a, k.name, label("start"))

	a.Label(label("start"))
	for i := 0; i < accs; i++ {
		a.Op("VEOR", v(i), v(i), v(i))
	}
	a.Op("MOVD", "ZR", regWord)
	a.Comment(fmt.Sprintf("From here on %s is the length less a multiple of %d: its low bits,", regN, step),
		"which the tail tests, are the bytes left, and SUBS's sign says whether",
		"a whole block is.")
	a.Op("SUBS", emit.Imm(step), regN)
	a.Op("BLT", label("tail"))

	a.Label(label("loop"))
	a.Comment(fmt.Sprintf("%d bytes of each input per iteration, one accumulator per vector.", step))
	for p := 0; p < accs/2; p++ {
		a.Op("FLDPQ", mem(32*p, regX), fpair(xv+2*p))
	}
	for p := 0; p < accs/2; p++ {
		a.Op("FLDPQ", mem(32*p, regY), fpair(yv+2*p))
	}
	for i := 0; i < accs; i++ {
		a.Op("VEOR", v(yv+i), v(xv+i), v(xv+i))
	}
	for i := 0; i < accs; i++ {
		a.Op("VORR", v(xv+i), v(i), v(i))
	}
	a.Op("ADD", emit.Imm(step), regX)
	a.Op("ADD", emit.Imm(step), regY)
	a.Op("SUBS", emit.Imm(step), regN)
	a.Op("BGE", label("loop"))

	a.Label(label("tail"))
	a.Comment(fmt.Sprintf("Fewer than %d bytes left: one step per bit of the length.", step))
	for s := step / 2; s >= 1; s /= 2 {
		skip := label(fmt.Sprintf("no%d", s))
		a.Op("TBZ", emit.Imm(emit.Log2(s)), regN, skip)
		if s >= 16 {
			block(a, s/16)
		} else {
			wordStep(a, s)
		}
		a.Label(skip)
	}

	a.Comment("Fold the accumulators; VADDV/VADDP could wrap to zero, so move both",
		"64-bit lanes out and ORR them.")
	for n := accs; n > 1; n /= 2 {
		for i := 0; i < n/2; i++ {
			a.Op("VORR", v(i+n/2), v(i), v(i))
		}
	}
	a.Op("VMOV", "V0.D[0]", regA)
	a.Op("VMOV", "V0.D[1]", regB)
	a.Op("ORR", regA, regWord, regWord)
	a.Op("ORR", regB, regWord, regWord)
	a.Op("CMP", "$0", regWord)
	a.Op("CSET", "EQ", regA)
	a.Op("MOVD", regA, "ret+48(FP)")

	a.Comment("Leave PSTATE.DIT as the caller had it (bit 24 of what MRS read),",
		"after the last instruction on the data: the answer's store.")
	a.Op("CBZ", regDIT, label("done"))
	a.Op("TBNZ", "$24", regPSt, label("done"))
	a.Op("MSR", "$0", "DIT")
	a.Label(label("done"))
	a.Op("RET")
}

// barrier writes the speculation barrier that follows MSR $1, DIT, SB or
// DSB NSH and ISB SY as useSB says, and goes on at next (it clobbers regA).
func barrier(a *emit.File, fn, next string) {
	a.Op("MOVBU", "·useSB(SB)", regA)
	a.Op("CBNZ", regA, fn+"_sb")
	a.Op("DSB", "$7 // NSH")
	a.Op("ISB", "$15 // SY")
	a.Op("JMP", next)
	a.Label(fn + "_sb")
	a.Op("WORD", sbWord+" // SB")
}

// mem is the memory operand off(base); fpair names the Q-register pair
// n, n+1 as FLDPQ writes it.
func mem(off int, base string) string {
	if off == 0 {
		return "(" + base + ")"
	}
	return fmt.Sprintf("%d(%s)", off, base)
}

func fpair(n int) string { return fmt.Sprintf("(F%d, F%d)", n, n+1) }

// block does acc[i] |= x[i] ^ y[i] for count vectors, with post-incremented
// loads: the tail's steps, which run once per call.
func block(a *emit.File, count int) {
	a.Op("VLD1.P", fmt.Sprintf("%d(%s)", 16*count, regX), vlist(xv, count))
	a.Op("VLD1.P", fmt.Sprintf("%d(%s)", 16*count, regY), vlist(yv, count))
	for i := 0; i < count; i++ {
		a.Op("VEOR", v(yv+i), v(xv+i), v(xv+i))
	}
	for i := 0; i < count; i++ {
		a.Op("VORR", v(xv+i), v(i), v(i))
	}
}

// wordStep does word |= x ^ y for s = 8, 4, 2 or 1 bytes. The last step,
// of one byte, loads without post-incrementing: nothing reads the pointers
// after it.
func wordStep(a *emit.File, s int) {
	load := map[int]string{8: "MOVD.P", 4: "MOVWU.P", 2: "MOVHU.P", 1: "MOVBU"}[s]
	at := func(p string) string {
		if s == 1 {
			return "(" + p + ")"
		}
		return fmt.Sprintf("%d(%s)", s, p)
	}
	a.Op(load, at(regX), regA)
	a.Op(load, at(regY), regB)
	a.Op("EOR", regB, regA, regA)
	a.Op("ORR", regA, regWord, regWord)
}

// ditHelpers writes ditEnabled and setDIT, which read and write PSTATE.DIT
// for the tests that check the kernel restores it. They must only run where
// the CPU has DIT.
func ditHelpers(a *emit.File) {
	a.Func("ditEnabled", "() bool", "NOSPLIT", "$0-1")
	a.Op("MRS", "DIT", regA)
	a.Op("UBFX", "$24", regA, "$1", regA)
	a.Op("MOVB", regA, "ret+0(FP)")
	a.Op("RET")
	a.Func("setDIT", "(on bool)", "NOSPLIT", "$0-1")
	a.Op("MOVBU", "on+0(FP)", regA)
	a.Op("CBZ", regA, "setDIT_off")
	a.Op("MSR", "$1", "DIT")
	a.Comment("The kernel's barrier, so that every MSR $1, DIT of this file has it.")
	barrier(a, "setDIT", "setDIT_on")
	a.Label("setDIT_on")
	a.Op("RET")
	a.Label("setDIT_off")
	a.Op("MSR", "$0", "DIT")
	a.Op("RET")
}

// isar1 writes isar1, which returns ID_AA64ISAR1_EL1: its SB field says
// whether the CPU has FEAT_SB.
func isar1(a *emit.File) {
	a.Func("isar1", "() uint64", "NOSPLIT", "$0-8")
	a.Op("MRS", "ID_AA64ISAR1_EL1", regA)
	a.Op("MOVD", regA, "ret+0(FP)")
	a.Op("RET")
}

const isar1Stub = `
// isar1 returns the CPU's ID_AA64ISAR1_EL1. Call it only where the
// operating system emulates reads of the ID registers from user space
// (Linux, where golang.org/x/sys/cpu reports HasCPUID): elsewhere the
// instruction is undefined at EL0.
func isar1() uint64
`

const ditHelperStubs = `
// ditEnabled reports whether PSTATE.DIT is set, and setDIT sets it, behind
// the kernel's speculation barrier, or clears it. The tests use them to
// check that equalNEON leaves DIT as it found it; call them only where the
// CPU has FEAT_DIT, on a locked OS thread.
func ditEnabled() bool

func setDIT(on bool)
`
