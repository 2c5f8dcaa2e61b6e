// Small arm64 kernels that leak, each leak marked with the finding
// ctcheck must report at that line.

#include "textflag.h"

// CBNZ on an accumulator: leaves as soon as a word differs.
TEXT ·cbnzOnAccumulator(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVD	y_base+24(FP), R1
	MOVD	x_len+8(FP), R2
	MOVD	ZR, R5
loop:
	MOVD.P	8(R0), R3
	MOVD.P	8(R1), R4
	EOR	R4, R3, R3
	ORR	R3, R5, R5
	CBNZ	R5, differ // want "conditional branch on secret R5"
	SUB	$8, R2
	CBNZ	R2, loop
differ:
	CMP	$0, R5
	CSET	EQ, R3
	MOVD	R3, ret+48(FP)
	RET

// A vector lane moved out and tested bit by bit, then a flag branch.
TEXT ·laneBranch(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVD	y_base+24(FP), R1
	VLD1	(R0), [V0.B16]
	VLD1	(R1), [V1.B16]
	VEOR	V1.B16, V0.B16, V0.B16
	VMOV	V0.D[1], R3
	TBNZ	$3, R3, differ // want "conditional branch on secret R3"
	CMP	$0, R3
	BNE	differ // want "conditional branch on secret flags"
	MOVD	$1, R4
	MOVD	R4, ret+48(FP)
	RET
differ:
	MOVD	ZR, ret+48(FP)
	RET

// A load indexed by secret data, a division, a prefetch at a secret
// address, and an instruction outside the model.
TEXT ·secretIndex(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVD	y_base+24(FP), R1
	MOVBU	(R0), R2
	MOVBU	(R1), R3
	EOR	R3, R2, R2
	MOVBU	(R1)(R2), R4 // want "memory address depends on secret R2"
	UDIV	R2, R4, R5 // want "variable-latency"
	PRFM	(R2), PLDL1KEEP // want "memory address depends on secret R2"
	CRC32B	R1, R2, R3 // want "not modelled"
	MOVD	R5, ret+48(FP)
	RET

// Pair loads are loads into both registers; WORD is modelled only as SB,
// any other is data (fail closed); a store outside the frame is a finding.
// needs: sb
TEXT ·loadPairs(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVD	y_base+24(FP), R1
	FLDPQ	(R0), (F0, F1)
	FLDPQ	(R1), (F2, F3)
	VEOR	V2.B16, V0.B16, V0.B16
	VMOV	V0.D[0], R2
	ADD	R2, R1, R6
	FLDPQ	(R6), (F4, F5) // want "memory address depends on secret R6"
	FLDPQ.P	32(R0), (F6, F7)
	VMOV	V7.D[1], R3
	LDP	(R0), (R3, R4)
	CBZ	R3, done // want "conditional branch on secret R3"
	FSTPQ	(F0, F1), (R0) // want "store outside the stack frame"
	WORD	$0xd50330ff
	WORD	$0xd503201f // want "data in a TEXT symbol"
done:
	MOVD	R2, ret+48(FP)
	RET

// PSTATE.DIT set, then the inputs loaded before any speculation barrier,
// or after an ISB that no full DSB precedes: they may be read, and
// compared, speculatively without DIT.
// needs: dit
TEXT ·ditNoBarrier(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVD	y_base+24(FP), R1
	MSR	$1, DIT
	VLD1	(R0), [V0.B16] // want "before the speculation barrier"
	ISB	$15
	VLD1	(R1), [V1.B16] // want "before the speculation barrier"
	DSB	$6 // NSHST: orders stores only
	ISB	$15
	VLD1	(R1), [V2.B16] // want "before the speculation barrier"
	ISB	$15
	DSB	$7 // a DSB after the ISB does not stop speculation past the ISB
	VLD1	(R1), [V3.B16] // want "before the speculation barrier"
	ISB	$15
	VLD1	(R1), [V4.B16] // DSB, then ISB: a barrier
	MSR	$9, DIT // want "not modelled"
	DSB	$8 // want "not modelled"
	ISB	$14 // want "not modelled"
	MOVD	ZR, ret+48(FP)
	RET

// A barrier on one path only: at the join, the other path has none.
// needs: dit sb
TEXT ·ditBarrierOnOnePath(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MSR	$1, DIT
	MOVBU	·useSB(SB), R3
	CBZ	R3, nosb
	WORD	$0xd50330ff
nosb:
	VLD1	(R0), [V0.B16] // want "before the speculation barrier"
	WORD	$0xd50330ff
	VLD1	(R0), [V1.B16] // SB: a barrier
	MOVD	ZR, ret+48(FP)
	RET

// setDIT without its barrier: the caller's next loads are unprotected.
// needs: dit
TEXT ·setDITNoBarrier(SB), NOSPLIT, $0-0
	MSR	$1, DIT
	RET // want "return without the speculation barrier"

// The return address, saved by hand in a register and in the frame and
// restored: each RET returns where its function was called from.
TEXT ·lrSavedByHand(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R30, R9
	CALL	·lrLeaf(SB)
	MOVD	R9, R30
	MOVD.W	R30, -16(RSP)
	CALL	·lrLeaf(SB)
	MOVD.P	16(RSP), R30
	RET

TEXT ·lrLeaf(SB), NOSPLIT|NOFRAME, $0-0
	RET

// LR + 4: the caller resumes past the instruction after its call.
TEXT ·lrPlus4(SB), NOSPLIT|NOFRAME, $0-0
	ADD	$4, R30, R30
	RET // want "does not hold the address the function was called from"

// A callee returns through its caller's return address (in R9): to the
// caller's caller, past the rest of the caller.
TEXT ·lrCallerSaves(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R30, R9
	CALL	·lrToCallersCaller(SB)
	MOVD	R9, R30
	RET

TEXT ·lrToCallersCaller(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R9, R30
	RET // want "does not hold the address the function was called from"

// A caller returns through the address a callee left in R10: its own
// call's, which runs the rest of it again.
TEXT ·lrCalleeLeaves(SB), NOSPLIT|NOFRAME, $0-0
	CALL	·lrLeaveLR(SB)
	MOVD	R10, R30
	RET // want "does not hold the address the function was called from"

TEXT ·lrLeaveLR(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R30, R10
	RET

// LR saved, then on one path moved and stored over its slot: at the
// join, the slot holds a return address on one path only.
TEXT ·lrClobberedOnOnePath(SB), NOSPLIT|NOFRAME, $0-8
	MOVD	x+0(FP), R0
	MOVD.W	R30, -16(RSP)
	CBZ	R0, clobber
merge:
	MOVD.P	16(RSP), R30
	RET // want "does not hold the address the function was called from"
clobber:
	ADD	$4, R30, R30
	MOVD	R30, (RSP)
	JMP	merge

// A post-indexed load through LR moves LR by 4.
TEXT ·lrPostIndexed(SB), NOSPLIT|NOFRAME, $0-0
	MOVBU.P	4(R30), R1
	RET // want "does not hold the address the function was called from"

// ZR holds no copy.
TEXT ·lrThroughZR(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R30, ZR
	MOVD	ZR, R30
	RET // want "does not hold the address the function was called from"

// A tail jump with LR moved: the callee returns past the caller's call
// (its RET a finding too, as it runs from there).
TEXT ·lrTailJump(SB), NOSPLIT|NOFRAME, $0-0
	ADD	$4, R30, R30
	JMP	·lrTailLeaf(SB) // want "not the address the function was called from"

TEXT ·lrTailLeaf(SB), NOSPLIT|NOFRAME, $0-0
	RET // want "does not hold the address the function was called from"

// (ZR) as a base encodes the stack pointer, not the address 0: the store
// is one the checker does not place, and the path goes on.
TEXT ·zrBase(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVBU	(R0), R1
	MOVD	R1, (ZR) // want "store outside the stack frame"
	CBZ	R1, done // want "conditional branch on secret R1"
done:
	RET
