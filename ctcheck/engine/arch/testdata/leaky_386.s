// Small 386 kernels that leak, each leak marked with the finding
// ctcheck must report at that line, and one that does not. Not built:
// testdata is ignored by go.

#include "textflag.h"

// An early exit: the loop leaves at the first differing word.
TEXT ·earlyExit(SB), NOSPLIT, $0-28
	MOVL	x_base+0(FP), SI
	MOVL	y_base+12(FP), DI
	MOVL	x_len+4(FP), CX
	XORL	AX, AX
loop:
	MOVL	(SI), BX
	XORL	(DI), BX
	JNZ	differ // want "conditional branch on secret flags"
	ADDL	$4, SI
	ADDL	$4, DI
	SUBL	$4, CX
	JNZ	loop
	MOVL	$1, AX
differ:
	MOVL	AX, ret+24(FP)
	RET

// A table lookup indexed by the (secret) difference.
TEXT ·tableLookup(SB), NOSPLIT, $0-28
	MOVL	x_base+0(FP), SI
	MOVL	y_base+12(FP), DI
	MOVBLZX	(SI), DX
	XORB	(DI), DL
	LEAL	·answers(SB), BX
	MOVL	(BX)(DX*4), AX // want "memory address depends on secret DX"
	MOVL	AX, ret+24(FP)
	RET

// A division of a secret.
TEXT ·divide(SB), NOSPLIT, $0-28
	MOVL	x_base+0(FP), SI
	MOVL	(SI), AX
	XORL	DX, DX
	MOVL	$7, CX
	DIVL	CX // want "variable-latency"
	MOVL	DX, ret+24(FP)
	RET

// The same word compared without a branch: nothing to report.
TEXT ·clean(SB), NOSPLIT, $0-28
	MOVL	x_base+0(FP), SI
	MOVL	y_base+12(FP), DI
	MOVL	(SI), BX
	XORL	(DI), BX
	XORL	AX, AX
	TESTL	BX, BX
	SETEQ	AL
	MOVL	AX, ret+24(FP)
	RET
