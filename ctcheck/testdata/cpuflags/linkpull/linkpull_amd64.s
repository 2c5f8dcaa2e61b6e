#include "textflag.h"

// func popcnt(x []byte) int
TEXT ·popcnt(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding
	MOVQ	AX, ret+24(FP)
	RET
