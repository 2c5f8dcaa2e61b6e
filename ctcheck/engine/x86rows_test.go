package engine

import (
	"strconv"
	"strings"
)

// The x86 model's rows, built for amd64. Locations: the general
// registers by their Go names, FLAGS, K0-K7, and the lanes of vector
// register n: Xn (lanes 0-1), Yn (0-3), Zn (0-7), Un (2-7), Hn (4-7), or
// one lane, Xn.i.

var x86Table = &isaTable{
	arch: amd64Arch, rows: x86Rows, lanes: x86RowLanes,
	probes: append(strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R15 FLAGS.zf FLAGS.cf K1 K2 U1 H1 U5"), numbered("Z", 0, 15)...),
	ops:    X86Ops(), extra: "SAL INT3 UD2 CDQE CWDE CWD VZEROALL XGETBV RDTSC",
}

func x86Rows() []tableRow {
	rows := []tableRow{
		{ins: "XCHGL AX, AX", op: "NOP"}, {ins: "PAUSE"}, {ins: "LFENCE", needs: "sse2"}, {ins: "MFENCE", needs: "sse2"}, {ins: "SFENCE", needs: "sse"},
		{ins: "RET"},
		{ins: "JMP l"}, {ins: "JMP ·rowTarget(SB)"},
		{ins: "CALL ·rowTarget(SB)"},
		{ins: "JMP AX", always: wJump},
		{ins: "JMP (AX)", always: wJump, leak: "AX", want: wAddr},
		{ins: "CALL AX", always: wJump},
		// Moves.
		{ins: "MOVQ BX, CX", flow: "BX -> CX"},
		{ins: "MOVL BX, CX", flow: "BX -> CX"},
		{ins: "MOVW BX, CX", flow: "BX -> +CX"}, // 16 bits: the rest of CX is kept
		{ins: "MOVB BL, CL", flow: "BX -> +CX"},
		{ins: "MOVQ $1, CX", flow: "-> CX"},
		{ins: "MOVQ $0x9e3779b97f4a7c15, CX", flow: "-> CX"}, // GNU's movabs
		{ins: "MOVQ (SI), CX", flow: "MEM -> CX", leak: "SI", want: wAddr},
		{ins: "MOVQ -8(SI)(DX*1), CX", flow: "MEM -> CX", leak: "SI DX", want: wAddr},
		{ins: "MOVQ x_base+0(FP), CX", flow: "-> CX"},
		{ins: "MOVQ ·rtTable(SB), CX", flow: "-> CX"},
		{ins: "MOVQ CX, ret+48(FP)"},
		{ins: "MOVQ $1, ret+48(FP)"},
		{ins: "MOVQ CX, (DI)", always: wStore, leak: "DI", want: wAddr},
		{ins: "MOVQ CX, ·rtTable(SB)", always: wStore},
		{ins: "MOVBQZX AL, AX", flow: "AX -> AX", op: "MOVZX"},
		{ins: "MOVBQZX R9B, R10", flow: "R9 -> R10"},
		{ins: "MOVBLZX (AX), AX", flow: "MEM -> AX", leak: "AX", want: wAddr},
		{ins: "MOVWLZX -2(AX)(DX*1), BX", flow: "MEM -> BX", leak: "AX DX", want: wAddr},
		{ins: "MOVBQSX AL, CX", flow: "AX -> CX", op: "MOVSX"},
		{ins: "MOVLQSX BX, CX", flow: "BX -> CX", op: "MOVSXD"},
		{ins: "XCHGQ AX, BX", flow: "AX -> BX; BX -> AX"},
		{ins: "PUSHQ BX\n\tPOPQ CX", flow: "BX -> CX", op: "PUSH POP"}, // through the stack
		// LEA computes an address and reads no memory: no finding.
		{ins: "LEAQ -64(AX)(DX*1), BX", flow: "AX DX -> BX"},
		{ins: "LEAQ (DX)(DX*4), AX", flow: "DX -> AX"},
		{ins: "LEAQ ·rtTable(SB), BX", flow: "-> BX"},
		// Arithmetic.
		{ins: "ADDQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "ADDQ $0x80, CX", flow: "CX -> CX FLAGS"},
		{ins: "ADDL (SI), CX", flow: "MEM CX -> CX FLAGS", leak: "SI", want: wAddr},
		{ins: "ANDQ $0x7fe00, R8", flow: "R8 -> R8 FLAGS"},
		{ins: "ORQ BX, AX", flow: "BX AX -> AX FLAGS"},
		{ins: "XORQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "XORQ CX, CX", flow: "-> CX FLAGS"},
		{ins: "XORL R9, R9", flow: "-> R9 FLAGS"},
		{ins: "XORB CL, CL", flow: "CX -> CX FLAGS"}, // a byte: the rest of CX is kept
		{ins: "SUBQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "SUBL CX, CX", flow: "-> CX FLAGS"},
		{ins: "IMULQ BX, CX", flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "IMUL3Q $5, BX, CX", flow: "BX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "ANDNQ AX, BX, CX", needs: "bmi1", flow: "AX BX -> CX FLAGS"},
		{ins: "SHLQ $3, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "SHRQ CL, BX", flow: "CX BX -> BX FLAGS; FLAGS -> FLAGS"},
		{ins: "SARQ $63, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "ROLQ $8, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "RORL $8, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "SHLQ $3, BX, CX", flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS", op: "SHLD"},
		{ins: "SHRQ $3, BX, CX", flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS", op: "SHRD"},
		// Carry chains: no zeroing idiom.
		// (They read the carry alone: CF is its location, ZF the other
		// flags', FLAGS both.)
		{ins: "ADCQ BX, CX", flow: "BX CX CF -> CX FLAGS"},
		{ins: "ADCXQ BX, CX", needs: "adx", flow: "BX CX CF -> CX CF"},
		{ins: "ADOXQ BX, CX", needs: "adx", flow: "BX CX ZF -> CX ZF"},
		{ins: "MULXQ BX, CX, R8", needs: "bmi2", flow: "BX DX -> CX R8"},
		{ins: "SBBQ R10, R10", flow: "R10 CF -> R10 FLAGS"},
		{ins: "RCLQ $1, R10", flow: "R10 CF -> R10 FLAGS; ZF -> FLAGS"},
		{ins: "RCRQ $1, R10", flow: "R10 CF -> R10 FLAGS; ZF -> FLAGS"},
		{ins: "NEGQ R9", flow: "R9 -> R9 FLAGS"},
		{ins: "NOTQ R9", flow: "R9 -> R9"},
		// INC and DEC write every flag but the carry, which they keep.
		{ins: "INCQ R9", flow: "R9 -> R9 ZF"},
		{ins: "DECL R9", flow: "R9 -> R9 ZF"},
		{ins: "BSWAPQ R9", flow: "R9 -> R9"},
		{ins: "MULQ BX", flow: "AX BX -> AX DX FLAGS"},
		{ins: "IMULQ BX", flow: "AX BX -> AX DX FLAGS", op: "IMUL"},
		{ins: "CQO", flow: "AX -> DX"},
		{ins: "CDQ", flow: "AX -> DX"},
		// BMI.
		{ins: "SHLXQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX"},
		{ins: "SHRXQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX"},
		{ins: "SARXQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX"},
		{ins: "RORXQ $3, BX, CX", needs: "bmi2", flow: "BX -> CX"},
		{ins: "BLSRQ BX, CX", needs: "bmi1", flow: "BX -> CX FLAGS"},
		{ins: "BZHIQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX FLAGS"},
		{ins: "POPCNTQ BX, CX", needs: "popcnt", flow: "BX -> CX FLAGS"},
		{ins: "LZCNTQ BX, CX", needs: "lzcnt", flow: "BX -> CX FLAGS"},
		{ins: "TZCNTQ BX, CX", needs: "bmi1", flow: "BX -> CX FLAGS"},
		// Flags only.
		{ins: "CMPQ DX, $0x40", flow: "DX -> FLAGS"},
		{ins: "CMPL (SI), BX", flow: "MEM BX -> FLAGS", leak: "SI", want: wAddr},
		{ins: "CMPB (AX), $0", flow: "MEM -> FLAGS", leak: "AX", want: wAddr},
		{ins: "TESTQ $0x40, DX", flow: "DX -> FLAGS"},
		{ins: "TESTB AL, AL", flow: "AX -> FLAGS"},
		{ins: "PTEST X1, X2", needs: "sse41", flow: "X1 X2 -> FLAGS"},
		{ins: "VPTEST Y0, Y0", needs: "avx", flow: "Y0 -> FLAGS"},
		{ins: "VPTEST Y5, Y5", needs: "avx", flow: "Y5 -> FLAGS"},
		{ins: "KORTESTW K1, K1", needs: "avx512f", flow: "K1 -> FLAGS"},
		{ins: "KORTESTB K1, K2", needs: "avx512dq", flow: "K1 K2 -> FLAGS"},
		{ins: "KORTESTD K1, K2", needs: "avx512bw", flow: "K1 K2 -> FLAGS"},
		{ins: "KORTESTQ K1, K2", needs: "avx512bw", flow: "K1 K2 -> FLAGS"},
		{ins: "KTESTW K1, K2", needs: "avx512dq", flow: "K1 K2 -> FLAGS"},
		{ins: "UCOMISD X1, X2", needs: "sse2", flow: "X1 X2 -> FLAGS"},
		{ins: "UCOMISS X1, X2", needs: "sse", flow: "X1 X2 -> FLAGS"},
		{ins: "COMISD X1, X2", needs: "sse2", flow: "X1 X2 -> FLAGS"},
		// Bit tests: a memory operand is addressed by the bit offset.
		{ins: "BTQ $3, CX", flow: "CX -> FLAGS"},
		{ins: "BTQ BX, CX", flow: "BX CX -> FLAGS"},
		{ins: "BTQ R8, ·rtTable(SB)", flow: "R8 -> FLAGS", leak: "R8", want: wAddr},
		{ins: "BTL R8, (SI)", flow: "MEM R8 -> FLAGS", leak: "R8 SI", want: wAddr},
		{ins: "BTSQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "BTRL $1, CX", flow: "CX -> CX FLAGS"},
		{ins: "BTCQ BX, CX", flow: "BX CX -> CX FLAGS"},
		// Vectors: legacy SSE writes keep the upper lanes, VEX and EVEX
		// writes zero them, a merge-masked write keeps the lanes the mask
		// leaves, a zeroing-masked one does not.
		{ins: "MOVOU (AX), X1", needs: "sse2", flow: "MEM -> X1", leak: "AX", want: wAddr, op: "MOVDQU"},
		{ins: "MOVO X2, X1", needs: "sse2", flow: "X2 -> X1", op: "MOVDQA"},
		{ins: "MOVUPS (AX), X1", needs: "sse", flow: "MEM -> X1", leak: "AX", want: wAddr},
		{ins: "MOVAPS X2, X1", needs: "sse", flow: "X2 -> X1"},
		{ins: "MOVUPS X15, 8(SP)", needs: "sse"},
		{ins: "MOVQ X1, R8", needs: "sse2", flow: "X1.0 X1.1 -> R8"},
		{ins: "MOVQ R9, X5", needs: "sse2", flow: "R9 -> X5"}, // legacy SSE: U5 keeps its level
		{ins: "MOVL R9, X5", needs: "sse2", flow: "R9 -> X5", op: "MOVD"},
		{ins: "MOVSD X1, X2", flow: "X1 X2 -> X2"},
		{ins: "MOVSS X1, X2", needs: "sse", flow: "X1 X2 -> X2"},
		{ins: "VMOVDQU Y1, Y2", needs: "avx", flow: "Y1 -> Y2; -> H2"},
		{ins: "VMOVDQA Y1, Y2", needs: "avx", flow: "Y1 -> Y2; -> H2"},
		{ins: "VMOVDQU64 64(BX), Z3", needs: "avx512f", flow: "MEM -> Z3", leak: "BX", want: wAddr},
		{ins: "VMOVDQA64 Z1, Z3", needs: "avx512f", flow: "Z1 -> Z3"},
		{ins: "VMOVDQU8 Z1, K1, Z3", needs: "avx512f avx512bw", flow: "Z1 K1 -> +Z3"},
		{ins: "VMOVDQU8.Z Z1, K1, Z3", needs: "avx512f avx512bw", flow: "Z1 K1 -> Z3"},
		// Masked loads and stores: which bytes they touch is the mask's.
		{ins: "VMOVDQU8 Z0, K1, -128(SP)", needs: "avx512f avx512bw", leak: "K1", want: wMasked},
		{ins: "VMOVDQU8 Z0, K1, (AX)", needs: "avx512f avx512bw", always: wStore, leak: "AX", want: wAddr, leak2: "K1", want2: wMasked},
		{ins: "VMOVDQU8.Z (AX), K1, Z3", needs: "avx512f avx512bw", flow: "MEM K1 -> Z3", leak: "AX", want: wAddr, leak2: "K1", want2: wMasked},
		{ins: "VMOVDQU64 (AX), K1, Y3", needs: "avx512f avx512vl", flow: "MEM K1 -> +Y3; -> H3", leak: "AX", want: wAddr, leak2: "K1", want2: wMasked},
		{ins: "VMOVUPS Y1, Y2", needs: "avx", flow: "Y1 -> Y2; -> H2"},
		{ins: "VMOVQ X0, R8", needs: "avx", flow: "X0 -> R8"},
		{ins: "VMOVQ R8, X0", needs: "avx", flow: "R8 -> X0; -> U0"},
		{ins: "VMOVD R8, X0", needs: "avx", flow: "R8 -> X0; -> U0"},
		{ins: "VPBROADCASTB X1, Z2", needs: "avx512f avx512bw", flow: "X1 -> Z2"},
		{ins: "VPBROADCASTQ X1, Y2", needs: "avx2", flow: "X1 -> Y2; -> H2"},
		{ins: "VPMOVZXBD X1, Z2", needs: "avx512f", flow: "X1 -> Z2"},
		{ins: "PMOVZXBD X1, X2", needs: "sse41", flow: "X1 -> X2"},
		{ins: "VEXTRACTI128 $1, Y1, X2", needs: "avx2", flow: "Y1 -> X2; -> U2"},
		{ins: "PSHUFD $0x4e, X1, X2", needs: "sse2", flow: "X1 -> X2"},
		{ins: "VPSHUFD $0x4e, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPERMQ $0x4e, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "CVTSQ2SD AX, X1", needs: "sse2", flow: "AX X1 -> X1", op: "CVTSI2SD"},
		{ins: "CVTTSD2SQ X1, AX", needs: "sse2", flow: "X1 -> AX", op: "CVTTSD2SI"},
		{ins: "PMOVMSKB X1, AX", needs: "sse2", flow: "X1 -> AX"},
		{ins: "VPMOVMSKB Y1, AX", needs: "avx2", flow: "Y1 -> AX"},
		{ins: "VPMOVB2M Z1, K1", needs: "avx512f avx512bw", flow: "Z1 -> K1"},
		{ins: "VPMOVM2B K1, Z1", needs: "avx512f avx512bw", flow: "K1 -> Z1"},
		{ins: "POR X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "POR (SI), X2", needs: "sse2", flow: "MEM X2 -> X2", leak: "SI", want: wAddr},
		{ins: "PXOR X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PXOR X5, X5", needs: "sse2", flow: "-> X5"}, // the upper lanes keep their secret
		{ins: "PAND X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PANDN X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "XORPS X1, X2", needs: "sse", flow: "X1 X2 -> X2"},
		{ins: "XORPS X15, X15", needs: "sse", flow: "-> X15"},
		{ins: "XORPD X1, X1", needs: "sse2", flow: "-> X1"},
		{ins: "ORPS X1, X2", needs: "sse", flow: "X1 X2 -> X2"},
		{ins: "ANDPS X1, X2", needs: "sse", flow: "X1 X2 -> X2"},
		{ins: "PCMPEQB X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PSHUFB X1, X2", needs: "ssse3", flow: "X1 X2 -> X2"},
		// SSE2 and AVX2 integer arithmetic, shifts and interleaves: data
		// independent (x86.go's x86VecOp says whose manuals).
		{ins: "PCMPEQL X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PCMPEQD"},
		{ins: "PCMPEQQ X1, X2", needs: "sse41", flow: "X1 X2 -> X2"},
		{ins: "VPCMPEQD Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "PADDL X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PADDD"},
		{ins: "PADDL (SI), X2", needs: "sse2", flow: "MEM X2 -> X2", leak: "SI", want: wAddr, op: "PADDD"},
		{ins: "PADDQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PSUBL X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PSUBD"},
		{ins: "PSUBQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PSLLL $7, X2", needs: "sse2", flow: "X2 -> X2", op: "PSLLD"},
		{ins: "PSLLL X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PSLLD"},
		{ins: "PSRLL $25, X2", needs: "sse2", flow: "X2 -> X2", op: "PSRLD"},
		{ins: "PSRAL $31, X2", needs: "sse2", flow: "X2 -> X2", op: "PSRAD"},
		{ins: "PSLLQ $1, X2", needs: "sse2", flow: "X2 -> X2"},
		{ins: "PSRLQ $63, X2", needs: "sse2", flow: "X2 -> X2"},
		{ins: "PSLLO $8, X2", needs: "sse2", flow: "X2 -> X2", op: "PSLLDQ"},
		{ins: "PSRLO $8, X2", needs: "sse2", flow: "X2 -> X2", op: "PSRLDQ"},
		{ins: "PUNPCKLLQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PUNPCKLDQ"},
		{ins: "PUNPCKHLQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PUNPCKHDQ"},
		{ins: "PUNPCKLQDQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PUNPCKHQDQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2"},
		{ins: "PMULULQ X1, X2", needs: "sse2", flow: "X1 X2 -> X2", op: "PMULUDQ", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "PSHUFHW $0xb1, X1, X2", needs: "sse2", flow: "X1 -> X2"},
		{ins: "PSHUFLW $0xb1, X1, X2", needs: "sse2", flow: "X1 -> X2"},
		{ins: "SHUFPS $0x39, X1, X2", needs: "sse", flow: "X1 X2 -> X2"},
		{ins: "PALIGNR $8, X1, X2", needs: "ssse3", flow: "X1 X2 -> X2"},
		{ins: "PINSRD $1, AX, X1", needs: "sse41", flow: "AX X1 -> X1"},
		{ins: "PINSRB $12, 12(SI), X0", needs: "sse41", flow: "MEM X0 -> X0", leak: "SI", want: wAddr},
		{ins: "PEXTRB $3, X1, AX", needs: "sse41", flow: "X1 -> AX"},
		{ins: "PEXTRB $0, X0, (SI)", needs: "sse41", always: wStore, leak: "SI", want: wAddr},
		{ins: "VPADDD Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPADDD X1, X2, X3", needs: "avx", flow: "X1 X2 -> X3; -> U3"},
		{ins: "VPADDQ Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPSUBD Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPSUBQ Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPSLLD $7, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPSRLD $25, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPSLLQ $1, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPSRLQ $63, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPSLLDQ $8, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPSRLDQ $8, Y1, Y2", needs: "avx2", flow: "Y1 -> Y2; -> H2"},
		{ins: "VPUNPCKLQDQ Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPUNPCKHQDQ Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPALIGNR $4, Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPERM2I128 $0x20, Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPBLENDD $0xf0, Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VBROADCASTI128 16(SI), Y1", needs: "avx2", flow: "MEM -> Y1; -> H1", leak: "SI", want: wAddr},
		// AES-NI and carry-less multiply: fixed latency (x86.go says
		// whose word).
		{ins: "AESENC X1, X2", needs: "aes", flow: "X1 X2 -> X2"},
		{ins: "AESENC (SI), X2", needs: "aes", flow: "MEM X2 -> X2", leak: "SI", want: wAddr},
		{ins: "AESENCLAST X1, X2", needs: "aes", flow: "X1 X2 -> X2"},
		{ins: "AESDEC X1, X2", needs: "aes", flow: "X1 X2 -> X2"},
		{ins: "AESDECLAST X1, X2", needs: "aes", flow: "X1 X2 -> X2"},
		{ins: "AESIMC X1, X2", needs: "aes", flow: "X1 -> X2"},
		{ins: "AESKEYGENASSIST $1, X1, X2", needs: "aes", flow: "X1 -> X2"},
		{ins: "PCLMULQDQ $0x00, X1, X2", needs: "pclmulqdq", flow: "X1 X2 -> X2"},
		{ins: "PCLMULQDQ $0x11, X1, X2", needs: "pclmulqdq", flow: "X1 X2 -> X2"},
		{ins: "PCLMULQDQ $0x10, X1, X2", needs: "pclmulqdq", flow: "X1 X2 -> X2"},
		// Floating point: a subnormal takes a microcode assist.
		{ins: "ADDSD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "SUBSD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "MULSD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "ADDSS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "SUBSS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "MULSS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "PINSRQ $1, AX, X1", needs: "sse41", flow: "AX X1 -> X1"},
		{ins: "VPINSRQ $1, AX, X1, X1", needs: "avx", flow: "AX X1 -> X1; -> U1"},
		{ins: "PEXTRQ $1, X1, AX", needs: "sse41", flow: "X1 -> AX"},
		{ins: "VPEXTRQ $1, X1, AX", needs: "avx", flow: "X1 -> AX"},
		{ins: "VPOR Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPORD Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 -> Z3"},
		{ins: "VPORQ Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 -> Z3"},
		{ins: "VPORQ Z7, Z7, K3, Z5", needs: "avx512f", flow: "Z7 K3 -> +Z5"}, // merge-masked: Z5 keeps its level
		{ins: "VPORQ.Z Z7, Z7, K3, Z5", needs: "avx512f", flow: "Z7 K3 -> Z5"},
		{ins: "VPXOR Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPXOR Y1, Y1, Y1", needs: "avx2", flow: "-> Z1"},
		{ins: "VPXOR (CX), Y0, Y0", needs: "avx2", flow: "MEM Y0 -> Y0; -> H0", leak: "CX", want: wAddr},
		{ins: "VPXORD Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 -> Z3"},
		{ins: "VPXORQ Z1, Z1, Z1", needs: "avx512f", flow: "-> Z1"},
		{ins: "VPXORQ Z1, Z2, K1, Z3", needs: "avx512f", flow: "Z1 Z2 K1 -> +Z3"},
		{ins: "VPAND Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPANDQ Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 -> Z3"},
		{ins: "VPANDN Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VXORPS Y1, Y2, Y3", needs: "avx", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPCMPEQB Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPCMPEQB Z1, Z2, K1", needs: "avx512f avx512bw", flow: "Z1 Z2 -> K1"},
		{ins: "VPCMPEQQ Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPCMPUB $4, Z1, Z2, K1", needs: "avx512f avx512bw", flow: "Z1 Z2 -> K1"},
		{ins: "VPSHUFB Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPERMB Z1, Z2, Z3", needs: "avx512f avx512vbmi", flow: "Z1 Z2 -> Z3"},
		{ins: "VPERMD Y1, Y2, Y3", needs: "avx2", flow: "Y1 Y2 -> Y3; -> H3"},
		{ins: "VPERMD Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 -> Z3"},
		{ins: "VINSERTI128 $1, X1, Y2, Y3", needs: "avx2", flow: "X1 Y2 Y3 -> Y3; -> H3"},
		{ins: "VPTESTMB Z0, Z1, K1", needs: "avx512f avx512bw", flow: "Z0 Z1 -> K1"},
		{ins: "VPTESTMD Z0, Z1, K1", needs: "avx512f", flow: "Z0 Z1 -> K1"},
		{ins: "VPTESTMQ Z0, Z1, K1", needs: "avx512f", flow: "Z0 Z1 -> K1"},
		{ins: "VPTESTNMB Z0, Z1, K1", needs: "avx512f avx512bw", flow: "Z0 Z1 -> K1"},
		{ins: "VPTESTMD Z0, Z1, K2, K1", needs: "avx512f", flow: "Z0 Z1 K1 K2 -> K1"},
		{ins: "VPTERNLOGD $0xf6, Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 Z3 -> Z3"},
		{ins: "VPTERNLOGQ $0xf6, Z1, Z2, Z3", needs: "avx512f", flow: "Z1 Z2 Z3 -> Z3"},
		{ins: "VPTERNLOGD $0xf6, (CX), Z4, Z0", needs: "avx512f", flow: "MEM Z4 Z0 -> Z0", leak: "CX", want: wAddr},
		{ins: "VZEROUPPER", needs: "avx", flow: "-> " + strings.Join(numbered("U", 0, 15), " ")},
		{ins: "KORW K1, K2, K3", needs: "avx512f", flow: "K1 K2 -> K3"},
		{ins: "KANDW K1, K2, K3", needs: "avx512f", flow: "K1 K2 -> K3"},
		{ins: "KXORW K1, K2, K3", needs: "avx512f", flow: "K1 K2 -> K3"},
		{ins: "KMOVW K1, K2", needs: "avx512f", flow: "K1 -> K2"},
		{ins: "KMOVQ K1, AX", needs: "avx512bw", flow: "K1 -> AX"},
		// Branches on CX.
		{ins: "JCXZL l", leak: "CX", want: "conditional branch on secret CX", op: "JECXZ"},
		{ins: "JCXZQ l", leak: "CX", want: "conditional branch on secret CX", op: "JRCXZ"},
		{ins: "JCXZW l", leak: "CX", want: "conditional branch on secret CX", op: "JCXZ"},
		{ins: "LOOP l", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "LOOPEQ l", leak: "CX ZF", want: wBranch, op: "LOOPE"},
		{ins: "LOOPNE l", leak: "CX ZF", want: wBranch},
		// Variable latency.
		{ins: "DIVQ BX", flow: "AX DX BX -> AX DX FLAGS; FLAGS -> FLAGS", leak: "AX DX BX", want: wLatency},
		{ins: "IDIVQ (SI)", flow: "MEM AX DX -> AX DX FLAGS; FLAGS -> FLAGS", always: wLatency, leak: "SI", want: wAddr},
		{ins: "DIVSD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "X1 X2 Z1 Z2", want: wLatency},
		{ins: "DIVSS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "Z1 Z2", want: wLatency},
		{ins: "DIVPD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "Z1 Z2", want: wLatency},
		{ins: "DIVPS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "Z1 Z2", want: wLatency},
		{ins: "VDIVPD Y1, Y2, Y3", needs: "avx", flow: "Y1 Y2 -> Y3; -> H3", leak: "Z1 U1 Z2", want: wLatency},
		{ins: "VDIVPS Y1, Y2, Y3", needs: "avx", flow: "Y1 Y2 -> Y3; -> H3", leak: "Z1 U1 Z2", want: wLatency},
		{ins: "SQRTSD X1, X2", needs: "sse2", flow: "X1 X2 -> X2", leak: "Z1", want: wLatency},
		{ins: "SQRTSS X1, X2", needs: "sse", flow: "X1 X2 -> X2", leak: "Z1", want: wLatency},
		{ins: "SQRTPD X1, X2", needs: "sse2", flow: "X1 -> X2", leak: "Z1", want: wLatency},
		{ins: "SQRTPS X1, X2", needs: "sse", flow: "X1 -> X2", leak: "Z1", want: wLatency},
		{ins: "VSQRTPD Y1, Y2", needs: "avx", flow: "Y1 -> Y2; -> H2", leak: "Z1 U1", want: wLatency},
		{ins: "VSQRTPS Y1, Y2", needs: "avx", flow: "Y1 -> Y2; -> H2", leak: "Z1 U1", want: wLatency},
		{ins: "PDEPQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		{ins: "PEXTQ AX, BX, CX", needs: "bmi2", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		{ins: "BSFQ BX, CX", flow: "BX CX -> CX FLAGS", leak: "BX CX", want: wLatency},
		{ins: "BSRQ BX, CX", flow: "BX CX -> CX FLAGS", leak: "BX CX", want: wLatency},
		// The CPU's features and clock: public.
		{ins: "CPUID", flow: "-> AX BX CX DX"},
		// XGETBV and RDTSC write DX:AX only: BX and CX keep theirs.
		{ins: "XGETBV", needs: "osxsave", flow: "-> AX DX; BX -> BX; CX -> CX"},
		{ins: "RDTSC", flow: "-> AX DX; BX -> BX; CX -> CX"},
		// A 16-bit push moves SP by 2.
		{ins: "PUSHW $0\n\tPOPW AX", always: wClosed, op: "PUSH POP"},
		// The stack pointer is a register: set from a secret, it is a
		// finding.
		{ins: "SUBQ R8, SP", flow: "R8 -> SP FLAGS", leak: "R8", want: wSP},
		// Outside the model: fail closed.
		{ins: "VPGATHERDD Y1, (AX)(Y2*4), Y3", always: wClosed},
		{ins: "PREFETCHT0 (AX)", always: wClosed},
		{ins: "CMPXCHGQ BX, (SI)", always: wClosed},
		{ins: "BYTE $0x06", always: "data in a TEXT symbol"}, // PUSH ES: no instruction in 64-bit mode
	}
	for _, cc := range strings.Fields("CC CS EQ GE GT HI LE LS LT MI NE OC OS PC PL PS") {
		// Which flags each condition reads: the carry alone (AE, B), the
		// carry and ZF (A, BE), or the others alone.
		flags := map[string]string{"CC": "CF", "CS": "CF", "HI": "FLAGS", "LS": "FLAGS"}[cc]
		if flags == "" {
			flags = "ZF"
		}
		rows = append(rows, tableRow{ins: "J" + cc + " l", leak: flags, want: "conditional branch on secret flags"},
			tableRow{ins: "SET" + cc + " AL", flow: flags + " AX -> AX", op: "SETcc"},
			tableRow{ins: "CMOVQ" + cc + " BX, CX", flow: "BX CX " + flags + " -> CX", op: "CMOVcc"})
	}
	return rows
}

func x86RowLanes(name string) []string {
	// FLAGS is every flag: ZF the location of all but the carry, CF the
	// carry's.
	switch name {
	case "FLAGS":
		return []string{x86ZF, x86CF}
	case "ZF":
		return []string{x86ZF}
	case "CF":
		return []string{x86CF}
	}
	groups := map[byte][2]int{'X': {0, 2}, 'Y': {0, 4}, 'Z': {0, 8}, 'U': {2, 8}, 'H': {4, 8}}
	if g, ok := groups[name[0]]; ok && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
		num, lanePart, hasLane := strings.Cut(name[1:], ".")
		if _, err := strconv.Atoi(num); err == nil {
			if hasLane {
				return []string{"X" + num + "." + lanePart}
			}
			var out []string
			for i := g[0]; i < g[1]; i++ {
				out = append(out, Lane("X"+num, i))
			}
			return out
		}
	}
	return []string{name}
}
