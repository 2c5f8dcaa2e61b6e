#include "textflag.h"

TEXT ·branchx(SB), NOSPLIT, $0-8
	MOVW y+0(FP), R1
	CMP $0, R1
	BEQ done
	MOVW x+4(FP), R0
	CMP $0, R0
	BEQ done // want "conditional branch on secret"
done:
	RET
