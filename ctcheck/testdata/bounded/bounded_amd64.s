#include "textflag.h"

// func stale(a *Acc, b byte, n, m int)
TEXT ·stale(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ n+16(FP), CX
	MOVQ m+24(FP), DX
	CMPQ CX, $64
	MOVQ DX, CX
	JAE done
	MOVB AL, (DI)(CX*1) // leak: stale
done:
	RET

// func checked(a *Acc, b byte, n, m int)
TEXT ·checked(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ n+16(FP), CX
	MOVQ m+24(FP), DX
	CMPQ CX, $64
	JAE done
	MOVB AL, (DI)(CX*1)
done:
	RET

// func fill(a *Acc, x uint64)
TEXT ·fill(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), AX
	XORQ CX, CX
loop:
	MOVQ AX, (DI)(CX*1)
	ADDQ $8, CX
	CMPQ CX, $64
	JB   loop
	RET

// func fillOver(a *Acc, x uint64)
TEXT ·fillOver(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), AX
	XORQ CX, CX
loop:
	MOVQ AX, (DI)(CX*1) // leak: fill over
	ADDQ $4, CX
	CMPQ CX, $64
	JB   loop
	RET
