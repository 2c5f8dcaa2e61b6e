//go:build !purego

#include "textflag.h"

// func cycles() uint64
// LFENCE before RDTSC waits for earlier instructions (the measured call)
// to finish; LFENCE after keeps later ones from starting early.
TEXT ·cycles(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET
