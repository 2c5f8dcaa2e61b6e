//go:build gc && !purego && go1.25

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
TEXT ·call(SB), NOSPLIT, $64-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack, above the
	// word at 0(R3) that holds the return address.
	MOVV	x_base+8(FP), R4
	MOVV	R4, 8(R3)
	MOVV	x_len+16(FP), R4
	MOVV	R4, 16(R3)
	MOVV	x_cap+24(FP), R4
	MOVV	R4, 24(R3)
	MOVV	y_base+32(FP), R4
	MOVV	R4, 32(R3)
	MOVV	y_len+40(FP), R4
	MOVV	R4, 40(R3)
	MOVV	y_cap+48(FP), R4
	MOVV	R4, 48(R3)
	// The result slot: garbage until the kernel writes it.
	MOVV	p+56(FP), R20
	MOVV	8(R20), R4
	MOVV	R4, 56(R3)
	MOVV	k+0(FP), R4
	BEQ	R4, lasx
	MOVV	$1, R5
	BEQ	R4, R5, lsx
	CALL	·poisonRegs(SB)
	CALL	github·com∕ctequal∕ctequal·equalVector(SB)
	JMP	done

lasx:
	CALL	·poisonRegs(SB)
	CALL	github·com∕ctequal∕ctequal·equalLASX(SB)
	JMP	done

lsx:
	CALL	·poisonRegs(SB)
	CALL	github·com∕ctequal∕ctequal·equalLSX(SB)

done:
	MOVV	56(R3), R4
	MOVV	R4, ret+64(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern R20 points to, R20 last: where
// pattern[0] is 2 (LASX), X0-X31 from byte 256 on; where it is 1 (LSX),
// V0-V31 (the low halves of X0-X31) from there; else F0-F31 (the low
// halves of V0-V31); then R4-R19, R21, R23-R29 and R31 from byte 16 on.
// R1 (the return address), R2 (the thread pointer), R3 (the stack), R22
// (g) and R30 (the assembler's temporary) are left alone.
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	MOVV	(R20), R4
	BEQ	R4, float
	MOVV	$1, R5
	BEQ	R4, R5, lsx
	XVMOVQ	256(R20), X0
	XVMOVQ	288(R20), X1
	XVMOVQ	320(R20), X2
	XVMOVQ	352(R20), X3
	XVMOVQ	384(R20), X4
	XVMOVQ	416(R20), X5
	XVMOVQ	448(R20), X6
	XVMOVQ	480(R20), X7
	XVMOVQ	512(R20), X8
	XVMOVQ	544(R20), X9
	XVMOVQ	576(R20), X10
	XVMOVQ	608(R20), X11
	XVMOVQ	640(R20), X12
	XVMOVQ	672(R20), X13
	XVMOVQ	704(R20), X14
	XVMOVQ	736(R20), X15
	XVMOVQ	768(R20), X16
	XVMOVQ	800(R20), X17
	XVMOVQ	832(R20), X18
	XVMOVQ	864(R20), X19
	XVMOVQ	896(R20), X20
	XVMOVQ	928(R20), X21
	XVMOVQ	960(R20), X22
	XVMOVQ	992(R20), X23
	XVMOVQ	1024(R20), X24
	XVMOVQ	1056(R20), X25
	XVMOVQ	1088(R20), X26
	XVMOVQ	1120(R20), X27
	XVMOVQ	1152(R20), X28
	XVMOVQ	1184(R20), X29
	XVMOVQ	1216(R20), X30
	XVMOVQ	1248(R20), X31
	JMP	scalar

lsx:
	VMOVQ	256(R20), V0
	VMOVQ	272(R20), V1
	VMOVQ	288(R20), V2
	VMOVQ	304(R20), V3
	VMOVQ	320(R20), V4
	VMOVQ	336(R20), V5
	VMOVQ	352(R20), V6
	VMOVQ	368(R20), V7
	VMOVQ	384(R20), V8
	VMOVQ	400(R20), V9
	VMOVQ	416(R20), V10
	VMOVQ	432(R20), V11
	VMOVQ	448(R20), V12
	VMOVQ	464(R20), V13
	VMOVQ	480(R20), V14
	VMOVQ	496(R20), V15
	VMOVQ	512(R20), V16
	VMOVQ	528(R20), V17
	VMOVQ	544(R20), V18
	VMOVQ	560(R20), V19
	VMOVQ	576(R20), V20
	VMOVQ	592(R20), V21
	VMOVQ	608(R20), V22
	VMOVQ	624(R20), V23
	VMOVQ	640(R20), V24
	VMOVQ	656(R20), V25
	VMOVQ	672(R20), V26
	VMOVQ	688(R20), V27
	VMOVQ	704(R20), V28
	VMOVQ	720(R20), V29
	VMOVQ	736(R20), V30
	VMOVQ	752(R20), V31
	JMP	scalar

float:
	MOVD	256(R20), F0
	MOVD	264(R20), F1
	MOVD	272(R20), F2
	MOVD	280(R20), F3
	MOVD	288(R20), F4
	MOVD	296(R20), F5
	MOVD	304(R20), F6
	MOVD	312(R20), F7
	MOVD	320(R20), F8
	MOVD	328(R20), F9
	MOVD	336(R20), F10
	MOVD	344(R20), F11
	MOVD	352(R20), F12
	MOVD	360(R20), F13
	MOVD	368(R20), F14
	MOVD	376(R20), F15
	MOVD	384(R20), F16
	MOVD	392(R20), F17
	MOVD	400(R20), F18
	MOVD	408(R20), F19
	MOVD	416(R20), F20
	MOVD	424(R20), F21
	MOVD	432(R20), F22
	MOVD	440(R20), F23
	MOVD	448(R20), F24
	MOVD	456(R20), F25
	MOVD	464(R20), F26
	MOVD	472(R20), F27
	MOVD	480(R20), F28
	MOVD	488(R20), F29
	MOVD	496(R20), F30
	MOVD	504(R20), F31

scalar:
	MOVV	16(R20), R4
	MOVV	24(R20), R5
	MOVV	32(R20), R6
	MOVV	40(R20), R7
	MOVV	48(R20), R8
	MOVV	56(R20), R9
	MOVV	64(R20), R10
	MOVV	72(R20), R11
	MOVV	80(R20), R12
	MOVV	88(R20), R13
	MOVV	96(R20), R14
	MOVV	104(R20), R15
	MOVV	112(R20), R16
	MOVV	120(R20), R17
	MOVV	128(R20), R18
	MOVV	136(R20), R19
	MOVV	144(R20), R21
	MOVV	152(R20), R23
	MOVV	160(R20), R24
	MOVV	168(R20), R25
	MOVV	176(R20), R26
	MOVV	184(R20), R27
	MOVV	192(R20), R28
	MOVV	200(R20), R29
	MOVV	208(R20), R31
	MOVV	216(R20), R20
	RET
