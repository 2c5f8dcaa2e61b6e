package asmgadgets

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// Leak gadgets planted in the shipped kernels, the way cmd/mutate
// mutates them: every gadget below, of every family, is planted at the
// start of every basic block of every function of equal_amd64.s and
// equal_arm64.s (the AVX-512, AVX2, SSE2 and NEON kernels, the
// trampolines, the DIT helpers), on a secret live there, in a copy of the
// function of its own. The copies are assembled and linked into the
// driver, and each must draw the gadget's finding at its marked line
// from both checks on their own: the listing's and the disassembly's.
// go test plants a fixed sample of the (gadget, site) pairs;
// CTEQUAL_GADGETS=all plants every gadget at every site (CI):
//
//	CTEQUAL_GADGETS=all go test ./tools/internal/kernelcheck/asmgadgets -run Gadgets -v
//
// TestCompiledGadgets (package compiledgadgets) does the same in the
// compiled Go code on the path, and TestGoLeaks (package goleaks) in the
// Go source.

// A gadget is a few instructions that leak a secret. In its code, {S} is
// a general register that holds a secret (a 64-bit name; {S8} is its low
// byte on amd64), {v} the number of a vector register that holds one,
// {T}, {U} and {W} are scratch general registers ({T8}: a byte), {L} is a
// label after the gadget, and "// leak" marks the line that must draw a
// finding whose reason contains want (or one of want's |-separated
// alternatives). defines is put at the top of the file: a macro.
type gadget struct {
	family, name string
	want         string
	code         string
	defines      string
}

func (g gadget) id() string { return g.family + "/" + g.name }

// wants reports whether reason is the finding g wants.
func (g gadget) wants(reason string) bool { return kernelchecktest.Wants(g.want, reason) }

// The amd64 library. Where a gadget is about one instruction's rule, the
// code around it makes every other way to the finding public (XORL r, r
// clears the flags), so that the gadget fails if that rule is broken.
var amd64Gadgets = []gadget{
	{fBranch, "test", wBranch, "TESTQ {S}, {S}\nJNE {L} // leak", ""},
	{fBranch, "cmp", wBranch, "CMPQ {S}, $0x10\nJA {L} // leak", ""},
	{fBranch, "cmpb", wBranch, "CMPB {S8}, $0x00\nJEQ {L} // leak", ""},
	{fBranch, "add-carry", wBranch, "ADDQ $0x1, {S}\nJCS {L} // leak", ""},
	{fBranch, "xor", wBranch, "XORQ {S}, {T}\nJZ {L} // leak", ""},
	{fBranch, "shift", wBranch, "SHRQ $0x3f, {S}\nJNZ {L} // leak", ""},
	{fBranch, "bt", wBranch, "BTQ $0x3, {S}\nJCS {L} // leak", ""},
	{fBranch, "vptest", wBranch, "VPTEST Y{v}, Y{v}\nJNE {L} // leak", ""},
	{fBranch, "ptest", wBranch, "PTEST X{v}, X{v}\nJEQ {L} // leak", ""},
	{fBranch, "kortest", wBranch, "VPTESTMD Z{v}, Z{v}, K2\nKORTESTW K2, K2\nJNE {L} // leak", ""},
	{fBranch, "jcxz", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nJCXZQ {L} // leak", ""},
	{fBranch, "loop", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nLOOP {L} // leak", ""},
	{fBranch, "loopne-flags", wBranch, "TESTQ {S}, {S}\nMOVQ $0x10, CX\nLOOPNE {L} // leak", ""},
	{fBranch, "to-next", wBranch, "TESTQ {S}, {S}\nJNE {L} // leak", ""},
	{fChain, "setcc", wBranch, "TESTQ {S}, {S}\nSETNE {T8}\nMOVBQZX {T8}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "sbb", wBranch, "NEGQ {S}\nSBBQ {T}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "adc", wBranch, "NEGQ {S}\nMOVL $0x0, {T}\nADCQ {T}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "rcl", wBranch, "NEGQ {S}\nMOVQ $0x0, {T}\nRCLQ $0x1, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "cmov", wBranch, "TESTQ {S}, {S}\nMOVQ $0x0, {T}\nMOVQ $0x1, {U}\nCMOVQNE {U}, {T}\nXORL {W}, {W}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "vector", wBranch, "VMOVQ X{v}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "vpmovmskb", wBranch, "VPMOVMSKB Y{v}, {T}\nTESTL {T}, {T}\nJNZ {L} // leak", ""},
	{fChain, "xchg", wBranch, "MOVL $0x0, {T}\nXCHGQ {S}, {T}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	{fAddr, "load-index", wAddr, "LEAQ ·gadgetTable(SB), {T}\nMOVQ ({T})({S}*8), {U} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBQZX ({S}), {T} // leak", ""},
	{fAddr, "store-base", wAddr, "MOVQ {T}, ({S}) // leak", ""},
	{fAddr, "lea-then-load", wAddr, "LEAQ ·gadgetTable(SB), {T}\nLEAQ ({T})({S}*8), {U}\nMOVQ ({U}), {W} // leak", ""},
	{fAddr, "after-mask", wAddr, "ANDQ $0xff, {S}\nLEAQ ·gadgetTable(SB), {T}\nMOVBQZX ({T})({S}*1), {U} // leak", ""},
	{fAddr, "cmov-load", wAddr, "TESTQ {T}, {T}\nCMOVQNE ({S}), {T} // leak", ""},
	{fAddr, "vector-load", wAddr, "LEAQ ·gadgetTable(SB), {T}\nVMOVDQU ({T})({S}*1), Y14 // leak", ""},
	{fAddr, "bt-mem", wAddr, "BTQ {S}, ·gadgetTable(SB) // leak", ""},
	{fAddr, "gather", wClosed, "LEAQ ·gadgetTable(SB), {T}\nVPCMPEQB Y12, Y12, Y12\nVPGATHERDD Y12, ({T})(Y{v}*4), Y14 // leak", ""},
	{fAddr, "prefetch", wClosed, "PREFETCHT0 ({S}) // leak", ""},
	{fLat, "divq", wLatency, "MOVQ {S}, {T}\nMOVQ $0x7, AX\nXORL DX, DX\nDIVQ {T} // leak", ""},
	{fLat, "divq-high", wLatency, "MOVQ {S}, DX\nMOVQ $0x7, AX\nMOVQ $0x9, {T}\nDIVQ {T} // leak", ""},
	{fLat, "sqrtsd", wLatency, "MOVQ {S}, X13\nSQRTSD X13, X14 // leak", ""},
	{fLat, "vdivps", wLatency, "VDIVPS Y{v}, Y13, Y14 // leak", ""},
	{fLat, "pdepq", wLatency, "PDEPQ {S}, {T}, {U} // leak", ""},
	{fJump, "register", wJump, "JMP {S} // leak", ""},
	{fJump, "table", wJump + "|" + wAddr, "LEAQ ·gadgetTable(SB), {T}\nJMP ({T})({S}*8) // leak", ""},
	{fJump, "call", wJump, "CALL {S} // leak", ""},
	// (Through the first input's bytes: a return at a loop head cuts the
	// back edge that may be the only way a site's secret reaches it.)
	{fJump, "return-address", "return to an address", "MOVQ x_base+0(FP), {T}\nMOVQ ({T}), {T}\nMOVQ {T}, (SP)\nRET // leak", ""},
	// A second statement on a line, a macro, raw bytes: the listing shows
	// the branch (or the data, which fails closed), the disassembly
	// decodes the branch.
	{fHidden, "semicolon", wBranch, "TESTQ {S}, {S}\nNOP ; JNE {L} // leak", ""},
	{fHidden, "semicolon-first", wBranch, "TESTQ {S}, {S} ; JNE {L} // leak", ""},
	{fHidden, "macro", wBranch, "TESTQ {S}, {S}\nGADGET_NOP // leak", "#define GADGET_NOP JNE {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {L}) // leak", "#define GADGET_TEST(r, l) TESTQ r, r; JNE l"},
	{fHidden, "raw-bytes", wBranch + "|data in a TEXT symbol", "TESTQ {S}, {S}\nBYTE $0x75; BYTE $0x00 // leak", ""},
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "TESTQ {S}, {S}\nWORD $0x0075 // leak", ""},
	// Register parts: legacy SSE keeps bits 255:128, so the secret upper
	// half of a YMM register survives a PXOR, a MOVOU or a MOVQ of its
	// XMM half.
	{fParts, "legacy-pxor", wBranch, "VPBROADCASTQ X{v}, Y13\nPXOR X13, X13\nVPTEST Y13, Y13\nJNE {L} // leak", ""},
	{fParts, "legacy-movou", wBranch, "VPBROADCASTQ X{v}, Y13\nMOVOU X12, X13\nVPTEST Y13, Y13\nJNE {L} // leak", ""},
	{fParts, "legacy-movq", wBranch, "VPBROADCASTQ X{v}, Y13\nMOVQ {T}, X13\nVPTEST Y13, Y13\nJNE {L} // leak", ""},
	{fParts, "lane-insert", wBranch, "VPBROADCASTQ X{v}, X13\nPINSRQ $0, {T}, X13\nPEXTRQ $1, X13, {U}\nTESTQ {U}, {U}\nJNE {L} // leak", ""},
	{fParts, "zmm-upper", wBranch, "VPBROADCASTQ X{v}, Z13\nVMOVDQU X12, X11\nPXOR X13, X13\nVPTESTMQ Z13, Z13, K4\nKORTESTW K4, K4\nJNE {L} // leak", ""},
	// AVX-512 masks: a merge-masked write keeps the destination's
	// secret lanes, whatever the mask.
	{fMask, "merge", wBranch, "VPBROADCASTQ X{v}, Z13\nKXORW K3, K3, K3\nVPORQ Z7, Z7, K3, Z13\nVPTESTMQ Z13, Z13, K4\nKORTESTW K4, K4\nJNE {L} // leak", ""},
	{fMask, "merge-move", wBranch, "VPBROADCASTQ X{v}, Z13\nKXORW K3, K3, K3\nVMOVDQU64 Z7, K3, Z13\nVPTESTMQ Z13, Z13, K4\nKORTESTW K4, K4\nJNE {L} // leak", ""},
	{fMask, "secret-mask", wBranch, "VPTESTMQ Z{v}, Z{v}, K3\nVPXORQ Z13, Z13, Z13\nVPORQ.Z Z7, Z7, K3, Z13\nVPTESTMQ Z13, Z13, K4\nKORTESTW K4, K4\nJNE {L} // leak", ""},
	// The stack pointer moved by a secret, then a load through it.
	{fSP, "sub", wSP + "|" + wAddr, "MOVQ {S}, {T}\nANDQ $0x40, {T}\nSUBQ {T}, SP // leak\nMOVQ (SP), {U}\nADDQ {T}, SP", ""},
	{fSP, "lea", wSP + "|" + wAddr, "LEAQ -64(SP)({S}*1), SP // leak\nMOVQ (SP), {U}", ""},
	{fSP, "load", wAddr, "MOVQ {S}, {T}\nANDQ $0x40, {T}\nMOVQ (SP)({T}*1), {U} // leak", ""},
	// Memory round trips: the frame, the stack below SP, a global.
	{fMemory, "frame", wBranch, "MOVQ {S}, ret+48(FP)\nMOVQ ret+48(FP), {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	{fMemory, "frame-alias", wBranch, "MOVQ {S}, ret+48(FP)\nMOVQ 56(SP), {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOVQ {S}, -16(SP)\nXORL {S32}, {S32}\nMOVQ -16(SP), {T}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	{fMemory, "vector-stack", wBranch, "VMOVDQU Y{v}, -64(SP)\nMOVQ -40(SP), {T}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	{fMemory, "global", wBranch, "MOVQ {S}, ·gadgetCell(SB)\nMOVQ ·gadgetCell(SB), {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNE {L} // leak", ""},
	// Arguments to a function that branches on them: in a register past
	// the sixth, in a float register, on the stack.
	{fArgs, "seventh", wBranch, "MOVQ {S}, R10\nCALL ·gadgetArgR10(SB) // leak", ""},
	{fArgs, "ninth", wBranch, "MOVQ {S}, R11\nCALL ·gadgetArgR11(SB) // leak", ""},
	{fArgs, "float", wBranch, "MOVQ {S}, X3\nCALL ·gadgetArgX3(SB) // leak", ""},
	{fArgs, "stack", wBranch, "MOVQ {S}, -8(SP)\nSUBQ $8, SP\nCALL ·gadgetArgStack(SB) // leak\nADDQ $8, SP", ""},
}

// amd64Callees are the functions the args gadgets call: each branches on
// one argument location. Their branch's line is the leak's.
const amd64Callees = `
TEXT ·gadgetArgR10(SB), NOSPLIT|NOFRAME, $0
	TESTQ R10, R10
	JNE  gr10
gr10:
	RET

TEXT ·gadgetArgR11(SB), NOSPLIT|NOFRAME, $0
	TESTQ R11, R11
	JNE  gr11
gr11:
	RET

TEXT ·gadgetArgX3(SB), NOSPLIT|NOFRAME, $0
	PTEST X3, X3
	JNE  gx3
gx3:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0
	MOVQ 8(SP), AX
	TESTQ AX, AX
	JNE  gstack
gstack:
	RET
`

// The arm64 library.
var arm64Gadgets = []gadget{
	{fBranch, "cmp", wBranch, "CMP $0, {S}\nBEQ {L} // leak", ""},
	{fBranch, "cmp-reg", wBranch, "CMP {S}, {T}\nBHI {L} // leak", ""},
	{fBranch, "tst", wBranch, "TST $1, {S}\nBNE {L} // leak", ""},
	{fBranch, "subs", wBranch, "SUBS $1, {S}, {T}\nBMI {L} // leak", ""},
	{fBranch, "adcs", wBranch, "ADCS {S}, {T}, {U}\nBCS {L} // leak", ""},
	{fBranch, "vector", wBranch, "VMOV V{v}.D[0], {T}\nCMP $0, {T}\nBGE {L} // leak", ""},
	{fBranch, "cbz", wBranch, "CBZ {S}, {L} // leak", ""},
	{fBranch, "cbnzw", wBranch, "CBNZW {S}, {L} // leak", ""},
	{fBranch, "tbz", wBranch, "TBZ $0, {S}, {L} // leak", ""},
	{fBranch, "tbnz", wBranch, "TBNZ $63, {S}, {L} // leak", ""},
	{fChain, "cset", wBranch, "CMP $0, {S}\nCSET EQ, {T}\nCBNZ {T}, {L} // leak", ""},
	{fChain, "csel", wBranch, "CMP $0, {S}\nMOVD $1, {T}\nCSEL EQ, {T}, ZR, {U}\nCBZ {U}, {L} // leak", ""},
	{fChain, "csinv", wBranch, "CMP $0, {S}\nCSINV NE, ZR, ZR, {U}\nTBZ $0, {U}, {L} // leak", ""},
	{fChain, "adc", wBranch, "CMP $1, {S}\nADC ZR, ZR, {U}\nCBNZ {U}, {L} // leak", ""},
	{fChain, "sbc-self", wBranch, "CMP $1, {S}\nSBC {U}, {U}, {U}\nCBNZ {U}, {L} // leak", ""},
	{fChain, "uaddlv", wBranch, "VUADDLV V{v}.B16, V28\nVMOV V28.D[0], {T}\nCBNZ {T}, {L} // leak", ""},
	{fChain, "ubfx", wBranch, "UBFX $3, {S}, $1, {T}\nCBNZ {T}, {L} // leak", ""},
	{fChain, "nzcv", wBranch, "MSR {S}, NZCV\nBEQ {L} // leak", ""},
	{fAddr, "load-index", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}), {U} // leak", ""},
	{fAddr, "load-scaled", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}<<3), {U} // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBU ({S}), {T} // leak", ""},
	{fAddr, "load-post", wAddr, "MOVD.P 8({S}), {T} // leak", ""},
	{fAddr, "store-base", wAddr, "MOVD {T}, ({S}) // leak", ""},
	{fAddr, "pair", wAddr, "FLDPQ ({S}), (F28, F29) // leak", ""},
	{fAddr, "vld1", wAddr, "VLD1 ({S}), [V28.B16] // leak", ""},
	{fAddr, "computed", wAddr, "MOVD $·gadgetTable(SB), {T}\nADD {S}, {T}, {U}\nMOVD ({U}), {W} // leak", ""},
	{fAddr, "vector-lane", wAddr, "VMOV V{v}.D[0], {T}\nMOVD $·gadgetTable(SB), {U}\nMOVBU ({U})({T}), {W} // leak", ""},
	{fAddr, "prefetch", wAddr, "PRFM ({S}), PLDL1KEEP // leak", ""},
	{fLat, "udiv", wLatency, "MOVD $7, {T}\nUDIV {S}, {T}, {U} // leak", ""},
	{fLat, "udiv-2", wLatency, "MOVD $7, {T}\nUDIV {S}, {T} // leak", ""},
	{fLat, "fsqrtd", wLatency, "VMOV {S}, V27.D[0]\nFSQRTD F27, F28 // leak", ""},
	{fJump, "register", wJump, "JMP ({S}) // leak", ""},
	{fJump, "call", wJump, "CALL ({S}) // leak", ""},
	{fJump, "return-address", "return to an address", "MOVD x_base+0(FP), {T}\nMOVD ({T}), R30\nRET // leak", ""},
	{fHidden, "semicolon", wBranch, "CMP $0, {S}\nNOOP ; BNE {L} // leak", ""},
	{fHidden, "macro", wBranch, "CMP $0, {S}\nGADGET_NOP // leak", "#define GADGET_NOP BNE {L}"},
	{fHidden, "macro-args", wBranch, "GADGET_TEST({S}, {L}) // leak", "#define GADGET_TEST(r, l) CBNZ r, l"},
	// B.NE to the next instruction, as a WORD: the listing shows data
	// (fail closed), the disassembly the branch.
	{fHidden, "raw-word", wBranch + "|data in a TEXT symbol", "CMP $0, {S}\nWORD $0x54000021 // leak", ""},
	// Register parts: a write of one lane keeps the other's secret.
	{fParts, "lane", wBranch, "VDUP {S}, V28.D2\nVMOV ZR, V28.D[0]\nVADDP V28.D2, V28.D2, V27.D2\nVMOV V27.D[0], {T}\nCBNZ {T}, {L} // leak", ""},
	{fParts, "lane-move", wBranch, "VDUP {S}, V28.D2\nVMOV ZR, V28.D[0]\nVMOV V28.D[1], {T}\nCBNZ {T}, {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "AND $0x40, {S}, {T}\nSUB {T}, RSP, RSP // leak\nMOVD (RSP), {U}\nADD {T}, RSP, RSP", ""},
	{fSP, "mov", wSP + "|" + wAddr, "MOVD RSP, {T}\nADD {S}, {T}, {T}\nMOVD {T}, RSP // leak\nMOVD (RSP), {U}", ""},
	{fSP, "load", wAddr, "AND $0x40, {S}, {T}\nMOVD (RSP)({T}), {U} // leak", ""},
	{fMemory, "frame", wBranch, "MOVD {S}, ret+48(FP)\nMOVD ret+48(FP), {T}\nCBNZ {T}, {L} // leak", ""},
	{fMemory, "frame-alias", wBranch, "MOVD {S}, ret+48(FP)\nMOVD 56(RSP), {T}\nCBNZ {T}, {L} // leak", ""},
	{fMemory, "stack", wBranch, "MOVD {S}, -16(RSP)\nMOVD ZR, {S}\nMOVD -16(RSP), {T}\nCBNZ {T}, {L} // leak", ""},
	{fMemory, "pair", wBranch, "STP ({S}, {S}), -32(RSP)\nLDP -32(RSP), ({T}, {U})\nCBNZ {U}, {L} // leak", ""},
	{fMemory, "global", wBranch, "MOVD $·gadgetCell(SB), {U}\nMOVD {S}, ({U})\nMOVD ({U}), {T}\nCBNZ {T}, {L} // leak", ""},
	{fArgs, "ninth", wBranch, "MOVD {S}, R8\nCALL ·gadgetArgR8(SB) // leak", ""},
	{fArgs, "float", wBranch, "VMOV {S}, V3.D[0]\nCALL ·gadgetArgF3(SB) // leak", ""},
	{fArgs, "stack", wBranch, "MOVD {S}, -8(RSP)\nSUB $16, RSP, RSP\nCALL ·gadgetArgStack(SB) // leak\nADD $16, RSP, RSP", ""},
}

const arm64Callees = `
TEXT ·gadgetArgR8(SB), NOSPLIT|NOFRAME, $0
	CBNZ R8, gr8
gr8:
	RET

TEXT ·gadgetArgF3(SB), NOSPLIT|NOFRAME, $0
	FMOVD F3, R9
	CBNZ R9, gf3
gf3:
	RET

TEXT ·gadgetArgStack(SB), NOSPLIT|NOFRAME, $0
	MOVD 8(RSP), R9
	CBNZ R9, gstack
gstack:
	RET
`

// gadgetArch is what planting needs of an architecture.
type gadgetArch struct {
	goarch  string
	gadgets []gadget
	callees string
	gp      []string // the general registers, in the order a secret is looked for
	scratch []string // scratch registers, in the order they are taken
	// loadGP loads a secret into r where no register holds one: from the
	// first input.
	loadGP func(r string) []string
	// fromVec moves a secret vector register's low lane to r; toVec a
	// secret r to vector register v (or, where the model has no such
	// move, a secret from the first input).
	fromVec  func(v int, r string) []string
	toVec    func(r string, v int) []string
	byteName func(r string) string
	word32   func(r string) string
	spare    string // the general register that receives a secret that is not in one
	spareV   int    // the vector register that receives one
	// g is the register the gadgets must not use (the goroutine).
	g string
	// vecLoc is the location whose level says whether vector register v
	// holds a secret (its low lane, or the whole register where the model
	// has no lanes), for v below nvec.
	vecLoc func(v int) string
	nvec   int
	// env is more of the build's environment (GORISCV64=rva23u64).
	env []string
}

var gadgetArchs = []*gadgetArch{
	{
		goarch: "amd64", gadgets: amd64Gadgets, callees: amd64Callees,
		gp:      strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R15"),
		scratch: strings.Fields("R11 R12 R13 R10 R9 R8 BX SI DI"),
		loadGP: func(r string) []string {
			return []string{"MOVQ x_base+0(FP), " + r, "MOVQ (" + r + "), " + r}
		},
		fromVec: func(v int, r string) []string { return []string{fmt.Sprintf("VMOVQ X%d, %s", v, r)} },
		toVec:   func(r string, v int) []string { return []string{fmt.Sprintf("VMOVQ %s, X%d", r, v)} },
		byteName: func(r string) string {
			if b := map[string]string{"AX": "AL", "BX": "BL", "CX": "CL", "DX": "DL"}[r]; b != "" {
				return b
			}
			return r + "B"
		},
		word32: func(r string) string { return r }, // XORL r, r: Go names a 32-bit register by its 64-bit name
		spare:  "R15", spareV: 15, g: "R14",
		vecLoc: func(v int) string { return engine.Lane("X"+strconv.Itoa(v), 0) }, nvec: 16,
	},
	{
		goarch: "arm64", gadgets: arm64Gadgets, callees: arm64Callees,
		gp:      numberedNames("R", 0, 27),
		scratch: strings.Fields("R20 R21 R22 R23 R24 R25"),
		loadGP: func(r string) []string {
			return []string{"MOVD x_base+0(FP), " + r, "MOVD (" + r + "), " + r}
		},
		fromVec:  func(v int, r string) []string { return []string{fmt.Sprintf("VMOV V%d.D[0], %s", v, r)} },
		toVec:    func(r string, v int) []string { return []string{fmt.Sprintf("VMOV %s, V%d.D[0]", r, v)} },
		byteName: func(r string) string { return r },
		word32:   func(r string) string { return r },
		spare:    "R19", spareV: 31, g: "R28",
		vecLoc: func(v int) string { return engine.Lane("V"+strconv.Itoa(v), 0) }, nvec: 32,
	},
}

// A site is the start of a basic block: the source line a gadget goes
// before, and the state there.
type site struct {
	fn   string // the TEXT symbol, as the source names it: ·equalAVX2
	line int    // the source line of the block's first instruction
	st   *engine.State
}

// gadgetSites returns the start of every basic block of every function
// of the assembly file at path, with the source check's state there, each
// function a root.
func gadgetSites(t *testing.T, path, goarch string) []site {
	t.Helper()
	p, err := engine.AssembleListing(path, arch.For(goarch, engine.GoCommandVersion()), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []site
	for _, name := range p.Order {
		f := p.Funcs[name]
		an, err := engine.NewAnalysis(p, func(string) bool { return false })
		if err != nil {
			t.Fatal(err)
		}
		an.External = true
		in := an.Flow(f, an.RootEntry(f))
		leader := map[int]bool{0: true}
		for i := range f.Insts {
			if !in[i].Reached() {
				continue
			}
			m := an.Step(f, i, in[i].Clone())
			next, _ := engine.Successors(f, i, m)
			for _, j := range next {
				if j != i+1 {
					leader[j] = true
				}
			}
			if m.Ends() {
				leader[i+1] = true
			}
		}
		short := "·" + strings.TrimSuffix(strings.TrimPrefix(name, engine.AsmPackage+"."), ".abi0")
		lines := map[int]bool{}
		for i, ins := range f.Insts {
			_, line := engine.SplitPos(ins.Pos)
			if line == 0 {
				// What the assembler inserted (loong64's PCALIGN before a
				// loop's head): the block's first line is the next one.
				leader[i+1] = leader[i+1] || leader[i]
				continue
			}
			if leader[i] && in[i].Reached() && !lines[line] {
				lines[line] = true
				out = append(out, site{fn: short, line: line, st: in[i]})
			}
		}
	}
	return out
}

// plantCode instantiates g at site s; id makes its label unique.
func plantCode(t *testing.T, ga *gadgetArch, s site, g gadget, id int) (code []string, defines string) {
	t.Helper()
	var prefix []string
	gp := ""
	for _, r := range ga.gp {
		if s.st.Level(r) == engine.Secret && r != ga.g {
			gp = r
			break
		}
	}
	vec := -1
	for v := range ga.nvec {
		if s.st.Level(ga.vecLoc(v)) == engine.Secret {
			vec = v
			break
		}
	}
	needsGP := strings.Contains(g.code, "{S") || strings.Contains(g.defines, "{S")
	if needsGP || strings.Contains(g.code, "{v}") && vec < 0 {
		if gp == "" {
			gp = ga.spare
			if vec >= 0 {
				prefix = append(prefix, ga.fromVec(vec, gp)...)
			} else {
				prefix = append(prefix, ga.loadGP(gp)...)
			}
		}
	}
	if strings.Contains(g.code, "{v}") && vec < 0 {
		vec = ga.spareV
		prefix = append(prefix, ga.toVec(gp, vec)...)
	}
	var scratch []string
	for _, r := range ga.scratch {
		if r != gp {
			scratch = append(scratch, r)
		}
	}
	label := fmt.Sprintf("gadget%d_end", id)
	r := strings.NewReplacer("{S8}", ga.byteName(gp), "{S32}", ga.word32(gp), "{S}", gp, "{v}", strconv.Itoa(vec),
		"{T8}", ga.byteName(scratch[0]), "{T}", scratch[0], "{U}", scratch[1], "{W}", scratch[2], "{L}", label,
		"GADGET_", fmt.Sprintf("GADGET%d_", id)) // a macro of each plant's own
	code = append(code, prefix...)
	code = append(code, strings.Split(r.Replace(g.code), "\n")...)
	if strings.Contains(g.code, "{L}") || strings.Contains(g.defines, "{L}") {
		code = append(code, label+":")
	}
	if g.defines != "" {
		defines = r.Replace(g.defines)
	}
	return code, defines
}

// A plant is one gadget at one site, in a copy of the site's function.
type plant struct {
	g    gadget
	s    site
	name string // the copy's symbol, without ·
	line int    // the leak's line in the planted file
}

// TestGadgets plants the kernels' gadgets (a sample unless
// CTEQUAL_GADGETS=all) and requires both checks to flag every copy at its
// marked line.
func TestGadgets(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	all := os.Getenv("CTEQUAL_GADGETS") == "all"
	for _, ga := range gadgetArchs {
		t.Run(ga.goarch, func(t *testing.T) {
			if a := archfacts.Get(ga.goarch); a != nil && !kernelchecktest.AsmBuilt(a) {
				t.Skipf("%s does not build the %s kernels (their files say %s)", runtime.Version(), ga.goarch, a.AsmGo)
			}
			fams := map[string]bool{}
			for _, g := range ga.gadgets {
				fams[g.family] = true
			}
			for _, f := range []string{fBranch, fChain, fAddr, fLat, fJump, fHidden, fParts, fSP, fMemory, fArgs} {
				if !fams[f] {
					t.Errorf("%s: no gadget of family %s", ga.goarch, f)
				}
			}
			path := filepath.Join(kernelchecktest.KernelsDir, "equal_"+ga.goarch+".s")
			src := kernelchecktest.KernelFile(t, "equal_"+ga.goarch+".s")
			ss := gadgetSites(t, path, ga.goarch)
			var plants []plant
			for gi, g := range ga.gadgets {
				for si, s := range ss {
					if all || kernelchecktest.GadgetSample(gi, si) {
						plants = append(plants, plant{g: g, s: s})
					}
				}
			}
			counts := kernelchecktest.GadgetCounts{}
			const batch = 400 // copies per build: a bounded listing
			for lo := 0; lo < len(plants); lo += batch {
				hi := min(lo+batch, len(plants))
				runGadgetBatch(t, goTool, root, ga, src, plants[lo:hi], lo, counts)
			}
			what := "a fixed sample"
			if all {
				what = "all"
			}
			t.Logf("%s: %d gadgets x %d sites, %d planted (%s)", ga.goarch, len(ga.gadgets), len(ss), len(plants), what)
			counts.Log(t, ga.goarch+" kernels")
			kernelchecktest.CheckGadgetTables(t, ga.goarch+" kernels", counts)
		})
	}
}

// runGadgetBatch plants ps, each in a copy of its function, builds them
// into the driver, and checks each copy with both checks.
func runGadgetBatch(t *testing.T, goTool, root string, ga *gadgetArch, src string, ps []plant, first int, counts kernelchecktest.GadgetCounts) {
	t.Helper()
	lines, blocks := kernelchecktest.TextBlocks(src)
	var defs, body, names []string
	for i := range ps {
		p := &ps[i]
		id := first + i
		b, ok := blocks[p.s.fn]
		if !ok {
			t.Fatalf("no TEXT %s in the kernels", p.s.fn)
		}
		code, def := plantCode(t, ga, p.s, p.g, id)
		if def != "" {
			defs = append(defs, def)
		}
		p.name = fmt.Sprintf("%s_p%d", strings.TrimPrefix(p.s.fn, "·"), id)
		marked := false
		for ln := b[0]; ln < b[1]; ln++ {
			l := lines[ln-1]
			if ln == b[0] {
				l = strings.Replace(l, p.s.fn+"(SB)", "·"+p.name+"(SB)", 1)
			}
			if ln == p.s.line {
				for _, c := range code {
					if strings.HasSuffix(c, "// leak") {
						c += fmt.Sprintf(" p%d", id)
						marked = true
					}
					body = append(body, "\t"+c)
				}
			}
			body = append(body, l)
		}
		if !marked {
			t.Fatalf("gadget %s: no line marked // leak", p.g.id())
		}
		names = append(names, p.name)
	}
	file := append(append(defs, body...), strings.Split(ga.callees, "\n")...)
	file = append(file, "DATA ·gadgetTable+0(SB)/8, $0", "GLOBL ·gadgetTable(SB), RODATA, $2048",
		"GLOBL ·gadgetCell(SB), NOPTR, $8")
	// Each leak's line in the planted file, after planted's two header
	// lines.
	at := map[string]int{}
	for i, l := range file {
		if j := strings.Index(l, "// leak p"); j >= 0 {
			at[l[j+len("// leak "):]] = i + 3
		}
	}
	for i := range ps {
		ps[i].line = at[fmt.Sprintf("p%d", first+i)]
	}
	for _, callee := range regexp.MustCompile(`TEXT ·(\w+)\(SB\)`).FindAllStringSubmatch(ga.callees, -1) {
		names = append(names, callee[1])
	}
	b := kernelchecktest.Planted(t, ga.goarch, strings.Join(file, "\n")+"\n", names)
	b.Env = ga.env
	srcProg, binProg := kernelchecktest.BothPrograms(t, goTool, root, b)
	missed := 0
	for _, p := range ps {
		var flagged [2]bool
		var got [2][]string
		for i, prog := range []*engine.Program{srcProg, binProg} {
			r, err := kernelcheck.CheckFuncs(prog, []string{kernelchecktest.PlantedSymbol(p.name)})
			if err != nil {
				t.Fatalf("%s: %v", p.name, err)
			}
			for _, f := range r.Findings {
				// The args gadgets' leak is in the callee, which branches
				// on what the copy passed it.
				inCallee := p.g.family == fArgs && strings.Contains(f.Func, ".gadgetArg")
				// (By function and line: the go command replays a cached
				// listing with the path of the build that made it.)
				atLine := f.Func == kernelchecktest.PlantedSymbol(p.name) && f.Line == p.line
				if inCallee || atLine {
					flagged[i] = flagged[i] || p.g.wants(f.Reason)
					got[i] = append(got[i], f.Reason)
				}
			}
		}
		counts.Add(p.g.family, flagged[0], flagged[1])
		for i, c := range []kernelchecktest.CheckName{kernelchecktest.SourceCheck, kernelchecktest.CompiledCheck} {
			if !flagged[i] {
				if missed++; missed <= 20 {
					t.Errorf("%s: %s check: gadget %s at %s line %d not caught: want %q at line %d, got %q",
						ga.goarch, c, p.g.id(), p.s.fn, p.s.line, p.g.want, p.line, got[i])
					if os.Getenv("CTEQUAL_GADGET_DEBUG") != "" {
						r, _ := kernelcheck.CheckFuncs([]*engine.Program{srcProg, binProg}[i], []string{kernelchecktest.PlantedSymbol(p.name)})
						for _, f := range r.Findings {
							t.Logf("  %s", f)
						}
					}
				}
			}
		}
	}
	if missed > 20 {
		t.Errorf("%s: %d more missed", ga.goarch, missed-20)
	}
}
