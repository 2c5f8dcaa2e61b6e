//go:build !purego

#include "textflag.h"

// func request(req *[6]uintptr) uintptr
//
// Valgrind's client-request sequence: RAX points at the request and its
// five arguments, RDX holds the answer to return when not under valgrind
// (0). The four rotations of RDI add up to 128 bits, so natively they and
// the XCHGQ that follows change nothing; valgrind recognises the sequence
// and answers the request in RDX.
TEXT ·request(SB), NOSPLIT, $0-16
	MOVQ  req+0(FP), AX
	XORL  DX, DX
	ROLQ  $3, DI
	ROLQ  $13, DI
	ROLQ  $61, DI
	ROLQ  $51, DI
	XCHGQ BX, BX
	MOVQ  DX, ret+8(FP)
	RET
