// Small ppc64le kernels that leak, each leak marked with the finding
// ctcheck must report at that line.

#include "textflag.h"

// The byte loop of a compare that leaves at the first difference: CMP
// sets CR0 from the data.
TEXT ·earlyExit(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R3
	MOVD	y_base+24(FP), R4
	MOVD	x_len+8(FP), R5
	MOVD	R5, CTR
loop:
	MOVBZ	(R3), R6
	MOVBZ	(R4), R7
	CMP	R6, R7
	BNE	differ // want "conditional branch on secret CR0"
	ADD	$1, R3
	ADD	$1, R4
	BDNZ	loop
	MOVD	$1, R3
	MOVD	R3, ret+48(FP)
	RET
differ:
	MOVD	$0, ret+48(FP)
	RET

// internal/bytealg's style: a vector compare's record form, and a branch
// on CR6 (bytealg's BGELR_CR6), then a record form on a moved-out lane.
TEXT ·vectorCompareBranch(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R3
	MOVD	y_base+24(FP), R4
	LXVD2X	(R3)(R0), V0
	LXVD2X	(R4)(R0), V1
	VCMPEQUBCC	V0, V1, V2
	BGE	CR6, differ // want "conditional branch on secret CR6"
	VXOR	V0, V1, V3
	MFVSRD	V3, R6
	ANDCC	$1, R6, R7
	BEQ	differ // want "conditional branch on secret CR0"
	// ISEL is a select, not a branch: no finding.
	MOVD	$1, R8
	ISEL	CR6LT, R8, R0, R9
	MOVD	R9, ret+48(FP)
	RET
differ:
	MOVD	$0, ret+48(FP)
	RET

// A secret index, a secret loop count, a secret load length, a division,
// a crypto instruction of undocumented timing and an instruction the
// model does not know.
TEXT ·secretUses(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R3
	MOVD	y_base+24(FP), R4
	MOVD	(R3), R6
	MOVD	(R4), R7
	XOR	R7, R6, R6
	MOVBZ	(R4)(R6), R8 // want "memory address depends on secret R6"
	LXVL	R3, R6, V4 // want "load length depends on secret"
	DIVD	R6, R8, R9 // want "variable-latency"
	VPMSUMD	V4, V4, V5 // want "no vendor source states as data independent"
	VPOPCNTD	V4, V5 // want "not modelled"
	MOVD	R6, CTR
loop:
	BDNZ	loop // want "conditional branch on secret CTR"
	// Zeroing idioms make a register public again.
	XOR	R6, R6, R6
	CMP	R6, $0
	BEQ	done
done:
	MOVD	R9, ret+48(FP)
	RET

// POWER10's paired load and three-input logic carry the taint to both
// registers of the pair (an odd pair does not assemble).
// needs: power10
TEXT ·power10(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R3
	MOVD	y_base+24(FP), R4
	XXLXOR	VS32, VS32, VS32
	LXVP	0(R3), VS40
	LXVP	0(R4), VS48
	XXEVAL	VS32, VS41, VS49, $0x6f, VS32
	MFVSRD	VS32, R5
	CMP	R5, $0
	BEQ	done // want "conditional branch on secret CR0"
done:
	MOVD	R5, ret+48(FP)
	RET

// The return address, saved by hand in a register and in the frame and
// restored: each RET returns where its function was called from.
TEXT ·lrSavedByHand(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	LR, R11
	CALL	·lrLeaf(SB)
	MOVD	R11, LR
	MOVD	LR, R12
	MOVDU	R12, -32(R1)
	CALL	·lrLeaf(SB)
	MOVD	0(R1), R12
	ADD	$32, R1
	MOVD	R12, LR
	RET

TEXT ·lrLeaf(SB), NOSPLIT|NOFRAME, $0-0
	RET

// A callee returns through its caller's return address (in R11): to the
// caller's caller.
TEXT ·lrCallerSaves(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	LR, R11
	CALL	·lrToCallersCaller(SB)
	MOVD	R11, LR
	RET

TEXT ·lrToCallersCaller(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	R11, LR
	RET // want "does not hold the address the function was called from"

// An update-form load through a copy of LR moves it by 4.
TEXT ·lrUpdateForm(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	LR, R11
	MOVBZU	4(R11), R5
	MOVD	R11, LR
	RET // want "does not hold the address the function was called from"

// R0 written, which Go's code keeps zero (fail closed), then used as an
// X-form store's lone register: its RB, the register, not the address 0.
TEXT ·writeR0(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R3
	MOVD	y_base+24(FP), R0 // want "write to R0"
	MOVBZ	(R3), R4
	MOVDBR	R4, (R0) // want "store outside the stack frame"
	CMP	R4, $0
	BEQ	done // want "conditional branch on secret"
done:
	RET
