#include "textflag.h"

TEXT ·branchx(SB), NOSPLIT, $0-16
	MOVD y+0(FP), R4
	CMPBEQ R4, $0, done
	MOVD x+8(FP), R3
	CMPBEQ R3, $0, done // want "conditional branch on secret"
done:
	RET
