// Small amd64 kernels that leak, each leak marked with the finding
// ctcheck must report at that line. Not built: testdata is ignored by go.

#include "textflag.h"

// An early exit: the loop leaves at the first differing vector.
// needs: avx avx2
TEXT ·earlyExit(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), AX
	MOVQ    y_base+24(FP), CX
	MOVQ    x_len+8(FP), DX
	XORQ    BX, BX
loop:
	VMOVDQU (AX), Y0
	VPXOR   (CX), Y0, Y0
	VPTEST  Y0, Y0
	JNZ     differ // want "conditional branch on secret flags"
	ADDQ    $32, AX
	ADDQ    $32, CX
	SUBQ    $32, DX
	JNZ     loop
	MOVQ    $1, BX
differ:
	VZEROUPPER
	MOVQ    BX, ret+48(FP)
	RET

// A jump on the final accumulator instead of SETEQ.
TEXT ·jumpOnResult(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), AX
	MOVQ    y_base+24(FP), CX
	MOVQ    (AX), BX
	XORQ    (CX), BX
	MOVQ    $0, DX
	TESTQ   BX, BX
	JNE     done // want "conditional branch on secret flags"
	MOVQ    $1, DX
done:
	MOVQ    DX, ret+48(FP)
	RET

// A table lookup indexed by the (secret) result.
TEXT ·tableLookup(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), AX
	MOVQ    y_base+24(FP), CX
	MOVBQZX (AX), DX
	XORB    (CX), DL
	LEAQ    ·answers(SB), SI
	MOVQ    (SI)(DX*8), BX // want "memory address depends on secret DX"
	MOVQ    BX, ret+48(FP)
	RET

// A CMOV is fine, but a division of a secret is not, and an instruction
// the checker does not know is reported rather than trusted.
TEXT ·varLatency(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), AX
	MOVQ    y_base+24(FP), CX
	MOVQ    (AX), AX
	XORQ    (CX), AX
	MOVQ    $1, BX
	MOVQ    $0, SI
	TESTQ   AX, AX
	CMOVQNE SI, BX
	XORQ    DX, DX
	MOVQ    $7, CX
	DIVQ    CX // want "variable-latency"
	CRC32Q  AX, AX // want "not modelled"
	MOVQ    BX, ret+48(FP)
	RET

// Secrets spread through flags and SETcc into a pointer.
TEXT ·secretPointer(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), AX
	MOVQ    y_base+24(FP), CX
	MOVL    (AX), DX
	CMPL    DX, (CX)
	SETEQ   BL
	MOVBQZX BL, BX
	ADDQ    BX, AX
	MOVQ    (AX), DX // want "memory address depends on secret AX"
	MOVQ    $0, ret+48(FP)
	RET

// A pointer static on one path (a global's address) and an argument on
// the other is an argument where the paths meet: what it loads is secret.
TEXT ·staticOrArgument(SB), NOSPLIT, $0-56
	MOVQ    x_base+0(FP), SI
	LEAQ    ·answers(SB), AX
	MOVQ    x_len+8(FP), CX
	TESTQ   CX, CX
	JNE     loaded
	MOVQ    SI, AX
loaded:
	MOVQ    (AX), DX
	TESTQ   DX, DX
	JNE     done // want "conditional branch on secret flags"
done:
	MOVQ    $0, ret+48(FP)
	RET
