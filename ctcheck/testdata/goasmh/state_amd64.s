#include "go_asm.h"
#include "textflag.h"

// func sum(s *state) uint64
TEXT ·sum(SB), NOSPLIT, $0-16
	MOVQ s+0(FP), AX
	MOVQ state_a(AX), BX
	ADDQ state_b(AX), BX
	MOVQ BX, ret+8(FP)
	RET

// func nonzero(s *state) uint64
TEXT ·nonzero(SB), NOSPLIT, $0-16
	MOVQ s+0(FP), AX
	MOVQ state_b(AX), BX
	MOVQ $0, CX
	TESTQ BX, BX
	JZ   zero // the finding
	MOVQ $1, CX
zero:
	MOVQ CX, ret+8(FP)
	RET
