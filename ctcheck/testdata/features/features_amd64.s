#include "textflag.h"

// func Declared(x []byte) int
TEXT ·Declared(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func Undeclared(x []byte) int
TEXT ·Undeclared(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding
	MOVQ	AX, ret+24(FP)
	RET
