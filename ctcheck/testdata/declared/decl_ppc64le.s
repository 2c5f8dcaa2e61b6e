#include "textflag.h"

TEXT ·branchx(SB), NOSPLIT, $0-16
	MOVD y+0(FP), R4
	CMP R4, $0
	BEQ done
	MOVD x+8(FP), R3
	CMP R3, $0
	BEQ done // want "conditional branch on secret"
done:
	RET
