// Small riscv64 kernels that leak, each leak marked with the finding
// ctcheck must report at that line, and two that do not.

#include "textflag.h"

// A branch on VCPOPM's count: leaves at the first strip that differs.
// needs: v
TEXT ·branchOnCount(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	y_base+24(FP), X11
	MOV	x_len+8(FP), X12
loop:
	VSETVLI	X12, E8, M8, TA, MA, X5
	VLE8V	(X10), V8
	VLE8V	(X11), V16
	VXORVV	V8, V16, V8
	VMSNEVI	$0, V8, V24
	VCPOPM	V24, X6
	BNEZ	X6, differ // want "conditional branch on secret X6"
	ADD	X5, X10
	ADD	X5, X11
	SUB	X5, X12
	BNEZ	X12, loop
	MOV	$1, X7
	MOV	X7, ret+48(FP)
	RET
differ:
	MOV	ZERO, ret+48(FP)
	RET

// A load at an address computed from the count: a secret-indexed table.
// needs: v
TEXT ·secretIndex(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	y_base+24(FP), X11
	MOV	x_len+8(FP), X12
	VSETVLI	X12, E8, M1, TA, MA, X5
	VLE8V	(X10), V1
	VLE8V	(X11), V2
	VXORVV	V1, V2, V1
	VMSNEVI	$0, V1, V3
	VCPOPM	V3, X6
	MOV	$·table(SB), X7
	ADD	X6, X7
	MOVBU	(X7), X8 // want "memory address depends on secret X7"
	MOV	X8, ret+48(FP)
	RET

// The strip's length from the data: the bytes loaded would depend on it.
// needs: v
TEXT ·secretLength(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	x_len+8(FP), X12
	MOVBU	(X10), X13
	VSETVLI	X13, E8, M1, TA, MA, X5 // want "vector length depends on secret X13"
	VLE8V	(X10), V1
	RET

// Grouping: a load at LMUL 8 into V8 writes V8..V15, so V9 is secret.
// needs: v
TEXT ·groupMember(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	x_len+8(FP), X12
	VSETVLI	X12, E8, M8, TA, MA, X5
	VLE8V	(X10), V8
	VSETVLI	X0, E8, M1, TA, MA, X5
	VCPOPM	V9, X6
	BEQZ	X6, done // want "conditional branch on secret X6"
done:
	RET

// Zeroing with vl < VLMAX clears only the first vl bytes: the tail of
// the group keeps what was loaded.
// needs: v
TEXT ·partialZeroing(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	x_len+8(FP), X12
	VSETVLI	X0, E8, M8, TA, MA, X5
	VLE8V	(X10), V0
	VSETVLI	X12, E8, M8, TU, MU, X5
	VXORVV	V0, V0, V0
	VSETVLI	X0, E8, M8, TA, MA, X5
	VMSNEVI	$0, V0, V24
	VCPOPM	V24, X6
	BNEZ	X6, done // want "conditional branch on secret X6"
done:
	RET

// Not leaks: zeroing at vl = VLMAX makes the group public, and the
// length alone decides the branches.
// needs: v
TEXT ·wholeZeroing(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	x_len+8(FP), X12
	VSETVLI	X0, E8, M8, TA, MA, X5
	VLE8V	(X10), V0
	VXORVV	V0, V0, V0
	VMSNEVI	$0, V0, V24
	VCPOPM	V24, X6
	BNEZ	X6, done
	BNEZ	X12, done
done:
	RET

// Fail closed: a masked load, an instruction the model does not know
// (bytealg's early exit), a vector instruction before VSETVLI, and a
// register that is no group at the LMUL.
// needs: v
TEXT ·unmodelled(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	MOV	y_base+24(FP), X11
	VXORVV	V0, V0, V0 // want "vector instruction before any VSETVLI"
	VSETVLI	X0, E8, M8, TA, MA, X5
	VLE8V	(X10), V0, V8 // want "instruction not modelled (fail closed)"
	VLE8V	(X11), V16
	VMSNEVV	V8, V16, V0 // want "instruction not modelled (fail closed)"
	VFIRSTM	V0, X6 // want "instruction not modelled (fail closed)"
	VORVV	V8, V16, V4 // want "V4 is not a vector register group at LMUL 8"
	VSETIVLI	$1, E8, M1, TA, MA, X5 // want "instruction not modelled (fail closed)"
	RET

// Division of the count: its latency would depend on the data.
// needs: v
TEXT ·divide(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	VSETVLI	X0, E8, M1, TA, MA, X5
	VLE8V	(X10), V1
	VMSNEVI	$0, V1, V2
	VCPOPM	V2, X6
	DIVU	X6, X5, X7 // want "variable-latency instruction on secret data"
	RET

// A mask written at LMUL 1 covers VLEN/8 of its register's bits; the rest
// keep the secret mask before it, which a count at LMUL 8 reads.
// needs: v
TEXT ·maskTail(SB), NOSPLIT, $0-56
	MOV	x_base+0(FP), X10
	VSETVLI	X0, E8, M8, TA, MA, X5
	VLE8V	(X10), V8
	VMSNEVI	$0, V8, V24
	VSETVLI	X0, E8, M1, TA, MA, X5
	VXORVV	V1, V1, V1
	VMSNEVI	$0, V1, V24
	VSETVLI	X0, E8, M8, TA, MA, X5
	VCPOPM	V24, X6
	BNEZ	X6, done // want "conditional branch on secret X6"
done:
	RET

// A call linking X5 leaves X1, the caller's own return address, to the
// callee: only the stack growth is called so.
TEXT ·x5Caller(SB), NOSPLIT|NOFRAME, $0-0
	MOV	X1, X9
	JAL	X5, ·x5Callee(SB) // want "call linking X5"
	MOV	X9, X1
	RET

TEXT ·x5Callee(SB), NOSPLIT|NOFRAME, $0-0
	RET

// X0 holds no copy.
TEXT ·raThroughX0(SB), NOSPLIT|NOFRAME, $0-0
	MOV	X1, X0
	MOV	X0, X1
	RET // want "does not hold the address the function was called from"
