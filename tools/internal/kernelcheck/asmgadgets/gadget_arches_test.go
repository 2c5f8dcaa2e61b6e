package asmgadgets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// Leak gadgets for the kernels of riscv64 (RVV), ppc64le (VSX), s390x
// (the vector facility) and loong64 (LASX and LSX), planted by TestGadgets
// as it plants amd64's and arm64's (gadget_test.go): every gadget at every
// basic block of every function of equal_riscv64.s, equal_ppc64le.s (its
// default POWER8 build), equal_s390x.s and equal_loong64.s, each copy
// flagged by both checks at its marked line.
// The placeholders are gadget_test.go's; {v} is the number of a vector
// register that holds a secret (V{v} on all three; on ppc64le that is
// VS{v+32}). As there, the code around a gadget's rule makes every other
// way to the finding public where it can (a compare overwrites the
// condition it reads, a register is zeroed before it is partly written).
//
// A return ends the path: planted at the head of a loop, it takes away
// the way round the loop by which the accumulators' secret reaches there
// (on the first pass they hold zero), so a return to {S} would be no leak.
// The return-address gadgets return through the first input's bytes.

// The riscv64 library. The vector unit's state (LMUL, whether vl is VLMAX)
// is the kernel's where a gadget is planted, or none before its first
// VSETVLI: each vector gadget sets its own, LMUL 1 and vl = VLMAX.
var riscv64Gadgets = []gadget{
	{fBranch, "bnez", wBranch, "BNEZ {S}, {L} // leak", ""},
	{fBranch, "beqz", wBranch, "BEQZ {S}, {L} // leak", ""},
	{fBranch, "bltu", wBranch, "MOV $16, {T}\nBLTU {S}, {T}, {L} // leak", ""},
	{fBranch, "bge-zero", wBranch, "BGE {S}, X0, {L} // leak", ""},
	{fBranch, "bne-reg", wBranch, "MOV $0, {T}\nBNE {T}, {S}, {L} // leak", ""},
	{fBranch, "vector", wBranch, "VSETVLI X0, E8, M1, TA, MA, {W}\nVMSNEVI $0, V{v}, V30\nVCPOPM V30, {T}\nBNEZ {T}, {L} // leak", ""},
	{fChain, "sltu", wBranch, "SLTU {S}, X0, {T}\nBNEZ {T}, {L} // leak", ""},
	{fChain, "snez", wBranch, "SNEZ {S}, {T}\nBEQZ {T}, {L} // leak", ""},
	{fChain, "seqz", wBranch, "SEQZ {S}, {T}\nBNEZ {T}, {L} // leak", ""},
	{fChain, "shift", wBranch, "SRLI $63, {S}, {T}\nBNEZ {T}, {L} // leak", ""},
	{fChain, "czero", wBranch, "MOV $1, {T}\nCZERONEZ {S}, {T}, {U}\nBNEZ {U}, {L} // leak", ""},
	{fChain, "vector-reduce", wBranch, "VSETVLI X0, E8, M1, TA, MA, {W}\nVXORVV V29, V29, V29\nVREDORVS V{v}, V{v}, V29\n" +
		"VMSNEVI $0, V29, V30\nVCPOPM V30, {T}\nBNEZ {T}, {L} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBU ({S}), {T} // leak", ""},
	{fAddr, "load-index", wAddr, "MOV $·gadgetTable(SB), {T}\nADD {S}, {T}, {U}\nMOV ({U}), {W} // leak", ""},
	{fAddr, "sh3add", wAddr, "MOV $·gadgetTable(SB), {T}\nSH3ADD {S}, {T}, {U}\nMOV ({U}), {W} // leak", ""},
	{fAddr, "store-base", wAddr, "MOV {T}, ({S}) // leak", ""},
	{fAddr, "vector-load", wAddr, "VSETVLI X0, E8, M1, TA, MA, {W}\nVLE8V ({S}), V30 // leak", ""},
	{fLat, "divu", wLatency, "MOV $7, {T}\nDIVU {S}, {T}, {U} // leak", ""},
	{fLat, "rem", wLatency, "MOV $7, {T}\nREM {T}, {S}, {U} // leak", ""},
	{fLat, "fsqrtd", wLatency, "MOV {S}, -8(X2)\nMOVD -8(X2), F1\nFSQRTD F1, F2 // leak", ""},
	{fLat, "vsetvli", "vector length depends on secret", "VSETVLI {S}, E8, M1, TU, MU, {T} // leak", ""},
	{fJump, "register", wJump, "JMP ({S}) // leak", ""},
	{fJump, "call", wJump, "JALR X1, ({S}) // leak", ""},
	{fJump, "return-address", "return to an address", "MOV x_base+0(FP), {T}\nMOV ({T}), X1\nRET // leak", ""},
	{fHidden, "semicolon", wBranch, "NOP ; BNEZ {S}, {L} // leak", ""},
	{fHidden, "semicolon-first", wBranch, "MOV {S}, {T} ; BNEZ {T}, {L} // leak", ""},
	{fHidden, "macro", wBranch, "GADGET_NOP // leak", "#define GADGET_NOP BNEZ {S}, {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {T}, {L}) // leak", "#define GADGET_TEST(r, t, l) SNEZ r, t; BNEZ t, l"},
	// BNE X17, X0 to the next instruction, as a WORD: the listing shows
	// data (fail closed), the disassembly the branch.
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "MOV {S}, X17\nWORD $0x00089263 // leak", ""},
	// Register parts: a write with vl < VLMAX leaves the tail's secret
	// (tail undisturbed), and a write at LMUL 1 leaves the rest of an
	// LMUL 2 group; then the whole of it is read.
	{fParts, "tail", wBranch, "VSETVLI X0, E8, M1, TA, MA, {W}\nVORVV V{v}, V{v}, V28\nMOV $1, {T}\n" +
		"VSETVLI {T}, E8, M1, TU, MU, {W}\nVXORVV V28, V28, V28\nVSETVLI X0, E8, M1, TA, MA, {W}\n" +
		"VMSNEVI $0, V28, V30\nVCPOPM V30, {U}\nBNEZ {U}, {L} // leak", ""},
	{fParts, "group", wBranch, "VSETVLI X0, E8, M1, TA, MA, {W}\nVORVV V{v}, V{v}, V25\nVXORVV V24, V24, V24\n" +
		"VSETVLI X0, E8, M2, TA, MA, {W}\nVMSNEVI $0, V24, V30\nVCPOPM V30, {U}\nBNEZ {U}, {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "ANDI $64, {S}, {T}\nSUB {T}, X2, X2 // leak\nMOV (X2), {U}\nADD {T}, X2, X2", ""},
	{fSP, "mov", wSP + "|" + wAddr, "ADD {S}, X2, {T}\nMOV {T}, X2 // leak\nMOV (X2), {U}", ""},
	{fSP, "load", wAddr, "ANDI $64, {S}, {T}\nADD X2, {T}, {U}\nMOV ({U}), {W} // leak", ""},
	{fMemory, "frame", wBranch, "MOV {S}, ret+48(FP)\nMOV ret+48(FP), {T}\nBNEZ {T}, {L} // leak", ""},
	// ret+48(FP) is 56(X2) in a leaf function: no frame, and the 8 bytes
	// where a caller's return address would be.
	{fMemory, "frame-alias", wBranch, "MOV {S}, ret+48(FP)\nMOV 56(X2), {T}\nBNEZ {T}, {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOV {S}, -16(X2)\nMOV X0, {S}\nMOV -16(X2), {T}\nBNEZ {T}, {L} // leak", ""},
	{fMemory, "global", wBranch, "MOV {S}, ·gadgetCell(SB)\nMOV ·gadgetCell(SB), {T}\nBNEZ {T}, {L} // leak", ""},
	// ABIInternal's integer arguments are X10-X17, X8, X9, X18-X23, the
	// floats F10-F17, F8, F9, F18-F23.
	{fArgs, "seventh", wBranch, "MOV {S}, X16\nCALL ·gadgetArgX16(SB) // leak", ""},
	{fArgs, "ninth", wBranch, "MOV {S}, X8\nCALL ·gadgetArgX8(SB) // leak", ""},
	{fArgs, "float", wBranch, "MOV {S}, -8(X2)\nMOVD -8(X2), F12\nCALL ·gadgetArgF12(SB) // leak", ""},
	{fArgs, "stack", wBranch, "ADDI $-16, X2, X2\nMOV {S}, 8(X2)\nCALL ·gadgetArgStack(SB) // leak\nADDI $16, X2, X2", ""},
}

const riscv64Callees = `
TEXT ·gadgetArgX16(SB), NOSPLIT|NOFRAME, $0
	BNEZ X16, gx16
gx16:
	RET

TEXT ·gadgetArgX8(SB), NOSPLIT|NOFRAME, $0
	BNEZ X8, gx8
gx8:
	RET

TEXT ·gadgetArgF12(SB), NOSPLIT|NOFRAME, $0
	MOVD F12, -8(X2)
	MOV -8(X2), X9
	BNEZ X9, gf12
gf12:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0-8
	MOV a+0(FP), X9
	BNEZ X9, gstack
gstack:
	RET
`

// The ppc64le library, for the default POWER8 build (STXV, LXVL and
// MODUD are POWER9's: the checks read them whatever the level).
var ppc64Gadgets = []gadget{
	{fBranch, "cmp", wBranch, "CMP {S}, $0\nBEQ {L} // leak", ""},
	{fBranch, "cmpu", wBranch, "CMPU {S}, {T}\nBGT {L} // leak", ""},
	{fBranch, "cr-field", wBranch, "CMP {S}, $16, CR1\nBLT CR1, {L} // leak", ""},
	{fBranch, "record", wBranch, "ANDCC $1, {S}, {T}\nBNE {L} // leak", ""},
	{fBranch, "bdnz", wBranch, "MOVD {S}, CTR\nBDNZ {L} // leak", ""},
	{fBranch, "vector", wBranch, "VXOR V29, V29, V29\nVCMPEQUBCC V{v}, V29, V28\nBLT CR6, {L} // leak", ""},
	{fBranch, "fcmpu", wBranch, "MTVSRD {S}, VS30\nFCMPU F30, F30\nBNE {L} // leak", ""},
	{fChain, "isel", wBranch, "CMP {S}, $0\nMOVD $1, {T}\nMOVD $0, {U}\nISEL $2, {T}, {U}, {W}\nCMP {W}, $0\nBNE {L} // leak", ""},
	{fChain, "carry", wBranch, "ADDC {S}, {S}, {T}\nMOVD $0, {U}\nADDZE {U}, {W}\nCMP {W}, $0\nBNE {L} // leak", ""},
	{fChain, "popcnt", wBranch, "POPCNTD {S}, {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fChain, "mfvsrd", wBranch, "MFVSRD V{v}, {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fChain, "mfvsrld", wBranch, "MFVSRLD V{v}, {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fChain, "fcfid", wBranch, "MTVSRD {S}, VS30\nFCFID F30, F29\nFCMPU F29, F29\nBNE {L} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBZ ({S}), {T} // leak", ""},
	{fAddr, "load-index", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}), {U} // leak", ""},
	{fAddr, "load-update", wAddr, "MOVDU 8({S}), {T} // leak", ""},
	{fAddr, "store-base", wAddr, "MOVD {T}, ({S}) // leak", ""},
	{fAddr, "vector-load", wAddr, "LXVD2X ({S})(R0), V30 // leak", ""},
	{fAddr, "load-length", "load length depends on secret", "MOVD $·gadgetTable(SB), {T}\nLXVL {T}, {S}, V30 // leak", ""},
	{fLat, "divd", wLatency, "MOVD $7, {T}\nDIVD {S}, {T}, {U} // leak", ""},
	{fLat, "divwu", wLatency, "MOVD $7, {T}\nDIVWU {T}, {S}, {U} // leak", ""},
	{fLat, "modud", wLatency, "MOVD $7, {T}\nMODUD {S}, {T}, {U} // leak", ""},
	{fLat, "fsqrt", wLatency, "MTVSRD {S}, VS30\nFSQRT F30, F29 // leak", ""},
	{fLat, "fdiv", wLatency, "MTVSRD {S}, VS30\nFDIV F30, F28, F29 // leak", ""},
	{fJump, "register", wJump, "MOVD {S}, CTR\nBR (CTR) // leak", ""},
	{fJump, "call", wJump, "MOVD {S}, CTR\nCALL (CTR) // leak", ""},
	{fJump, "return-address", "return to an address", "MOVD x_base+0(FP), {T}\nMOVD ({T}), {T}\nMOVD {T}, LR\nRET // leak", ""},
	{fHidden, "semicolon", wBranch, "CMP {S}, $0\nNOP ; BNE {L} // leak", ""},
	{fHidden, "semicolon-first", wBranch, "CMP {S}, $0 ; BNE {L} // leak", ""},
	{fHidden, "macro", wBranch, "CMP {S}, $0\nGADGET_NOP // leak", "#define GADGET_NOP BNE {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {L}) // leak", "#define GADGET_TEST(r, l) CMP r, $0; BNE l"},
	// BNE (bc 4, 2) to the next instruction, as a WORD.
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "CMP {S}, $0\nWORD $0x40820004 // leak", ""},
	// Register parts: MTVSRD writes doubleword 0 of a VSX register and
	// FMOVD doubleword 0 of VS0-VS31; doubleword 1 keeps the secret.
	{fParts, "lane", wBranch, "VOR V{v}, V{v}, V30\nMOVD $0, {T}\nMTVSRD {T}, V30\nVXOR V29, V29, V29\n" +
		"VCMPEQUBCC V30, V29, V28\nBNE CR6, {L} // leak", ""},
	{fParts, "lane-move", wBranch, "VOR V{v}, V{v}, V30\nMOVD $0, {T}\nMTVSRD {T}, V30\nMFVSRLD V30, {U}\nCMP {U}, $0\nBNE {L} // leak", ""},
	{fParts, "float", wBranch, "XXLOR V{v}, V{v}, VS30\nXXLXOR VS29, VS29, VS29\nFMOVD F29, F30\nXXLOR VS30, VS30, V28\n" +
		"VXOR V29, V29, V29\nVCMPEQUBCC V28, V29, V31\nBNE CR6, {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "ANDCC $64, {S}, {T}\nSUB {T}, R1 // leak\nMOVD (R1), {U}\nADD {T}, R1", ""},
	{fSP, "mov", wSP + "|" + wAddr, "MOVD R1, {T}\nADD {S}, {T}\nMOVD {T}, R1 // leak\nMOVD (R1), {U}", ""},
	{fSP, "load", wAddr, "ANDCC $64, {S}, {T}\nMOVD (R1)({T}), {U} // leak", ""},
	{fMemory, "frame", wBranch, "MOVD {S}, ret+48(FP)\nMOVD ret+48(FP), {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	// ret+48(FP) is 80(R1) in a function with no frame: past the 32 bytes
	// of the caller's fixed frame.
	{fMemory, "frame-alias", wBranch, "MOVD {S}, ret+48(FP)\nMOVD 80(R1), {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOVD {S}, -16(R1)\nMOVD $0, {S}\nMOVD -16(R1), {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fMemory, "vector-stack", wBranch, "STXV V{v}, -32(R1)\nMOVD -24(R1), {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	{fMemory, "global", wBranch, "MOVD {S}, ·gadgetCell(SB)\nMOVD ·gadgetCell(SB), {T}\nCMP {T}, $0\nBNE {L} // leak", ""},
	// ABIInternal's integer arguments are R3-R10 and R14-R17, the floats
	// F1-F12.
	{fArgs, "seventh", wBranch, "MOVD {S}, R9\nCALL ·gadgetArgR9(SB) // leak", ""},
	{fArgs, "ninth", wBranch, "MOVD {S}, R14\nCALL ·gadgetArgR14(SB) // leak", ""},
	{fArgs, "float", wBranch, "MTVSRD {S}, VS3\nCALL ·gadgetArgF3(SB) // leak", ""},
	{fArgs, "stack", wBranch, "ADD $-64, R1\nMOVD {S}, 32(R1)\nCALL ·gadgetArgStack(SB) // leak\nADD $64, R1", ""},
}

const ppc64Callees = `
TEXT ·gadgetArgR9(SB), NOSPLIT|NOFRAME, $0
	CMP R9, $0
	BNE gr9
gr9:
	RET

TEXT ·gadgetArgR14(SB), NOSPLIT|NOFRAME, $0
	CMP R14, $0
	BNE gr14
gr14:
	RET

TEXT ·gadgetArgF3(SB), NOSPLIT|NOFRAME, $0
	FCMPU F3, F3
	BNE gf3
gf3:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0-8
	MOVD a+0(FP), R9
	CMP R9, $0
	BNE gstack
gstack:
	RET
`

// The s390x library.
var s390xGadgets = []gadget{
	{fBranch, "cmp", wBranch, "CMP {S}, $0\nBEQ {L} // leak", ""},
	{fBranch, "cmpu", wBranch, "CMPU {S}, {T}\nBGT {L} // leak", ""},
	{fBranch, "cmpbne", wBranch, "CMPBNE {S}, $0, {L} // leak", ""},
	{fBranch, "cmpublt", wBranch, "CMPUBLT {S}, {T}, {L} // leak", ""},
	{fBranch, "brctg", wBranch, "MOVD {S}, {T}\nBRCTG {T}, {L} // leak", ""},
	{fBranch, "add-overflow", wBranch, "ADD $1, {S}, {T}\nBVS {L} // leak", ""},
	{fBranch, "vector", wBranch, "VZERO V29\nVCEQGS V{v}, V29, V28\nBNE {L} // leak", ""},
	{fChain, "locgr", wBranch, "CMP {S}, $0\nMOVD $0, {T}\nMOVD $1, {U}\nMOVDNE {U}, {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fChain, "carry", wBranch, "ADDC {S}, {S}, {T}\nMOVD $0, {U}\nADDE {U}, {U}, {W}\nCMPBNE {W}, $0, {L} // leak", ""},
	{fChain, "vlgv", wBranch, "VLGVG $1, V{v}, {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fChain, "risbg", wBranch, "RISBGZ $63, $63, $0, {S}, {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fChain, "shift", wBranch, "SRD $63, {S}, {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBZ ({S}), {T} // leak", ""},
	{fAddr, "load-index", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}*1), {U} // leak", ""},
	{fAddr, "la-then-load", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD $0({T})({S}*1), {U}\nMOVD ({U}), {W} // leak", ""},
	{fAddr, "store-base", wAddr, "MOVD {T}, ({S}) // leak", ""},
	{fAddr, "xor-mem", wAddr, "XOR ({S}), {T} // leak", ""},
	{fAddr, "vector-load", wAddr, "VL ({S}), V30 // leak", ""},
	{fAddr, "load-length", "load length depends on secret", "MOVD $·gadgetTable(SB), {T}\nVLL {S}, ({T}), V30 // leak", ""},
	{fLat, "divd", wLatency, "MOVD $7, {T}\nDIVD {S}, {T}, {U} // leak", ""},
	{fLat, "modwu", wLatency, "MOVD $7, {T}\nMODWU {T}, {S}, {U} // leak", ""},
	{fLat, "fsqrt", wLatency, "MOVD {S}, -8(R15)\nFMOVD -8(R15), F14\nFSQRT F14, F13 // leak", ""},
	{fLat, "wfddb", wLatency, "WFDDB V{v}, V30, V29 // leak", ""},
	{fJump, "register", wJump, "BR {S} // leak", ""},
	{fJump, "call", wJump, "BL {S} // leak", ""},
	{fJump, "return-address", "return to an address", "MOVD x_base+0(FP), {T}\nMOVD ({T}), R14\nRET // leak", ""},
	{fHidden, "semicolon", wBranch, "CMP {S}, $0\nNOPH ; BNE {L} // leak", ""},
	{fHidden, "semicolon-first", wBranch, "CMP {S}, $0 ; BNE {L} // leak", ""},
	{fHidden, "macro", wBranch, "CMP {S}, $0\nGADGET_NOP // leak", "#define GADGET_NOP BNE {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {L}) // leak", "#define GADGET_TEST(r, l) CMPBNE r, $0, l"},
	// BRC 7 (not equal) to the next instruction, as a WORD.
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "CMP {S}, $0\nWORD $0xa7740002 // leak", ""},
	// Register parts: FMOVD writes element 0 of V0-V15 (F0-F15), and
	// element 1 keeps the secret.
	{fParts, "lane", wBranch, "VO V{v}, V{v}, V14\nVZERO V15\nFMOVD F15, F14\nVZERO V29\nVCEQGS V14, V29, V28\nBNE {L} // leak", ""},
	{fParts, "lane-move", wBranch, "VO V{v}, V{v}, V14\nVZERO V15\nFMOVD F15, F14\nVLGVG $1, V14, {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "MOVD {S}, {T}\nAND $64, {T}\nSUB {T}, R15 // leak\nMOVD (R15), {U}\nADD {T}, R15", ""},
	{fSP, "la", wSP + "|" + wAddr, "MOVD $-64(R15)({S}*1), R15 // leak\nMOVD (R15), {U}", ""},
	{fSP, "load", wAddr, "MOVD {S}, {T}\nAND $64, {T}\nMOVD (R15)({T}*1), {U} // leak", ""},
	{fMemory, "frame", wBranch, "MOVD {S}, ret+48(FP)\nMOVD ret+48(FP), {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	// ret+48(FP) is 56(R15) in a function with no frame: past the 8 bytes
	// of the caller's saved return address.
	{fMemory, "frame-alias", wBranch, "MOVD {S}, ret+48(FP)\nMOVD 56(R15), {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOVD {S}, -16(R15)\nMOVD $0, {S}\nMOVD -16(R15), {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	// Below the stack pointer by moving it: a vector instruction's
	// displacement is unsigned (VST V1, -32(R15) stores at 4064(R15)).
	{fMemory, "vector-stack", wBranch, "SUB $32, R15\nVST V{v}, 0(R15)\nMOVD 8(R15), {T}\nADD $32, R15\nCMPBNE {T}, $0, {L} // leak", ""},
	{fMemory, "global", wBranch, "MOVD {S}, ·gadgetCell(SB)\nMOVD ·gadgetCell(SB), {T}\nCMPBNE {T}, $0, {L} // leak", ""},
	// ABIInternal's integer arguments are R2-R9 (there is no ninth), the
	// floats F0-F15.
	{fArgs, "seventh", wBranch, "MOVD {S}, R8\nCALL ·gadgetArgR8(SB) // leak", ""},
	{fArgs, "eighth", wBranch, "MOVD {S}, R9\nCALL ·gadgetArgR9(SB) // leak", ""},
	{fArgs, "float", wBranch, "MOVD {S}, -8(R15)\nFMOVD -8(R15), F3\nCALL ·gadgetArgF3(SB) // leak", ""},
	{fArgs, "stack", wBranch, "SUB $16, R15\nMOVD {S}, 8(R15)\nCALL ·gadgetArgStack(SB) // leak\nADD $16, R15", ""},
}

const s390xCallees = `
TEXT ·gadgetArgR8(SB), NOSPLIT|NOFRAME, $0
	CMPBNE R8, $0, gr8
gr8:
	RET

TEXT ·gadgetArgR9(SB), NOSPLIT|NOFRAME, $0
	CMPBNE R9, $0, gr9
gr9:
	RET

TEXT ·gadgetArgF3(SB), NOSPLIT|NOFRAME, $0
	VLGVG $0, V3, R9
	CMPBNE R9, $0, gf3
gf3:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0-8
	MOVD a+0(FP), R9
	CMPBNE R9, $0, gstack
gstack:
	RET
`

// The loong64 library. {v} is a vector register whose first 8-byte lane
// holds a secret (F{v}, the low lane of V{v} and X{v}); a gadget's LSX
// instruction in the LASX kernel (or LASX's in the LSX kernel) draws a
// finding of the feature it needs too, at its own line.
var loong64Gadgets = []gadget{
	{fBranch, "beqz", wBranch, "BEQ {S}, {L} // leak", ""},
	{fBranch, "bnez", wBranch, "BNE {S}, {L} // leak", ""},
	{fBranch, "bltu", wBranch, "MOVV $16, {T}\nBLTU {S}, {T}, {L} // leak", ""},
	{fBranch, "bgez", wBranch, "BGEZ {S}, {L} // leak", ""},
	{fBranch, "bne-reg", wBranch, "MOVV $0, {T}\nBNE {T}, {S}, {L} // leak", ""},
	{fBranch, "float-flag", wBranch, "MOVV {S}, F29\nCMPEQD F29, F29, FCC1\nBFPT FCC1, {L} // leak", ""},
	// The vector compares that set a flag are not modelled: they fail
	// closed where they are.
	{fBranch, "vector-flag", wClosed + "|data in a TEXT symbol", "VSETALLNEV V{v}, FCC0 // leak\nBFPT FCC0, {L}", ""},
	{fChain, "sgtu", wBranch, "SGTU {S}, R0, {T}\nBNE {T}, {L} // leak", ""},
	{fChain, "maskeqz", wBranch, "MOVV $1, {T}\nMASKEQZ {S}, {T}, {U}\nBNE {U}, {L} // leak", ""},
	{fChain, "shift", wBranch, "SRLV $63, {S}, {T}\nBNE {T}, {L} // leak", ""},
	{fChain, "lsx-lane", wBranch, "VMOVQ V{v}.V[0], {T}\nBNE {T}, {L} // leak", ""},
	{fChain, "lasx-lane", wBranch, "XVORV X{v}, X{v}, X29\nXVMOVQ X29.V[0], {T}\nBNE {T}, {L} // leak", ""},
	{fChain, "vector-xor", wBranch, "VXORV V29, V29, V29\nVXORV V{v}, V29, V29\nVMOVQ V29.V[0], {T}\nBNE {T}, {L} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBU ({S}), {T} // leak", ""},
	{fAddr, "load-index", wAddr, "MOVV $·gadgetTable(SB), {T}\nMOVV ({T})({S}), {U} // leak", ""},
	{fAddr, "alsl", wAddr, "MOVV $·gadgetTable(SB), {T}\nALSLV $3, {S}, {T}, {U}\nMOVV ({U}), {W} // leak", ""},
	{fAddr, "store-base", wAddr, "MOVV {T}, ({S}) // leak", ""},
	{fAddr, "float-load", wAddr, "MOVD ({S}), F29 // leak", ""},
	{fAddr, "lsx-load", wAddr, "VMOVQ ({S}), V29 // leak", ""},
	{fAddr, "lasx-load", wAddr, "XVMOVQ ({S}), X29 // leak", ""},
	{fLat, "divvu", wLatency, "MOVV $7, {T}\nDIVVU {S}, {T}, {U} // leak", ""},
	{fLat, "remv", wLatency, "MOVV $7, {T}\nREMV {T}, {S}, {U} // leak", ""},
	{fLat, "sqrtd", wLatency, "MOVV {S}, F29\nSQRTD F29, F28 // leak", ""},
	{fJump, "register", wJump, "JMP ({S}) // leak", ""},
	{fJump, "call", wJump, "CALL ({S}) // leak", ""},
	{fJump, "return-address", "return to an address", "MOVV x_base+0(FP), {T}\nMOVV ({T}), R1\nRET // leak", ""},
	{fHidden, "semicolon", wBranch, "NOOP ; BNE {S}, {L} // leak", ""},
	{fHidden, "semicolon-first", wBranch, "MOVV {S}, {T} ; BNE {T}, {L} // leak", ""},
	{fHidden, "macro", wBranch, "GADGET_NOP // leak", "#define GADGET_NOP BNE {S}, {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {T}, {L}) // leak", "#define GADGET_TEST(r, t, l) SGTU r, R0, t; BNE t, l"},
	// BNE R20, R0 to the next instruction, as a WORD: the listing shows
	// data, the disassembly a branch.
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "MOVV {S}, R20\nWORD $0x5c000680 // leak", ""},
	// Register parts: an LSX write leaves the LASX register's upper half
	// undefined (its level stays); a float write leaves the vector's
	// other lanes as they were.
	{fParts, "lsx-upper", wBranch, "XVORV X{v}, X{v}, X29\nXVORV X29, X29, X29\nVXORV V29, V29, V29\nXVMOVQ X29.V[3], {T}\nBNE {T}, {L} // leak", ""},
	{fParts, "float-upper", wBranch, "XVORV X{v}, X{v}, X29\nMOVV R0, F29\nXVMOVQ X29.V[1], {T}\nBNE {T}, {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "MOVV {S}, {T}\nAND $64, {T}\nSUBV {T}, R3 // leak\nMOVV (R3), {U}\nADDV {T}, R3", ""},
	{fSP, "load", wAddr, "MOVV {S}, {T}\nAND $64, {T}\nMOVV (R3)({T}), {U} // leak", ""},
	{fMemory, "frame", wBranch, "MOVV {S}, ret+48(FP)\nMOVV ret+48(FP), {T}\nBNE {T}, {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOVV {S}, -16(R3)\nMOVV $0, {S}\nMOVV -16(R3), {T}\nBNE {T}, {L} // leak", ""},
	{fMemory, "vector-stack", wBranch, "ADDV $-32, R3\nXVMOVQ X{v}, 0(R3)\nMOVV 0(R3), {T}\nADDV $32, R3\nBNE {T}, {L} // leak", ""},
	{fMemory, "global", wBranch, "MOVV {S}, ·gadgetCell(SB)\nMOVV ·gadgetCell(SB), {T}\nBNE {T}, {L} // leak", ""},
	// ABIInternal's integer arguments are R4-R19, the floats F0-F15.
	{fArgs, "sixteenth", wBranch, "MOVV {S}, R19\nCALL ·gadgetArgR19(SB) // leak", ""},
	{fArgs, "float", wBranch, "MOVV {S}, F3\nCALL ·gadgetArgF3(SB) // leak", ""},
	{fArgs, "stack", wBranch, "ADDV $-16, R3\nMOVV {S}, 8(R3)\nCALL ·gadgetArgStack(SB) // leak\nADDV $16, R3", ""},
}

const loong64Callees = `
TEXT ·gadgetArgR19(SB), NOSPLIT|NOFRAME, $0
	BNE R19, gr19
gr19:
	RET

TEXT ·gadgetArgF3(SB), NOSPLIT|NOFRAME, $0
	MOVV F3, R19
	BNE R19, gf3
gf3:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0-8
	MOVV a+0(FP), R19
	BNE R19, gstack
gstack:
	RET
`

func loadFirstInput(mov string) func(r string) []string {
	return func(r string) []string {
		return []string{mov + " x_base+0(FP), " + r, mov + " (" + r + "), " + r}
	}
}

func same1(r string) string { return r }

func init() {
	gadgetArchs = append(gadgetArchs,
		&gadgetArch{
			goarch: "riscv64", gadgets: riscv64Gadgets, callees: riscv64Callees,
			// Not X2 (SP), X27 (g), X31 (the assembler's), X17 (raw-word's),
			// X30 (fromVec's and toVec's).
			gp:      append(numberedNames("X", 5, 16), "X18", "X19", "X20", "X21", "X22", "X23", "X24", "X25", "X26", "X28", "X29"),
			scratch: strings.Fields("X13 X14 X15 X28"),
			loadGP:  loadFirstInput("MOV"),
			// The model has no move between the general and the vector
			// registers: a mask of the secret's non-zero bytes and its
			// count, and the first input's bytes themselves; each after a
			// VSETVLI of its own (LMUL 1, vl = VLMAX).
			fromVec: func(v int, r string) []string {
				m := 31
				if v == m {
					m = 30
				}
				return []string{"VSETVLI X0, E8, M1, TA, MA, X30", fmt.Sprintf("VMSNEVI $0, V%d, V%d", v, m), fmt.Sprintf("VCPOPM V%d, %s", m, r)}
			},
			toVec: func(r string, v int) []string {
				return []string{"VSETVLI X0, E8, M1, TA, MA, X30", "MOV x_base+0(FP), X30", fmt.Sprintf("VLE8V (X30), V%d", v)}
			},
			byteName: same1, word32: same1,
			spare: "X29", spareV: 20, g: "X27",
			vecLoc: func(v int) string { return "V" + strconv.Itoa(v) }, nvec: 32,
			env: []string{"GORISCV64=rva23u64"},
		},
		&gadgetArch{
			goarch: "ppc64le", gadgets: ppc64Gadgets, callees: ppc64Callees,
			// Not R0 (zero as a base), R1 (SP), R2 (TOC), R13 (TLS), R30 (g),
			// R31 (the assembler's).
			gp:      append(numberedNames("R", 3, 12), numberedNames("R", 14, 29)...),
			scratch: strings.Fields("R21 R22 R23 R24"),
			loadGP:  loadFirstInput("MOVD"),
			fromVec: func(v int, r string) []string { return []string{fmt.Sprintf("MFVSRD V%d, %s", v, r)} },
			// Both doublewords: MTVSRD writes doubleword 0, XXPERMDI copies it.
			toVec: func(r string, v int) []string {
				vs := 32 + v
				return []string{fmt.Sprintf("MTVSRD %s, VS%d", r, vs), fmt.Sprintf("XXPERMDI VS%d, VS%d, $0, VS%d", vs, vs, vs)}
			},
			byteName: same1, word32: same1,
			spare: "R25", spareV: 27, g: "R30",
			vecLoc: func(v int) string { return engine.Lane("VS"+strconv.Itoa(32+v), 0) }, nvec: 32,
		},
		&gadgetArch{
			goarch: "s390x", gadgets: s390xGadgets, callees: s390xCallees,
			// Not R0 (zero as a base), R10 and R11 (the assembler's), R13
			// (g), R14 (the link register), R15 (SP).
			gp:      append(numberedNames("R", 1, 9), "R12"),
			scratch: strings.Fields("R1 R8 R9 R7"),
			loadGP:  loadFirstInput("MOVD"),
			fromVec: func(v int, r string) []string { return []string{fmt.Sprintf("VLGVG $0, V%d, %s", v, r)} },
			// Both elements, through the stack below SP.
			toVec: func(r string, v int) []string {
				return []string{"SUB $16, R15", "MOVD " + r + ", 0(R15)", "MOVD " + r + ", 8(R15)", fmt.Sprintf("VL 0(R15), V%d", v), "ADD $16, R15"}
			},
			byteName: same1, word32: same1,
			spare: "R12", spareV: 27, g: "R13",
			vecLoc: func(v int) string { return engine.Lane("V"+strconv.Itoa(v), 0) }, nvec: 32,
		},
		&gadgetArch{
			goarch: "loong64", gadgets: loong64Gadgets, callees: loong64Callees,
			// Not R0 (zero), R1 (the link register), R2 (the thread
			// pointer), R3 (SP), R20 (raw-word's), R22 (g), R30 (the
			// assembler's).
			gp:      append(append(numberedNames("R", 4, 19), "R21"), numberedNames("R", 23, 29)...),
			scratch: strings.Fields("R12 R13 R14 R15"),
			loadGP:  loadFirstInput("MOVV"),
			fromVec: func(v int, r string) []string { return []string{fmt.Sprintf("MOVV F%d, %s", v, r)} },
			// Every lane: the first input's 32 bytes.
			toVec: func(r string, v int) []string {
				return []string{"MOVV x_base+0(FP), R20", fmt.Sprintf("XVMOVQ (R20), X%d", v)}
			},
			byteName: same1, word32: same1,
			spare: "R19", spareV: 27, g: "R22",
			vecLoc: func(v int) string { return "F" + strconv.Itoa(v) }, nvec: 32,
		},
	)
}

// numberedNames are the registers prefix+lo to prefix+hi.
func numberedNames(prefix string, lo, hi int) []string {
	var out []string
	for i := lo; i <= hi; i++ {
		out = append(out, prefix+strconv.Itoa(i))
	}
	return out
}
