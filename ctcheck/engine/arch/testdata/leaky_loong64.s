// Small loong64 kernels that leak, each leak marked with the finding
// ctcheck must report at that line, and one that does not. Not built:
// testdata is ignored by go.

#include "textflag.h"

// An early exit: the loop leaves at the first differing word.
TEXT ·earlyExit(SB), NOSPLIT, $0-56
	MOVV	x_base+0(FP), R4
	MOVV	y_base+24(FP), R5
	MOVV	x_len+8(FP), R6
	MOVV	$0, R7
loop:
	MOVV	(R4), R8
	MOVV	(R5), R9
	BNE	R8, R9, differ // want "conditional branch on secret"
	ADDV	$8, R4
	ADDV	$8, R5
	SUBV	$8, R6
	BNE	R6, R0, loop
	MOVV	$1, R7
differ:
	MOVV	R7, ret+48(FP)
	RET

// A table lookup indexed by the (secret) difference.
TEXT ·tableLookup(SB), NOSPLIT, $0-56
	MOVV	x_base+0(FP), R4
	MOVV	y_base+24(FP), R5
	MOVBU	(R4), R8
	MOVBU	(R5), R9
	XOR	R8, R9
	MOVV	$·answers(SB), R10
	ADDV	R9, R10
	MOVBU	(R10), R7 // want "memory address depends on secret R10"
	MOVV	R7, ret+48(FP)
	RET

// A division of a secret.
TEXT ·divide(SB), NOSPLIT, $0-56
	MOVV	x_base+0(FP), R4
	MOVV	(R4), R8
	MOVV	$7, R9
	DIVVU	R9, R8, R7 // want "variable-latency"
	MOVV	R7, ret+48(FP)
	RET

// The same word compared without a branch: nothing to report.
TEXT ·clean(SB), NOSPLIT, $0-56
	MOVV	x_base+0(FP), R4
	MOVV	y_base+24(FP), R5
	MOVV	(R4), R8
	MOVV	(R5), R9
	XOR	R8, R9
	SGTU	R9, R0, R7
	XOR	$1, R7
	MOVV	R7, ret+48(FP)
	RET
