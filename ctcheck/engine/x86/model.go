// Package x86 is ctcheck's model of amd64 and 386: the step of each
// instruction, the listing's and GNU objdump's readers, and the records
// AMD64 and I386.
package x86

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// x86 (amd64 and 386): the model and its listing hook. The canonical form
// is Intel's: its mnemonics (JB, not Go's JCS; MOVZX, not MOVBQZX; one
// ADD whatever the width), its operand order (the destination first),
// the width of each operand in the operand, and an AVX-512 opmask as the
// instruction's Mask. The disassembly front end (gnu.go) reads GNU
// objdump's Intel syntax into it; the listing hook below translates Go's
// names.
//
// Locations: the general registers by their 64-bit Go names (AX ... R15,
// SP), whatever part is named; each vector register as eight lanes of 8
// bytes (X5.0 ... X5.7: XMM is lanes 0-1, YMM 0-3, ZMM 0-7), so that a
// write of part of a register keeps the rest's level; the opmasks K0-K7;
// the flags, FLAGS.

var x86GP = strings.Fields("AX CX DX BX SP BP SI DI R8 R9 R10 R11 R12 R13 R14 R15")

// x86Regs are the register locations of amd64 and 386: what a call the
// analysis cannot see may change.
func x86Regs() []string {
	var regs []string
	for _, r := range x86GP {
		if r != "SP" {
			regs = append(regs, r)
		}
	}
	for v := range 32 {
		for l := range 8 {
			regs = append(regs, fmt.Sprintf("X%d.%d", v, l))
		}
	}
	for k := range 8 {
		regs = append(regs, fmt.Sprintf("K%d", k))
	}
	return append(regs, x86ZF, x86CF)
}

// The flags are two locations: the carry flag, and the rest (ZF, SF, OF,
// PF, AF). INC and DEC keep the carry and write the rest; ADC, SBB, RCL,
// RCR, JB and JAE read the carry alone; JE, JL and the like the rest
// alone. So DECQ R15; JNZ loop after ADCQ of secrets is no branch on a
// secret (x/crypto's poly1305 on amd64).
const (
	x86CF = "FLAGS.cf"
	x86ZF = "FLAGS.zf"
)

// x86CFOnly are the conditions that read the carry flag alone, and
// x86CFToo those that read it and the others.
var (
	x86CFOnly = engine.OpSet("B", "AE")
	x86CFToo  = engine.OpSet("BE", "A")
)

// condFlags is the level of the flags that condition c (of Jcc, SETcc,
// CMOVcc: "E", "B", ...) reads.
func (m x86m) condFlags(c string) engine.Level {
	switch {
	case x86CFOnly[c]:
		return m.Reg(x86CF)
	case x86CFToo[c]:
		return max(m.Reg(x86CF), m.Reg(x86ZF))
	}
	return m.Reg(x86ZF)
}

// allFlags is the level of every flag.
func (m x86m) allFlags() engine.Level { return max(m.Reg(x86ZF), m.Reg(x86CF)) }

// x86GoReg names a register as Go's assembler prints it. The general
// registers' width is the instruction's (0), but for the byte names.
func x86GoReg(r string) (loc string, width, off int, ok bool) {
	switch r {
	case "TLS":
		return engine.TLSBase, 0, 0, true
	case "AL", "CL", "DL", "BL":
		return r[:1] + "X", 1, 0, true
	case "AH", "CH", "DH", "BH":
		// Not read: in an instruction with a REX prefix (one that names
		// R8B or SIB, say) the assembler encodes SPL, BPL, SIL or DIL
		// where the listing prints AH, CH, DH or BH. The compiled check
		// decodes what was encoded.
		return "", 0, 0, false
	case "SPB", "BPB", "SIB", "DIB":
		return r[:2], 1, 0, true
	}
	for _, g := range x86GP {
		if r == g {
			return r, 0, 0, true
		}
		if r == g+"B" && strings.HasPrefix(g, "R") {
			return g, 1, 0, true
		}
	}
	if len(r) >= 2 && (r[0] == 'X' || r[0] == 'Y' || r[0] == 'Z') {
		if n, err := strconv.Atoi(r[1:]); err == nil && n >= 0 && n < 32 {
			return "X" + r[1:], map[byte]int{'X': 16, 'Y': 32, 'Z': 64}[r[0]], 0, true
		}
	}
	if len(r) == 2 && r[0] == 'K' && r[1] >= '0' && r[1] <= '7' {
		return r, 8, 0, true
	}
	return "", 0, 0, false
}

// x86FrameArg: on x86 the listing prints every stack operand at its
// offset from the hardware stack pointer, where the assembler put it.
func x86FrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	return engine.Arg{Kind: engine.ArgMem, Reg: "SP", Imm: off}, nil
}

// Go's names that are not Intel's, and their width where they have one.
var x86GoNames = map[string]struct {
	op string
	w  int
}{
	"MOVBQZX": {"MOVZX", 8}, "MOVBLZX": {"MOVZX", 4}, "MOVBWZX": {"MOVZX", 2}, "MOVWQZX": {"MOVZX", 8}, "MOVWLZX": {"MOVZX", 4},
	"MOVBQSX": {"MOVSX", 8}, "MOVBLSX": {"MOVSX", 4}, "MOVBWSX": {"MOVSX", 2}, "MOVWQSX": {"MOVSX", 8}, "MOVWLSX": {"MOVSX", 4},
	"MOVLQSX": {"MOVSXD", 8}, "MOVLQZX": {"MOV", 4},
	"MOVOU": {"MOVDQU", 16}, "MOVO": {"MOVDQA", 16}, "PSHUFL": {"PSHUFD", 16},
	"PADDL": {"PADDD", 16}, "PSUBL": {"PSUBD", 16}, "PSLLL": {"PSLLD", 16}, "PSRLL": {"PSRLD", 16}, "PSRAL": {"PSRAD", 16},
	"PSLLO": {"PSLLDQ", 16}, "PSRLO": {"PSRLDQ", 16}, "PUNPCKLLQ": {"PUNPCKLDQ", 16}, "PUNPCKHLQ": {"PUNPCKHDQ", 16},
	"PMULULQ": {"PMULUDQ", 16}, "PCMPEQL": {"PCMPEQD", 16},
	"IMUL3Q": {"IMUL", 8}, "IMUL3L": {"IMUL", 4}, "IMUL3W": {"IMUL", 2},
	"JCXZL": {"JECXZ", 4}, "JCXZQ": {"JRCXZ", 8}, "JCXZW": {"JCXZ", 2}, "LOOPEQ": {"LOOPE", 0},
	"CQO": {"CQO", 8}, "CDQ": {"CDQ", 4}, "CWD": {"CWD", 2}, "CDQE": {"CDQE", 8}, "CWDE": {"CWDE", 4},
	"CVTSQ2SD": {"CVTSI2SD", 8}, "CVTSL2SD": {"CVTSI2SD", 4}, "CVTTSD2SQ": {"CVTTSD2SI", 8}, "CVTTSD2SL": {"CVTTSD2SI", 4},
}

// x86MemWidth is the width of the memory operand of the vector
// instructions that read or write less than their widest register.
var x86MemWidth = map[string]int{
	"PEXTRB": 1, "PEXTRW": 2, "PEXTRD": 4, "PEXTRQ": 8, "VPEXTRB": 1, "VPEXTRW": 2, "VPEXTRD": 4, "VPEXTRQ": 8,
	"PINSRB": 1, "PINSRW": 2, "PINSRD": 4, "PINSRQ": 8, "VPINSRB": 1, "VPINSRW": 2, "VPINSRD": 4, "VPINSRQ": 8,
	"EXTRACTPS": 4, "VEXTRACTPS": 4, "MOVSD": 8, "MOVSS": 4, "VMOVSD": 8, "VMOVSS": 4,
	"MOVLPS": 8, "MOVHPS": 8, "MOVLPD": 8, "MOVHPD": 8, "VMOVLPS": 8, "VMOVHPS": 8,
	"VEXTRACTI128": 16, "VEXTRACTF128": 16, "VBROADCASTI128": 16, "VEXTRACTI32X4": 16, "VEXTRACTI64X2": 16, "VEXTRACTI64X4": 32,
	"VEXTRACTI32X8": 32, "VPBROADCASTB": 1, "VPBROADCASTW": 2, "VPBROADCASTD": 4, "VPBROADCASTQ": 8,
}

// x86FullStore are the vector instructions that store a whole register.
var x86FullStore = engine.OpSet("MOVDQU", "MOVDQA", "MOVUPS", "MOVAPS", "MOVUPD", "MOVAPD", "MOVNTDQ", "VMOVDQU", "VMOVDQA",
	"VMOVDQU8", "VMOVDQU16", "VMOVDQU32", "VMOVDQU64", "VMOVDQA32", "VMOVDQA64", "VMOVUPS", "VMOVAPS", "VMOVNTDQ")

// Go's condition suffixes, as Intel's.
var x86GoCond = map[string]string{
	"CC": "AE", "CS": "B", "EQ": "E", "NE": "NE", "HI": "A", "LS": "BE", "LT": "L", "GE": "GE", "GT": "G", "LE": "LE",
	"MI": "S", "PL": "NS", "OS": "O", "OC": "NO", "PS": "P", "PC": "NP",
	// The aliases Go's assembler also takes.
	"A": "A", "AE": "AE", "B": "B", "BE": "BE", "C": "B", "NC": "AE", "E": "E", "Z": "E", "NZ": "NE", "G": "G", "L": "L",
	"HS": "AE", "LO": "B", "S": "S", "NS": "NS", "O": "O", "NO": "NO", "P": "P", "NP": "NP", "PE": "P", "PO": "NP",
}

// x86Sized are the operations Go names with a width suffix (Q, L, W, B).
var x86Sized = engine.OpSet("ADD", "SUB", "AND", "OR", "XOR", "ADC", "SBB", "CMP", "TEST", "MOV", "LEA", "PUSH", "POP", "NEG", "NOT",
	"INC", "DEC", "SHL", "SHR", "SAR", "ROL", "ROR", "RCL", "RCR", "IMUL", "MUL", "DIV", "IDIV", "BT", "BTS", "BTR", "BTC",
	"XCHG", "BSWAP", "POPCNT", "LZCNT", "TZCNT", "BSF", "BSR", "ANDN", "SHLX", "SHRX", "SARX", "RORX", "PDEP", "PEXT",
	"CMPXCHG", "XADD", "BLSI", "BLSR", "BLSMSK", "BZHI", "MULX", "SHLD", "SHRD", "ADCX", "ADOX", "CMOV")

var x86Width = map[byte]int{'Q': 8, 'L': 4, 'W': 2, 'B': 1}

// x86GoOp translates one of Go's opcodes into Intel's, with the width of
// its general-register operands (0: from the operands).
func x86GoOp(op string) (string, int) {
	if n, ok := x86GoNames[op]; ok {
		return n.op, n.w
	}
	for _, p := range []string{"J", "SET"} {
		if c, ok := x86GoCond[strings.TrimPrefix(op, p)]; ok && strings.HasPrefix(op, p) && op != "JMP" {
			return p + c, 1
		}
	}
	if strings.HasPrefix(op, "CMOV") && len(op) > 5 {
		if w, ok := x86Width[op[4]]; ok {
			if c, ok := x86GoCond[op[5:]]; ok {
				return "CMOV" + c, w
			}
		}
	}
	if n := len(op); n >= 3 {
		if w, ok := x86Width[op[n-1]]; ok && x86Sized[op[:n-1]] {
			return op[:n-1], w
		}
	}
	return op, 0
}

// x86FromListing translates an instruction of the listing: Go's opcode,
// Go's operand order (sources first), an AVX-512 opmask as the operand
// before the destination, and its .Z suffix.
func x86FromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	op, suffix, _ := strings.Cut(in.Op, ".")
	for _, s := range strings.Split(suffix, ".") {
		switch s {
		case "":
		case "Z":
			in.Zero = true
		case "BCST":
			// an embedded broadcast: the memory operand is one element
		default:
			return fmt.Errorf("suffix %s", s)
		}
	}
	if op == "PUSHW" || op == "POPW" || op == "PUSHWL" || op == "POPWL" {
		// A 16-bit push moves the stack pointer by 2: not modelled.
		return fmt.Errorf("16-bit %s", op)
	}
	if op == "XCHGL" && len(args) == 2 && args[0] == "AX" && args[1] == "AX" {
		op, args = "NOP", nil // 0x90, Go's padding
	}
	if (op == "DUFFZERO" || op == "DUFFCOPY") && len(args) == 1 && strings.HasPrefix(args[0], "$") {
		// A call of the runtime's Duff's device at an offset, as the
		// binary has it: CALL runtime.duffzero+0x70.
		off, err := strconv.ParseInt(args[0][1:], 0, 64)
		if err != nil {
			return fmt.Errorf("%s %s", op, args[0])
		}
		in.Op, in.Args = "CALL", []engine.Arg{{Kind: engine.ArgSym, Sym: fmt.Sprintf("runtime.%s+%#x", strings.ToLower(op), off)}}
		return nil
	}
	iop, w := x86GoOp(op)
	in.Op = iop
	var parsed []engine.Arg
	for _, s := range args {
		a, err := x86ListingArg(f, s)
		if err != nil {
			return err
		}
		if (iop == "CALL" || iop == "JMP" || x86Jcc[iop]) && a.Kind == engine.ArgMem && a.Global && a.Sym != "" && isBranchSym(s) {
			a = engine.Arg{Kind: engine.ArgSym, Sym: f.CallTarget(a.Sym)} // a direct call or jump: CALL sym(SB)
		}
		parsed = append(parsed, a)
	}
	// The opmask: the operand before the destination of a V instruction.
	if n := len(parsed); strings.HasPrefix(iop, "V") && n >= 3 && parsed[n-2].Kind == engine.ArgReg && parsed[n-2].Reg[0] == 'K' {
		in.Mask = parsed[n-2].Reg
		parsed = append(parsed[:n-2], parsed[n-1])
	}
	// Widths: a general register, and a memory operand, take the
	// instruction's, or the widest vector register's.
	vec := 0
	for _, a := range parsed {
		if a.Kind == engine.ArgReg && a.Reg[0] == 'X' {
			vec = max(vec, a.Width)
		}
	}
	memWidth, exact := x86MemWidth[iop]
	for i := range parsed {
		a := &parsed[i]
		switch {
		case a.Kind == engine.ArgMem && exact:
			a.Width = memWidth
		case a.Kind == engine.ArgMem && a.Width == 0 && w == 0 && vec != 0 && i == len(parsed)-1 && !x86FullStore[iop]:
			// A store from a vector register whose width the listing
			// does not say: a guess too wide would overwrite the levels
			// of bytes the instruction leaves alone.
			return fmt.Errorf("store width of %s", op)
		case a.Kind == engine.ArgReg && a.Width == 0 && a.Reg[0] != 'X' && a.Reg[0] != 'K':
			switch {
			case w != 0:
				a.Width = w
			case iop == "MOVQ" || iop == "VMOVQ" || iop == "MOVD" || iop == "VMOVD":
				a.Width = 8
			default:
				a.Width = 8
			}
		case a.Kind == engine.ArgMem && a.Width == 0:
			a.Width = w
			if vec != 0 {
				a.Width = vec
			}
		}
	}
	// MOVQ and MOVL between a general and a vector register, or a vector
	// register and memory: Intel's MOVQ and MOVD.
	if (iop == "MOV") && vec != 0 {
		switch w {
		case 8:
			in.Op = "MOVQ"
		case 4:
			in.Op = "MOVD"
		}
		for i := range parsed {
			if parsed[i].Kind == engine.ArgMem || parsed[i].Kind == engine.ArgReg && parsed[i].Reg[0] != 'X' {
				parsed[i].Width = w
			}
		}
	}
	if (in.Op == "MOVZX" || in.Op == "MOVSX" || in.Op == "MOVSXD") && len(parsed) == 2 {
		// MOVBQZX: the source is a byte, MOVW..ZX a word, MOVLQSX a
		// double word; the destination is the width.
		src := map[byte]int{'B': 1, 'W': 2, 'L': 4}[op[3]]
		if parsed[0].Kind != engine.ArgReg || parsed[0].Width == 0 || parsed[0].Width == w {
			parsed[0].Width = src
		}
	}
	if (iop == "SHL" || iop == "SHR" || iop == "SAR" || iop == "ROL" || iop == "ROR" || iop == "RCL" || iop == "RCR" ||
		iop == "SHLD" || iop == "SHRD") && len(parsed) >= 2 && parsed[0].IsReg("CX") {
		parsed[0].Width = 1 // the count: CL
	}
	// Go's order is Intel's reversed, but CMP's, which is Intel's
	// (CMPQ R8, DX: R8 - DX).
	for i, j := 0, len(parsed)-1; i < j && iop != "CMP"; i, j = i+1, j-1 {
		parsed[i], parsed[j] = parsed[j], parsed[i]
	}
	in.Args = parsed
	return nil
}

// x86ListingArg reads one operand of the listing.
func x86ListingArg(f *engine.ListingFunc, s string) (engine.Arg, error) {
	la := f.Hooks
	if a, ok, err := engine.ListingOperand(la, f, s); ok {
		if err != nil {
			return engine.Arg{}, err
		}
		if a.Kind == engine.ArgMem && a.Reg == "" && a.Index == "" && !a.Global {
			return engine.Arg{}, fmt.Errorf("memory operand %s", s)
		}
		return a, nil
	}
	if loc, w, off, ok := x86GoReg(s); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Off: off, Name: s}, nil
	}
	if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
		return engine.Arg{Kind: engine.ArgTarget, Target: pc}, nil
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		// JMP (AX): through memory.
		inner, err := x86ListingArg(f, strings.Trim(s, "()"))
		if err == nil && inner.Kind == engine.ArgReg {
			return engine.Arg{Kind: engine.ArgMem, Reg: inner.Reg}, nil
		}
	}
	return engine.Arg{}, fmt.Errorf("operand %s", s)
}

// isBranchSym: sym(SB), the operand of a call or a jump.
func isBranchSym(s string) bool {
	return strings.HasSuffix(s, "(SB)") && !strings.Contains(s, "+") && !strings.HasPrefix(s, "$") && !strings.Contains(s, ")(")
}

// The model.

// vecLanes returns the lanes of a vector register's part.
func vecLanes(a engine.Arg) (lo, hi int) {
	w := a.Width
	if w == 0 {
		w = 16
	}
	return a.Off / 8, (a.Off + w + 7) / 8
}

// x86m wraps the engine's Mach with x86's operand rules.
type x86m struct{ *engine.Mach }

// read returns an operand's level: a register part's lanes, a constant,
// or a load.
func (m x86m) read(a engine.Arg) engine.Level {
	switch a.Kind {
	case engine.ArgImm:
		return engine.Static
	case engine.ArgMem:
		w := a.Width
		if w == 0 {
			w = 16
		}
		return m.Load(a, w)
	case engine.ArgReg:
		if a.Reg[0] == 'X' {
			lo, hi := vecLanes(a)
			l := engine.Static
			for i := lo; i < hi; i++ {
				l = max(l, m.Reg(engine.Lane(a.Reg, i)))
			}
			return l
		}
		return m.Reg(a.Reg)
	}
	m.Find("operand %s not modelled (fail closed)", a.Name)
	return engine.Secret
}

func (m x86m) reads(as ...engine.Arg) engine.Level {
	l := engine.Static
	for _, a := range as {
		l = max(l, m.read(a))
	}
	return l
}

// vecWrite is how an instruction writes a vector register.
type vecWrite uint8

const (
	legacy vecWrite = iota // SSE: the lanes above the destination keep their levels
	vex                    // VEX and EVEX: they are zeroed
)

// write sets an operand. A general register's 8- and 16-bit parts merge,
// its 32-bit part zero-extends; a vector destination is written in its
// lanes (merged where an opmask selects them) and its upper lanes are
// kept (legacy SSE) or zeroed (VEX, EVEX); a store writes the frame.
func (m x86m) write(a engine.Arg, l engine.Level, how vecWrite) {
	switch a.Kind {
	case engine.ArgMem:
		w := a.Width
		if w == 0 {
			w = m.Arch.PtrSize
		}
		if m.Inst.Mask != "" {
			// A masked store writes the bytes the mask selects and
			// leaves the others: which, the mask says.
			l = max(l, m.Reg(m.Inst.Mask), m.Load(a, w))
		}
		m.Store(a, w, l)
	case engine.ArgReg:
		switch {
		case a.Reg[0] == 'X':
			lo, hi := vecLanes(a)
			if m.Inst.Mask != "" {
				l = max(l, m.Reg(m.Inst.Mask))
			}
			for i := lo; i < hi; i++ {
				if m.Inst.Mask != "" && !m.Inst.Zero {
					m.Merge(engine.Lane(a.Reg, i), l)
				} else {
					m.Set(engine.Lane(a.Reg, i), l)
				}
			}
			if how == vex {
				for i := hi; i < 8; i++ {
					m.Set(engine.Lane(a.Reg, i), engine.Static)
				}
			}
		case a.Reg[0] == 'K' && len(a.Reg) == 2:
			if m.Inst.Mask != "" {
				l = max(l, m.Reg(m.Inst.Mask), m.Reg(a.Reg)) // a masked compare zeroes or keeps bits: either way it reads the mask
			}
			m.Set(a.Reg, l)
		case a.Width == 1 || a.Width == 2:
			m.Merge(a.Reg, l)
		default:
			m.Set(a.Reg, l)
		}
	default:
		m.Find("write to operand %s not modelled (fail closed)", a.Name)
	}
}

func (m x86m) flags(l engine.Level) {
	m.Set(x86ZF, l)
	m.Set(x86CF, l)
}

// testFlag records, after CMP or TEST of x and y, what the flags say of a
// feature flag: TEST r, r and CMP r, $0 of a register that holds one (or
// CMPB of the flag itself with $0) set "equal" where it is zero, CMP with
// $1 where it is set.
func (m x86m) testFlag(op string, x, y engine.Arg) {
	if x.Kind == engine.ArgImm {
		x, y = y, x
	}
	g, ok := m.GuardOf(x.Reg)
	switch {
	case x.Kind == engine.ArgMem && x.Width == 1 && m.FlagFeature(x) != "":
		g, ok = engine.Guard{Feature: m.FlagFeature(x)}, true
	case x.Kind != engine.ArgReg:
		ok = false
	}
	switch {
	case !ok:
	case op == "TEST" && y.Kind == engine.ArgReg && y.Reg == x.Reg && y.Width == x.Width:
		m.Guard(x86ZF, engine.Guard{Feature: g.Feature})
	case op == "CMP" && y.Kind == engine.ArgImm && (y.Imm == 0 || y.Imm == 1):
		m.Guard(x86ZF, engine.Guard{Feature: g.Feature, Eq: y.Imm == 1})
	}
}

// compared records, after CMP of a whole register with a constant, that
// the flags hold their unsigned compare (x86 encodes no compare of a
// constant with a register, so the register is the left operand whichever
// order the front end gives): a bounds check.
func (m x86m) compared(x, y engine.Arg) {
	if x.Kind == engine.ArgImm {
		x, y = y, x
	}
	if x.Kind == engine.ArgReg && x.Width == m.Arch.PtrSize && x.Off == 0 && y.Kind == engine.ArgImm && y.Name == "" && y.Sym == "" {
		m.Compared(x.Reg, y.Imm, x86CF, x86ZF)
	}
	if x.Kind == engine.ArgReg && y.Kind == engine.ArgReg && x.Width == m.Arch.PtrSize && y.Width == m.Arch.PtrSize && x.Off == 0 && y.Off == 0 {
		m.ComparedRegs(x.Reg, y.Reg, x86CF, x86ZF)
	}
}

// teachBound records what a branch on a condition of a compare teaches
// of its register: the unsigned ones ("B", "AE", "BE", "A": a bounds
// check), which read the carry flag, and the signed ones ("L", "GE",
// "LE", "G": a loop's counter), which read the others.
func (m x86m) teachBound(cond string) {
	c, cok := m.GuardOf(x86CF)
	z, zok := m.GuardOf(x86ZF)
	switch {
	case x86CFOnly[cond] && cok && c.Reg != "":
		m.TeachBelow(c, c.Imm, cond == "B", false) // B taken: reg < imm
	case x86CFToo[cond] && cok && zok && c.Reg != "" && c == z:
		m.TeachBelow(c, c.Imm+1, cond == "BE", false) // BE taken: reg <= imm
	case (cond == "L" || cond == "GE") && zok && z.Reg != "":
		m.TeachBelow(z, z.Imm, cond == "L", true)
	case (cond == "LE" || cond == "G") && zok && z.Reg != "":
		m.TeachBelow(z, z.Imm+1, cond == "LE", true)
	}
}

// cmovMin is what CMOVcc dst, src (dst = src where cond holds) will
// hold where it is a minimum: of a register compared with a constant,
// taken below it, and a constant (CMPQ DX, $64; MOVL $64, DI; CMOVQLT
// DX, DI), or the constant taken at or above it.
func (m x86m) cmovMin(cond string, dst, src engine.Arg) engine.Min {
	w := m.Arch.PtrSize
	if dst.Kind != engine.ArgReg || src.Kind != engine.ArgReg || dst.Width != w || src.Width != w || dst.Off != 0 || src.Off != 0 {
		return engine.Min{}
	}
	c, _ := m.GuardOf(x86CF)
	z, _ := m.GuardOf(x86ZF)
	flags := x86ZF
	if c != z {
		flags = "" // not one compare's
	}
	switch cond {
	case "L", "LE", "B", "BE":
		return m.MinOf(flags, src.Reg, dst.Reg, cond == "LE" || cond == "BE", cond == "L" || cond == "LE")
	case "GE", "G", "AE", "A":
		return m.MinOf(flags, dst.Reg, src.Reg, cond == "G" || cond == "A", cond == "GE" || cond == "G")
	}
	return engine.Min{}
}

// How each opcode reads and writes, by class. Operands are Intel's: dst
// first.
var (
	x86Jcc = engine.OpSet("JE", "JNE", "JB", "JAE", "JBE", "JA", "JL", "JGE", "JLE", "JG", "JS", "JNS", "JO", "JNO", "JP", "JNP")
	// Branches on CX (ECX, RCX): JCXZ, and LOOP, which decrements it
	// first; LOOPE and LOOPNE branch on the zero flag too.
	x86CXBranch = engine.OpSet("JCXZ", "JECXZ", "JRCXZ", "LOOP", "LOOPE", "LOOPNE")
	// dst = dst op src, the flags from the result.
	x86ALU = engine.OpSet("ADD", "SUB", "AND", "OR", "XOR", "IMUL", "ANDN")
	// ADX and BMI2's flagless multiply (the model's cases say how).
	x86ADX = engine.OpSet("ADCX", "ADOX", "MULX")
	// The same, reading the carry flag.
	x86Carry = engine.OpSet("ADC", "SBB")
	// Shifts and rotates: a count of zero keeps the flags; RCL and RCR
	// read the carry.
	x86Shift = engine.OpSet("SHL", "SHR", "SAR", "ROL", "ROR", "RCL", "RCR", "SHLD", "SHRD", "SAL")
	// dst = op dst; INC and DEC keep CF.
	x86Unary = engine.OpSet("NEG", "NOT", "INC", "DEC", "BSWAP")
	// BMI: dst = f(src...), no flags (SHLX) or flags from the result.
	x86BMI = engine.OpSet("SHLX", "SHRX", "SARX", "RORX", "BLSR", "BZHI", "POPCNT", "LZCNT", "TZCNT")
	// Variable latency on some CPUs: division and square root, PDEP and
	// PEXT (microcoded on AMD before Zen 3), and BSF and BSR (whose
	// latency depends on the operand on some cores).
	x86VarLat = engine.OpSet("DIVSD", "DIVSS", "DIVPD", "DIVPS", "VDIVPD", "VDIVPS", "SQRTSD", "SQRTSS", "SQRTPD", "SQRTPS",
		"VSQRTPD", "VSQRTPS", "PDEP", "PEXT", "BSF", "BSR")
	// Vector moves, conversions and shuffles of one source: dst = f(src);
	// the scalar MOVSD/MOVSS and MOVQ/MOVD to a vector register write its
	// low lanes.
	x86VecMove = engine.OpSet("MOVDQU", "MOVDQA", "MOVUPS", "MOVAPS", "MOVQ", "MOVD", "MOVSD", "MOVSS", "VMOVDQU", "VMOVDQA",
		"VMOVDQU8", "VMOVDQU64", "VMOVDQA64", "VMOVUPS", "VMOVQ", "VMOVD", "VPBROADCASTB", "VPBROADCASTQ", "VPMOVZXBD",
		"PMOVZXBD", "VEXTRACTI128", "PSHUFD", "VPSHUFD", "VPERMQ", "CVTSI2SD", "CVTTSD2SI", "PMOVMSKB", "VPMOVMSKB",
		"VPMOVB2M", "VPMOVM2B", "PEXTRQ", "VPEXTRQ",
		// AVX-512's extract of a ZMM register's half (archsimd's GetLo
		// and GetHi of a 512-bit vector).
		"VEXTRACTI64X4",
		// Word shuffles (SSE2) and AES-NI's one-source operations: the
		// key schedule's assist and InvMixColumns, fixed latency as the
		// rounds below.
		"PSHUFHW", "PSHUFLW", "AESIMC", "AESKEYGENASSIST",
		// AVX2's broadcast of 16 bytes from memory to both halves.
		"VBROADCASTI128",
		// SSE4.1's byte and doubleword extracts, to a register or memory.
		"PEXTRB", "PEXTRD")
	// Element-wise operations, and table lookups whose index is a
	// register (constant time by the ISA: PSHUFB, VPERMB): dst = f(srcs),
	// or for the two-operand legacy forms dst = f(dst, src).
	x86VecOp = engine.OpSet("PXOR", "POR", "PAND", "PANDN", "XORPS", "XORPD", "ORPS", "ANDPS", "PCMPEQB", "PSHUFB", "VPXOR", "VPXORD", "VPXORQ", "VPOR", "VPORD", "VPORQ", "VPAND", "VPANDQ", "VPANDN", "VPCMPEQB",
		"VPCMPEQQ", "VPCMPUB", "VPSHUFB", "VPERMB", "VPERMD", "VINSERTI128", "VPTESTMB", "VPTESTMD", "VPTESTMQ", "VPTESTNMB",
		"VXORPS", "PINSRQ", "VPINSRQ",
		// SSE2 and AVX2 integer arithmetic, shifts (by an immediate or by
		// a register's count), interleaves and lane permutes: taken to have
		// one latency whatever the operands' values, as Intel's "Data
		// Operand Independent Timing ISA Guidance" says of the instructions
		// on its list (the list itself, and the vendors' latency tables,
		// were not opened for this: ctcheck/eval/README.md, "Sources").
		// PMULUDQ, the 32x32->64 vector multiply, is in x86MCDT too.
		"PCMPEQD", "PCMPEQQ", "VPCMPEQD", "PADDD", "PADDQ", "PSUBD", "PSUBQ", "PSLLD", "PSRLD", "PSRAD", "PSLLQ", "PSRLQ", "PSLLDQ", "PSRLDQ",
		"PUNPCKLDQ", "PUNPCKHDQ", "PUNPCKLQDQ", "PUNPCKHQDQ", "PALIGNR", "PMULUDQ", "PINSRD", "PINSRB", "SHUFPS",
		"VPADDD", "VPADDQ", "VPSUBD", "VPSUBQ", "VPSLLD", "VPSRLD", "VPSLLQ", "VPSRLQ", "VPSLLDQ", "VPSRLDQ",
		"VPUNPCKLQDQ", "VPUNPCKHQDQ", "VPALIGNR", "VPERM2I128", "VPERM2F128", "VPBLENDD", "PBLENDW",
		// AES-NI's rounds and carry-less multiply: the AES instructions
		// run "in data-independent time and not using tables" (Gueron,
		// "Intel Advanced Encryption Standard (AES) New Instructions Set",
		// Intel white paper, its abstract); PCLMULQDQ is described in
		// Gueron and Kounavis, "Intel Carry-Less Multiplication Instruction
		// and its Usage for Computing the GCM Mode", 323640-001 rev. 2.0,
		// and taken to be data independent as AES-NI is (not confirmed
		// from an opened source). dst = f(dst, src).
		"AESENC", "AESENCLAST", "AESDEC", "AESDECLAST", "PCLMULQDQ",
		// The SHA extensions' rounds and message schedule: a fixed
		// computation of their operands (the SDM's Operation section
		// for each has no step that depends on a value), taken to be data
		// independent as AES-NI is (Intel's list of data operand
		// independent timing instructions, which would confirm it, was
		// not opened: ctcheck/eval/README.md, "Sources"). dst = f(dst,
		// src), and SHA256RNDS2 reads X0 too.
		"SHA1RNDS4", "SHA1NEXTE", "SHA1MSG1", "SHA1MSG2", "SHA256RNDS2", "SHA256MSG1", "SHA256MSG2")
	// x86MCDT are the vector multiplies on Intel's list of instructions
	// that "may exhibit MXCSR configuration dependent timing" (read in a
	// third-party copy): on the processors it names, specific data values
	// may delay retirement by at most one cycle unless MXCSR holds 0x1FBF
	// ("MXCSR Configuration Dependent Timing", Intel's software security
	// guidance), and Go keeps the ABI's 0x1F80. Data-dependent by Intel's
	// word, so a finding on secret data (fail closed; AMD's and MCDT_NO
	// processors are not affected, which the checker cannot know).
	x86MCDT = engine.OpSet("PMULUDQ")
	// Floating-point arithmetic: a subnormal operand or result takes a
	// microcode assist (a hundred cycles and more on Intel, without FTZ
	// and DAZ), so it is variable-latency on secret data.
	x86FloatOp = engine.OpSet("ADDSD", "SUBSD", "MULSD", "ADDSS", "SUBSS", "MULSS")
	// Three sources, the destination one of them (VPTERNLOG: dst = f(dst,
	// b, c)).
	x86VecAcc = engine.OpSet("VPTERNLOGD", "VPTERNLOGQ")
	// Flags from two vector operands.
	x86VecTest = engine.OpSet("PTEST", "VPTEST", "UCOMISD", "UCOMISS", "COMISD")
	// Opmask operations.
	x86KTest = engine.OpSet("KORTESTB", "KORTESTW", "KORTESTD", "KORTESTQ", "KTESTW")
	x86KOp   = engine.OpSet("KORW", "KANDW", "KXORW", "KMOVW", "KMOVQ")
	x86Nop   = engine.OpSet("NOP", "PAUSE", "LFENCE", "MFENCE", "SFENCE")
)

// opcodes is every opcode the x86 model knows, for the tables' tests.
func opcodes() map[string]bool {
	t := engine.OpSet("RET", "JMP", "CALL", "INT3", "UD2", "MOV", "MOVZX", "MOVSX", "MOVSXD", "LEA", "PUSH", "POP",
		"XCHG", "CMP", "TEST", "BT", "BTS", "BTR", "BTC", "MUL", "DIV", "IDIV", "CQO", "CDQ", "CWD", "CDQE", "CWDE",
		"VZEROUPPER", "VZEROALL", "XGETBV", "CPUID", "RDTSC", "SETcc", "CMOVcc")
	for _, c := range []map[string]bool{x86Jcc, x86CXBranch, x86ALU, x86ADX, x86Carry, x86Shift, x86Unary, x86BMI, x86VarLat,
		x86VecMove, x86VecOp, x86FloatOp, x86VecAcc, x86VecTest, x86KTest, x86KOp, x86Nop} {
		for op := range c {
			t[op] = true
		}
	}
	return t
}

func x86Cond(op, prefix string) bool {
	c, ok := strings.CutPrefix(op, prefix)
	return ok && x86Jcc["J"+c]
}

// x86Args are an instruction's operands, with the tests the model's
// cases make of them.
type x86Args []engine.Arg

func (a x86Args) reg(i int) bool { return i < len(a) && a[i].Kind == engine.ArgReg }
func (a x86Args) mem(i int) bool { return i < len(a) && a[i].Kind == engine.ArgMem }

// gp reports whether operand i is a general-purpose register.
func (a x86Args) gp(i int) bool { return a.reg(i) && a[i].Reg[0] != 'X' && a[i].Reg[0] != 'K' }

// same reports whether operands i and j are the same register part.
func (a x86Args) same(i, j int) bool {
	return a.reg(i) && a.reg(j) && a[i].Reg == a[j].Reg && a[i].Off == a[j].Off && a[i].Width == a[j].Width
}

// x86Step runs one instruction: each class of instructions has a
// function of its own, tried in turn, that reports whether it knew it.
func x86Step(mach *engine.Mach) {
	m := x86m{mach}
	in := m.Inst
	op, a := in.Op, x86Args(in.Args)
	how := legacy
	if strings.HasPrefix(op, "V") {
		how = vex
	}
	if in.Mask != "" && slices.ContainsFunc(a, func(x engine.Arg) bool { return x.Kind == engine.ArgMem }) && m.Reg(in.Mask) == engine.Secret {
		// Which bytes a masked load or store touches is the mask's: a
		// masked-off element that would fault, a partial store that a
		// later load must forward from, cost an assist of hundreds of
		// cycles.
		m.Find("masked memory access under a secret mask")
	}
	if !x86Control(m, op, a) && !x86Move(m, op, a) && !x86Arith(m, op, a, how) && !x86Vector(m, op, a, how) {
		m.Unmodelled()
	}
}

// x86Control models the instructions that change the flow: traps,
// returns, jumps and calls.
func x86Control(m x86m, op string, a x86Args) bool {
	n := len(a)
	switch {
	case x86Nop[op]:
	case op == "INT3" || op == "UD2":
		m.Fall = false // a trap: nothing runs after it
	case op == "RET" && (n == 0 || n == 1 && a[0].Kind == engine.ArgImm):
		m.DoRet()
	case op == "JMP" && n == 1, x86Jcc[op] && n == 1, x86CXBranch[op] && n == 1:
		switch a[0].Kind {
		case engine.ArgTarget:
			switch {
			case op == "JMP":
				m.Jump(a[0].Target)
			case x86CXBranch[op]:
				if strings.HasPrefix(op, "LOOP") {
					m.Set("CX", m.Reg("CX")) // decremented first
				}
				on, what := m.Reg("CX"), "CX"
				if op == "LOOPE" || op == "LOOPNE" {
					on, what = max(on, m.Reg(x86ZF)), "CX or flags"
				}
				m.Branch(on, what, a[0].Target)
			default:
				m.Branch(m.condFlags(strings.TrimPrefix(op, "J")), "flags", a[0].Target)
				if g, ok := m.GuardOf(x86ZF); ok && g.Reg == "" && (op == "JE" || op == "JNE") {
					m.Teach(g, (op == "JE") == g.Eq)
				}
				m.teachBound(strings.TrimPrefix(op, "J"))
			}
		case engine.ArgSym:
			if op != "JMP" {
				m.Find("conditional jump to another function (not modelled)")
				return true
			}
			m.Tail(a[0].Sym)
		default:
			if a[0].Kind == engine.ArgMem {
				m.Address(a[0])
			}
			m.Indirect()
		}
	case op == "CALL" && n == 1:
		if a[0].Kind == engine.ArgSym {
			m.Call(a[0].Sym) // an ABI0 callee may clobber g's R14: its exit says
			return true
		}
		if a[0].Kind == engine.ArgMem {
			m.Address(a[0])
		}
		m.CallThrough(a[0])
	default:
		return false
	}
	return true
}

// x86Move models the moves, the stack's pushes and pops, and the
// arithmetic and logic that sets the flags.
func x86Move(m x86m, op string, a x86Args) bool {
	n := len(a)
	switch {
	case op == "MOV" && n == 2:
		m.write(a[0], m.read(a[1]), legacy)
	case (op == "MOVZX" || op == "MOVSX" || op == "MOVSXD") && n == 2 && a.gp(0):
		m.write(a[0], m.read(a[1]), legacy)
		if op == "MOVZX" && a.mem(1) && a[1].Width == 1 {
			m.LoadFlag(a[0].Reg, a[1]) // MOVBLZX runtime.x86HasPOPCNT(SB), CX
		}
	case op == "LEA" && n == 2 && a.mem(1) && a.gp(0):
		// An address computed, not used: its registers' levels, no
		// finding.
		l := engine.Static
		for _, r := range []string{a[1].Reg, a[1].Index} {
			if r != "" {
				l = max(l, m.Reg(r))
			}
		}
		if a[1].Global && a[1].Reg == "" && a[1].Index == "" {
			l = engine.Static
		}
		m.write(a[0], l, legacy)
	case (op == "PUSH" || op == "POP") && n == 1 && a[0].Width == 2:
		m.Unmodelled() // a 16-bit push or pop moves the stack pointer by 2
	case op == "PUSH" && n == 1:
		w := m.Arch.PtrSize
		l := m.read(a[0])
		m.MoveSP(-int64(w))
		m.Store(engine.Arg{Kind: engine.ArgMem, Reg: "SP"}, w, l)
	case op == "POP" && n == 1:
		w := m.Arch.PtrSize
		l := m.Load(engine.Arg{Kind: engine.ArgMem, Reg: "SP"}, w)
		m.MoveSP(int64(w))
		m.write(a[0], l, legacy)
	case (op == "ADD" || op == "SUB") && n == 2 && a[0].IsReg("SP") && a[1].Kind == engine.ArgImm && a[1].Name == "":
		// The frame: ADD/SUB $n, SP.
		if op == "SUB" {
			m.MoveSP(-a[1].Imm)
		} else {
			m.MoveSP(a[1].Imm)
		}
		m.flags(engine.Public)
	case (op == "XOR" || op == "SUB" || op == "SBB") && n == 2 && a.same(0, 1) && a[0].Width >= 4 && op != "SBB":
		m.write(a[0], engine.Static, legacy) // the zeroing idiom
		m.flags(engine.Static)
	case (x86ALU[op] || x86Carry[op]) && n == 2:
		l := m.reads(a[0], a[1])
		if x86Carry[op] {
			l = max(l, m.Reg(x86CF))
		}
		m.write(a[0], l, legacy)
		if op == "IMUL" {
			l = max(l, m.allFlags()) // SF and ZF undefined: as they were, or from the result
		}
		m.flags(l)
	case (op == "ADCX" || op == "ADOX") && n == 2 && a[0].Kind == engine.ArgReg:
		// ADX: dst += src + CF (ADCX) or + OF (ADOX), writing that flag
		// alone; OF is kept with the flags other than CF. Taken to be of
		// fixed latency, as ADC is (not confirmed from an opened source:
		// eval/README.md, "Sources").
		if op == "ADCX" {
			l := max(m.reads(a[0], a[1]), m.Reg(x86CF))
			m.write(a[0], l, legacy)
			m.Set(x86CF, l)
		} else {
			l := max(m.reads(a[0], a[1]), m.Reg(x86ZF))
			m.write(a[0], l, legacy)
			m.Set(x86ZF, l)
		}
	case op == "MULX" && n == 3 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg:
		// BMI2's MULX hi, lo, src: hi:lo = DX * src, no flags. Taken to be
		// of fixed latency like MUL (uops.info's MUL (R32) page: the same
		// latency from each operand on every core it measured; MULX's
		// figures not confirmed from an opened source).
		l := max(m.read(a[2]), m.Reg("DX"))
		m.write(a[1], l, legacy)
		m.write(a[0], l, legacy)
	case op == "IMUL" && n == 3 && a[2].Kind == engine.ArgImm:
		l := m.read(a[1])
		m.write(a[0], l, legacy)
		m.flags(max(l, m.allFlags()))
	case op == "ANDN" && n == 3:
		l := m.reads(a[1], a[2])
		m.write(a[0], l, legacy)
		m.flags(l)
	case x86Shift[op] && (n == 2 || n == 3):
		l := m.reads(a...)
		if op == "RCL" || op == "RCR" {
			l = max(l, m.Reg(x86CF))
		}
		m.write(a[0], l, legacy)
		m.flags(max(l, m.allFlags())) // a zero count keeps the flags
	case x86Unary[op] && n == 1:
		l := m.read(a[0])
		m.write(a[0], l, legacy)
		switch op {
		case "NOT", "BSWAP":
		case "INC", "DEC":
			m.Set(x86ZF, l) // every flag but CF, which they keep
		default:
			m.flags(l)
		}
	default:
		return false
	}
	return true
}

// x86Arith models the compares and bit tests, multiplies and divides,
// the variable-latency operations, conditional moves and BMI.
func x86Arith(m x86m, op string, a x86Args, how vecWrite) bool {
	n := len(a)
	switch {
	case (op == "CMP" || op == "TEST") && n == 2:
		m.flags(m.reads(a[0], a[1]))
		m.testFlag(op, a[0], a[1])
		if op == "CMP" {
			m.compared(a[0], a[1])
		}
	case (op == "BT" || op == "BTS" || op == "BTR" || op == "BTC") && n == 2:
		if a.mem(0) && a[1].Kind == engine.ArgReg {
			// BT mem, r tests bit r of the bytes from mem on: r is part
			// of the address.
			x := a[0]
			if x.Index != "" {
				m.Unmodelled()
				return true
			}
			x.Index, x.Scale = a[1].Reg, 1
			l := max(m.Load(x, 8), m.read(a[1]))
			if op != "BT" {
				m.Store(x, 8, l)
			}
			m.flags(l)
			return true
		}
		l := m.reads(a[0], a[1])
		if op != "BT" {
			m.write(a[0], l, legacy)
		}
		m.flags(l)
	case (op == "MUL" || op == "IMUL") && n == 1:
		l := max(m.read(a[0]), m.Reg("AX"))
		m.Set("AX", l)
		if a[0].Width != 1 {
			m.Set("DX", l)
		}
		m.flags(l)
	case (op == "DIV" || op == "IDIV") && n == 1:
		l := max(m.read(a[0]), m.Reg("AX"), m.Reg("DX"))
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Set("AX", l)
		m.Set("DX", l)
		m.flags(max(l, m.allFlags())) // undefined: as they were, or from the operands
	case x86VarLat[op] && (n == 2 || n == 3):
		l := m.reads(a[1:]...)
		if op == "DIVSD" || op == "DIVSS" || op == "DIVPD" || op == "DIVPS" || op == "BSF" || op == "BSR" {
			l = max(l, m.read(a[0])) // dst = dst / src
		}
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		if !strings.HasPrefix(op, "V") && (strings.HasSuffix(op, "SD") || strings.HasSuffix(op, "SS")) {
			l = max(l, m.read(a[0])) // scalar SSE: the upper element stays
		}
		m.write(a[0], l, how)
		if op == "BSF" || op == "BSR" {
			m.flags(l)
		}
	case (op == "CQO" || op == "CDQ" || op == "CWD") && n == 0:
		m.Set("DX", m.Reg("AX"))
	case (op == "CDQE" || op == "CWDE") && n == 0:
		m.Set("AX", m.Reg("AX")) // sign-extended: another integer, no pointer or bound of before
	case strings.HasPrefix(op, "SET") && x86Cond(op, "SET") && n == 1:
		m.write(a[0], m.condFlags(strings.TrimPrefix(op, "SET")), legacy)
	case strings.HasPrefix(op, "CMOV") && x86Cond(op, "CMOV") && n == 2 && a.gp(0):
		mn := m.cmovMin(strings.TrimPrefix(op, "CMOV"), a[0], a[1])
		m.write(a[0], max(m.read(a[1]), m.read(a[0]), m.condFlags(strings.TrimPrefix(op, "CMOV"))), legacy)
		m.SetMin(a[0].Reg, mn)
	case op == "XCHG" && n == 2:
		l0, l1 := m.read(a[0]), m.read(a[1])
		m.write(a[0], l1, legacy)
		m.write(a[1], l0, legacy)
	case x86BMI[op] && (n == 2 || n == 3):
		l := m.reads(a[1:]...)
		m.write(a[0], l, legacy)
		if op != "SHLX" && op != "SHRX" && op != "SARX" && op != "RORX" {
			m.flags(l)
		}
	default:
		return false
	}
	return true
}

// x86Vector models the vector, float and opmask instructions, and the
// CPU's identification and clock.
func x86Vector(m x86m, op string, a x86Args, how vecWrite) bool {
	n := len(a)
	switch {
	case op == "VZEROUPPER" && n == 0, op == "VZEROALL" && n == 0:
		lo := 2
		if op == "VZEROALL" {
			lo = 0
		}
		for v := range 16 {
			for i := lo; i < 8; i++ {
				m.Set(engine.Lane("X"+strconv.Itoa(v), i), engine.Static)
			}
		}
	case x86VecMove[op] && (n == 2 || n == 3):
		// A move, or a shuffle of the source's elements (an immediate
		// last): dst from the sources. MOVQ/MOVD to a vector register,
		// and the scalar MOVSD/MOVSS, write its low lanes; a legacy
		// register-to-register MOVSD keeps the upper element.
		l := m.reads(a[1:]...)
		if op == "MOVSD" || op == "MOVSS" || op == "CVTSI2SD" {
			l = max(l, m.read(a[0])) // the upper element stays
		}
		dst := a[0]
		if dst.Kind == engine.ArgReg && dst.Reg[0] == 'X' && (op == "MOVQ" || op == "MOVD" || op == "VMOVQ" || op == "VMOVD") {
			dst.Width = 16 // the low 128 bits: the rest of them zeroed
		}
		m.write(dst, l, how)
	case x86VecOp[op] && (n == 2 && how == legacy || n == 3 || n == 4):
		zeroing := (op == "PXOR" || op == "XORPS" || op == "XORPD" || op == "PANDN" && false) && n == 2 && a.same(0, 1) ||
			(op == "VPXOR" || op == "VPXORD" || op == "VPXORQ" || op == "VXORPS") && n == 3 && a.same(1, 2) && m.Inst.Mask == ""
		if zeroing {
			m.write(a[0], engine.Static, how) // the zeroing idiom
			return true
		}
		srcs := a[1:]
		if how == legacy || strings.HasPrefix(op, "VPINSR") || strings.HasPrefix(op, "VINSERT") {
			srcs = a // dst = f(dst, src), or a lane of dst written
		}
		l := m.reads(srcs...)
		if strings.HasPrefix(op, "PINSR") || strings.HasPrefix(op, "VPINSR") || strings.HasPrefix(op, "VINSERT") {
			// One lane written, the others kept: read them as well, the
			// level is that of the whole.
			l = max(l, m.read(a[0]))
		}
		if x86MCDT[op] && l == engine.Secret {
			m.Find("variable-latency instruction on secret data (Intel's MCDT: a vector multiply may retire a cycle later for some data unless MXCSR is 0x1FBF)")
		}
		m.write(a[0], l, how)
	case x86FloatOp[op] && n == 2:
		l := m.reads(a[0], a[1]) // dst = dst op src; the upper elements stay
		m.FloatArith(l)
		m.write(a[0], l, legacy)
	case x86VecAcc[op] && n == 4:
		m.write(a[0], m.reads(a...), how)
	case x86VecTest[op] && n == 2:
		m.flags(m.reads(a[0], a[1]))
	case x86KTest[op] && n == 2:
		m.flags(m.reads(a[0], a[1]))
	case x86KOp[op] && (n == 2 || n == 3):
		srcs := a[1:]
		m.write(a[0], m.reads(srcs...), vex)
	case op == "XGETBV" && n == 0, op == "CPUID" && n == 0, op == "RDTSC" && n == 0:
		// The CPU's features and the clock: public, in the registers each
		// writes (XGETBV and RDTSC leave BX and CX as they were).
		out := []string{"AX", "DX"}
		if op == "CPUID" {
			out = append(out, "BX", "CX")
		}
		for _, r := range out {
			m.Set(r, engine.Public)
		}
	default:
		return false
	}
	return true
}

// The CPU features of x86's instructions, from the CPUID feature flag
// column of each instruction's table in Intel's Software Developer's
// Manual, volume 2 (LZCNT: AMD's APM, volume 3, ABM); the levels from the
// x86-64 psABI's micro-architecture levels, which GOAMD64 names.

// x86Features are the features the model names.
var x86Features = []string{"sse", "sse2", "ssse3", "sse41", "popcnt", "lzcnt", "bmi1", "bmi2", "adx", "fma", "osxsave", "avx", "avx2",
	"aes", "pclmulqdq", "sha", "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512vbmi", "avx512vbmi2"}

// amd64Levels are what each GOAMD64 level adds to the one below it.
var amd64Levels = engine.CumulativeLevels([][2]string{
	{"v1", "sse sse2"},
	{"v2", "ssse3 sse41 popcnt"},
	{"v3", "avx avx2 bmi1 bmi2 fma lzcnt osxsave"},
	{"v4", "avx512f avx512bw avx512vl avx512dq"},
})

// i386Levels: GO386=sse2, the default, requires SSE2; softfloat code has
// no SSE instruction.
func i386Levels(string) []string { return []string{"sse", "sse2"} }

// x86RuntimeFlags are the runtime's variables that the compiler tests
// before an instruction that needs their feature (cmd/compile's
// intrinsics: math/bits.OnesCount, math.FMA, math.Floor below v2, v3).
var x86RuntimeFlags = map[string]string{"runtime.x86HasPOPCNT": "popcnt", "runtime.x86HasFMA": "fma", "runtime.x86HasSSE41": "sse41"}

// x86OpNeeds are the features of the instructions whose encoding is fixed
// by their mnemonic: the legacy (non-VEX) SSE forms, the scalar
// extensions, and the opmask instructions.
var x86OpNeeds = func() map[string]string {
	m := map[string]string{}
	for feature, ops := range map[string]string{
		"sse": "MOVUPS MOVAPS MOVSS ADDSS SUBSS MULSS DIVSS SQRTSS SQRTPS DIVPS XORPS ORPS ANDPS UCOMISS SFENCE SHUFPS",
		"sse2": "MOVDQU MOVDQA MOVQ MOVD PXOR POR PAND PANDN PCMPEQB PSHUFD PMOVMSKB CVTSI2SD CVTTSD2SI XORPD COMISD " +
			"PADDD PADDQ PSUBD PSUBQ PSLLD PSRLD PSRAD PSLLQ PSRLQ PSLLDQ PSRLDQ PUNPCKLDQ PUNPCKHDQ PUNPCKLQDQ " +
			"PUNPCKHQDQ PSHUFHW PSHUFLW PMULUDQ PCMPEQD " +
			"UCOMISD ADDSD SUBSD MULSD DIVSD SQRTSD DIVPD SQRTPD LFENCE MFENCE",
		"ssse3":     "PSHUFB PALIGNR",
		"sse41":     "PEXTRQ PINSRQ PINSRD PMOVZXBD PTEST PCMPEQQ PINSRB PEXTRB PEXTRD PBLENDW",
		"aes":       "AESENC AESENCLAST AESDEC AESDECLAST AESIMC AESKEYGENASSIST",
		"pclmulqdq": "PCLMULQDQ",
		"sha":       "SHA1RNDS4 SHA1NEXTE SHA1MSG1 SHA1MSG2 SHA256RNDS2 SHA256MSG1 SHA256MSG2",
		"popcnt":    "POPCNT",
		"lzcnt":     "LZCNT",
		"bmi1":      "ANDN BLSR TZCNT",
		"bmi2":      "BZHI PDEP PEXT RORX SARX SHLX SHRX MULX",
		"adx":       "ADCX ADOX",
		"osxsave":   "XGETBV",
		"avx":       "VZEROUPPER VZEROALL",
		"avx512f":   "KMOVW KORW KANDW KXORW KORTESTW",
		"avx512bw":  "KMOVQ KORTESTD KORTESTQ",
		"avx512dq":  "KORTESTB KTESTW",
	} {
		for _, op := range strings.Fields(ops) {
			m[op] = feature
		}
	}
	return m
}()

var (
	// x86EVEXOnly are the vector instructions that only EVEX encodes.
	x86EVEXOnly = engine.OpSet("VPXORD", "VPXORQ", "VPORD", "VPORQ", "VPANDD", "VPANDQ", "VMOVDQU8", "VMOVDQU16", "VMOVDQU32",
		"VMOVDQU64", "VMOVDQA32", "VMOVDQA64", "VPTERNLOGD", "VPTERNLOGQ", "VPTESTMB", "VPTESTMD", "VPTESTMQ", "VPTESTNMB",
		"VPCMPUB", "VPERMB", "VPMOVB2M", "VPMOVM2B", "VEXTRACTI64X4")
	// x86AVXOnly are the VEX instructions of AVX at every width; the
	// rest of the integer ones need AVX2 at 256 bits.
	x86AVXOnly = engine.OpSet("VMOVDQU", "VMOVDQA", "VMOVUPS", "VMOVQ", "VMOVD", "VPTEST", "VXORPS", "VDIVPS", "VDIVPD", "VSQRTPS",
		"VSQRTPD", "VPEXTRQ", "VPINSRQ", "VPERM2F128")
	// x86AVX2Only are those of AVX2 at every width.
	x86AVX2Only = engine.OpSet("VPBROADCASTB", "VPBROADCASTQ", "VEXTRACTI128", "VINSERTI128", "VPERMQ", "VPERMD", "VPERM2I128", "VBROADCASTI128",
		"VPBLENDD")
	// The EVEX instructions on bytes and words (AVX512BW), on quadwords
	// in or out of a general register or of the float unit (AVX512DQ),
	// and the byte permute (AVX512_VBMI).
	x86EVEXBW = engine.OpSet("VMOVDQU8", "VMOVDQU16", "VPCMPUB", "VPCMPEQB", "VPSHUFB", "VPTESTMB", "VPTESTNMB", "VPMOVB2M",
		"VPMOVM2B", "VPBROADCASTB")
	x86EVEXDQ = engine.OpSet("VPEXTRQ", "VPINSRQ", "VXORPS")
	// x86EVEXScalar are the EVEX instructions that move one element:
	// they have no vector length, so no AVX512VL.
	x86EVEXScalar = engine.OpSet("VMOVQ", "VMOVD", "VPEXTRQ", "VPINSRQ")
)

// x86Needs names the features in needs: by its mnemonic, or for a VEX or
// EVEX instruction by its encoding (EVEX for an opmask, a ZMM register,
// X16-X31 or an embedded broadcast) and its vector length.
func x86Needs(in *engine.Inst, _ string) []string {
	if f := x86OpNeeds[in.Op]; f != "" {
		return []string{f}
	}
	if !strings.HasPrefix(in.Op, "V") {
		return nil
	}
	evex, width := x86EVEXOnly[in.Op] || in.Mask != "", 0
	for _, a := range in.Args {
		switch {
		case a.Kind == engine.ArgReg && a.Reg[0] == 'K':
			evex = true
		case a.Kind == engine.ArgReg && a.Reg[0] == 'X':
			width = max(width, a.Width)
			if n, _ := strconv.Atoi(a.Reg[1:]); n >= 16 {
				evex = true
			}
		case a.Kind == engine.ArgMem && a.Name == "broadcast":
			evex = true
		}
	}
	if width == 64 {
		evex = true
	}
	if !evex {
		switch {
		case x86AVXOnly[in.Op]:
			return []string{"avx"}
		case x86AVX2Only[in.Op] || width == 32:
			return []string{"avx2"}
		}
		return []string{"avx"}
	}
	needs := []string{"avx512f"}
	switch {
	case x86EVEXBW[in.Op]:
		needs = append(needs, "avx512bw")
	case x86EVEXDQ[in.Op]:
		needs = append(needs, "avx512dq")
	case in.Op == "VPERMB":
		needs = append(needs, "avx512vbmi")
	}
	if width < 64 && !x86EVEXScalar[in.Op] {
		needs = append(needs, "avx512vl")
	}
	return needs
}

// x86PtrFlows reads the canonical (Intel-order) records.
func x86PtrFlows(in *engine.Inst, a *engine.Arch) []engine.PtrFlow {
	args := in.Args
	if in.Op == "NOT" && len(args) == 1 && args[0].Kind == engine.ArgReg && args[0].Width == a.PtrSize {
		return []engine.PtrFlow{{Dst: args[0], Src: args[0], Not: true}} // a constant's complement
	}
	if (in.Op == "INC" || in.Op == "DEC") && len(args) == 1 && args[0].Kind == engine.ArgReg && args[0].Width == a.PtrSize && args[0].Reg != a.SP {
		// A pointer moved by one byte: the tail loops' INCQ DI.
		d := int64(1)
		if in.Op == "DEC" {
			d = -1
		}
		return []engine.PtrFlow{{Dst: args[0], Src: args[0], Delta: d}}
	}
	if len(args) != 2 {
		return nil
	}
	dst, src := args[0], args[1]
	w := a.PtrSize
	whole := func(x engine.Arg) bool {
		return x.Kind == engine.ArgReg && x.Width == w && x.Off == 0 || x.Kind == engine.ArgMem && (x.Width == w || x.Width == 0)
	}
	switch in.Op {
	case "XOR":
		if dst.Kind == engine.ArgReg && src.Kind == engine.ArgReg && dst.Reg == src.Reg && dst.Width >= 4 {
			return []engine.PtrFlow{{Dst: engine.Arg{Kind: engine.ArgReg, Reg: dst.Reg, Width: w}, Zero: true}} // nil
		}
	case "MOV":
		if dst.Kind == engine.ArgReg && whole(dst) && src.Kind == engine.ArgImm && src.Imm == 0 && src.Name == "" && src.Sym == "" {
			return []engine.PtrFlow{{Dst: dst, Zero: true}} // nil
		}
		if whole(dst) && whole(src) && (dst.Kind == engine.ArgReg || src.Kind == engine.ArgReg) {
			return []engine.PtrFlow{{Dst: dst, Src: src}}
		}
		if dst.Kind == engine.ArgReg && dst.Off == 0 && src.Kind == engine.ArgImm && src.Name == "" && src.Sym == "" &&
			(dst.Width == w || dst.Width == 4 && src.Imm >= 0) {
			// A constant: MOVL $512, CX sets RCX, the upper half cleared
			// (a length the compiler passes memmove).
			return []engine.PtrFlow{{Dst: engine.Arg{Kind: engine.ArgReg, Reg: dst.Reg, Width: w}, Const: true, Delta: src.Imm}}
		}
		if dst.Kind == engine.ArgMem && whole(dst) && src.Kind == engine.ArgImm && src.Name == "" && src.Sym == "" {
			return []engine.PtrFlow{{Dst: dst, Const: true, Delta: src.Imm}} // 386's MOVL $512, 8(SP): an argument
		}
	case "LEA":
		if dst.Kind == engine.ArgReg && dst.Width == w && src.Kind == engine.ArgMem && src.Global && src.Sym != "" && src.Reg == "" && src.Index == "" {
			return []engine.PtrFlow{{Dst: dst, Static: src.Sym, Delta: src.Imm}} // LEAQ sym(SB), AX
		}
		if dst.Kind == engine.ArgReg && dst.Width == w && src.Kind == engine.ArgMem && !src.Global && src.Reg != "" {
			base := engine.Arg{Kind: engine.ArgReg, Reg: src.Reg}
			index := engine.Arg{Kind: engine.ArgReg, Reg: src.Index}
			flows := []engine.PtrFlow{{Dst: dst, Src: base, Delta: src.Imm, Vary: src.Index != "", By: index, Scale: int64(src.Scale)}}
			if src.Index != "" && src.Scale <= 1 {
				// LEAQ (DX)(CX*1), BX: either may be the pointer.
				flows = append(flows, engine.PtrFlow{Dst: dst, Src: index, Delta: src.Imm, Vary: true, By: base})
			}
			return flows
		}
	case "ADD", "SUB":
		if !whole(dst) || dst.Kind != engine.ArgReg || dst.Reg == a.SP {
			return nil // ADD/SUB $n, SP: the model moves the frame
		}
		switch src.Kind {
		case engine.ArgImm:
			if src.Name != "" {
				return nil
			}
			d := src.Imm
			if in.Op == "SUB" {
				d = -d
			}
			return []engine.PtrFlow{{Dst: dst, Src: dst, Delta: d}}
		case engine.ArgReg:
			if in.Op == "ADD" && whole(src) {
				// A pointer plus an offset, whichever holds which.
				return []engine.PtrFlow{{Dst: dst, Src: dst, Vary: true, By: src}, {Dst: dst, Src: src, Vary: true, By: dst}}
			}
			return []engine.PtrFlow{{Dst: dst, Src: dst, Vary: true}}
		}
	case "AND":
		if whole(dst) && dst.Kind == engine.ArgReg && src.Kind == engine.ArgReg && whole(src) {
			// A mask in a register (sha1's SHA-NI block: MOVQ $15, CX;
			// NOTQ CX; ANDQ CX, AX): an alignment where it is a constant.
			return []engine.PtrFlow{{Dst: dst, Src: dst, AlignBy: src}}
		}
		if whole(dst) && dst.Kind == engine.ArgReg && src.Kind == engine.ArgImm && src.Name == "" {
			imm := src.Imm
			if dst.Width == 4 {
				imm = int64(int32(imm)) // 386's binary: and edi,0xfffffff0 is $-16
			}
			if al := -imm; imm < 0 && al&(al-1) == 0 {
				return []engine.PtrFlow{{Dst: dst, Src: dst, Align: al}}
			}
		}
		if dst.Kind == engine.ArgReg && dst.Off == 0 && (dst.Width == w || dst.Width == 4) && src.Kind == engine.ArgImm && src.Name == "" && src.Imm >= 0 && src.Imm < 1<<31 {
			// ANDQ $63, CX: an index below 64 (ANDL clears the upper half).
			return []engine.PtrFlow{{Dst: engine.Arg{Kind: engine.ArgReg, Reg: dst.Reg, Width: w}, Bound: src.Imm + 1, BoundAlign: src.Imm & -src.Imm}}
		}
	case "MOVZX":
		if dst.Kind == engine.ArgReg && dst.Off == 0 && (dst.Width == w || dst.Width == 4) && (src.Width == 1 || src.Width == 2) {
			// MOVBLZX, MOVWQZX: a byte or a word, the rest cleared.
			return []engine.PtrFlow{{Dst: engine.Arg{Kind: engine.ArgReg, Reg: dst.Reg, Width: w}, Bound: 1 << (8 * src.Width)}}
		}
	}
	return nil
}

// i386Duffs are 386's Duff's devices.
var i386Duffs = map[string]engine.Duff{
	"runtime.duffzero": {Steps: 128, StepBytes: 1, Width: 4, Dst: "DI", Val: "AX"}, // STOSL
	// MOVL (SI), CX; ADDL $4, SI; MOVL CX, (DI); ADDL $4, DI
	"runtime.duffcopy": {Steps: 128, StepBytes: 10, Width: 4, Dst: "DI", Src: "SI", Val: "CX", Clobbers: []string{x86CF, x86ZF}},
}

// amd64Arch is the model of amd64: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var AMD64 = &engine.Arch{
	GOARCH: "amd64", WriteBarrierBuf: "R11", PtrSize: 8, SP: "SP", RetAddr: 8,
	// R14 is g in ABIInternal only; BP is the frame pointer.
	G: "R14", Other: []string{"BP"}, Fixed: engine.Numbered("X15.", 0, 7),
	LevelVar: "GOAMD64", Levels: []string{"v1", "v2", "v3", "v4"}, DefaultLevel: "v1", Macros: engine.One,
	Features: x86Features, LevelFeaturesOf: amd64Levels, NeedsOf: x86Needs, RuntimeFlags: x86RuntimeFlags,
	Step: x86Step, Regs: x86Regs(), Listing: x86Listing, Disassembler: disassembleGNU,
	ArgBase: 8, IntArgRegs: []string{"AX", "BX", "CX", "DI", "SI", "R8", "R9", "R10", "R11"},
	FloatArgRegs: engine.Numbered("X", 0, 14), PtrFlows: x86PtrFlows,
}

// i386Arch is the model of 386: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var I386 = &engine.Arch{
	GOARCH: "386", WriteBarrierBuf: "DI", ArgBase: 4, PtrFlows: x86PtrFlows, PtrSize: 4, SP: "SP", RetAddr: 4, Other: []string{"BP"},
	// GO386=sse2, the default, requires SSE2; softfloat code has none.
	Features: x86Features, LevelFeaturesOf: i386Levels, NeedsOf: x86Needs, RuntimeFlags: x86RuntimeFlags,
	Step: x86Step, Regs: x86Regs(), Listing: i386Listing, Duffs: i386Duffs, Disassembler: disassembleGNU,
}

// x86Listing is the listing hook of amd64.
var x86Listing = &engine.Listing{Reg: x86GoReg, Convert: x86FromListing, FrameArg: x86FrameArg, Bytes: decodeGNU("i386:x86-64")}

// i386Listing is 386's: its BYTEs decode as 32-bit code.
var i386Listing = &engine.Listing{Reg: x86GoReg, Convert: x86FromListing, FrameArg: x86FrameArg, Bytes: decodeGNU("i386")}
