#include "textflag.h"

// func popcntA(x []byte) int
TEXT ·popcntA(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func popcntB(x []byte) int
TEXT ·popcntB(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func popcntC(x []byte) int
TEXT ·popcntC(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding: useForced
	MOVQ	AX, ret+24(FP)
	RET

// func popcntD(x []byte) int
TEXT ·popcntD(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding: useEither
	MOVQ	AX, ret+24(FP)
	RET

// func popcntE(x []byte) int
TEXT ·popcntE(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func popcntF(x []byte) int
TEXT ·popcntF(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX // the finding: HasBMI2
	MOVQ	AX, ret+24(FP)
	RET

// func popcntG(x []byte) int
TEXT ·popcntG(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func popcntH(x []byte) int
TEXT ·popcntH(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET

// func popcntI(x []byte) int
TEXT ·popcntI(SB), NOSPLIT, $0-32
	MOVQ	x_base+0(FP), AX
	POPCNTQ	(AX), AX
	MOVQ	AX, ret+24(FP)
	RET
