#include "textflag.h"

// A public field, a writable field and one that is not, through a
// pointer moved by a constant.
TEXT ·update(SB), NOSPLIT, $0-16
	MOV s+0(FP), X5
	ADDI $32, X5, X6
	MOV (X6), X7
	MOV $8, X8
	BLT X7, X8, small
	MOV 0(X5), X9
	MOV X9, 8(X5)
	BEQ X9, X0, small // want "conditional branch on secret"
	MOV X7, (X6) // want "store outside the stack frame"
small:
	RET
