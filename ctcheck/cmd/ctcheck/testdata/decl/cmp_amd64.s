#include "textflag.h"

// cmp branches on x: clean while x is public, a finding once it is
// declared secret.
TEXT ·cmp(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	CMPQ AX, $0
	JEQ zero
	MOVQ $1, AX
zero:
	MOVQ AX, ret+8(FP)
	RET
