#include "textflag.h"

// func XorFirst(x, y []byte) byte
TEXT ·XorFirst(SB), NOSPLIT, $0-49
	MOVQ	x_base+0(FP), AX
	MOVQ	y_base+24(FP), BX
	MOVB	(AX), CX
	XORB	(BX), CX
	MOVB	CX, ret+48(FP)
	RET
