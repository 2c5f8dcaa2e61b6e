// Small arm kernels that leak, each leak marked with the finding ctcheck
// must report at that line, and one that does not. Not built: testdata
// is ignored by go.

#include "textflag.h"

// An early exit: the loop leaves at the first differing word.
TEXT ·earlyExit(SB), NOSPLIT, $0-28
	MOVW	x_base+0(FP), R1
	MOVW	y_base+12(FP), R2
	MOVW	x_len+4(FP), R3
	MOVW	$0, R0
loop:
	MOVW.P	4(R1), R4
	MOVW.P	4(R2), R5
	CMP	R4, R5
	BNE	differ // want "conditional branch on secret flags"
	SUB.S	$4, R3
	BNE	loop
	MOVW	$1, R0
differ:
	MOVW	R0, ret+24(FP)
	RET

// A table lookup indexed by the (secret) difference.
TEXT ·tableLookup(SB), NOSPLIT, $0-28
	MOVW	x_base+0(FP), R1
	MOVW	y_base+12(FP), R2
	MOVBU	(R1), R4
	MOVBU	(R2), R5
	EOR	R4, R5
	MOVW	$·answers(SB), R6
	MOVW	R5<<2(R6), R0 // want "memory address depends on secret"
	MOVW	R0, ret+24(FP)
	RET

// A load executed or not by a secret condition: the access itself leaks.
TEXT ·conditional(SB), NOSPLIT, $0-28
	MOVW	x_base+0(FP), R1
	MOVW	y_base+12(FP), R2
	MOVW	(R1), R4
	MOVW	(R2), R5
	MOVW	$0, R0
	CMP	R4, R5
	MOVW.EQ	$1, R0
	MOVW.EQ	(R1), R6 // want "memory access under a secret condition"
	MOVW	R0, ret+24(FP)
	RET

// The same word compared without a branch: nothing to report.
TEXT ·clean(SB), NOSPLIT, $0-28
	MOVW	x_base+0(FP), R1
	MOVW	y_base+12(FP), R2
	MOVW	(R1), R4
	MOVW	(R2), R5
	EOR	R4, R5
	MOVW	$0, R0
	CMP	$0, R5
	MOVW.EQ	$1, R0
	MOVW	R0, ret+24(FP)
	RET
