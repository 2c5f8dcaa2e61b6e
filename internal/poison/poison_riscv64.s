//go:build gc && !purego && go1.26

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
TEXT ·call(SB), NOSPLIT, $64-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack, above the
	// word at 0(X2) that holds the return address.
	MOV	x_base+8(FP), X5
	MOV	X5, 8(X2)
	MOV	x_len+16(FP), X5
	MOV	X5, 16(X2)
	MOV	x_cap+24(FP), X5
	MOV	X5, 24(X2)
	MOV	y_base+32(FP), X5
	MOV	X5, 32(X2)
	MOV	y_len+40(FP), X5
	MOV	X5, 40(X2)
	MOV	y_cap+48(FP), X5
	MOV	X5, 48(X2)
	// The result slot: garbage until the kernel writes it.
	MOV	p+56(FP), X20
	MOV	8(X20), X5
	MOV	X5, 56(X2)
	MOV	k+0(FP), X5
	BEQZ	X5, rvv
	CALL	·poisonRegs(SB)
	CALL	github·com∕ctequal∕ctequal·equalVector(SB)
	JMP	done

rvv:
	CALL	·poisonRegs(SB)
	CALL	github·com∕ctequal∕ctequal·equalRVV(SB)

done:
	MOV	56(X2), X5
	MOV	X5, ret+64(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern X20 points to, X20 last: where
// pattern[0] says V may be used, V0-V31 from byte 256 on (four groups of
// LMUL 8, up to 512 bytes each: all of them up to VLEN 512), then vl and
// vtype to an odd state (vl 3 at LMUL 1, tail undisturbed); then X5-X26
// and X28-X30 from byte 16 on. X1 (the return address), X2 (the stack),
// X3 and X4 (global and thread pointers), X27 (g) and X31 (the
// assembler's temporary) are left alone.
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	MOV	(X20), X5
	BEQZ	X5, scalar
	MOV	$512, X5
	VSETVLI	X5, E8, M8, TA, MA, X5
	ADD	$256, X20, X6
	VLE8V	(X6), V0
	ADD	X5, X6
	VLE8V	(X6), V8
	ADD	X5, X6
	VLE8V	(X6), V16
	ADD	X5, X6
	VLE8V	(X6), V24
	MOV	$3, X5
	VSETVLI	X5, E8, M1, TU, MU, X5

scalar:
	MOV	16(X20), X5
	MOV	24(X20), X6
	MOV	32(X20), X7
	MOV	40(X20), X8
	MOV	48(X20), X9
	MOV	56(X20), X10
	MOV	64(X20), X11
	MOV	72(X20), X12
	MOV	80(X20), X13
	MOV	88(X20), X14
	MOV	96(X20), X15
	MOV	104(X20), X16
	MOV	112(X20), X17
	MOV	120(X20), X18
	MOV	128(X20), X19
	MOV	136(X20), X21
	MOV	144(X20), X22
	MOV	152(X20), X23
	MOV	160(X20), X24
	MOV	168(X20), X25
	MOV	176(X20), X26
	MOV	184(X20), X28
	MOV	192(X20), X29
	MOV	200(X20), X30
	MOV	208(X20), X20
	RET
