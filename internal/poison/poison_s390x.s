//go:build gc && !purego && go1.26

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
TEXT ·call(SB), NOSPLIT, $64-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack, above the
	// word at 0(R15) where the callee saves its return address.
	MOVD	x_base+8(FP), R2
	MOVD	R2, 8(R15)
	MOVD	x_len+16(FP), R2
	MOVD	R2, 16(R15)
	MOVD	x_cap+24(FP), R2
	MOVD	R2, 24(R15)
	MOVD	y_base+32(FP), R2
	MOVD	R2, 32(R15)
	MOVD	y_len+40(FP), R2
	MOVD	R2, 40(R15)
	MOVD	y_cap+48(FP), R2
	MOVD	R2, 48(R15)
	// The result slot: garbage until the kernel writes it.
	MOVD	p+56(FP), R9
	MOVD	8(R9), R2
	MOVD	R2, 56(R15)
	MOVD	k+0(FP), R2
	CMPBEQ	R2, $0, vx
	BL	·poisonRegs(SB)
	BL	github·com∕ctequal∕ctequal·equalVector(SB)
	BR	done

vx:
	BL	·poisonRegs(SB)
	BL	github·com∕ctequal∕ctequal·equalVX(SB)

done:
	MOVD	56(R15), R2
	MOVD	R2, ret+64(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern R9 points to, R9 last: where
// pattern[0] says the vector facility may be used, V0-V31 (F0-F15 are
// their left halves) from byte 256 on, else F0-F15 from there; then R0-R8,
// R11 and R12 from byte 16 on. R10 (the assembler's temporary), R13 (g),
// R14 (the link register) and R15 (the stack) are left alone.
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	MOVD	(R9), R1
	CMPBEQ	R1, $0, float
	VLM	256(R9), V0, V15
	VLM	512(R9), V16, V31
	BR	scalar

float:
	FMOVD	256(R9), F0
	FMOVD	264(R9), F1
	FMOVD	272(R9), F2
	FMOVD	280(R9), F3
	FMOVD	288(R9), F4
	FMOVD	296(R9), F5
	FMOVD	304(R9), F6
	FMOVD	312(R9), F7
	FMOVD	320(R9), F8
	FMOVD	328(R9), F9
	FMOVD	336(R9), F10
	FMOVD	344(R9), F11
	FMOVD	352(R9), F12
	FMOVD	360(R9), F13
	FMOVD	368(R9), F14
	FMOVD	376(R9), F15

scalar:
	MOVD	16(R9), R0
	MOVD	24(R9), R1
	MOVD	32(R9), R2
	MOVD	40(R9), R3
	MOVD	48(R9), R4
	MOVD	56(R9), R5
	MOVD	64(R9), R6
	MOVD	72(R9), R7
	MOVD	80(R9), R8
	MOVD	88(R9), R11
	MOVD	96(R9), R12
	MOVD	104(R9), R9
	RET
