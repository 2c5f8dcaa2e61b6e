//go:build gc && !purego

#include "funcdata.h"
#include "textflag.h"

// func call(k int, x []byte, y []byte, p *[320]uint64) int
TEXT ·call(SB), NOSPLIT, $64-72
	// The frame holds copies of x's and y's bases only: the arguments keep
	// them alive. A fault in the kernel unwinds through here.
	NO_LOCAL_POINTERS
	// The kernel's arguments, as ABI0 passes them: on the stack.
	MOVQ x_base+8(FP), AX
	MOVQ AX, 0(SP)
	MOVQ x_len+16(FP), AX
	MOVQ AX, 8(SP)
	MOVQ x_cap+24(FP), AX
	MOVQ AX, 16(SP)
	MOVQ y_base+32(FP), AX
	MOVQ AX, 24(SP)
	MOVQ y_len+40(FP), AX
	MOVQ AX, 32(SP)
	MOVQ y_cap+48(FP), AX
	MOVQ AX, 40(SP)
	// The result slot: garbage until the kernel writes it.
	MOVQ p+56(FP), R12
	MOVQ 8(R12), AX
	MOVQ AX, 48(SP)
	MOVQ k+0(FP), AX
	CMPQ AX, $0
	JEQ  avx512
	CMPQ AX, $1
	JEQ  avx2
	CMPQ AX, $2
	JEQ  sse2
	CALL ·poisonRegs(SB)
	CALL github·com∕ctequal∕ctequal·equalVector(SB)
	JMP  done

avx512:
	CALL ·poisonRegs(SB)
	CALL github·com∕ctequal∕ctequal·equalAVX512(SB)
	JMP  done

avx2:
	CALL ·poisonRegs(SB)
	CALL github·com∕ctequal∕ctequal·equalAVX2(SB)
	JMP  done

sse2:
	CALL ·poisonRegs(SB)
	CALL github·com∕ctequal∕ctequal·equalSSE2(SB)

done:
	MOVQ 48(SP), AX
	MOVQ AX, ret+64(FP)
	MOVQ p+56(FP), R12
	// Where the CPU reports it (p[318] set), XINUSE as the kernel left it,
	// before anything else touches a vector register: into p[319].
	CMPQ 2544(R12), $0
	JEQ  upper
	MOVL $1, CX
	XGETBV
	MOVL AX, 2552(R12)

upper:
	// The poisoned upper halves must not slow the SSE code that follows.
	CMPQ (R12), $0
	JEQ  ret
	VZEROUPPER

ret:
	RET

// func cpuid(eax uint32, ecx uint32) (a uint32, b uint32, c uint32, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eax+0(FP), AX
	MOVL ecx+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func poisonRegs()
// It sets the registers from the pattern R12 points to, R12 last. BP and
// SP are left alone, R15 too (the GOT pointer when dynamically linked).
TEXT ·poisonRegs(SB), NOSPLIT|NOFRAME, $0-0
	MOVQ (R12), AX
	CMPQ AX, $1
	JB   sse
	JEQ  avx
	VMOVDQU64 64(R12), Z0
	VMOVDQU64 128(R12), Z1
	VMOVDQU64 192(R12), Z2
	VMOVDQU64 256(R12), Z3
	VMOVDQU64 320(R12), Z4
	VMOVDQU64 384(R12), Z5
	VMOVDQU64 448(R12), Z6
	VMOVDQU64 512(R12), Z7
	VMOVDQU64 576(R12), Z8
	VMOVDQU64 640(R12), Z9
	VMOVDQU64 704(R12), Z10
	VMOVDQU64 768(R12), Z11
	VMOVDQU64 832(R12), Z12
	VMOVDQU64 896(R12), Z13
	VMOVDQU64 960(R12), Z14
	VMOVDQU64 1024(R12), Z15
	VMOVDQU64 1088(R12), Z16
	VMOVDQU64 1152(R12), Z17
	VMOVDQU64 1216(R12), Z18
	VMOVDQU64 1280(R12), Z19
	VMOVDQU64 1344(R12), Z20
	VMOVDQU64 1408(R12), Z21
	VMOVDQU64 1472(R12), Z22
	VMOVDQU64 1536(R12), Z23
	VMOVDQU64 1600(R12), Z24
	VMOVDQU64 1664(R12), Z25
	VMOVDQU64 1728(R12), Z26
	VMOVDQU64 1792(R12), Z27
	VMOVDQU64 1856(R12), Z28
	VMOVDQU64 1920(R12), Z29
	VMOVDQU64 1984(R12), Z30
	VMOVDQU64 2048(R12), Z31
	KMOVQ 2120(R12), K1
	KMOVQ 2128(R12), K2
	KMOVQ 2136(R12), K3
	KMOVQ 2144(R12), K4
	KMOVQ 2152(R12), K5
	KMOVQ 2160(R12), K6
	KMOVQ 2168(R12), K7
	JMP gp

avx:
	VMOVDQU 64(R12), Y0
	VMOVDQU 96(R12), Y1
	VMOVDQU 128(R12), Y2
	VMOVDQU 160(R12), Y3
	VMOVDQU 192(R12), Y4
	VMOVDQU 224(R12), Y5
	VMOVDQU 256(R12), Y6
	VMOVDQU 288(R12), Y7
	VMOVDQU 320(R12), Y8
	VMOVDQU 352(R12), Y9
	VMOVDQU 384(R12), Y10
	VMOVDQU 416(R12), Y11
	VMOVDQU 448(R12), Y12
	VMOVDQU 480(R12), Y13
	VMOVDQU 512(R12), Y14
	VMOVDQU 544(R12), Y15
	JMP gp

sse:
	MOVOU 64(R12), X0
	MOVOU 80(R12), X1
	MOVOU 96(R12), X2
	MOVOU 112(R12), X3
	MOVOU 128(R12), X4
	MOVOU 144(R12), X5
	MOVOU 160(R12), X6
	MOVOU 176(R12), X7
	MOVOU 192(R12), X8
	MOVOU 208(R12), X9
	MOVOU 224(R12), X10
	MOVOU 240(R12), X11
	MOVOU 256(R12), X12
	MOVOU 272(R12), X13
	MOVOU 288(R12), X14
	MOVOU 304(R12), X15

gp:
	MOVQ 2240(R12), AX
	MOVQ 2248(R12), BX
	MOVQ 2256(R12), CX
	MOVQ 2264(R12), DX
	MOVQ 2272(R12), SI
	MOVQ 2280(R12), DI
	MOVQ 2288(R12), R8
	MOVQ 2296(R12), R9
	MOVQ 2304(R12), R10
	MOVQ 2312(R12), R11
	MOVQ 2320(R12), R13
	MOVQ 2328(R12), R14
	MOVQ 2336(R12), R12
	RET
