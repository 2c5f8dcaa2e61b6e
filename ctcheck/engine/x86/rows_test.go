package x86

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The x86 model's rows, built for amd64. Locations: the general
// registers by their Go names, FLAGS, K0-K7, and the lanes of vector
// register n: Xn (lanes 0-1), Yn (0-3), Zn (0-7), Un (2-7), Hn (4-7), or
// one lane, Xn.i.

var x86Table = &rowtest.Table{
	Arch: AMD64, Rows: x86Rows, Lanes: x86RowLanes,
	Probes: append(strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R15 FLAGS.zf FLAGS.cf K1 K2 U1 H1 U5"), engine.Numbered("Z", 0, 15)...),
	Ops:    opcodes(), Extra: "SAL INT3 UD2 CDQE CWDE CWD VZEROALL XGETBV RDTSC",
}

func x86Rows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "XCHGL AX, AX", Op: "NOP"}, {Ins: "PAUSE"}, {Ins: "LFENCE", Needs: "sse2"}, {Ins: "MFENCE", Needs: "sse2"}, {Ins: "SFENCE", Needs: "sse"},
		{Ins: "RET"},
		{Ins: "JMP l"}, {Ins: "JMP ·rowTarget(SB)"},
		{Ins: "CALL ·rowTarget(SB)"},
		{Ins: "JMP AX", Always: rowtest.Jump},
		{Ins: "JMP (AX)", Always: rowtest.Jump, Leak: "AX", Want: rowtest.Addr},
		{Ins: "CALL AX", Always: rowtest.Jump},
		// Moves.
		{Ins: "MOVQ BX, CX", Flow: "BX -> CX"},
		{Ins: "MOVL BX, CX", Flow: "BX -> CX"},
		{Ins: "MOVW BX, CX", Flow: "BX -> +CX"}, // 16 bits: the rest of CX is kept
		{Ins: "MOVB BL, CL", Flow: "BX -> +CX"},
		{Ins: "MOVQ $1, CX", Flow: "-> CX"},
		{Ins: "MOVQ $0x9e3779b97f4a7c15, CX", Flow: "-> CX"}, // GNU's movabs
		{Ins: "MOVQ (SI), CX", Flow: "MEM -> CX", Leak: "SI", Want: rowtest.Addr},
		{Ins: "MOVQ -8(SI)(DX*1), CX", Flow: "MEM -> CX", Leak: "SI DX", Want: rowtest.Addr},
		{Ins: "MOVQ x_base+0(FP), CX", Flow: "-> CX"},
		{Ins: "MOVQ ·rtTable(SB), CX", Flow: "-> CX"},
		{Ins: "MOVQ CX, ret+48(FP)"},
		{Ins: "MOVQ $1, ret+48(FP)"},
		{Ins: "MOVL CX, ret+48(FP)(DX*4)", Always: "store to a computed stack address (fail closed)", Leak: "DX", Want: rowtest.Addr},
		{Ins: "MOVQ CX, (DI)", Always: rowtest.Store, Leak: "DI", Want: rowtest.Addr},
		{Ins: "MOVQ CX, ·rtTable(SB)", Always: rowtest.Store},
		{Ins: "MOVBQZX AL, AX", Flow: "AX -> AX", Op: "MOVZX"},
		{Ins: "MOVBQZX R9B, R10", Flow: "R9 -> R10"},
		{Ins: "MOVBLZX (AX), AX", Flow: "MEM -> AX", Leak: "AX", Want: rowtest.Addr},
		{Ins: "MOVWLZX -2(AX)(DX*1), BX", Flow: "MEM -> BX", Leak: "AX DX", Want: rowtest.Addr},
		{Ins: "MOVBQSX AL, CX", Flow: "AX -> CX", Op: "MOVSX"},
		{Ins: "MOVLQSX BX, CX", Flow: "BX -> CX", Op: "MOVSXD"},
		{Ins: "XCHGQ AX, BX", Flow: "AX -> BX; BX -> AX"},
		{Ins: "PUSHQ BX\n\tPOPQ CX", Flow: "BX -> CX", Op: "PUSH POP"}, // through the stack
		// LEA computes an address and reads no memory: no finding.
		{Ins: "LEAQ -64(AX)(DX*1), BX", Flow: "AX DX -> BX"},
		{Ins: "LEAQ (DX)(DX*4), AX", Flow: "DX -> AX"},
		{Ins: "LEAQ 0(BX*8), CX", Flow: "BX -> CX"},
		{Ins: "LEAQ ·rtTable(SB), BX", Flow: "-> BX"},
		// Arithmetic.
		{Ins: "ADDQ BX, CX", Flow: "BX CX -> CX FLAGS"},
		{Ins: "ADDQ $0x80, CX", Flow: "CX -> CX FLAGS"},
		{Ins: "ADDL (SI), CX", Flow: "MEM CX -> CX FLAGS", Leak: "SI", Want: rowtest.Addr},
		{Ins: "ANDQ $0x7fe00, R8", Flow: "R8 -> R8 FLAGS"},
		{Ins: "ORQ BX, AX", Flow: "BX AX -> AX FLAGS"},
		{Ins: "XORQ BX, CX", Flow: "BX CX -> CX FLAGS"},
		{Ins: "XORQ CX, CX", Flow: "-> CX FLAGS"},
		{Ins: "XORL R9, R9", Flow: "-> R9 FLAGS"},
		{Ins: "XORB CL, CL", Flow: "CX -> CX FLAGS"}, // a byte: the rest of CX is kept
		{Ins: "SUBQ BX, CX", Flow: "BX CX -> CX FLAGS"},
		{Ins: "SUBL CX, CX", Flow: "-> CX FLAGS"},
		{Ins: "IMULQ BX, CX", Flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "IMUL3Q $5, BX, CX", Flow: "BX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "ANDNQ AX, BX, CX", Needs: "bmi1", Flow: "AX BX -> CX FLAGS"},
		{Ins: "SHLQ $3, CX", Flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "SHRQ CL, BX", Flow: "CX BX -> BX FLAGS; FLAGS -> FLAGS"},
		{Ins: "SARQ $63, CX", Flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "ROLQ $8, CX", Flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "RORL $8, CX", Flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{Ins: "SHLQ $3, BX, CX", Flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS", Op: "SHLD"},
		{Ins: "SHRQ $3, BX, CX", Flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS", Op: "SHRD"},
		// Carry chains: no zeroing idiom.
		// (They read the carry alone: CF is its location, ZF the other
		// flags', FLAGS both.)
		{Ins: "ADCQ BX, CX", Flow: "BX CX CF -> CX FLAGS"},
		{Ins: "ADCXQ BX, CX", Needs: "adx", Flow: "BX CX CF -> CX CF"},
		{Ins: "ADOXQ BX, CX", Needs: "adx", Flow: "BX CX ZF -> CX ZF"},
		{Ins: "MULXQ BX, CX, R8", Needs: "bmi2", Flow: "BX DX -> CX R8"},
		{Ins: "SBBQ R10, R10", Flow: "R10 CF -> R10 FLAGS"},
		{Ins: "RCLQ $1, R10", Flow: "R10 CF -> R10 FLAGS; ZF -> FLAGS"},
		{Ins: "RCRQ $1, R10", Flow: "R10 CF -> R10 FLAGS; ZF -> FLAGS"},
		{Ins: "NEGQ R9", Flow: "R9 -> R9 FLAGS"},
		{Ins: "NOTQ R9", Flow: "R9 -> R9"},
		// INC and DEC write every flag but the carry, which they keep.
		{Ins: "INCQ R9", Flow: "R9 -> R9 ZF"},
		{Ins: "DECL R9", Flow: "R9 -> R9 ZF"},
		{Ins: "BSWAPQ R9", Flow: "R9 -> R9"},
		{Ins: "MULQ BX", Flow: "AX BX -> AX DX FLAGS"},
		{Ins: "IMULQ BX", Flow: "AX BX -> AX DX FLAGS", Op: "IMUL"},
		{Ins: "CQO", Flow: "AX -> DX"},
		{Ins: "CDQ", Flow: "AX -> DX"},
		// BMI.
		{Ins: "SHLXQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX"},
		{Ins: "SHRXQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX"},
		{Ins: "SARXQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX"},
		{Ins: "RORXQ $3, BX, CX", Needs: "bmi2", Flow: "BX -> CX"},
		{Ins: "BLSRQ BX, CX", Needs: "bmi1", Flow: "BX -> CX FLAGS"},
		{Ins: "BZHIQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX FLAGS"},
		{Ins: "POPCNTQ BX, CX", Needs: "popcnt", Flow: "BX -> CX FLAGS"},
		{Ins: "LZCNTQ BX, CX", Needs: "lzcnt", Flow: "BX -> CX FLAGS"},
		{Ins: "TZCNTQ BX, CX", Needs: "bmi1", Flow: "BX -> CX FLAGS"},
		// Flags only.
		{Ins: "CMPQ DX, $0x40", Flow: "DX -> FLAGS"},
		{Ins: "CMPL (SI), BX", Flow: "MEM BX -> FLAGS", Leak: "SI", Want: rowtest.Addr},
		{Ins: "CMPB (AX), $0", Flow: "MEM -> FLAGS", Leak: "AX", Want: rowtest.Addr},
		{Ins: "TESTQ $0x40, DX", Flow: "DX -> FLAGS"},
		{Ins: "TESTB AL, AL", Flow: "AX -> FLAGS"},
		{Ins: "PTEST X1, X2", Needs: "sse41", Flow: "X1 X2 -> FLAGS"},
		{Ins: "VPTEST Y0, Y0", Needs: "avx", Flow: "Y0 -> FLAGS"},
		{Ins: "VPTEST Y5, Y5", Needs: "avx", Flow: "Y5 -> FLAGS"},
		{Ins: "KORTESTW K1, K1", Needs: "avx512f", Flow: "K1 -> FLAGS"},
		{Ins: "KORTESTB K1, K2", Needs: "avx512dq", Flow: "K1 K2 -> FLAGS"},
		{Ins: "KORTESTD K1, K2", Needs: "avx512bw", Flow: "K1 K2 -> FLAGS"},
		{Ins: "KORTESTQ K1, K2", Needs: "avx512bw", Flow: "K1 K2 -> FLAGS"},
		{Ins: "KTESTW K1, K2", Needs: "avx512dq", Flow: "K1 K2 -> FLAGS"},
		{Ins: "UCOMISD X1, X2", Needs: "sse2", Flow: "X1 X2 -> FLAGS"},
		{Ins: "UCOMISS X1, X2", Needs: "sse", Flow: "X1 X2 -> FLAGS"},
		{Ins: "COMISD X1, X2", Needs: "sse2", Flow: "X1 X2 -> FLAGS"},
		// Bit tests: a memory operand is addressed by the bit offset.
		{Ins: "BTQ $3, CX", Flow: "CX -> FLAGS"},
		{Ins: "BTQ BX, CX", Flow: "BX CX -> FLAGS"},
		{Ins: "BTQ R8, ·rtTable(SB)", Flow: "R8 -> FLAGS", Leak: "R8", Want: rowtest.Addr},
		{Ins: "BTL R8, (SI)", Flow: "MEM R8 -> FLAGS", Leak: "R8 SI", Want: rowtest.Addr},
		{Ins: "BTSQ BX, CX", Flow: "BX CX -> CX FLAGS"},
		{Ins: "BTRL $1, CX", Flow: "CX -> CX FLAGS"},
		{Ins: "BTCQ BX, CX", Flow: "BX CX -> CX FLAGS"},
		// Vectors: legacy SSE writes keep the upper lanes, VEX and EVEX
		// writes zero them, a merge-masked write keeps the lanes the mask
		// leaves, a zeroing-masked one does not.
		{Ins: "MOVOU (AX), X1", Needs: "sse2", Flow: "MEM -> X1", Leak: "AX", Want: rowtest.Addr, Op: "MOVDQU"},
		{Ins: "MOVO X2, X1", Needs: "sse2", Flow: "X2 -> X1", Op: "MOVDQA"},
		{Ins: "MOVUPS (AX), X1", Needs: "sse", Flow: "MEM -> X1", Leak: "AX", Want: rowtest.Addr},
		{Ins: "MOVAPS X2, X1", Needs: "sse", Flow: "X2 -> X1"},
		{Ins: "MOVUPS X15, 8(SP)", Needs: "sse"},
		{Ins: "MOVQ X1, R8", Needs: "sse2", Flow: "X1.0 X1.1 -> R8"},
		{Ins: "MOVQ R9, X5", Needs: "sse2", Flow: "R9 -> X5"}, // legacy SSE: U5 keeps its level
		{Ins: "MOVL R9, X5", Needs: "sse2", Flow: "R9 -> X5", Op: "MOVD"},
		{Ins: "MOVSD X1, X2", Flow: "X1 X2 -> X2"},
		{Ins: "MOVSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2"},
		{Ins: "VMOVDQU Y1, Y2", Needs: "avx", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VMOVDQA Y1, Y2", Needs: "avx", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VMOVDQU64 64(BX), Z3", Needs: "avx512f", Flow: "MEM -> Z3", Leak: "BX", Want: rowtest.Addr},
		{Ins: "VMOVDQA64 Z1, Z3", Needs: "avx512f", Flow: "Z1 -> Z3"},
		{Ins: "VMOVDQU8 Z1, K1, Z3", Needs: "avx512f avx512bw", Flow: "Z1 K1 -> +Z3"},
		{Ins: "VMOVDQU8.Z Z1, K1, Z3", Needs: "avx512f avx512bw", Flow: "Z1 K1 -> Z3"},
		// Masked loads and stores: which bytes they touch is the mask's.
		{Ins: "VMOVDQU8 Z0, K1, -128(SP)", Needs: "avx512f avx512bw", Leak: "K1", Want: rowtest.Masked},
		{Ins: "VMOVDQU8 Z0, K1, (AX)", Needs: "avx512f avx512bw", Always: rowtest.Store, Leak: "AX", Want: rowtest.Addr, Leak2: "K1", Want2: rowtest.Masked},
		{Ins: "VMOVDQU8.Z (AX), K1, Z3", Needs: "avx512f avx512bw", Flow: "MEM K1 -> Z3", Leak: "AX", Want: rowtest.Addr, Leak2: "K1", Want2: rowtest.Masked},
		{Ins: "VMOVDQU64 (AX), K1, Y3", Needs: "avx512f avx512vl", Flow: "MEM K1 -> +Y3; -> H3", Leak: "AX", Want: rowtest.Addr, Leak2: "K1", Want2: rowtest.Masked},
		{Ins: "VMOVUPS Y1, Y2", Needs: "avx", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VMOVQ X0, R8", Needs: "avx", Flow: "X0 -> R8"},
		{Ins: "VMOVQ R8, X0", Needs: "avx", Flow: "R8 -> X0; -> U0"},
		{Ins: "VMOVD R8, X0", Needs: "avx", Flow: "R8 -> X0; -> U0"},
		{Ins: "VPBROADCASTB X1, Z2", Needs: "avx512f avx512bw", Flow: "X1 -> Z2"},
		{Ins: "VPBROADCASTQ X1, Y2", Needs: "avx2", Flow: "X1 -> Y2; -> H2"},
		{Ins: "VPMOVZXBD X1, Z2", Needs: "avx512f", Flow: "X1 -> Z2"},
		{Ins: "PMOVZXBD X1, X2", Needs: "sse41", Flow: "X1 -> X2"},
		{Ins: "VEXTRACTI128 $1, Y1, X2", Needs: "avx2", Flow: "Y1 -> X2; -> U2"},
		{Ins: "VEXTRACTI64X4 $1, Z1, Y2", Needs: "avx512f", Flow: "Z1 -> Y2; -> H2"},
		{Ins: "PSHUFD $0x4e, X1, X2", Needs: "sse2", Flow: "X1 -> X2"},
		{Ins: "VPSHUFD $0x4e, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPERMQ $0x4e, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "CVTSQ2SD AX, X1", Needs: "sse2", Flow: "AX X1 -> X1", Op: "CVTSI2SD"},
		{Ins: "CVTTSD2SQ X1, AX", Needs: "sse2", Flow: "X1 -> AX", Op: "CVTTSD2SI"},
		{Ins: "PMOVMSKB X1, AX", Needs: "sse2", Flow: "X1 -> AX"},
		{Ins: "VPMOVMSKB Y1, AX", Needs: "avx2", Flow: "Y1 -> AX"},
		{Ins: "VPMOVB2M Z1, K1", Needs: "avx512f avx512bw", Flow: "Z1 -> K1"},
		{Ins: "VPMOVM2B K1, Z1", Needs: "avx512f avx512bw", Flow: "K1 -> Z1"},
		{Ins: "POR X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "POR (SI), X2", Needs: "sse2", Flow: "MEM X2 -> X2", Leak: "SI", Want: rowtest.Addr},
		{Ins: "PXOR X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PXOR X5, X5", Needs: "sse2", Flow: "-> X5"}, // the upper lanes keep their secret
		{Ins: "PAND X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PANDN X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "XORPS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2"},
		{Ins: "XORPS X15, X15", Needs: "sse", Flow: "-> X15"},
		{Ins: "XORPD X1, X1", Needs: "sse2", Flow: "-> X1"},
		{Ins: "ORPS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2"},
		{Ins: "ANDPS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2"},
		{Ins: "PCMPEQB X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PSHUFB X1, X2", Needs: "ssse3", Flow: "X1 X2 -> X2"},
		// SSE2 and AVX2 integer arithmetic, shifts and interleaves: data
		// independent (model.go's x86VecOp says whose manuals).
		{Ins: "PCMPEQL X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PCMPEQD"},
		{Ins: "PCMPEQQ X1, X2", Needs: "sse41", Flow: "X1 X2 -> X2"},
		{Ins: "VPCMPEQD Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "PADDL X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PADDD"},
		{Ins: "PADDL (SI), X2", Needs: "sse2", Flow: "MEM X2 -> X2", Leak: "SI", Want: rowtest.Addr, Op: "PADDD"},
		{Ins: "PADDQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PSUBL X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PSUBD"},
		{Ins: "PSUBQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PSLLL $7, X2", Needs: "sse2", Flow: "X2 -> X2", Op: "PSLLD"},
		{Ins: "PSLLL X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PSLLD"},
		{Ins: "PSRLL $25, X2", Needs: "sse2", Flow: "X2 -> X2", Op: "PSRLD"},
		{Ins: "PSRAL $31, X2", Needs: "sse2", Flow: "X2 -> X2", Op: "PSRAD"},
		{Ins: "PSLLQ $1, X2", Needs: "sse2", Flow: "X2 -> X2"},
		{Ins: "PSRLQ $63, X2", Needs: "sse2", Flow: "X2 -> X2"},
		{Ins: "PSLLO $8, X2", Needs: "sse2", Flow: "X2 -> X2", Op: "PSLLDQ"},
		{Ins: "PSRLO $8, X2", Needs: "sse2", Flow: "X2 -> X2", Op: "PSRLDQ"},
		{Ins: "PUNPCKLLQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PUNPCKLDQ"},
		{Ins: "PUNPCKHLQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PUNPCKHDQ"},
		{Ins: "PUNPCKLQDQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PUNPCKHQDQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2"},
		{Ins: "PMULULQ X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Op: "PMULUDQ", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "PSHUFHW $0xb1, X1, X2", Needs: "sse2", Flow: "X1 -> X2"},
		{Ins: "PSHUFLW $0xb1, X1, X2", Needs: "sse2", Flow: "X1 -> X2"},
		{Ins: "SHUFPS $0x39, X1, X2", Needs: "sse", Flow: "X1 X2 -> X2"},
		{Ins: "PALIGNR $8, X1, X2", Needs: "ssse3", Flow: "X1 X2 -> X2"},
		{Ins: "PINSRD $1, AX, X1", Needs: "sse41", Flow: "AX X1 -> X1"},
		{Ins: "PINSRB $12, 12(SI), X0", Needs: "sse41", Flow: "MEM X0 -> X0", Leak: "SI", Want: rowtest.Addr},
		{Ins: "PEXTRB $3, X1, AX", Needs: "sse41", Flow: "X1 -> AX"},
		{Ins: "PEXTRB $0, X0, (SI)", Needs: "sse41", Always: rowtest.Store, Leak: "SI", Want: rowtest.Addr},
		{Ins: "PEXTRD $3, X1, AX", Needs: "sse41", Flow: "X1 -> AX"},
		{Ins: "PEXTRD $3, X0, 16(SI)", Needs: "sse41", Always: rowtest.Store, Leak: "SI", Want: rowtest.Addr},
		{Ins: "VPADDD Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPADDD X1, X2, X3", Needs: "avx", Flow: "X1 X2 -> X3; -> U3"},
		{Ins: "VPADDQ Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPSUBD Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPSUBQ Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPSLLD $7, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPSRLD $25, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPSLLQ $1, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPSRLQ $63, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPSLLDQ $8, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPSRLDQ $8, Y1, Y2", Needs: "avx2", Flow: "Y1 -> Y2; -> H2"},
		{Ins: "VPUNPCKLQDQ Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPUNPCKHQDQ Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPALIGNR $4, Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPERM2I128 $0x20, Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPERM2F128 $0x20, Y1, Y2, Y3", Needs: "avx", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPBLENDD $0xf0, Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VBROADCASTI128 16(SI), Y1", Needs: "avx2", Flow: "MEM -> Y1; -> H1", Leak: "SI", Want: rowtest.Addr},
		// AES-NI and carry-less multiply: fixed latency (model.go says
		// whose word).
		{Ins: "AESENC X1, X2", Needs: "aes", Flow: "X1 X2 -> X2"},
		{Ins: "AESENC (SI), X2", Needs: "aes", Flow: "MEM X2 -> X2", Leak: "SI", Want: rowtest.Addr},
		{Ins: "AESENCLAST X1, X2", Needs: "aes", Flow: "X1 X2 -> X2"},
		{Ins: "AESDEC X1, X2", Needs: "aes", Flow: "X1 X2 -> X2"},
		{Ins: "AESDECLAST X1, X2", Needs: "aes", Flow: "X1 X2 -> X2"},
		{Ins: "AESIMC X1, X2", Needs: "aes", Flow: "X1 -> X2"},
		{Ins: "AESKEYGENASSIST $1, X1, X2", Needs: "aes", Flow: "X1 -> X2"},
		{Ins: "PCLMULQDQ $0x00, X1, X2", Needs: "pclmulqdq", Flow: "X1 X2 -> X2"},
		{Ins: "PBLENDW $240, X7, X2", Needs: "sse41", Flow: "X7 X2 -> X2"},
		{Ins: "SHA256RNDS2 X0, X1, X2", Needs: "sha", Flow: "X0 X1 X2 -> X2"},
		{Ins: "SHA256RNDS2 X0, (SI), X2", Needs: "sha", Flow: "X0 MEM X2 -> X2", Leak: "SI", Want: rowtest.Addr},
		{Ins: "SHA256MSG1 X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "SHA256MSG2 X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "SHA1RNDS4 $3, X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "SHA1NEXTE X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "SHA1MSG1 X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "SHA1MSG2 X1, X2", Needs: "sha", Flow: "X1 X2 -> X2"},
		{Ins: "PCLMULQDQ $0x11, X1, X2", Needs: "pclmulqdq", Flow: "X1 X2 -> X2"},
		{Ins: "PCLMULQDQ $0x10, X1, X2", Needs: "pclmulqdq", Flow: "X1 X2 -> X2"},
		// Floating point: a subnormal takes a microcode assist.
		{Ins: "ADDSD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "SUBSD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "MULSD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "ADDSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "SUBSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "MULSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "PINSRQ $1, AX, X1", Needs: "sse41", Flow: "AX X1 -> X1"},
		{Ins: "VPINSRQ $1, AX, X1, X1", Needs: "avx", Flow: "AX X1 -> X1; -> U1"},
		{Ins: "PEXTRQ $1, X1, AX", Needs: "sse41", Flow: "X1 -> AX"},
		{Ins: "VPEXTRQ $1, X1, AX", Needs: "avx", Flow: "X1 -> AX"},
		{Ins: "VPOR Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPORD Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VPORQ Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VPORQ Z7, Z7, K3, Z5", Needs: "avx512f", Flow: "Z7 K3 -> +Z5"}, // merge-masked: Z5 keeps its level
		{Ins: "VPORQ.Z Z7, Z7, K3, Z5", Needs: "avx512f", Flow: "Z7 K3 -> Z5"},
		{Ins: "VPXOR Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPXOR Y1, Y1, Y1", Needs: "avx2", Flow: "-> Z1"},
		{Ins: "VPXOR (CX), Y0, Y0", Needs: "avx2", Flow: "MEM Y0 -> Y0; -> H0", Leak: "CX", Want: rowtest.Addr},
		{Ins: "VPXORD Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VPXORQ Z1, Z1, Z1", Needs: "avx512f", Flow: "-> Z1"},
		{Ins: "VPXORQ Z1, Z2, K1, Z3", Needs: "avx512f", Flow: "Z1 Z2 K1 -> +Z3"},
		{Ins: "VPAND Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPANDQ Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VPANDN Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VXORPS Y1, Y2, Y3", Needs: "avx", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPCMPEQB Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPCMPEQB Z1, Z2, K1", Needs: "avx512f avx512bw", Flow: "Z1 Z2 -> K1"},
		{Ins: "VPCMPEQQ Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPCMPUB $4, Z1, Z2, K1", Needs: "avx512f avx512bw", Flow: "Z1 Z2 -> K1"},
		{Ins: "VPSHUFB Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPERMB Z1, Z2, Z3", Needs: "avx512f avx512vbmi", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VPERMD Y1, Y2, Y3", Needs: "avx2", Flow: "Y1 Y2 -> Y3; -> H3"},
		{Ins: "VPERMD Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 -> Z3"},
		{Ins: "VINSERTI128 $1, X1, Y2, Y3", Needs: "avx2", Flow: "X1 Y2 Y3 -> Y3; -> H3"},
		{Ins: "VPTESTMB Z0, Z1, K1", Needs: "avx512f avx512bw", Flow: "Z0 Z1 -> K1"},
		{Ins: "VPTESTMD Z0, Z1, K1", Needs: "avx512f", Flow: "Z0 Z1 -> K1"},
		{Ins: "VPTESTMQ Z0, Z1, K1", Needs: "avx512f", Flow: "Z0 Z1 -> K1"},
		{Ins: "VPTESTNMB Z0, Z1, K1", Needs: "avx512f avx512bw", Flow: "Z0 Z1 -> K1"},
		{Ins: "VPTESTMD Z0, Z1, K2, K1", Needs: "avx512f", Flow: "Z0 Z1 K1 K2 -> K1"},
		{Ins: "VPTERNLOGD $0xf6, Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 Z3 -> Z3"},
		{Ins: "VPTERNLOGQ $0xf6, Z1, Z2, Z3", Needs: "avx512f", Flow: "Z1 Z2 Z3 -> Z3"},
		{Ins: "VPTERNLOGD $0xf6, (CX), Z4, Z0", Needs: "avx512f", Flow: "MEM Z4 Z0 -> Z0", Leak: "CX", Want: rowtest.Addr},
		{Ins: "VZEROUPPER", Needs: "avx", Flow: "-> " + strings.Join(engine.Numbered("U", 0, 15), " ")},
		{Ins: "KORW K1, K2, K3", Needs: "avx512f", Flow: "K1 K2 -> K3"},
		{Ins: "KANDW K1, K2, K3", Needs: "avx512f", Flow: "K1 K2 -> K3"},
		{Ins: "KXORW K1, K2, K3", Needs: "avx512f", Flow: "K1 K2 -> K3"},
		{Ins: "KMOVW K1, K2", Needs: "avx512f", Flow: "K1 -> K2"},
		{Ins: "KMOVQ K1, AX", Needs: "avx512bw", Flow: "K1 -> AX"},
		// Branches on CX.
		{Ins: "JCXZL l", Leak: "CX", Want: "conditional branch on secret CX", Op: "JECXZ"},
		{Ins: "JCXZQ l", Leak: "CX", Want: "conditional branch on secret CX", Op: "JRCXZ"},
		{Ins: "JCXZW l", Leak: "CX", Want: "conditional branch on secret CX", Op: "JCXZ"},
		{Ins: "LOOP l", Leak: "CX", Want: "conditional branch on secret CX"},
		{Ins: "LOOPEQ l", Leak: "CX ZF", Want: rowtest.Branch, Op: "LOOPE"},
		{Ins: "LOOPNE l", Leak: "CX ZF", Want: rowtest.Branch},
		// Variable latency.
		{Ins: "DIVQ BX", Flow: "AX DX BX -> AX DX FLAGS; FLAGS -> FLAGS", Leak: "AX DX BX", Want: rowtest.Latency},
		{Ins: "IDIVQ (SI)", Flow: "MEM AX DX -> AX DX FLAGS; FLAGS -> FLAGS", Always: rowtest.Latency, Leak: "SI", Want: rowtest.Addr},
		{Ins: "DIVSD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "X1 X2 Z1 Z2", Want: rowtest.Latency},
		{Ins: "DIVSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "Z1 Z2", Want: rowtest.Latency},
		{Ins: "DIVPD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "Z1 Z2", Want: rowtest.Latency},
		{Ins: "DIVPS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "Z1 Z2", Want: rowtest.Latency},
		{Ins: "VDIVPD Y1, Y2, Y3", Needs: "avx", Flow: "Y1 Y2 -> Y3; -> H3", Leak: "Z1 U1 Z2", Want: rowtest.Latency},
		{Ins: "VDIVPS Y1, Y2, Y3", Needs: "avx", Flow: "Y1 Y2 -> Y3; -> H3", Leak: "Z1 U1 Z2", Want: rowtest.Latency},
		{Ins: "SQRTSD X1, X2", Needs: "sse2", Flow: "X1 X2 -> X2", Leak: "Z1", Want: rowtest.Latency},
		{Ins: "SQRTSS X1, X2", Needs: "sse", Flow: "X1 X2 -> X2", Leak: "Z1", Want: rowtest.Latency},
		{Ins: "SQRTPD X1, X2", Needs: "sse2", Flow: "X1 -> X2", Leak: "Z1", Want: rowtest.Latency},
		{Ins: "SQRTPS X1, X2", Needs: "sse", Flow: "X1 -> X2", Leak: "Z1", Want: rowtest.Latency},
		{Ins: "VSQRTPD Y1, Y2", Needs: "avx", Flow: "Y1 -> Y2; -> H2", Leak: "Z1 U1", Want: rowtest.Latency},
		{Ins: "VSQRTPS Y1, Y2", Needs: "avx", Flow: "Y1 -> Y2; -> H2", Leak: "Z1 U1", Want: rowtest.Latency},
		{Ins: "PDEPQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX", Leak: "AX BX", Want: rowtest.Latency},
		{Ins: "PEXTQ AX, BX, CX", Needs: "bmi2", Flow: "AX BX -> CX", Leak: "AX BX", Want: rowtest.Latency},
		{Ins: "BSFQ BX, CX", Flow: "BX CX -> CX FLAGS", Leak: "BX CX", Want: rowtest.Latency},
		{Ins: "BSRQ BX, CX", Flow: "BX CX -> CX FLAGS", Leak: "BX CX", Want: rowtest.Latency},
		// The CPU's features and clock: public.
		{Ins: "CPUID", Flow: "-> AX BX CX DX"},
		// XGETBV and RDTSC write DX:AX only: BX and CX keep theirs.
		{Ins: "XGETBV", Needs: "osxsave", Flow: "-> AX DX; BX -> BX; CX -> CX"},
		{Ins: "RDTSC", Flow: "-> AX DX; BX -> BX; CX -> CX"},
		// A 16-bit push moves SP by 2.
		{Ins: "PUSHW $0\n\tPOPW AX", Always: rowtest.Closed, Op: "PUSH POP"},
		// The stack pointer is a register: set from a secret, it is a
		// finding.
		{Ins: "SUBQ R8, SP", Flow: "R8 -> SP FLAGS", Leak: "R8", Want: rowtest.SP},
		// Outside the model: fail closed.
		{Ins: "VPGATHERDD Y1, (AX)(Y2*4), Y3", Always: rowtest.Closed},
		{Ins: "PREFETCHT0 (AX)", Always: rowtest.Closed},
		{Ins: "CMPXCHGQ BX, (SI)", Always: rowtest.Closed},
		{Ins: "BYTE $0x06", Always: "data in a TEXT symbol"}, // PUSH ES: no instruction in 64-bit mode
		// An instruction written as its bytes (blake2b's AVX2 kernels):
		// MOVQ CX, AX (48 89 c8), decoded in the listing too.
		{Ins: "BYTE $0x48; BYTE $0x89; BYTE $0xc8", Op: "MOV", Flow: "CX -> AX"},
	}
	for _, cc := range strings.Fields("CC CS EQ GE GT HI LE LS LT MI NE OC OS PC PL PS") {
		// Which flags each condition reads: the carry alone (AE, B), the
		// carry and ZF (A, BE), or the others alone.
		flags := map[string]string{"CC": "CF", "CS": "CF", "HI": "FLAGS", "LS": "FLAGS"}[cc]
		if flags == "" {
			flags = "ZF"
		}
		rows = append(rows, rowtest.Row{Ins: "J" + cc + " l", Leak: flags, Want: "conditional branch on secret flags"},
			rowtest.Row{Ins: "SET" + cc + " AL", Flow: flags + " AX -> AX", Op: "SETcc"},
			rowtest.Row{Ins: "CMOVQ" + cc + " BX, CX", Flow: "BX CX " + flags + " -> CX", Op: "CMOVcc"})
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
				out = append(out, engine.Lane("X"+num, i))
			}
			return out
		}
	}
	return []string{name}
}

func TestRows(t *testing.T) { rowtest.Run(t, x86Table) }
