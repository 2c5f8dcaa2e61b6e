// Small s390x kernels that leak, each leak marked with the finding
// ctcheck must report at that line.

#include "textflag.h"

// The byte loop of a compare that leaves at the first difference.
TEXT ·earlyExit(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R2
	MOVD	y_base+24(FP), R3
	MOVD	x_len+8(FP), R4
loop:
	MOVBZ	(R2), R5
	MOVBZ	(R3), R6
	CMPBNE	R5, R6, differ // want "conditional branch on secret R5, R6"
	ADD	$1, R2
	ADD	$1, R3
	BRCTG	R4, loop
	MOVD	$1, R5
	MOVD	R5, ret+48(FP)
	RET
differ:
	MOVD	$0, ret+48(FP)
	RET

// internal/bytealg's style: a vector compare that sets the condition
// code, and a branch on it; a second compare, and a branch.
// needs: vx
TEXT ·vectorCompareBranch(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R2
	MOVD	y_base+24(FP), R3
	VLM	(R2), V0, V1
	VL	(R3), V2
	VCEQBS	V0, V2, V3
	BNE	differ // want "conditional branch on secret condition code"
	VX	V1, V2, V4
	VCEQBS	V4, V1, V5
	BEQ	differ // want "conditional branch on secret condition code"
	VLGVG	$0, V4, R5
	// A conditional move is not a branch: no finding.
	CMP	R5, $0
	MOVD	$1, R6
	MOVDEQ	R6, R7
	MOVD	R7, ret+48(FP)
	RET
differ:
	MOVD	$0, ret+48(FP)
	RET

// A secret index, a secret load length, a secret loop count, a division
// and an instruction the model does not know.
TEXT ·secretUses(SB), NOSPLIT|NOFRAME, $0-56
	MOVD	x_base+0(FP), R2
	MOVD	y_base+24(FP), R3
	MOVD	(R2), R5
	MOVD	(R3), R6
	XOR	R6, R5
	MOVBZ	(R3)(R5*1), R7 // want "memory address depends on secret R5"
	VLL	R5, (R2), V0 // want "load length depends on secret R5"
	DIVD	R5, R7 // want "variable-latency"
	VFADB	V0, V0, V1 // want "not modelled"
loop:
	BRCTG	R5, loop // want "conditional branch on secret R5"
	// Zeroing idioms make a register public again.
	XOR	R5, R5
	CMPBEQ	R5, $0, done
done:
	MOVD	R7, ret+48(FP)
	RET

// R14 saved and restored with the others by STMG and LMG: a control.
TEXT ·stmgSavesR14(SB), NOSPLIT|NOFRAME, $0-0
	STMG	R12, R14, -24(R15)
	LMG	-24(R15), R12, R14
	RET

// R14 moved by 4 between the two.
TEXT ·stmgR14Plus4(SB), NOSPLIT|NOFRAME, $0-0
	STMG	R12, R14, -24(R15)
	LMG	-24(R15), R12, R14
	ADD	$4, R14
	RET // want "does not hold the address the function was called from"
