// Command riscv64 generates equal_riscv64.s and its stubs, equal_riscv64.go:
// the RISC-V Vector (RVV 1.0) kernel and the trampoline that selects it.
//
// Avo writes amd64 only, so this is an emitter on the writer the non-amd64
// generators share (asm/internal/emit), with one kernel function
// parameterised by its register grouping (LMUL) and by how many strips,
// each with its own accumulator group, one iteration of the loop runs.
package main

import (
	"fmt"

	"github.com/ctequal/ctequal/asm/internal/emit"
)

func main() {
	// go1.26: Go 1.24's assembler has no RVV, and the disassembler of 1.25
	// cannot decode it, so the compiled-code check could not see it there.
	k := kernel{name: "equalRVV", lmul: 8, strips: 1}
	emit.Main(emit.Spec{
		Command:    "./riscv64",
		Constraint: "go1.26",
		Kernel:     k.name,
		Flag:       "useRVV",
		Needs:      ", and the V extension (RVV 1.0)",
		Body:       k.emit,
		TextFlags:  "NOSPLIT",
		Jump:       "JMP",
		IfZero: func(a *emit.File, sym, label string) {
			a.Op("MOVBU", sym, regVL)
			a.Op("BEQZ", regVL, label)
		},
	})
}

// Registers. The vector registers are caller-saved in Go's ABI, and an
// assembly function is never preempted asynchronously, so nothing else
// can see or change them while the kernel runs.
const (
	regX   = "X10" // x's next byte
	regY   = "X11" // y's next byte
	regN   = "X12" // bytes left
	regVL  = "X5"  // the strip's length, which VSETVLI returns
	regCnt = "X6"  // bytes of the accumulators that are not zero
	// V0..V7, one group of LMUL 8, are the accumulators: strips groups of
	// LMUL lmul, strips*lmul = 8, so that one VXORVV zeroes them all and
	// one VMSNEVI tests them all. x's strips load from V8 on, y's from
	// V16 on; the mask of the result goes to V24.
	vAcc  = 0
	vX    = 8
	vY    = 16
	vMask = 24
)

func v(n int) string { return fmt.Sprintf("V%d", n) }

// kernel describes the RVV kernel. Each iteration of its loop runs strips
// strips of at most VLMAX bytes (VLEN/8*lmul) of each input: VSETVLI sets
// the strip's length vl to min(bytes left, VLMAX), so the last strips of
// the last iteration are shorter, or empty, and nothing is read past the
// end. Each strip XORs x's bytes with y's and ORs them into an
// accumulator group of its own, so the strips' loads do not wait on one
// chain of ORs.
//
// The shipped kernel runs one strip at LMUL 8: llvm-mca 19 predicts, in
// bytes compared per cycle, 8.0 on sifive-p670 (VLEN 128) for LMUL 8, 4, 2
// and 1 alike (one 16-byte load per cycle, the model's limit), and on
// sifive-x280 (VLEN 512, in order) 12.2 for one strip at LMUL 8, 9.8 for
// two at LMUL 4, 7.1 for four at LMUL 2 and 4.3 for eight at LMUL 1: there
// each strip's VSETVLI and pointer updates cost more than a second chain
// of ORs saves. See docs/kernels.md.
//
// The accumulators are written with the tail undisturbed (TU): a short
// strip leaves the accumulator's elements from vl on as they were, where
// a tail-agnostic one could set them to all ones and make equal inputs
// compare unequal.
type kernel struct {
	name   string
	lmul   int
	strips int
}

// emit writes the kernel. Every branch is on the length; the data only
// flows through VXORVV and VORVV into the accumulators, and the result
// leaves through VMSNEVI, VCPOPM and SEQZ.
func (k kernel) emit(a *emit.File) {
	if k.lmul*k.strips != 8 {
		panic("the accumulators must make one group of LMUL 8")
	}
	label := func(s string) string { return k.name + "_" + s }
	m := fmt.Sprintf("M%d", k.lmul)

	a.Op("MOV", "x_base+0(FP)", regX)
	a.Op("MOV", "y_base+24(FP)", regY)
	a.Op("MOV", "x_len+8(FP)", regN)
	a.Comment("vl = VLMAX at LMUL 8 (an AVL of X0), and all the accumulators zeroed.")
	a.Op("VSETVLI", "X0", "E8", "M8", "TA", "MA", regVL)
	a.Op("VXORVV", v(vAcc), v(vAcc), v(vAcc))
	a.Op("BEQZ", regN, label("done"))

	a.Label(label("loop"))
	if k.strips == 1 {
		a.Comment(fmt.Sprintf("min(bytes left, VLMAX) bytes of each input at LMUL %d.", k.lmul))
	} else {
		a.Comment(fmt.Sprintf("%d strips of min(bytes left, VLMAX) at LMUL %d, each into its own", k.strips, k.lmul),
			"accumulator; the later ones may be short or empty (vl = 0).")
	}
	for s := 0; s < k.strips; s++ {
		xr, yr, acc := v(vX+s*k.lmul), v(vY+s*k.lmul), v(vAcc+s*k.lmul)
		a.Op("VSETVLI", regN, "E8", m, "TU", "MU", regVL)
		a.Op("VLE8V", "("+regX+")", xr)
		a.Op("VLE8V", "("+regY+")", yr)
		// The pointer updates go before the XOR, not after the OR: an
		// in-order core (the X280) issues them while the loads run, where
		// after the OR they waited for it (11.6 -> 12.2 bytes per cycle).
		a.Op("ADD", regVL, regX)
		a.Op("ADD", regVL, regY)
		a.Op("SUB", regVL, regN)
		a.Op("VXORVV", xr, yr, xr)
		a.Op("VORVV", xr, acc, acc)
	}
	a.Op("BNEZ", regN, label("loop"))

	a.Label(label("done"))
	a.Comment("Count the accumulators' bytes that are not zero, over all of them",
		"(VLMAX at LMUL 8 again); the answer is whether the count is zero.")
	a.Op("VSETVLI", "X0", "E8", "M8", "TA", "MA", regVL)
	a.Op("VMSNEVI", "$0", v(vAcc), v(vMask))
	a.Op("VCPOPM", v(vMask), regCnt)
	a.Op("SEQZ", regCnt, regCnt)
	a.Op("MOV", regCnt, "ret+48(FP)")
	a.Op("RET")
}
