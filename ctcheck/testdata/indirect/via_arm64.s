#include "textflag.h"

// func ViaFP(k *uint64) uint64
TEXT ·ViaFP(SB), $32-16
	MOVD k+0(FP), R0
	MOVD (R0), R0
	MOVD ZR, 24(RSP)
	ADD $24, RSP, R29
	MOVD R29, 8(RSP)
	MOVD R0, 16(RSP)
	CALL ·pokeWord(SB)
	MOVD 24(RSP), R2
	CBZ R2, zero // leak: via
	MOVD ZR, ret+8(FP)
	RET
zero:
	MOVD $1, R3
	MOVD R3, ret+8(FP)
	RET

// func ViaXor(k *uint64) uint64
TEXT ·ViaXor(SB), $32-16
	MOVD k+0(FP), R0
	MOVD (R0), R0
	MOVD ZR, 24(RSP)
	ADD $24, RSP, R29
	EOR ZR, R29, R1
	MOVD R1, 8(RSP)
	MOVD R0, 16(RSP)
	CALL ·pokeWord(SB)
	MOVD 24(RSP), R2
	CBZ R2, zero // leak: via
	MOVD ZR, ret+8(FP)
	RET
zero:
	MOVD $1, R3
	MOVD R3, ret+8(FP)
	RET
