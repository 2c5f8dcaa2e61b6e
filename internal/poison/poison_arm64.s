//go:build gc && !purego

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
TEXT ·call(SB), NOSPLIT, $64-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack, above the
	// word at 0(RSP) that the callee's frame owns.
	MOVD x_base+8(FP), R0
	MOVD R0, 8(RSP)
	MOVD x_len+16(FP), R0
	MOVD R0, 16(RSP)
	MOVD x_cap+24(FP), R0
	MOVD R0, 24(RSP)
	MOVD y_base+32(FP), R0
	MOVD R0, 32(RSP)
	MOVD y_len+40(FP), R0
	MOVD R0, 40(RSP)
	MOVD y_cap+48(FP), R0
	MOVD R0, 48(RSP)
	// The result slot: garbage until the kernel writes it.
	MOVD p+56(FP), R20
	MOVD 8(R20), R0
	MOVD R0, 56(RSP)
	MOVD k+0(FP), R0
	CBZ  R0, neon
	BL   ·poisonRegs(SB)
	BL   github·com∕ctequal∕ctequal·equalVector(SB)
	B    done

neon:
	BL   ·poisonRegs(SB)
	BL   github·com∕ctequal∕ctequal·equalNEON(SB)

done:
	MOVD 56(RSP), R0
	MOVD R0, ret+64(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern R20 points to, R20 last. R18
// (platform), R27 (the assembler's temporary), g, the frame pointer and
// the link register are left alone.
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	ADD $64, R20, R21
	VLD1.P 64(R21), [V0.D2, V1.D2, V2.D2, V3.D2]
	VLD1.P 64(R21), [V4.D2, V5.D2, V6.D2, V7.D2]
	VLD1.P 64(R21), [V8.D2, V9.D2, V10.D2, V11.D2]
	VLD1.P 64(R21), [V12.D2, V13.D2, V14.D2, V15.D2]
	VLD1.P 64(R21), [V16.D2, V17.D2, V18.D2, V19.D2]
	VLD1.P 64(R21), [V20.D2, V21.D2, V22.D2, V23.D2]
	VLD1.P 64(R21), [V24.D2, V25.D2, V26.D2, V27.D2]
	VLD1.P 64(R21), [V28.D2, V29.D2, V30.D2, V31.D2]
	MOVD 640(R20), R0
	MOVD 648(R20), R1
	MOVD 656(R20), R2
	MOVD 664(R20), R3
	MOVD 672(R20), R4
	MOVD 680(R20), R5
	MOVD 688(R20), R6
	MOVD 696(R20), R7
	MOVD 704(R20), R8
	MOVD 712(R20), R9
	MOVD 720(R20), R10
	MOVD 728(R20), R11
	MOVD 736(R20), R12
	MOVD 744(R20), R13
	MOVD 752(R20), R14
	MOVD 760(R20), R15
	MOVD 768(R20), R16
	MOVD 776(R20), R17
	MOVD 784(R20), R19
	MOVD 792(R20), R21
	MOVD 800(R20), R22
	MOVD 808(R20), R23
	MOVD 816(R20), R24
	MOVD 824(R20), R25
	MOVD 832(R20), R26
	MOVD 840(R20), R20
	RET
