#include "textflag.h"

TEXT ·branchx(SB), NOSPLIT, $0-8
	MOVL y+0(FP), BX
	CMPL BX, $0
	JEQ done
	MOVL x+4(FP), AX
	CMPL AX, $0
	JEQ done // want "conditional branch on secret flags"
done:
	RET
