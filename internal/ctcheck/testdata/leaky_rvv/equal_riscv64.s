//go:build gc && !purego

// A planted leak for the compiled check (TestCompiledRVVLeak): equalRVV
// leaves at the first strip that differs, on VCPOPM's count.

#include "textflag.h"

// func equalRVV(x []byte, y []byte) int
TEXT ·equalRVV(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	y_base+24(FP), X11
	MOV	x_len+8(FP), X12
	MOV	$1, X6
	BEQZ	X12, done
loop:
	VSETVLI	X12, E8, M8, TA, MA, X5
	VLE8V	(X10), V8
	VLE8V	(X11), V16
	VXORVV	V8, V16, V8
	VMSNEVI	$0, V8, V24
	VCPOPM	V24, X7
	BNEZ	X7, differ // the leak
	ADD	X5, X10
	ADD	X5, X11
	SUB	X5, X12
	BNEZ	X12, loop
	JMP	done
differ:
	MOV	$0, X6
done:
	MOV	X6, ret+48(FP)
	RET

// func equalVector(x []byte, y []byte) int
TEXT ·equalVector(SB), NOSPLIT, $0-56
	MOVBU	·useRVV(SB), X5
	BEQZ	X5, generic
	JMP	·equalRVV(SB)
generic:
	JMP	·equalGeneric(SB)
