//go:build gc && !purego

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
// The assembler adds 32 bytes to the frame declared; go vet counts 16 of
// them, so the 96 declared cover the kernel's 56 bytes of arguments at
// 32(R1) on their own.
TEXT ·call(SB), NOSPLIT, $96-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack, above the
	// 32 bytes at 0(R1) that hold this function's saved LR and the slots
	// the ABI reserves.
	MOVD	x_base+8(FP), R3
	MOVD	R3, 32(R1)
	MOVD	x_len+16(FP), R3
	MOVD	R3, 40(R1)
	MOVD	x_cap+24(FP), R3
	MOVD	R3, 48(R1)
	MOVD	y_base+32(FP), R3
	MOVD	R3, 56(R1)
	MOVD	y_len+40(FP), R3
	MOVD	R3, 64(R1)
	MOVD	y_cap+48(FP), R3
	MOVD	R3, 72(R1)
	// The result slot: garbage until the kernel writes it.
	MOVD	p+56(FP), R20
	MOVD	8(R20), R3
	MOVD	R3, 80(R1)
	MOVD	k+0(FP), R3
	CMP	R3, $0
	BEQ	vsx
	BL	·poisonRegs(SB)
	BL	github·com∕ctequal∕ctequal·equalVector(SB)
	BR	done

vsx:
	BL	·poisonRegs(SB)
	BL	github·com∕ctequal∕ctequal·equalVSX(SB)

done:
	MOVD	80(R1), R3
	MOVD	R3, ret+64(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern R20 points to, R20 last: VS0-VS63
// (F0-F31 and V0-V31) from byte 256 on, CTR from byte 224, then R3-R12 and
// R14-R29 from byte 16 on. R0 (zero), R1 (the stack), R2 (TOC), R13 (TLS),
// R30 (g), R31 (the assembler's temporary) and LR are left alone; so are
// CR and XER, which no kernel may read before it sets them either.
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	ADD	$256, R20, R3
	MOVD	$16, R4
	MOVD	$32, R5
	MOVD	$48, R6
	MOVD	$64, R7
	MOVD	$80, R8
	MOVD	$96, R9
	MOVD	$112, R10
	LXVD2X	(R3)(R0), VS0
	LXVD2X	(R3)(R4), VS1
	LXVD2X	(R3)(R5), VS2
	LXVD2X	(R3)(R6), VS3
	LXVD2X	(R3)(R7), VS4
	LXVD2X	(R3)(R8), VS5
	LXVD2X	(R3)(R9), VS6
	LXVD2X	(R3)(R10), VS7
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS8
	LXVD2X	(R3)(R4), VS9
	LXVD2X	(R3)(R5), VS10
	LXVD2X	(R3)(R6), VS11
	LXVD2X	(R3)(R7), VS12
	LXVD2X	(R3)(R8), VS13
	LXVD2X	(R3)(R9), VS14
	LXVD2X	(R3)(R10), VS15
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS16
	LXVD2X	(R3)(R4), VS17
	LXVD2X	(R3)(R5), VS18
	LXVD2X	(R3)(R6), VS19
	LXVD2X	(R3)(R7), VS20
	LXVD2X	(R3)(R8), VS21
	LXVD2X	(R3)(R9), VS22
	LXVD2X	(R3)(R10), VS23
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS24
	LXVD2X	(R3)(R4), VS25
	LXVD2X	(R3)(R5), VS26
	LXVD2X	(R3)(R6), VS27
	LXVD2X	(R3)(R7), VS28
	LXVD2X	(R3)(R8), VS29
	LXVD2X	(R3)(R9), VS30
	LXVD2X	(R3)(R10), VS31
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS32
	LXVD2X	(R3)(R4), VS33
	LXVD2X	(R3)(R5), VS34
	LXVD2X	(R3)(R6), VS35
	LXVD2X	(R3)(R7), VS36
	LXVD2X	(R3)(R8), VS37
	LXVD2X	(R3)(R9), VS38
	LXVD2X	(R3)(R10), VS39
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS40
	LXVD2X	(R3)(R4), VS41
	LXVD2X	(R3)(R5), VS42
	LXVD2X	(R3)(R6), VS43
	LXVD2X	(R3)(R7), VS44
	LXVD2X	(R3)(R8), VS45
	LXVD2X	(R3)(R9), VS46
	LXVD2X	(R3)(R10), VS47
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS48
	LXVD2X	(R3)(R4), VS49
	LXVD2X	(R3)(R5), VS50
	LXVD2X	(R3)(R6), VS51
	LXVD2X	(R3)(R7), VS52
	LXVD2X	(R3)(R8), VS53
	LXVD2X	(R3)(R9), VS54
	LXVD2X	(R3)(R10), VS55
	ADD	$128, R3
	LXVD2X	(R3)(R0), VS56
	LXVD2X	(R3)(R4), VS57
	LXVD2X	(R3)(R5), VS58
	LXVD2X	(R3)(R6), VS59
	LXVD2X	(R3)(R7), VS60
	LXVD2X	(R3)(R8), VS61
	LXVD2X	(R3)(R9), VS62
	LXVD2X	(R3)(R10), VS63
	MOVD	224(R20), R3
	MOVD	R3, CTR
	MOVD	16(R20), R3
	MOVD	24(R20), R4
	MOVD	32(R20), R5
	MOVD	40(R20), R6
	MOVD	48(R20), R7
	MOVD	56(R20), R8
	MOVD	64(R20), R9
	MOVD	72(R20), R10
	MOVD	80(R20), R11
	MOVD	88(R20), R12
	MOVD	96(R20), R14
	MOVD	104(R20), R15
	MOVD	112(R20), R16
	MOVD	120(R20), R17
	MOVD	128(R20), R18
	MOVD	136(R20), R19
	MOVD	144(R20), R21
	MOVD	152(R20), R22
	MOVD	160(R20), R23
	MOVD	168(R20), R24
	MOVD	176(R20), R25
	MOVD	184(R20), R26
	MOVD	192(R20), R27
	MOVD	200(R20), R28
	MOVD	208(R20), R29
	MOVD	216(R20), R20
	RET
