package ctcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Leak-gadget testing of the source model, the way internal/mutate tests
// the kernels: every gadget of the library below is planted at the start
// of every basic block of every function of the shipped kernels, on a
// secret that is live there, and each planted copy must draw the
// gadget's finding at the gadget's marked line. go test runs a fixed
// sample of the (gadget, site) pairs; CTEQUAL_GADGETS=all runs them all:
//
//	CTEQUAL_GADGETS=all go test ./internal/ctcheck -run Gadget -v

// gadgetKernels are the shipped kernels the gadgets are planted in, by
// architecture.
var gadgetKernels = map[string]string{
	"amd64": filepath.Join(kernelsDir, "equal_amd64.s"),
	"arm64": filepath.Join(kernelsDir, "equal_arm64.s"),
}

// A gadget is a few instructions that leak a secret. In its code, {S} is
// a general register that holds a secret (a 64-bit name; {S8} is its low
// byte on amd64), {v} the number of a vector register that holds one,
// {T}, {U} and {W} are scratch general registers ({T8}: a byte), {L} is a
// label after the gadget, and "// leak" marks the instruction that must
// draw a finding whose reason contains want.
type gadget struct {
	name string
	want string
	code string
}

const (
	wBranch  = "conditional branch on secret"
	wAddr    = "memory address depends on secret"
	wLatency = "variable-latency instruction on secret data"
	wClosed  = "not modelled (fail closed)"
	wJump    = "indirect jump"
)

// The amd64 library. Where a gadget is about one instruction's rule, the
// code around it makes every other way to the finding public (XORL r, r
// clears the flags), so that the gadget fails if that rule is broken.
var amd64Gadgets = []gadget{
	// Branches on flags computed from a secret.
	{"jcc/test", wBranch, "TESTQ {S}, {S}\nJNE {L} // leak"},
	{"jcc/cmp", wBranch, "CMPQ {S}, $0x10\nJA {L} // leak"},
	{"jcc/cmpb", wBranch, "CMPB {S8}, $0x00\nJEQ {L} // leak"},
	{"jcc/add-carry", wBranch, "ADDQ $0x1, {S}\nJCS {L} // leak"},
	{"jcc/and", wBranch, "ANDQ $0x1, {S}\nJNZ {L} // leak"},
	{"jcc/xor", wBranch, "XORQ {S}, {T}\nJZ {L} // leak"},
	{"jcc/sub", wBranch, "SUBQ {S}, {T}\nJLT {L} // leak"},
	{"jcc/shift", wBranch, "SHRQ $0x3f, {S}\nJNZ {L} // leak"},
	{"jcc/neg", wBranch, "NEGQ {S}\nJCS {L} // leak"},
	{"jcc/bt", wBranch, "BTQ $0x3, {S}\nJCS {L} // leak"},
	{"jcc/vptest", wBranch, "VPTEST Y{v}, Y{v}\nJNE {L} // leak"},
	{"jcc/ptest", wBranch, "PTEST X{v}, X{v}\nJEQ {L} // leak"},
	{"jcc/kortest", wBranch, "VPTESTMD Z{v}, Z{v}, K2\nKORTESTW K2, K2\nJNE {L} // leak"},
	{"jcc/vpmovmskb", wClosed, "VPMOVMSKB Y{v}, {T} // leak\nTESTL {T}, {T}\nJNZ {L}"},
	// Branches on a secret CX.
	{"cx/jcxzq", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nJCXZQ {L} // leak"},
	{"cx/jcxzl", wBranch, "XORL {T}, {T}\nMOVL {S}, CX\nJCXZL {L} // leak"},
	{"cx/jcxzw", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nJCXZW {L} // leak"},
	{"cx/loop", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nLOOP {L} // leak"},
	{"cx/loopeq", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nLOOPEQ {L} // leak"},
	{"cx/loopne", wBranch, "XORL {T}, {T}\nMOVQ {S}, CX\nLOOPNE {L} // leak"},
	{"cx/loopne-flags", wBranch, "TESTQ {S}, {S}\nMOVQ $0x10, CX\nLOOPNE {L} // leak"},
	// Chains from the flags to a register to a branch.
	{"chain/setcc", wBranch, "TESTQ {S}, {S}\nSETNE {T8}\nMOVBQZX {T8}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/setcc-jcxz", wBranch, "TESTQ {S}, {S}\nSETNE CL\nMOVBQZX CL, CX\nXORL {U}, {U}\nJCXZQ {L} // leak"},
	{"chain/sbb", wBranch, "NEGQ {S}\nSBBQ {T}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/sbbl", wBranch, "NEGL {S}\nSBBL {T}, {T}\nXORL {U}, {U}\nTESTL {T}, {T}\nJNZ {L} // leak"},
	{"chain/adc", wBranch, "NEGQ {S}\nMOVL $0x0, {T}\nADCQ {T}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/adc-imm", wBranch, "NEGQ {S}\nMOVQ $0x0, {T}\nADCQ $0x0, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/rcl", wBranch, "NEGQ {S}\nMOVQ $0x0, {T}\nRCLQ $0x1, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/rcr", wBranch, "NEGQ {S}\nMOVQ $0x0, {T}\nRCRQ $0x1, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/cmov", wBranch, "TESTQ {S}, {S}\nMOVQ $0x0, {T}\nMOVQ $0x1, {U}\nCMOVQNE {U}, {T}\nXORL {W}, {W}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	{"chain/bt-setcc", wBranch, "BTQ $0x0, {S}\nSETCS {T8}\nXORL {U}, {U}\nTESTB {T8}, {T8}\nJNZ {L} // leak"},
	{"chain/vector", wBranch, "VMOVQ X{v}, {T}\nXORL {U}, {U}\nTESTQ {T}, {T}\nJNZ {L} // leak"},
	// Jumps and calls to a secret address.
	{"jump/register", wJump, "JMP {S} // leak"},
	{"jump/table", wJump, "LEAQ ·gadgetTable(SB), {T}\nJMP ({T})({S}*8) // leak"},
	{"jump/call", wClosed, "CALL {S} // leak"},
	// Memory addressed by a secret.
	{"addr/load-index", wAddr, "LEAQ ·gadgetTable(SB), {T}\nMOVQ ({T})({S}*8), {U} // leak"},
	{"addr/load-base", wAddr, "MOVBQZX ({S}), {T} // leak"},
	{"addr/load-disp", wAddr, "MOVL 0x40({S}), {T} // leak"},
	{"addr/store-index", wAddr, "LEAQ ·gadgetTable(SB), {U}\nMOVQ {T}, ({U})({S}*1) // leak"},
	{"addr/store-base", wAddr, "MOVQ {T}, ({S}) // leak"},
	{"addr/global-index", wAddr, "MOVQ ·gadgetTable(SB)({S}*8), {T} // leak"},
	{"addr/pc-relative", wAddr, "MOVL gadgetTable<>(SB)({S}*4), {T} // leak"},
	{"addr/lea-then-load", wAddr, "LEAQ ·gadgetTable(SB), {T}\nLEAQ ({T})({S}*8), {U}\nMOVQ ({U}), {W} // leak"},
	{"addr/after-mask", wAddr, "ANDQ $0xff, {S}\nLEAQ ·gadgetTable(SB), {T}\nMOVBQZX ({T})({S}*1), {U} // leak"},
	{"addr/after-shift", wAddr, "SHRQ $0x38, {S}\nMOVBLZX ·gadgetTable(SB)({S}*1), {T} // leak"},
	{"addr/cmov-load", wAddr, "TESTQ {T}, {T}\nCMOVQNE ({S}), {T} // leak"},
	{"addr/vector-load", wAddr, "LEAQ ·gadgetTable(SB), {T}\nVMOVDQU ({T})({S}*1), Y14 // leak"},
	{"addr/vector-xor", wAddr, "LEAQ ·gadgetTable(SB), {T}\nVPXOR ({T})({S}*1), Y13, Y14 // leak"},
	{"addr/bt-mem", wAddr, "BTQ {S}, ·gadgetTable(SB) // leak"},
	{"addr/btl-mem", wAddr, "LEAQ ·gadgetTable(SB), {T}\nBTL {S}, ({T}) // leak"},
	{"addr/bts-mem", wAddr, "BTSQ {S}, ·gadgetTable(SB) // leak"},
	{"addr/btr-mem", wAddr, "BTRQ {S}, ·gadgetTable(SB) // leak"},
	{"addr/btc-mem", wAddr, "BTCL {S}, ·gadgetTable(SB) // leak"},
	{"addr/gather-dd", wClosed, "LEAQ ·gadgetTable(SB), {T}\nVPCMPEQB Y12, Y12, Y12\nVPGATHERDD Y12, ({T})(Y{v}*4), Y14 // leak"},
	{"addr/gather-qq", wClosed, "LEAQ ·gadgetTable(SB), {T}\nVPCMPEQB Y12, Y12, Y12\nVPGATHERQQ Y12, ({T})(Y{v}*8), Y14 // leak"},
	{"addr/prefetch", wClosed, "PREFETCHT0 ({S}) // leak"},
	// Variable-latency instructions on a secret.
	{"latency/divq-divisor", wLatency, "MOVQ {S}, {T}\nMOVQ $0x7, AX\nXORL DX, DX\nDIVQ {T} // leak"},
	{"latency/divq-dividend", wLatency, "MOVQ {S}, AX\nXORL DX, DX\nMOVQ $0x7, {T}\nDIVQ {T} // leak"},
	{"latency/divq-high", wLatency, "MOVQ {S}, DX\nMOVQ $0x7, AX\nMOVQ $0x9, {T}\nDIVQ {T} // leak"},
	{"latency/idivq", wLatency, "MOVQ {S}, {T}\nMOVQ $0x7, AX\nXORL DX, DX\nIDIVQ {T} // leak"},
	{"latency/divl", wLatency, "MOVQ {S}, {T}\nMOVQ $0x7, AX\nXORL DX, DX\nDIVL {T} // leak"},
	{"latency/idivl", wLatency, "MOVQ {S}, {T}\nMOVQ $0x7, AX\nXORL DX, DX\nIDIVL {T} // leak"},
	{"latency/sqrtsd", wLatency, "MOVQ {S}, X13\nSQRTSD X13, X14 // leak"},
	{"latency/sqrtps", wLatency, "SQRTPS X{v}, X14 // leak"},
	{"latency/vsqrtpd", wLatency, "VSQRTPD Y{v}, Y14 // leak"},
	{"latency/divsd", wLatency, "MOVQ {S}, X13\nDIVSD X13, X14 // leak"},
	{"latency/vdivps", wLatency, "VDIVPS Y{v}, Y13, Y14 // leak"},
	{"latency/pdepq", wLatency, "PDEPQ {S}, {T}, {U} // leak"},
	{"latency/pextq-mask", wLatency, "PEXTQ {T}, {S}, {U} // leak"},
	{"latency/pdepl", wLatency, "PDEPL {T}, {S}, {U} // leak"},
}

// The arm64 library.
var arm64Gadgets = []gadget{
	// Branches on flags computed from a secret.
	{"bcc/cmp", wBranch, "CMP $0, {S}\nBEQ {L} // leak"},
	{"bcc/cmp-reg", wBranch, "CMP {S}, {T}\nBHI {L} // leak"},
	{"bcc/tst", wBranch, "TST $1, {S}\nBNE {L} // leak"},
	{"bcc/subs", wBranch, "SUBS $1, {S}, {T}\nBMI {L} // leak"},
	{"bcc/subs-2", wBranch, "SUBS $1, {S}\nBLT {L} // leak"},
	{"bcc/adcs", wBranch, "ADCS {S}, {T}, {U}\nBCS {L} // leak"},
	{"bcc/adds", wClosed, "ADDS $1, {S}, {T} // leak\nBCS {L}"},
	{"bcc/vector", wBranch, "VMOV V{v}.D[1], {T}\nCMP $0, {T}\nBGE {L} // leak"},
	// Branches on a secret register.
	{"reg/cbz", wBranch, "CBZ {S}, {L} // leak"},
	{"reg/cbnz", wBranch, "CBNZ {S}, {L} // leak"},
	{"reg/cbzw", wBranch, "CBZW {S}, {L} // leak"},
	{"reg/cbnzw", wBranch, "CBNZW {S}, {L} // leak"},
	{"reg/tbz", wBranch, "TBZ $0, {S}, {L} // leak"},
	{"reg/tbnz", wBranch, "TBNZ $63, {S}, {L} // leak"},
	// Chains from the flags to a register to a branch.
	{"chain/cset", wBranch, "CMP $0, {S}\nCSET EQ, {T}\nCBNZ {T}, {L} // leak"},
	{"chain/csetm", wBranch, "TST $1, {S}\nCSETM NE, {T}\nCBZ {T}, {L} // leak"},
	{"chain/csel", wBranch, "CMP $0, {S}\nMOVD $1, {T}\nCSEL EQ, {T}, ZR, {U}\nCBZ {U}, {L} // leak"},
	{"chain/csel-value", wBranch, "CSEL EQ, {S}, ZR, {U}\nCBZ {U}, {L} // leak"},
	{"chain/csinc", wBranch, "CMP $0, {S}\nCSINC EQ, ZR, ZR, {U}\nCBZ {U}, {L} // leak"},
	{"chain/csinv", wBranch, "CMP $0, {S}\nCSINV NE, ZR, ZR, {U}\nTBZ $0, {U}, {L} // leak"},
	{"chain/csneg", wBranch, "CMP $0, {S}\nMOVD $1, {T}\nCSNEG NE, {T}, {T}, {U}\nTBNZ $63, {U}, {L} // leak"},
	{"chain/adc", wBranch, "CMP $1, {S}\nADC ZR, ZR, {U}\nCBNZ {U}, {L} // leak"},
	{"chain/sbc-self", wBranch, "CMP $1, {S}\nSBC {U}, {U}, {U}\nCBNZ {U}, {L} // leak"},
	{"chain/adcs", wBranch, "CMP $1, {S}\nADCS ZR, ZR, {U}\nCBNZ {U}, {L} // leak"},
	{"chain/sbcs-self", wBranch, "CMP $1, {S}\nSBCS {U}, {U}, {U}\nCBZ {U}, {L} // leak"},
	{"chain/vector", wBranch, "VMOV V{v}.D[0], {T}\nCBNZ {T}, {L} // leak"},
	{"chain/uaddlv", wClosed, "VUADDLV V{v}.B16, V28 // leak\nVMOV V28.D[0], {T}\nCBNZ {T}, {L}"},
	{"chain/ubfx", wBranch, "UBFX $3, {S}, $1, {T}\nCBNZ {T}, {L} // leak"},
	// Jumps and calls to a secret address.
	{"jump/register", wJump, "JMP ({S}) // leak"},
	{"jump/call", wClosed, "CALL ({S}) // leak"},
	// Memory addressed by a secret.
	{"addr/load-index", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}), {U} // leak"},
	{"addr/load-scaled", wAddr, "MOVD $·gadgetTable(SB), {T}\nMOVD ({T})({S}<<3), {U} // leak"},
	{"addr/load-base", wAddr, "MOVBU ({S}), {T} // leak"},
	{"addr/load-word", wAddr, "MOVWU 8({S}), {T} // leak"},
	{"addr/load-half", wAddr, "MOVHU.P 2({S}), {T} // leak"},
	{"addr/load-post", wAddr, "MOVD.P 8({S}), {T} // leak"},
	{"addr/store-base", wAddr, "MOVD {T}, ({S}) // leak"},
	{"addr/store-byte", wAddr, "MOVB {T}, 1({S}) // leak"},
	{"addr/store-index", wAddr, "MOVD $·gadgetTable(SB), {U}\nMOVD {T}, ({U})({S}) // leak"},
	{"addr/pair", wAddr, "FLDPQ ({S}), (F28, F29) // leak"},
	{"addr/vld1", wAddr, "VLD1 ({S}), [V28.B16] // leak"},
	{"addr/vld1-post", wAddr, "VLD1.P 16({S}), [V28.B16, V29.B16] // leak"},
	{"addr/after-mask", wAddr, "AND $255, {S}\nMOVD $·gadgetTable(SB), {T}\nMOVBU ({T})({S}), {U} // leak"},
	{"addr/after-shift", wAddr, "LSR $56, {S}\nMOVD $·gadgetTable(SB), {T}\nMOVBU ({T})({S}), {U} // leak"},
	{"addr/after-ubfx", wAddr, "UBFX $8, {S}, $8, {T}\nMOVD $·gadgetTable(SB), {U}\nMOVBU ({U})({T}), {W} // leak"},
	{"addr/computed", wAddr, "MOVD $·gadgetTable(SB), {T}\nADD {S}, {T}, {U}\nMOVD ({U}), {W} // leak"},
	{"addr/vector-lane", wAddr, "VMOV V{v}.D[1], {T}\nMOVD $·gadgetTable(SB), {U}\nMOVBU ({U})({T}), {W} // leak"},
	{"addr/vst1", wClosed, "VST1 [V28.B16], ({S}) // leak"},
	{"addr/prefetch", wClosed, "PRFM ({S}), PLDL1KEEP // leak"},
	{"addr/ldp", wClosed, "LDP ({S}), ({T}, {U}) // leak"},
	// Variable-latency instructions on a secret.
	{"latency/udiv-divisor", wLatency, "MOVD $7, {T}\nUDIV {S}, {T}, {U} // leak"},
	{"latency/udiv-dividend", wLatency, "MOVD $7, {T}\nUDIV {T}, {S}, {U} // leak"},
	{"latency/udiv-2", wLatency, "MOVD $7, {T}\nUDIV {S}, {T} // leak"},
	{"latency/sdiv", wLatency, "MOVD $7, {T}\nSDIV {S}, {T}, {U} // leak"},
	{"latency/udivw", wLatency, "MOVD $7, {T}\nUDIVW {T}, {S}, {U} // leak"},
	{"latency/sdivw", wLatency, "MOVD $7, {T}\nSDIVW {S}, {T}, {U} // leak"},
	{"latency/fsqrtd", wLatency, "FSQRTD F{v}, F28 // leak"},
	{"latency/fsqrts", wLatency, "FSQRTS F{v}, F28 // leak"},
	{"latency/fdivd", wLatency, "FDIVD F{v}, F27, F28 // leak"},
	{"latency/fdivs", wLatency, "FDIVS F27, F{v}, F28 // leak"},
}

// gadgetArch is what planting needs of an architecture.
type gadgetArch struct {
	a       *arch
	gadgets []gadget
	gp      []string // the general registers, in the order a secret is looked for
	scratch []string // scratch registers, in the order they are taken
	// loadGP loads a secret into r where no register holds one: from the
	// first input.
	loadGP func(r string) []string
	// fromVec moves a secret vector register's low lane to r; toVec a
	// secret r to vector register v.
	fromVec func(v int, r string) string
	toVec   func(r string, v int) string
	byte    func(r string) string
	spare   string // the general register that receives a secret that is not in one
	spareV  int    // the vector register that receives one
}

var gadgetArchs = map[string]*gadgetArch{
	"amd64": {
		a: amd64, gadgets: amd64Gadgets,
		gp:      strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R14 R15"),
		scratch: strings.Fields("R11 R12 R13 R10 R9 R8 BX SI DI"),
		loadGP: func(r string) []string {
			return []string{"MOVQ x_base+0(FP), " + r, "MOVQ (" + r + "), " + r}
		},
		fromVec: func(v int, r string) string { return fmt.Sprintf("VMOVQ X%d, %s", v, r) },
		toVec:   func(r string, v int) string { return fmt.Sprintf("VMOVQ %s, X%d", r, v) },
		byte: func(r string) string {
			if strings.HasPrefix(r, "R") {
				return r + "B"
			}
			if b := map[string]string{"AX": "AL", "BX": "BL", "CX": "CL", "DX": "DL"}[r]; b != "" {
				return b
			}
			return r + "B" // SIB, DIB, BPB
		},
		spare: "R15", spareV: 15,
	},
	"arm64": {
		a: arm64, gadgets: arm64Gadgets,
		gp:      numbered("R", 0, 27),
		scratch: strings.Fields("R20 R21 R22 R23 R24 R25"),
		loadGP: func(r string) []string {
			return []string{"MOVD x_base+0(FP), " + r, "MOVD (" + r + "), " + r}
		},
		fromVec: func(v int, r string) string { return fmt.Sprintf("VMOV V%d.D[0], %s", v, r) },
		toVec:   func(r string, v int) string { return fmt.Sprintf("VMOV %s, V%d.D[0]", r, v) },
		byte:    func(r string) string { return r },
		spare:   "R19", spareV: 31,
	},
}

// A site is the start of a basic block: the instruction a gadget goes
// before, and the state there.
type site struct {
	fn   string
	line int // the source line of the block's first instruction
	st   state
}

// sites returns the start of every basic block of every function of src.
func sites(t *testing.T, src string, a *arch) []site {
	t.Helper()
	funcs, err := parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var out []site
	for _, f := range funcs {
		in := fixpoint(f, a)
		leader := map[int]bool{0: true}
		for _, i := range f.labels {
			leader[i] = true
		}
		for i, ins := range f.instrs {
			if e := a.step(ins, in[i].clone()); e.branch || e.terminal {
				leader[i+1] = true
			}
		}
		for i, ins := range f.instrs {
			if leader[i] {
				out = append(out, site{fn: f.name, line: ins.line, st: in[i]})
			}
		}
	}
	return out
}

// plant returns src with g's code before the instruction at s.line, and
// the line of the gadget's leak in the result.
func plant(t *testing.T, ga *gadgetArch, src string, s site, g gadget, id int) (string, int) {
	t.Helper()
	var prefix []string
	gp := ""
	for _, r := range ga.gp {
		if loc, _, ok := ga.a.regLoc(r); ok && s.st[loc] {
			gp = r
			break
		}
	}
	vec := -1
	for v := range 32 {
		if s.st[fmt.Sprintf("V%d", v)] {
			vec = v
			break
		}
	}
	code := g.code
	if strings.Contains(code, "{S") || strings.Contains(code, "{v}") && vec < 0 {
		if gp == "" {
			gp = ga.spare
			if vec >= 0 {
				prefix = append(prefix, ga.fromVec(vec, gp))
			} else {
				prefix = append(prefix, ga.loadGP(gp)...)
			}
		}
	}
	if strings.Contains(code, "{v}") && vec < 0 {
		vec = ga.spareV
		prefix = append(prefix, ga.toVec(gp, vec))
	}
	var scratch []string
	for _, r := range ga.scratch {
		if r != gp {
			scratch = append(scratch, r)
		}
	}
	label := fmt.Sprintf("gadget%d_end", id)
	code = strings.NewReplacer("{S8}", ga.byte(gp), "{S}", gp, "{v}", fmt.Sprint(vec),
		"{T8}", ga.byte(scratch[0]), "{T}", scratch[0], "{U}", scratch[1], "{W}", scratch[2], "{L}", label).Replace(code)
	lines := strings.Split(src, "\n")
	var out []string
	leak := 0
	out = append(out, lines[:s.line-1]...)
	out = append(out, prefix...)
	for _, l := range strings.Split(code, "\n") {
		out = append(out, "\t"+l)
		if strings.HasSuffix(l, "// leak") {
			leak = len(out)
		}
	}
	if strings.Contains(g.code, "{L}") {
		out = append(out, label+":")
	}
	out = append(out, lines[s.line-1:]...)
	if leak == 0 {
		t.Fatalf("gadget %s: no line marked // leak", g.name)
	}
	return strings.Join(out, "\n"), leak
}

// regLoc is the architecture's register names, for planting.
func (a *arch) regLoc(r string) (string, bool, bool) {
	if a == amd64 {
		return amd64Reg(r)
	}
	return arm64Reg(r)
}

// gadgetSample reports whether the default run plants gadget g at site s:
// about one pair in 13, every gadget at several sites and every site with
// several gadgets.
func gadgetSample(g, s int) bool { return (7*g+s)%13 == 0 }

// TestGadgets plants every gadget at every site (a sample of them unless
// CTEQUAL_GADGETS=all), and fails for each planted copy whose leak the
// source model does not report where it is.
func TestGadgets(t *testing.T) {
	all := os.Getenv("CTEQUAL_GADGETS") == "all"
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			ga := gadgetArchs[arch]
			if len(ga.gadgets) < 30 {
				t.Errorf("%d gadgets, want at least 30", len(ga.gadgets))
			}
			path := gadgetKernels[arch]
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(text)
			ss := sites(t, src, ga.a)
			planted, missed := 0, 0
			names := map[string]bool{}
			for gi, g := range ga.gadgets {
				if names[g.name] {
					t.Errorf("gadget %s twice", g.name)
				}
				names[g.name] = true
				for si, s := range ss {
					if !all && !gadgetSample(gi, si) {
						continue
					}
					out, leak := plant(t, ga, src, s, g, planted)
					planted++
					findings, err := check(filepath.Base(path), out, ga.a)
					if err != nil {
						t.Fatalf("%s at %s line %d: %v", g.name, s.fn, s.line, err)
					}
					var at []string
					caught := false
					for _, f := range findings {
						if f.Line == leak {
							at = append(at, f.Reason)
							caught = caught || strings.Contains(f.Reason, g.want)
						}
					}
					if !caught {
						missed++
						if missed <= 20 {
							t.Errorf("%s: gadget %s at %s line %d not caught: want %q at line %d, got %q",
								arch, g.name, s.fn, s.line, g.want, leak, at)
						}
					}
				}
			}
			if missed > 0 {
				t.Errorf("%s: %d of %d planted gadgets not caught", arch, missed, planted)
			}
			what := "a fixed sample"
			if all {
				what = "all"
			}
			t.Logf("%s: %d gadgets x %d sites, %d planted (%s), %d flagged", arch, len(ga.gadgets), len(ss), planted, what, planted-missed)
		})
	}
}
