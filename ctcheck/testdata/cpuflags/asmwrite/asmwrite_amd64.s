#include "textflag.h"

// func force()
TEXT ·force(SB), NOSPLIT, $0-0
	MOVB	$1, ·usePOPCNT(SB)
	RET

// func popcnt(x []byte) int
TEXT ·popcnt(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding
	MOVQ	AX, ret+24(FP)
	RET
