#include "textflag.h"

// A public field, a writable field and one that is not, through a
// pointer moved by a constant.
TEXT ·update(SB), NOSPLIT, $0-16
	MOVD s+0(FP), R0
	ADD $32, R0, R1
	MOVD (R1), R2
	CMP $8, R2
	BLT small
	MOVD 0(R0), R3
	MOVD R3, 8(R0)
	CMP $0, R3
	BEQ small // want "conditional branch on secret flags"
	MOVD R2, (R1) // want "store outside the stack frame"
small:
	RET

// A secret stored to the frame through a copy of RSP, and a public
// length beside it: each keeps its level.
TEXT ·frame(SB), NOSPLIT, $32-16
	MOVD cond+0(FP), R0
	MOVD $5, R1
	ADD $8, RSP, R2
	MOVD R0, 0(R2)
	MOVD R1, 8(R2)
	MOVD 8(R2), R3
	CMP $0, R3
	BEQ out
	MOVD 0(R2), R3
	CMP $0, R3
	BEQ out // want "conditional branch on secret flags"
out:
	MOVD R3, ret+8(FP)
	RET

// The pointer spilled with STP and reloaded with LDP keeps its region.
TEXT ·spill(SB), NOSPLIT, $16-16
	MOVD s+0(FP), R0
	MOVD n+8(FP), R1
	STP (R0, R1), 8(RSP)
	MOVD $0, R0
	LDP 8(RSP), (R2, R3)
	MOVD 32(R2), R4
	CMP $8, R4
	BLT done
	MOVD 0(R2), R5
	CMP $0, R5
	BEQ done // want "conditional branch on secret flags"
done:
	RET
