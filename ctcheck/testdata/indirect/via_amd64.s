#include "textflag.h"

// func ViaFP(k *uint64) uint64
TEXT ·ViaFP(SB), $32-16
	MOVQ k+0(FP), AX
	MOVQ (AX), AX
	MOVQ $0, 24(SP)
	LEAQ 24(SP), BP
	MOVQ BP, 0(SP)
	MOVQ AX, 8(SP)
	CALL ·pokeWord(SB)
	MOVQ 24(SP), CX
	CMPQ CX, $0
	JEQ zero // leak: via
	MOVQ $0, ret+8(FP)
	RET
zero:
	MOVQ $1, ret+8(FP)
	RET

// func ViaXor(k *uint64) uint64
TEXT ·ViaXor(SB), $32-16
	MOVQ k+0(FP), AX
	MOVQ (AX), AX
	MOVQ $0, 24(SP)
	XORQ DX, DX
	XORQ SP, DX
	ADDQ $24, DX
	MOVQ DX, 0(SP)
	MOVQ AX, 8(SP)
	CALL ·pokeWord(SB)
	MOVQ 24(SP), CX
	CMPQ CX, $0
	JEQ zero // leak: via
	MOVQ $0, ret+8(FP)
	RET
zero:
	MOVQ $1, ret+8(FP)
	RET
