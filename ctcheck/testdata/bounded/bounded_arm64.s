#include "textflag.h"

// func stale(a *Acc, b byte, n, m int)
TEXT ·stale(SB), NOSPLIT, $0-32
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD n+16(FP), R2
	MOVD m+24(FP), R3
	CMP $64, R2
	MOVD R3, R2
	BHS done
	MOVB R1, (R0)(R2) // leak: stale
done:
	RET

// func checked(a *Acc, b byte, n, m int)
TEXT ·checked(SB), NOSPLIT, $0-32
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD n+16(FP), R2
	MOVD m+24(FP), R3
	CMP $64, R2
	BHS done
	MOVB R1, (R0)(R2)
done:
	RET

// func fill(a *Acc, x uint64)
TEXT ·fill(SB), NOSPLIT, $0-16
	MOVD a+0(FP), R0
	MOVD x+8(FP), R1
	MOVD $0, R2
loop:
	MOVD R1, (R0)(R2)
	ADD  $8, R2
	CMP  $64, R2
	BLO  loop
	RET

// func fillOver(a *Acc, x uint64)
TEXT ·fillOver(SB), NOSPLIT, $0-16
	MOVD a+0(FP), R0
	MOVD x+8(FP), R1
	MOVD $0, R2
loop:
	MOVD R1, (R0)(R2) // leak: fill over
	ADD  $4, R2
	CMP  $64, R2
	BLO  loop
	RET

// func loopBack(c *Cursor, b byte)
TEXT ·loopBack(SB), NOSPLIT, $0-9
	MOVD  c+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD  $0, R2
	SUB   $1, R2
	ADD   $8, R0
	MOVB  R1, (R0)(R2) // leak: loop
	RET

// func widen(c *Cursor, b byte)
TEXT ·widen(SB), NOSPLIT, $0-9
	MOVD  c+0(FP), R0
	MOVBU b+8(FP), R1
	MOVHU (R0), R2
	MOVH  R2, R2
	CMP   $64, R2
	BGE   done
	ADD   $8, R0
	MOVB  R1, (R0)(R2) // leak: widen
done:
	RET

// func callerBP(x byte, m uint64)
TEXT ·callerBP(SB), NOSPLIT, $16-16
	MOVBU x+0(FP), R1
	MOVD  m+8(FP), R2
	CALL  ·smashAbove(SB)
	RET

// func smashAbove(): R1 at the caller's saved R29, below the stack
// pointer.
TEXT ·smashAbove(SB), NOSPLIT|NOFRAME, $0-0
	AND  $7, R2, R2
	SUB  $8, RSP, R3
	MOVB R1, (R3)(R2) // leak: caller bp
	RET

// func capped(a *Acc, b byte, m int)
TEXT ·capped(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD m+16(FP), R2
	MOVD $63, R3
	CMP $64, R2
	CSEL LO, R2, R3, R4
	MOVB R1, (R0)(R4)
	RET

// func cappedAbove(a *Acc, b byte, m int)
TEXT ·cappedAbove(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD m+16(FP), R2
	MOVD $63, R3
	CMP $64, R2
	CSEL HS, R3, R2, R4
	MOVB R1, (R0)(R4)
	RET

// func cappedOver(a *Acc, b byte, m int)
TEXT ·cappedOver(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD m+16(FP), R2
	MOVD $64, R3
	CMP $64, R2
	CSEL LO, R2, R3, R4
	MOVB R1, (R0)(R4) // leak: capped over
	RET

// func cappedSigned(a *Acc, b byte, m int)
TEXT ·cappedSigned(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD m+16(FP), R2
	MOVD $63, R3
	CMP $64, R2
	CSEL LT, R2, R3, R4
	MOVB R1, (R0)(R4) // leak: capped signed
	RET

// func below(a *Acc, b byte, n, m int)
TEXT ·below(SB), NOSPLIT, $0-32
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD n+16(FP), R2
	MOVD m+24(FP), R3
	AND $63, R3, R3
	CMP R3, R2
	BHI done
	MOVB R1, (R0)(R2)
done:
	RET

// func belowSwapped(a *Acc, b byte, n, m int)
TEXT ·belowSwapped(SB), NOSPLIT, $0-32
	MOVD a+0(FP), R0
	MOVBU b+8(FP), R1
	MOVD n+16(FP), R2
	MOVD m+24(FP), R3
	AND $63, R3, R3
	CMP R2, R3
	BHI done
	MOVB R1, (R0)(R2) // leak: below swapped
done:
	RET
