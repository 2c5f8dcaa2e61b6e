// The red team's plant 1 of issue 20 in a copy of the AVX2 kernel of
// internal/kernels/equal_amd64.s (b07214a): a branch on the data through JCXZQ, in the loop
// after the ADDQs.
// ctcheck must report the leak at the line marked // want. Not built:
// testdata is ignored by go.

#include "textflag.h"

// func equalAVX2(x []byte, y []byte) int
// Requires: AVX, AVX2
TEXT ·equalAVX2(SB), NOSPLIT, $0-56
	MOVQ x_base+0(FP), AX
	MOVQ y_base+24(FP), CX
	MOVQ x_len+8(FP), DX
	CMPQ DX, $0x00000040
	JB   equalAVX2_below
	CMPQ DX, $0x00000080
	JA   equalAVX2_more

	// 64 to 128 bytes: the first and the last 64, which overlap where they
	// meet. No jump is taken.
	LEAQ    -64(AX)(DX*1), BX
	LEAQ    -64(CX)(DX*1), DX
	VMOVDQU (AX), Y0
	VPXOR   (CX), Y0, Y0
	VMOVDQU (BX), Y1
	VPXOR   (DX), Y1, Y1
	VMOVDQU 32(AX), Y2
	VPXOR   32(CX), Y2, Y2
	VMOVDQU 32(BX), Y3
	VPXOR   32(DX), Y3, Y3
	VPOR    Y1, Y0, Y0
	VPOR    Y3, Y2, Y2
	VPOR    Y2, Y0, Y0
	VPTEST  Y0, Y0
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_more:
	// More than 128 bytes: whole blocks from the start, so that the loads are
	// as aligned as the inputs; then, by the bits of the length, a half block,
	// a vector, and the last partial vector as the whole one that ends where
	// the input ends.
	LEAQ    (AX)(DX*1), BX
	LEAQ    (CX)(DX*1), SI
	VMOVDQU (AX), Y0
	VPXOR   (CX), Y0, Y0
	VMOVDQU 32(AX), Y1
	VPXOR   32(CX), Y1, Y1
	VMOVDQU 64(AX), Y2
	VPXOR   64(CX), Y2, Y2
	VMOVDQU 96(AX), Y3
	VPXOR   96(CX), Y3, Y3
	ADDQ    $0x00000080, AX
	ADDQ    $0x00000080, CX

	// 128 bytes per iteration, one accumulator per vector.
	LEAQ -128(BX), DI
	CMPQ AX, DI
	JA   equalAVX2_loop_end

equalAVX2_loop:
	VMOVDQU (AX), Y4
	VPXOR   (CX), Y4, Y4
	VPOR    Y4, Y0, Y0
	VMOVDQU 32(AX), Y4
	VPXOR   32(CX), Y4, Y4
	VPOR    Y4, Y1, Y1
	VMOVDQU 64(AX), Y4
	VPXOR   64(CX), Y4, Y4
	VPOR    Y4, Y2, Y2
	VMOVDQU 96(AX), Y4
	VPXOR   96(CX), Y4, Y4
	VPOR    Y4, Y3, Y3
	ADDQ    $0x00000080, AX
	ADDQ    $0x00000080, CX
	MOVQ    CX, R10
	VPTEST  Y3, Y3
	SETNE   CL
	MOVBQZX CL, CX
	XORL    R9, R9
	JCXZQ   equalAVX2_rtcont // want "conditional branch on secret CX"
	MOVQ    R10, CX
	JMP     equalAVX2_loop_end

equalAVX2_rtcont:
	MOVQ    R10, CX
	CMPQ    AX, DI
	JBE     equalAVX2_loop

equalAVX2_loop_end:
	// What is left, by the bits of the length. Each step is out of line, so
	// that a length without the bit (1 KiB, 4 KiB) takes no jump.
	TESTQ $0x00000040, DX
	JNZ   equalAVX2_do64

equalAVX2_done64:
	TESTQ $0x00000020, DX
	JNZ   equalAVX2_do32

equalAVX2_done32:
	TESTQ $0x0000001f, DX
	JNZ   equalAVX2_dopartial

equalAVX2_reduce:
	VPOR    Y2, Y0, Y0
	VPOR    Y3, Y1, Y1
	VPOR    Y1, Y0, Y0
	VPTEST  Y0, Y0
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_do64:
	VMOVDQU (AX), Y4
	VPXOR   (CX), Y4, Y4
	VPOR    Y4, Y0, Y0
	VMOVDQU 32(AX), Y4
	VPXOR   32(CX), Y4, Y4
	VPOR    Y4, Y1, Y1
	ADDQ    $0x00000040, AX
	ADDQ    $0x00000040, CX
	JMP     equalAVX2_done64

equalAVX2_do32:
	VMOVDQU (AX), Y4
	VPXOR   (CX), Y4, Y4
	VPOR    Y4, Y0, Y0
	JMP     equalAVX2_done32

equalAVX2_dopartial:
	// The last partial vector, as the whole one that ends where the input ends.
	VMOVDQU -32(BX), Y4
	VPXOR   -32(SI), Y4, Y4
	VPOR    Y4, Y3, Y3
	JMP     equalAVX2_reduce

equalAVX2_below:
	// Fewer than 64 bytes: the first v and the last v vectors, for the
	// largest v in 1..1 (halving) with v vectors in the length: they cover it.
	CMPQ    DX, $0x00000020
	JB      equalAVX2_below32
	LEAQ    -32(AX)(DX*1), BX
	LEAQ    -32(CX)(DX*1), DX
	VMOVDQU (AX), Y0
	VPXOR   (CX), Y0, Y0
	VMOVDQU (BX), Y1
	VPXOR   (DX), Y1, Y1
	VPOR    Y1, Y0, Y0
	VPTEST  Y0, Y0
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_below32:
	CMPQ DX, $0x00000010
	JAE  equalAVX2_pair16
	CMPQ DX, $0x00000008
	JAE  equalAVX2_pair8
	CMPQ DX, $0x00000004
	JAE  equalAVX2_pair4
	CMPQ DX, $0x00000002
	JAE  equalAVX2_pair2
	CMPQ DX, $0x00000001
	JAE  equalAVX2_pair1

	// Empty: equal.
	VZEROUPPER
	MOVQ $0x00000001, ret+48(FP)
	RET

equalAVX2_pair16:
	VMOVDQU (AX), X0
	VPXOR   (CX), X0, X0
	VMOVDQU -16(AX)(DX*1), X1
	VPXOR   -16(CX)(DX*1), X1, X1
	VPOR    X0, X1, X1
	VPTEST  X1, X1
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_pair8:
	MOVQ    (AX), BX
	XORQ    (CX), BX
	MOVQ    -8(AX)(DX*1), AX
	XORQ    -8(CX)(DX*1), AX
	ORQ     BX, AX
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_pair4:
	MOVL    (AX), BX
	XORL    (CX), BX
	MOVL    -4(AX)(DX*1), AX
	XORL    -4(CX)(DX*1), AX
	ORQ     BX, AX
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_pair2:
	MOVWLZX (AX), BX
	XORW    (CX), BX
	MOVWLZX -2(AX)(DX*1), AX
	XORW    -2(CX)(DX*1), AX
	ORQ     BX, AX
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET

equalAVX2_pair1:
	MOVBLZX (AX), AX
	XORB    (CX), AL
	SETEQ   AL
	MOVBQZX AL, AX
	VZEROUPPER
	MOVQ    AX, ret+48(FP)
	RET
