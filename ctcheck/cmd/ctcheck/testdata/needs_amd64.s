// An AVX2 function, which its callers call only where the CPU has AVX2:
// the command must be told so (-needs).

#include "textflag.h"

// func xorAVX2(x, y []byte) int
TEXT ·xorAVX2(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	MOVQ	y_base+24(FP), CX
	VMOVDQU	(AX), Y0
	VPXOR	(CX), Y0, Y0
	VPTEST	Y0, Y0
	SETEQ	ret+48(FP)
	VZEROUPPER
	RET
