#include "textflag.h"

// A public field, a writable field and one that is not, through a
// pointer moved by a constant.
TEXT ·update(SB), NOSPLIT, $0-16
	MOVV s+0(FP), R4
	ADDV $32, R4, R5
	MOVV (R5), R6
	MOVV $8, R7
	BLT R6, R7, small
	MOVV 0(R4), R8
	MOVV R8, 8(R4)
	BEQ R8, R0, small // want "conditional branch on secret"
	MOVV R6, (R5) // want "store outside the stack frame"
small:
	RET
