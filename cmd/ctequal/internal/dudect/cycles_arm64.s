//go:build !purego

#include "textflag.h"

// func cycles() uint64
// ISB waits for earlier instructions to finish before the counter is read.
TEXT ·cycles(SB), NOSPLIT, $0-8
	ISB  $15
	MRS  CNTVCT_EL0, R0
	ISB  $15
	MOVD R0, ret+0(FP)
	RET
