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

// func loopBack(c *Cursor, b byte)
TEXT ·loopBack(SB), NOSPLIT, $0-9
	MOVQ c+0(FP), DI
	MOVBLZX b+8(FP), AX
	XORL CX, CX
	LOOP next
next:
	MOVB AL, 8(DI)(CX*1) // leak: loop
	RET

// func widen(c *Cursor, b byte)
TEXT ·widen(SB), NOSPLIT, $0-9
	MOVQ c+0(FP), DI
	MOVBLZX b+8(FP), BX
	MOVWQZX 0(DI), AX
	CWDE
	CDQE
	CMPQ AX, $64
	JGE  done
	MOVB BL, 8(DI)(AX*1) // leak: widen
done:
	RET

// func callerBP(x byte, m uint64)
TEXT ·callerBP(SB), NOSPLIT, $16-16
	MOVBLZX x+0(FP), BX
	MOVQ    m+8(FP), CX
	LEAQ    0(SP), DI
	CALL    ·smashAbove(SB)
	RET

// func smashAbove(): BL at 16(DI) and up to 7 bytes on, its caller's
// saved BP.
TEXT ·smashAbove(SB), NOSPLIT, $0-0
	ANDQ $7, CX
	MOVB BL, 16(DI)(CX*1) // leak: caller bp
	RET

// func capped(a *Acc, b byte, m int)
TEXT ·capped(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ m+16(FP), CX
	MOVQ $63, DX
	CMPQ CX, $64
	CMOVQCS CX, DX
	MOVB AL, (DI)(DX*1)
	RET

// func cappedAbove(a *Acc, b byte, m int)
TEXT ·cappedAbove(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ m+16(FP), CX
	MOVQ $63, DX
	CMPQ CX, $64
	CMOVQCC DX, CX
	MOVB AL, (DI)(CX*1)
	RET

// func cappedOver(a *Acc, b byte, m int)
TEXT ·cappedOver(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ m+16(FP), CX
	MOVQ $64, DX
	CMPQ CX, $64
	CMOVQCS CX, DX
	MOVB AL, (DI)(DX*1) // leak: capped over
	RET

// func cappedSigned(a *Acc, b byte, m int)
TEXT ·cappedSigned(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ m+16(FP), CX
	MOVQ $63, DX
	CMPQ CX, $64
	CMOVQLT CX, DX
	MOVB AL, (DI)(DX*1) // leak: capped signed
	RET

// func below(a *Acc, b byte, n, m int)
TEXT ·below(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ n+16(FP), CX
	MOVQ m+24(FP), DX
	ANDQ $63, DX
	CMPQ CX, DX
	JHI done
	MOVB AL, (DI)(CX*1)
done:
	RET

// func belowSwapped(a *Acc, b byte, n, m int)
TEXT ·belowSwapped(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DI
	MOVBLZX b+8(FP), AX
	MOVQ n+16(FP), CX
	MOVQ m+24(FP), DX
	ANDQ $63, DX
	CMPQ DX, CX
	JHI done
	MOVB AL, (DI)(CX*1) // leak: below swapped
done:
	RET
