// Package arm64 is ctcheck's model of arm64: the step of each
// instruction, the readers of the listing and of go tool objdump, and the
// record ARM64.
package arm64

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// arm64: the model, its listing hook and its objdump hook. The canonical
// form is Go's syntax, which both front ends print: Go's mnemonics with
// the .P and .W write-back suffixes moved onto the memory operand, the
// sources first and the destination last, every ALU operation with three
// operands, and branch targets as addresses.
//
// Locations: R0-R30 (g is R28), RSP, each vector register as two lanes
// of 8 bytes (V5.0, V5.1: F5 and V5.D[0] are lane 0), FLAGS (NZCV), and
// two pseudo-locations for the speculation barrier after MSR DIT.

// arm64Regs are arm64's register locations: what a call the analysis
// cannot see may change.
func arm64Regs() []string {
	var regs []string
	for r := 0; r <= 30; r++ {
		if r != 28 {
			regs = append(regs, "R"+strconv.Itoa(r))
		}
	}
	for v := range 32 {
		regs = append(regs, engine.Lane("V"+strconv.Itoa(v), 0), engine.Lane("V"+strconv.Itoa(v), 1))
	}
	return append(regs, "FLAGS")
}

var (
	arm64Conds = engine.OpSet("EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE", "AL", "NV")
	// Vector arrangements, by their width in bytes.
	arm64Arrangement = map[string]int{"B16": 16, "H8": 16, "S4": 16, "D2": 16, "Q1": 16, "B8": 8, "H4": 8, "S2": 8, "D1": 8}
	// Lane element widths.
	arm64Element = map[string]int{"B": 1, "H": 2, "S": 4, "D": 8, "Q": 16}
	// The operations that take op a, b, dst and print op a, dst for op a,
	// dst, dst.
	arm64ThreeOp = engine.OpSet("ADD", "ADDS", "SUB", "SUBS", "AND", "ANDS", "ORR", "EOR", "BIC", "ORN", "EON", "LSL", "LSR", "ASR",
		"ROR", "MUL", "ADC", "ADCS", "SBC", "SBCS", "UDIV", "SDIV", "ADDW", "SUBW", "SUBSW", "ANDW", "ORRW", "EORW", "LSLW",
		"LSRW", "ADCW", "SBCW", "UDIVW", "SDIVW", "UMULH", "RORW", "ASRW", "BICW", "REM", "UREM", "REMW", "UREMW")
)

// arm64Reg reads a register as the listing prints it; g is R28.
func arm64Reg(s string) (engine.Arg, bool) {
	name, shift := s, ""
	if i := strings.IndexAny(s, "<>@-"); i > 0 && (s[0] == 'R' || s == "ZR") {
		name, shift = s[:i], s[i:]
	}
	if base, ext, ok := strings.Cut(name, "."); ok && base[0] == 'R' {
		switch ext[:min(len(ext), 4)] {
		case "UXTB", "UXTH", "UXTW", "UXTX", "SXTB", "SXTH", "SXTW", "SXTX":
			name, shift = base, "."+ext+shift
		}
	}
	switch {
	case name == "g":
		return engine.Arg{Kind: engine.ArgReg, Reg: "R28", Width: 8, Shift: shift, Name: s}, true
	case name == "ZR":
		return engine.Arg{Kind: engine.ArgReg, Reg: "ZR", Width: 8, Shift: shift, Name: s}, true
	case name == "RSP":
		return engine.Arg{Kind: engine.ArgReg, Reg: "RSP", Width: 8, Name: s}, true
	case len(name) >= 2 && name[0] == 'R':
		if n, err := strconv.Atoi(name[1:]); err == nil && n >= 0 && n <= 30 {
			return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Shift: shift, Name: s}, true
		}
	case len(name) >= 2 && (name[0] == 'V' || name[0] == 'F'):
		base, arr, hasArr := strings.Cut(name, ".")
		n, err := strconv.Atoi(base[1:])
		if err != nil || n < 0 || n > 31 || shift != "" {
			return engine.Arg{}, false
		}
		a := engine.Arg{Kind: engine.ArgReg, Reg: "V" + base[1:], Width: 16, Name: s}
		if base[0] == 'F' {
			a.Width = 0 // the instruction's
		}
		if hasArr {
			if w, ok := arm64Arrangement[arr]; ok {
				a.Width = w
			} else if el, idx, ok := strings.Cut(arr, "["); ok && strings.HasSuffix(idx, "]") {
				w, ok1 := arm64Element[el]
				i, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
				if !ok1 || err != nil || i*w >= 16 {
					return engine.Arg{}, false
				}
				a.Width, a.Off = w, i*w
			} else {
				return engine.Arg{}, false
			}
		}
		return a, true
	}
	return engine.Arg{}, false
}

func arm64ListingReg(name string) (string, int, int, bool) {
	a, ok := arm64Reg(name)
	if !ok || a.Shift != "" {
		return "", 0, 0, false
	}
	return a.Reg, a.Width, a.Off, true
}

// arm64FrameArg: the listing prints the frame's named slots as the
// source names them: an argument name+off(FP) is at the entry's stack
// pointer plus 8 (the caller's saved link register) plus off; a local
// name-off(SP) is off from the top of the frame, below the frame
// pointer's 8 bytes, where the compiler always puts it (its frames are a
// multiple of 16 bytes). An assembly function's locals have no such rule
// (the assembler pads the frame by 8 or 16 bytes, which its listing does
// not print): they fail closed.
func arm64FrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	if fp {
		return engine.Arg{Kind: engine.ArgMem, Reg: engine.EntrySP, Imm: 8 + off}, nil
	}
	if f.Asm {
		return engine.Arg{}, fmt.Errorf("a local variable of an assembly function: its offset is not in the listing")
	}
	return engine.Arg{Kind: engine.ArgMem, Reg: engine.EntrySP, Imm: off - 8}, nil
}

var arm64Mem = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\(([A-Za-z0-9]+)\)(?:\(([A-Za-z0-9.<>]+)\))?$`)

// arm64Operand reads the listing's registers, shifted and extended
// registers, lists, pairs, conditions, and memory through a register;
// arm64FromListing, constants, symbols and branch targets.
func arm64Operand(s string) (engine.Arg, bool) {
	if a, ok := arm64Reg(s); ok {
		return a, true
	}
	if arm64Conds[s] {
		return engine.Arg{Kind: engine.ArgCond, Name: s}, true
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") || strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") &&
		strings.Contains(s, ",") {
		var regs []engine.Arg
		for _, r := range strings.Split(s[1:len(s)-1], ",") {
			a, ok := arm64Reg(strings.TrimSpace(r))
			if !ok {
				return engine.Arg{}, false
			}
			regs = append(regs, a)
		}
		return engine.Arg{Kind: engine.ArgList, Regs: regs, Name: s}, true
	}
	if m := arm64Mem.FindStringSubmatch(s); m != nil {
		a := engine.Arg{Kind: engine.ArgMem}
		if m[1] != "" {
			v, err := engine.ListingInt(m[1])
			if err != nil {
				return engine.Arg{}, false
			}
			a.Imm = v
		}
		base, ok := arm64Reg(m[2])
		if !ok || base.Kind != engine.ArgReg || base.Reg[0] == 'V' {
			return engine.Arg{}, false
		}
		a.Reg = base.Reg
		if m[3] != "" {
			idx, ok := arm64Reg(m[3])
			if !ok || idx.Reg[0] == 'V' {
				return engine.Arg{}, false
			}
			a.Index, a.Scale, a.Shift = arm64IndexScale(idx)
		}
		return a, true
	}
	return engine.Arg{}, false
}

// arm64IndexScale is how an index register's shift scales it in an
// address: (R0)(R2<<3) is R0+R2*8. An extension (R2.UXTW, R2.SXTW<<2)
// is left in the shift, where nothing takes the index for a plain
// number (regionOf, foldIndex).
func arm64IndexScale(idx engine.Arg) (string, int, string) {
	if k, err := strconv.Atoi(strings.TrimPrefix(idx.Shift, "<<")); err == nil && strings.HasPrefix(idx.Shift, "<<") && k >= 0 && k <= 4 {
		return idx.Reg, 1 << k, ""
	}
	return idx.Reg, 1, idx.Shift
}

// arm64CondAlias are the conditions with two names: the canonical form
// has CS and CC.
var arm64CondAlias = map[string]string{"HS": "CS", "LO": "CC"}

// arm64Canonical finishes an instruction either front end read: the
// write-back suffix, the three-operand form, RET's register, the
// conditions' aliases.
func arm64Canonical(in *engine.Inst) error {
	op, suffix, _ := strings.Cut(in.Op, ".")
	if len(op) == 3 && op[0] == 'B' && arm64CondAlias[op[1:]] != "" {
		op = "B" + arm64CondAlias[op[1:]]
	}
	for i := range in.Args {
		if c := arm64CondAlias[in.Args[i].Name]; c != "" && in.Args[i].Kind == engine.ArgCond {
			in.Args[i].Name = c
		}
	}
	in.Op = op
	switch suffix {
	case "":
	case "P", "W":
		found := false
		for i := range in.Args {
			if in.Args[i].Kind == engine.ArgMem {
				in.Args[i].Post, in.Args[i].Pre = suffix == "P", suffix == "W"
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s.%s without a memory operand", op, suffix)
		}
	default:
		return fmt.Errorf("suffix %s", suffix)
	}
	if arm64ThreeOp[op] && len(in.Args) == 2 {
		in.Args = append(in.Args, in.Args[1])
	}
	if op == "RET" && len(in.Args) == 1 && (in.Args[0].IsReg("R30") ||
		in.Args[0].Kind == engine.ArgMem && in.Args[0].Reg == "R30" && in.Args[0].Imm == 0 && in.Args[0].Index == "") {
		in.Args = nil // RET (R30), the listing's RET
	}
	if op == "HINT" && len(in.Args) == 1 && in.Args[0].Kind == engine.ArgImm && in.Args[0].Imm == 0 || op == "NOOP" {
		in.Op, in.Args = "NOP", nil
	}
	return nil
}

// arm64SysRegs are the system registers objdump prints by their
// encoding, by the listing's names.
var arm64SysRegs = map[string]string{"S3_3_C4_C2_5": "DIT", "S3_3_C4_C2_0": "NZCV"}

// arm64SysRegNums are the system registers go tool objdump prints as a
// number (o0<<14 | op1<<11 | CRn<<7 | CRm<<3 | op2) that the model knows.
var arm64SysRegNums = map[int64]string{23056: "NZCV", 23061: "DIT", 23072: "FPCR", 23073: "FPSR", 16433: "ID_AA64ISAR1_EL1"}

// Encodings that the model knows by their value: the listing prints them
// as WORD (the assembler has no mnemonic for SB), objdump as ?.
var arm64Words = map[uint32]engine.Inst{
	0xd50330ff: {Op: "SB"},
	0xd503415f: {Op: "MSR", Args: []engine.Arg{{Kind: engine.ArgImm, Imm: 1}, {Kind: engine.ArgSpecial, Name: "DIT"}}},
	0xd503405f: {Op: "MSR", Args: []engine.Arg{{Kind: engine.ArgImm, Imm: 0}, {Kind: engine.ArgSpecial, Name: "DIT"}}},
}

// arm64Word reads a WORD the listing prints as data: SB, which the
// assembler has no name for, is an instruction the CPU runs. objdump's ?
// comes here too, and so do the SHA-512 and SHA-3 instructions, which it
// does not decode (arm64Crypto).
func arm64Word(in *engine.Inst, v uint32) {
	if k, ok := arm64Words[v]; ok {
		in.Op, in.Args, in.Raw = k.Op, k.Args, false
		return
	}
	if k, ok := arm64Crypto(v); ok {
		in.Op, in.Args, in.Raw = k.Op, k.Args, false
		return
	}
	if k, ok := arm64LoadReplicate(v); ok {
		in.Op, in.Args, in.Raw = k.Op, k.Args, false
	}
}

// arm64LoadReplicate decodes LD1R to LD4R (load one structure of n
// elements and replicate each into every lane of one of n registers),
// which chacha20's assembly writes as WORDs: Arm's A64 "load single
// structure and replicate" class, 0 Q 001101 P 1 R Rm 11 o S=0 size Rn Rt,
// n = 1 + R + 2o; P, post-index by the structure's size (Rm 31) or by a
// register (not decoded here).
func arm64LoadReplicate(v uint32) (engine.Inst, bool) {
	if v&0xbf40d000 != 0x0d40c000 {
		return engine.Inst{}, false
	}
	q, post, r, rm, o, size, rn, rt := v>>30&1, v>>23&1, v>>21&1, v>>16&31, v>>13&1, v>>10&3, v>>5&31, v&31
	if post == 0 && rm != 0 || post == 1 && rm != 31 {
		return engine.Inst{}, false
	}
	n := 1 + r + 2*o
	arr := [2][4]string{{"B8", "H4", "S2", "D1"}, {"B16", "H8", "S4", "D2"}}[q][size]
	var regs []engine.Arg
	for i := range n {
		name := "V" + strconv.Itoa(int((rt+i)%32))
		regs = append(regs, engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 16, Name: name + "." + arr})
	}
	base := "R" + strconv.Itoa(int(rn))
	if rn == 31 {
		base = "RSP"
	}
	mem := engine.Arg{Kind: engine.ArgMem, Reg: base, Name: "(" + base + ")"}
	if post == 1 {
		mem.Post, mem.Imm = true, int64(n)<<size
	}
	return engine.Inst{Op: "VLD" + strconv.Itoa(int(n)) + "R", Args: []engine.Arg{mem, {Kind: engine.ArgList, Regs: regs}}}, true
}

// arm64Crypto decodes FEAT_SHA512's and FEAT_SHA3's instructions into the
// listing's form (Arm's A64 encodings: SHA512H, SHA512H2, SHA512SU0,
// SHA512SU1, RAX1, EOR3, BCAX, XAR).
func arm64Crypto(v uint32) (engine.Inst, bool) {
	reg := func(r uint32) engine.Arg {
		name := "V" + strconv.Itoa(int(r))
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 16, Name: name}
	}
	d, n, m, a := reg(v&31), reg(v>>5&31), reg(v>>16&31), reg(v>>10&31)
	switch {
	case v&0xffe0fc00 == 0xce608000:
		return engine.Inst{Op: "SHA512H", Args: []engine.Arg{m, n, d}}, true
	case v&0xffe0fc00 == 0xce608400:
		return engine.Inst{Op: "SHA512H2", Args: []engine.Arg{m, n, d}}, true
	case v&0xfffffc00 == 0xcec08000:
		return engine.Inst{Op: "SHA512SU0", Args: []engine.Arg{n, d}}, true
	case v&0xffe0fc00 == 0xce608800:
		return engine.Inst{Op: "SHA512SU1", Args: []engine.Arg{m, n, d}}, true
	case v&0xffe0fc00 == 0xce608c00:
		return engine.Inst{Op: "VRAX1", Args: []engine.Arg{m, n, d}}, true
	case v&0xffe08000 == 0xce000000:
		return engine.Inst{Op: "VEOR3", Args: []engine.Arg{a, m, n, d}}, true
	case v&0xffe08000 == 0xce200000:
		return engine.Inst{Op: "VBCAX", Args: []engine.Arg{a, m, n, d}}, true
	case v&0xffe00000 == 0xce800000:
		imm := engine.Arg{Kind: engine.ArgImm, Imm: int64(v >> 10 & 63)}
		return engine.Inst{Op: "VXAR", Args: []engine.Arg{imm, m, n, d}}, true
	}
	return engine.Inst{}, false
}

// arm64FromListing reads an instruction of the listing.
func arm64FromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	for _, s := range args {
		if off, reg, ok, err := engine.ListingSlotAddress(la, f, s, 8); ok {
			// MOVD $name-off(SP), r: the address of a frame slot (ADD).
			if err != nil || in.Op != "MOVD" || len(args) != 2 {
				return fmt.Errorf("address %s", s)
			}
			in.Op = "ADD"
			in.Args = append(in.Args, off, reg)
			continue
		}
		if a, ok := arm64Operand(s); ok {
			in.Args = append(in.Args, a)
			continue
		}
		if a, ok, err := engine.ListingOperand(la, f, s); ok {
			if err != nil {
				return err
			}
			if in.Op == "CALL" || in.Op == "JMP" {
				a = f.Callee(a)
			}
			in.Args = append(in.Args, a)
			continue
		}
		if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: pc})
			continue
		}
		if (in.Op == "MSR" || in.Op == "MRS") && regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`).MatchString(s) {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s}) // a system register: DIT, NZCV
			continue
		}
		if in.Op == "PRFM" && arm64Prefetch.MatchString(s) {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s}) // the prefetch's kind: PLDL1KEEP
			continue
		}
		return fmt.Errorf("operand %s", s)
	}
	return arm64Canonical(in)
}

// The model.

type arm64m struct{ *engine.Mach }

// lanes are the 8-byte lanes of a vector register part; a part of
// width 0 is the instruction's width w.
func arm64Lanes(a engine.Arg, w int) (lo, hi int) {
	if a.Width != 0 {
		w = a.Width
	}
	return a.Off / 8, (a.Off + w + 7) / 8
}

// read returns a register's, a constant's or a loaded value's level; w is
// the width of a scalar floating-point register or of a load.
func (m arm64m) read(a engine.Arg, w int) engine.Level {
	switch a.Kind {
	case engine.ArgImm:
		return engine.Static
	case engine.ArgMem:
		return m.Load(m.access(a), max(w, 1))
	case engine.ArgList:
		l := engine.Static
		for _, r := range a.Regs {
			l = max(l, m.read(r, w))
		}
		return l
	case engine.ArgReg:
		switch {
		case a.Reg == "ZR":
			return engine.Static
		case a.Reg[0] == 'V':
			lo, hi := arm64Lanes(a, w)
			l := engine.Static
			for i := lo; i < min(hi, 2); i++ {
				l = max(l, m.Reg(engine.Lane(a.Reg, i)))
			}
			return l
		}
		return m.Reg(a.Reg)
	}
	m.Find("operand %s not modelled (fail closed)", a.Name)
	return engine.Secret
}

// write sets a register: a general register whole; a vector register's
// lanes: a whole-register or scalar write zeroes what is above it, a lane
// write (V3.D[1]) keeps the other lanes.
func (m arm64m) write(a engine.Arg, l engine.Level, w int) {
	if a.Kind != engine.ArgReg {
		m.Find("write to operand %s not modelled (fail closed)", a.Name)
		return
	}
	switch {
	case a.Reg == "ZR":
	case a.Reg[0] == 'V':
		lo, hi := arm64Lanes(a, w)
		isLane := strings.Contains(a.Name, "[")
		for i := lo; i < min(hi, 2); i++ {
			if isLane && (a.Width < 8) {
				m.Merge(engine.Lane(a.Reg, i), l)
			} else {
				m.Set(engine.Lane(a.Reg, i), l)
			}
		}
		if !isLane {
			for i := hi; i < 2; i++ {
				m.Set(engine.Lane(a.Reg, i), engine.Static)
			}
		}
	default:
		m.Set(a.Reg, l)
	}
}

// access is the address a memory operand reads or writes: a pre-indexed
// one moves its base first, a post-indexed one after (see post).
func (m arm64m) access(x engine.Arg) engine.Arg {
	if x.Pre && x.Reg == "RSP" {
		m.MoveSP(x.Imm)
	} else if x.Pre {
		m.MoveBase(x.Reg)
	}
	if x.Pre || x.Post {
		x.Imm = 0
	}
	return x
}

// post moves a post-indexed base after the access. Other bases than the
// stack pointer move by a constant: their level stays.
func (m arm64m) post(x engine.Arg) {
	if x.Post && x.Reg == "RSP" {
		m.MoveSP(x.Imm)
	} else if x.Post {
		m.MoveBase(x.Reg)
	}
}

// arm64Prefetch is a prefetch's operation, as PRFM names it.
var arm64Prefetch = regexp.MustCompile(`^P(LD|LI|ST)L[123](KEEP|STRM)$`)

// arm64ElemBytes is the width of a vector arrangement's element.
var arm64ElemBytes = map[string]int{"B8": 1, "B16": 1, "H4": 2, "H8": 2, "S2": 4, "S4": 4, "D1": 8, "D2": 8}

var (
	arm64Move = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "FMOVD": 8, "FMOVS": 4, "FMOVQ": 16,
		// Load-acquire and store-release: loads and stores, ordered.
		"LDAR": 8, "LDARW": 4, "LDARB": 1, "STLR": 8, "STLRW": 4, "STLRB": 1}
	// The loads of one structure replicated (LD1R to LD4R), by how many
	// registers each fills.
	arm64LoadRep = map[string]int{"VLD1R": 1, "VLD2R": 2, "VLD3R": 3, "VLD4R": 4}
	arm64Pairs   = map[string]int{"LDP": 8, "STP": 8, "LDPW": 4, "STPW": 4, "FLDPD": 8, "FSTPD": 8, "FLDPQ": 16, "FSTPQ": 16}
	// dst = f(srcs); the flag-setting ones set FLAGS too (by their S).
	arm64ALU = engine.OpSet("ADD", "ADDS", "SUB", "SUBS", "AND", "ANDS", "ORR", "EOR", "BIC", "ORN", "EON", "LSL", "LSR", "ASR", "ROR",
		"MUL", "UMULH", "SMULH", "MADD", "MSUB", "MNEG", "RORW", "ASRW",
		// Their 32-bit forms: the same instructions (sf=0), on DIT's list
		// alike; x % k compiles to UDIVW and MSUBW.
		"MULW", "MADDW", "MSUBW", "MNEGW",
		// The 32x32->64-bit multiplies: one multiply-pipeline operation
		// of fixed latency (on Neoverse N1 2 cycles, M pipeline: LLVM's
		// AArch64SchedNeoverseN1.td, "Multiply accumulate, long", after
		// the N1 software optimization guide; data-independent under DIT).
		"UMULL", "SMULL", "ADDW", "SUBW", "SUBSW", "ANDW", "ORRW", "EORW", "LSLW", "LSRW", "NEG", "NEGW",
		"MVN", "REV", "CLZ", "RBIT", "MVNW", "BICW",
		// NEON: element-wise, reductions, and the table lookups TBL and TBX,
		// whose index is a register (constant time by the ISA).
		"VEOR", "VORR", "VAND", "VADD", "VSUB", "VCMEQ", "VCMTST", "VUMAX", "VUMIN", "VADDP", "VUADDLV", "VCNT", "VUZP1",
		"VZIP1", "VZIP2", "VSRI", "VEXT", "VREV64", "VDUP", "VTBL", "VTBX", "VUSHR", "VSHL", "VMOVI",
		// The cryptographic extension: an AES round (AESE, AESD: dst =
		// f(dst ^ src)), MixColumns and its inverse, and the 64x64->128
		// polynomial multiply (PMULL, PMULL2). Arm lists each among the
		// instructions whose timing is independent of the data under
		// PSTATE.DIT (Arm's DIT register description, DDI 0595, lists AESD,
		// AESE, AESIMC, AESMC; PMULL's A64 description says the same); on
		// Neoverse N1 each is one V0 operation of 2 cycles (LLVM's
		// AArch64SchedNeoverseN1.td, "Crypto AES ops", "Crypto polynomial
		// (64x64) multiply long", after the N1 software optimization guide).
		"AESE", "AESD", "AESMC", "AESIMC", "VPMULL", "VPMULL2",
		// SHA-1's, SHA-256's and SHA-512's rounds and schedule updates
		// (each dst = f(dst, srcs); SHA1H dst = f(src)), and SHA-3's
		// three-way XOR, bit clear and XOR, rotate and XOR (dst =
		// f(srcs)): "all cryptographic instructions" on DIT's list (Arm's
		// DIT register description, DDI 0595/b, names each: SHA1C ...
		// SHA512SU1, EOR3, RAX1, XAR, BCAX).
		"SHA1C", "SHA1H", "SHA1M", "SHA1P", "SHA1SU0", "SHA1SU1", "SHA256H", "SHA256H2", "SHA256SU0", "SHA256SU1", "SHA512H", "SHA512H2", "SHA512SU0", "SHA512SU1",
		"VEOR3", "VBCAX", "VRAX1", "VXAR",
		// GCM's byte swaps within words, and the 32-bit ANDS of the key
		// schedule's loop: element shuffles and logic, fixed latency.
		"VREV32", "ANDSW")
	// Scalar floating point: dst = f(srcs) (conversions from and to the
	// general registers too); FCMP sets the flags.
	arm64Float = engine.OpSet("FADDD", "FADDS", "FSUBD", "FSUBS", "FMULD", "FMULS", "FNEGD", "FNEGS", "FABSD", "FMAXD", "FMIND",
		"SCVTFD", "SCVTFS", "UCVTFD", "UCVTFS", "SCVTFWD", "UCVTFWD", "FCVTZSD", "FCVTZUD", "FCVTZSDW", "FCVTSD", "FCVTDS")
	arm64FloatArith = engine.OpSet("FADDD", "FADDS", "FSUBD", "FSUBS", "FMULD", "FMULS")
	arm64FCmp       = engine.OpSet("FCMPD", "FCMPS", "FCMPED", "FCMPES")
	arm64Carry      = engine.OpSet("ADC", "ADCS", "SBC", "SBCS")
	arm64Test       = engine.OpSet("CMP", "CMN", "TST", "CMPW", "CMNW", "TSTW")
	arm64Select     = engine.OpSet("CSEL", "CSINC", "CSINV", "CSNEG", "CSELW")
	arm64Cset       = engine.OpSet("CSET", "CSETM", "CSETW")
	arm64Bit        = engine.OpSet("UBFX", "SBFX", "UBFIZ", "UBFXW", "BFI", "BFXIL")
	// EXTR $k, Rm, Rn, Rd: Rd is bits k.. of the pair Rn:Rm (a rotate
	// where Rm is Rn). Fixed latency: on Neoverse N1 1 cycle as a rotate
	// (Rn == Rm) and 3 with two registers (an I and an M operation: LLVM's
	// AArch64SchedNeoverseN1.td, "Bitfield extract, two regs", after the
	// N1 software optimization guide), whatever the data; and its A64
	// description's operational information makes it data independent in
	// time under PSTATE.DIT (Arm's A64 ISA XML, ROR (immediate) and EXTR).
	arm64Extr = engine.OpSet("EXTR", "EXTRW")
	// REM, UREM and their W forms are the assembler's SDIV or UDIV into
	// its temporary R27, then MSUB: a remainder, of a divide's latency.
	arm64Div = engine.OpSet("UDIV", "SDIV", "UDIVW", "SDIVW", "FDIVD", "FDIVS", "FSQRTD", "FSQRTS", "REM", "UREM", "REMW", "UREMW")
	arm64CB  = engine.OpSet("CBZ", "CBNZ", "CBZW", "CBNZW")
	arm64TB  = engine.OpSet("TBZ", "TBNZ")
	// The DSB options that order all memory accesses (SY, ISH, NSH, OSH):
	// the barrier that, with an ISB after it, may stand for SB.
	arm64FullDSB = map[int64]bool{15: true, 11: true, 7: true, 3: true}
	// The DSB options that order stores only, or loads only: no barrier
	// for DIT. Any other option fails closed.
	arm64PartialDSB = map[int64]bool{14: true, 13: true, 10: true, 9: true, 6: true, 5: true, 2: true, 1: true}
)

// The speculation barrier that must follow MSR $1, DIT: until it
// completes, a later instruction may run speculatively without DIT, so no
// load of the inputs may come before it, and the function may not return
// without it (Arm's and Apple's guidance). Two pseudo-locations of the
// state track it, joined like taint (set on any path means set): ditBarrier
// from MSR $1, DIT until SB, or until an ISB that follows a full DSB;
// ditNoDSB from MSR $1, DIT until such a DSB.
const (
	ditBarrier = "DIT: no barrier yet"
	ditNoDSB   = "DIT: no DSB yet"
)

// opcodes is every opcode the arm64 model knows, for the tables' tests.
func opcodes() map[string]bool {
	t := engine.OpSet("NOP", "RET", "JMP", "CALL", "ADRP", "ADR", "MRS", "MSR", "SB", "DSB", "ISB", "DMB", "VLD1", "VST1", "VMOV",
		"MOVK", "MOVKW", "VLD1R", "VLD2R", "VLD3R", "VLD4R", "PRFM")
	for _, c := range []map[string]bool{arm64ALU, arm64Carry, arm64Test, arm64Select, arm64Cset, arm64Bit, arm64Extr, arm64Div, arm64CB, arm64TB,
		arm64Float, arm64FCmp} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range arm64Move {
		t[op] = true
	}
	for op := range arm64Pairs {
		t[op] = true
	}
	for c := range arm64Conds {
		t["B"+c] = true
	}
	return t
}

// arm64Step runs one instruction: each class of instructions has a
// function of its own, tried in turn, that reports whether it knew it.
func arm64Step(mach *engine.Mach) {
	m := arm64m{mach}
	in := m.Inst
	op, a := in.Op, in.Args
	n := len(a)
	st := m.State.Regs
	if st[ditBarrier] == engine.Secret {
		for _, x := range a {
			// A load through a register that is not static: the inputs
			// (the stack and the program's data are not).
			if x.Kind == engine.ArgMem && x.Reg != "" && x.Reg != "RSP" && x.Reg != engine.EntrySP && !x.Global && m.Reg(x.Reg) != engine.Static {
				m.Find("load of the inputs before the speculation barrier that must follow MSR $1, DIT")
				break
			}
		}
		if op == "RET" {
			m.Find("return without the speculation barrier that must follow MSR $1, DIT")
		}
	}
	target := func(i int) (uint64, bool) {
		if i < n && a[i].Kind == engine.ArgTarget {
			return a[i].Target, true
		}
		m.Find("branch target not decoded (fail closed)")
		return 0, false
	}
	isReg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	c := arm64Cases{m: m, op: op, a: a, n: n, st: st, target: target, isReg: isReg}
	if !arm64Control(c) && !arm64Memory(c) && !arm64Arith(c) {
		m.Unmodelled()
	}
}

// cselMin is what CSEL cond, Rn, Rm, Rd (Rd = Rn where cond holds) will
// hold where it is a minimum: of a register compared with a constant,
// taken below it, and a register that holds a constant (CMP $64, R4;
// CSEL LT, R4, R6, R4), or the constant taken at or above it.
func (m arm64m) cselMin(cond string, rn, rm engine.Arg) engine.Min {
	if rn.Shift != "" || rm.Shift != "" || rn.Off != 0 || rm.Off != 0 {
		return engine.Min{}
	}
	switch cond {
	case "LT", "LE", "CC", "LS":
		return m.MinOf("FLAGS", rn.Reg, rm.Reg, cond == "LE" || cond == "LS", cond == "LT" || cond == "LE")
	case "GE", "GT", "CS", "HI":
		return m.MinOf("FLAGS", rm.Reg, rn.Reg, cond == "GT" || cond == "HI", cond == "GE" || cond == "GT")
	}
	return engine.Min{}
}

// arm64Cases is one instruction as arm64Step's cases read it.
type arm64Cases struct {
	m      arm64m
	op     string
	a      []engine.Arg
	n      int
	st     map[string]engine.Level
	target func(i int) (uint64, bool)
	isReg  func(i int) bool
}

// arm64Control models the branches, calls and returns, the system
// registers and the barriers.
func arm64Control(c arm64Cases) bool {
	m, op, a, n, st, target, isReg := c.m, c.op, c.a, c.n, c.st, c.target, c.isReg
	switch {
	case op == "NOP" && n == 0:
	case op == "RET" && n == 0:
		m.DoRet()
	case op == "JMP" && n == 1:
		m.Jmp(a[0])
	case op == "CALL" && n == 1:
		m.CallTo(a[0], "R30")
	case len(op) == 3 && op[0] == 'B' && arm64Conds[op[1:]] && n == 1:
		if t, ok := target(0); ok {
			m.Branch(m.Reg("FLAGS"), "flags", t)
			if g, ok := m.GuardOf("FLAGS"); ok && g.Reg != "" {
				switch c := op[1:]; c {
				case "CC", "CS": // LO taken: reg < imm; HS
					m.TeachBelow(g, g.Imm, c == "CC", false)
				case "LS", "HI": // LS taken: reg <= imm
					m.TeachBelow(g, g.Imm+1, c == "LS", false)
				case "LT", "GE": // signed: a loop's counter
					m.TeachBelow(g, g.Imm, c == "LT", true)
				case "LE", "GT":
					m.TeachBelow(g, g.Imm+1, c == "LE", true)
				}
			}
		}
	case arm64CB[op] && n == 2 && isReg(0):
		if t, ok := target(1); ok {
			m.Branch(m.read(a[0], 8), a[0].Name, t)
			if g, ok := m.GuardOf(a[0].Reg); ok && !g.Mode {
				m.Teach(g, op == "CBNZ" || op == "CBNZW")
			}
		}
	case arm64TB[op] && n == 3 && a[0].Kind == engine.ArgImm && isReg(1):
		if t, ok := target(2); ok {
			m.Branch(m.read(a[1], 8), a[1].Name, t)
			// Bit 0 of a flag (a bool), bit 24 of what MRS read of DIT.
			if g, ok := m.GuardOf(a[1].Reg); ok && a[0].Imm == map[bool]int64{false: 0, true: 24}[g.Mode] {
				m.Teach(g, op == "TBNZ")
			}
		}
	case (op == "ADRP" || op == "ADR") && n == 2 && isReg(1):
		m.write(a[1], engine.Static, 8) // an address in the program
	case op == "MRS" && n == 2 && isReg(1) && a[0].Kind == engine.ArgSpecial && a[0].Name == "NZCV":
		m.write(a[1], m.Reg("FLAGS"), 8) // the flags, as a value
	case op == "MRS" && n == 2 && isReg(1) && a[0].Kind == engine.ArgSpecial && a[0].Name == "FPSR":
		m.Unmodelled() // its cumulative exception flags record what the floating-point operations saw
	case op == "MRS" && n == 2 && isReg(1) && a[0].Kind == engine.ArgSpecial:
		m.write(a[1], engine.Public, 8) // a system register: DIT, the thread pointer, the clock
		if a[0].Name == "DIT" {
			m.Guard(a[1].Reg, engine.Guard{Feature: "dit", Mode: true})
		}
	case op == "MSR" && n == 2 && a[1].Kind == engine.ArgSpecial && a[1].Name == "DIT":
		switch {
		case a[0].Kind == engine.ArgImm && a[0].Imm == 1:
			st[ditBarrier], st[ditNoDSB] = engine.Secret, engine.Secret
			m.SetMode("dit", true)
		case a[0].Kind == engine.ArgImm && a[0].Imm == 0, a[0].IsReg("ZR"):
			m.SetMode("dit", false)
		default:
			m.Unmodelled() // DIT from a register: it may set it
			m.SetMode("dit", false)
		}
	case op == "MSR" && n == 2 && a[1].Kind == engine.ArgSpecial:
		l := m.read(a[0], 8)
		if l == engine.Secret {
			m.Find("system register written from secret data")
		}
		if a[1].Name == "NZCV" {
			m.Set("FLAGS", l)
		}
	case op == "SB" && n == 0:
		delete(st, ditBarrier)
		delete(st, ditNoDSB)
	case op == "DSB" && n == 1 && a[0].Kind == engine.ArgImm && (arm64FullDSB[a[0].Imm] || arm64PartialDSB[a[0].Imm]):
		if arm64FullDSB[a[0].Imm] {
			delete(st, ditNoDSB)
		}
	case op == "ISB" && (n == 0 || n == 1 && a[0].Kind == engine.ArgImm && a[0].Imm == 15):
		if st[ditNoDSB] != engine.Secret {
			delete(st, ditBarrier)
		}
	case op == "DMB" && n == 1:
	default:
		return false
	}
	return true
}

// arm64Memory models the moves, loads and stores of registers, pairs
// and vectors.
func arm64Memory(c arm64Cases) bool {
	m, op, a, n, isReg := c.m, c.op, c.a, c.n, c.isReg
	switch {
	case arm64Move[op] != 0 && n == 2:
		w := arm64Move[op]
		// A return address moves whole with MOVD (MOVD.W R30, -n(RSP) and
		// back, MOVD R30, R3 for the stack growth) and with nothing else.
		whole := op == "MOVD"
		switch {
		case a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgReg:
			x := m.access(a[0])
			l, ra := m.Load(x, w), m.WholeLink(whole, x)
			m.post(a[0])
			m.write(a[1], l, w)
			m.KeepLink(a[1], ra)
			if op == "MOVBU" {
				m.LoadFlag(a[1].Reg, x) // MOVBU ·flag(SB), R6
			}
		case a[1].Kind == engine.ArgMem && (a[0].Kind == engine.ArgReg || a[0].Kind == engine.ArgImm):
			l, ra := m.read(a[0], w), m.WholeLink(whole, a[0])
			x := m.access(a[1])
			m.Store(x, w, l)
			m.KeepLink(x, ra)
			m.post(a[1])
		case a[0].Kind != engine.ArgMem && a[1].Kind == engine.ArgReg && !a[1].Post && !a[1].Pre:
			if a[1].Reg == "RSP" {
				m.Set("RSP", m.read(a[0], w)) // MOVD R1, RSP: the frame is lost
				return true
			}
			ra := m.WholeLink(whole, a[0])
			m.write(a[1], m.read(a[0], w), w)
			m.KeepLink(a[1], ra)
		default:
			m.Unmodelled()
		}
	case (op == "MOVK" || op == "MOVKW") && n == 2 && isReg(1):
		// 16 bits of the immediate into the register, the rest kept (the
		// upper half cleared by MOVKW): no bit of the result is secret
		// unless the register's was.
		m.write(a[1], max(m.read(a[1], 8), engine.Static), 8)
	case arm64Pairs[op] != 0 && n == 2:
		w := arm64Pairs[op]
		load := strings.Contains(op, "LDP")
		mem, pair := a[0], a[1]
		if !load {
			mem, pair = a[1], a[0]
		}
		if mem.Kind != engine.ArgMem || pair.Kind != engine.ArgList || len(pair.Regs) != 2 {
			m.Unmodelled()
			return true
		}
		x := m.access(mem)
		var loaded [2]engine.Level // both loads come before either write
		var links [2]engine.Link   // STP (R29, R30) and LDP back: the return address whole
		for i, r := range pair.Regs {
			xi := x
			xi.Imm += int64(i * w)
			if load {
				loaded[i] = m.Load(xi, w)
				if op == "LDP" {
					links[i] = m.LinkOf(xi)
				}
			} else {
				ra := m.LinkOf(r)
				m.Store(xi, w, m.read(r, w))
				if op == "STP" {
					m.KeepLink(xi, ra)
				}
			}
		}
		if load {
			for i, r := range pair.Regs {
				m.write(r, loaded[i], w)
				m.KeepLink(r, links[i])
			}
		}
		m.post(mem)
	case (op == "VLD1" || op == "VST1") && n == 2:
		mem, list := a[0], a[1]
		if op == "VST1" {
			mem, list = a[1], a[0]
		}
		if mem.Kind != engine.ArgMem || list.Kind != engine.ArgList {
			m.Unmodelled()
			return true
		}
		x := m.access(mem)
		if op == "VLD1" {
			l := m.Load(x, 16*len(list.Regs))
			for _, r := range list.Regs {
				m.write(r, l, 16)
			}
		} else {
			l := engine.Static
			for _, r := range list.Regs {
				l = max(l, m.read(r, 16))
			}
			m.Store(x, 16*len(list.Regs), l)
		}
		m.post(mem)
	case arm64LoadRep[op] != 0 && n == 2 && a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgList && len(a[1].Regs) == arm64LoadRep[op]:
		// n consecutive elements, each loaded into every lane of one of
		// n registers (sha3's round constant, chacha20's key words): the
		// element's width from the arrangement.
		w := arm64ElemBytes[a[1].Regs[0].Name[strings.LastIndex(a[1].Regs[0].Name, ".")+1:]]
		if w == 0 {
			m.Unmodelled()
			return true
		}
		x := m.access(a[0])
		for i, r := range a[1].Regs {
			e := x
			e.Imm += int64(i * w)
			m.write(r, m.Load(e, w), 16)
		}
		m.post(a[0])
	case op == "PRFM" && n == 2 && a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgSpecial:
		// A prefetch hint: no value, but an access whose address must not
		// depend on a secret.
		m.Address(a[0])
	case op == "VMOV" && n == 2 && isReg(0) && isReg(1):
		l := m.read(a[0], 8)
		m.write(a[1], l, 8)
	default:
		return false
	}
	return true
}

// arm64Arith models the conditional selects, the bitfield and extract
// operations, compares, floating point, divides and the ALU.
func arm64Arith(c arm64Cases) bool {
	m, op, a, n, isReg := c.m, c.op, c.a, c.n, c.isReg
	switch {
	case arm64Cset[op] && n == 2 && a[0].Kind == engine.ArgCond && isReg(1):
		m.write(a[1], m.Reg("FLAGS"), 8)
	case arm64Select[op] && n == 4 && a[0].Kind == engine.ArgCond:
		var mn engine.Min
		if op == "CSEL" && isReg(1) && isReg(2) && isReg(3) {
			mn = m.cselMin(a[0].Name, a[1], a[2])
		}
		m.write(a[3], max(m.read(a[1], 8), m.read(a[2], 8), m.Reg("FLAGS")), 8)
		if isReg(3) {
			m.SetMin(a[3].Reg, mn)
		}
	case arm64Bit[op] && n == 4 && a[0].Kind == engine.ArgImm && a[2].Kind == engine.ArgImm:
		l := m.read(a[1], 8)
		if op == "BFI" || op == "BFXIL" {
			l = max(l, m.read(a[3], 8)) // inserts into dst
		}
		m.write(a[3], l, 8)
	case arm64Extr[op] && n == 4 && a[0].Kind == engine.ArgImm && isReg(1) && isReg(2) && isReg(3):
		w := 8
		if op == "EXTRW" {
			w = 4
		}
		m.write(a[3], max(m.read(a[1], w), m.read(a[2], w)), w)
	case arm64Test[op] && n == 2:
		m.Set("FLAGS", max(m.read(a[0], 8), m.read(a[1], 8)))
		if op == "CMP" {
			// Of a register and a constant, the register is the one
			// compared (A64 has no form with the constant first): a
			// bounds check.
			x, y := a[0], a[1]
			if x.Kind == engine.ArgImm {
				x, y = y, x
			}
			if x.Kind == engine.ArgReg && x.Shift == "" && y.Kind == engine.ArgImm && y.Name == "" && y.Sym == "" {
				m.Compared(x.Reg, y.Imm, "FLAGS")
			}
			// Of two registers, Go's CMP Rm, Rn compares Rn with Rm: a
			// slice's bounds check (CMP R2, R1; BHI panic: R1 <= R2).
			if x.Kind == engine.ArgReg && y.Kind == engine.ArgReg && x.Shift == "" && y.Shift == "" && x.Off == 0 && y.Off == 0 {
				m.ComparedRegs(y.Reg, x.Reg, "FLAGS")
			}
		}
	case arm64FCmp[op] && n == 2:
		m.Set("FLAGS", max(m.read(a[0], 8), m.read(a[1], 8)))
	case arm64Float[op] && (n == 2 || n == 3) && isReg(n-1):
		w := 8
		if strings.HasSuffix(op, "S") && !strings.HasSuffix(op, "DS") || op == "FCVTDS" {
			w = 4
		}
		l := engine.Static
		srcs := a[:n-1]
		if arm64FloatArith[op] && n == 2 {
			srcs = a // FADDD a, dst: dst = dst + a
		}
		for _, x := range srcs {
			l = max(l, m.read(x, w))
		}
		if arm64FloatArith[op] {
			m.FloatArith(l)
		}
		m.write(a[n-1], l, w)
	case arm64Div[op] && (n == 2 || n == 3):
		l := engine.Static
		srcs := a[:n-1]
		if n == 2 && !strings.HasPrefix(op, "FSQRT") {
			srcs = a // UDIV a, dst: dst = dst / a
		}
		for _, x := range srcs {
			l = max(l, m.read(x, 8))
		}
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		if strings.Contains(op, "REM") {
			m.Set("R27", l) // the quotient
		}
		m.write(a[n-1], l, 8)
	case (arm64ALU[op] || arm64Carry[op]) && n >= 2 && n <= 4 && isReg(n-1):
		dst := a[n-1]
		srcs := a[:n-1]
		w := 8
		if strings.HasPrefix(op, "V") {
			w = 16
		}
		var l engine.Level
		zeroing := (op == "EOR" || op == "EORW" || op == "SUB" || op == "SUBW" || op == "SUBS" || op == "SUBSW" || op == "VEOR") && n == 3 &&
			a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg && a[0].Reg == a[1].Reg && a[0].Off == a[1].Off &&
			a[0].Shift == "" && a[1].Shift == ""
		if !zeroing {
			for _, x := range srcs {
				l = max(l, m.read(x, w))
			}
		}
		if op == "VTBX" || op == "VSRI" || op == "AESE" || op == "AESD" || strings.HasPrefix(op, "SHA") && op != "SHA1H" {
			// TBX keeps dst's bytes for indices out of range, SRI the
			// bits above those it shifts in; an AES round and SHA's read
			// the state in dst (SHA1H, a rotate of its source, does not).
			l = max(l, m.read(dst, w))
		}
		if op == "AESE" || op == "AESD" || op == "AESMC" || op == "AESIMC" || strings.HasPrefix(op, "SHA") {
			w = 16
		}
		if arm64Carry[op] {
			l = max(l, m.Reg("FLAGS"))
		}
		if dst.Reg == "RSP" {
			// The frame: ADD/SUB $n, RSP, RSP.
			if (op == "ADD" || op == "SUB") && n == 3 && a[0].Kind == engine.ArgImm && a[1].IsReg("RSP") && a[0].Name == "" {
				if op == "SUB" {
					m.MoveSP(-a[0].Imm)
				} else {
					m.MoveSP(a[0].Imm)
				}
				return true
			}
			m.Set("RSP", l)
			return true
		}
		m.write(dst, l, w)
		if strings.HasSuffix(strings.TrimSuffix(op, "W"), "S") && op != "VUADDLV" || op == "ADCS" || op == "SBCS" {
			m.Set("FLAGS", l)
		}
	default:
		return false
	}
	return true
}

// The CPU features of arm64's instructions, from the Arm Architecture
// Reference Manual (the FEAT_ that each encoding requires), and those each
// GOARM64 level guarantees: from its section A2, FEAT_LSE is mandatory from
// Armv8.1, FEAT_DIT from Armv8.4 and FEAT_SB from Armv8.5; Armv9.n has
// the features of Armv8.(n+5). Advanced SIMD is part of every level Go
// runs on.
var arm64Features = []string{"asimd", "atomics", "dit", "sb", "aes", "pmull", "sha1", "sha2", "sha512", "sha3"}

// arm64Levels is the features of a GOARM64 value: v8.0 to v8.9 or v9.0 to
// v9.5, and the options ,lse and ,crypto.
func arm64Levels(level string) []string {
	v, opts, _ := strings.Cut(level, ",")
	var minor int
	switch {
	case strings.HasPrefix(v, "v8."):
		minor, _ = strconv.Atoi(v[3:])
	case strings.HasPrefix(v, "v9."):
		n, err := strconv.Atoi(v[3:])
		if err != nil {
			return nil
		}
		minor = n + 5
	default:
		return nil
	}
	out := []string{"asimd"}
	for _, f := range []struct {
		from    int
		feature string
	}{{1, "atomics"}, {4, "dit"}, {5, "sb"}} {
		if minor >= f.from {
			out = append(out, f.feature)
		}
	}
	if slices.Contains(strings.Split(opts, ","), "lse") && minor < 1 {
		out = append(out, "atomics")
	}
	return out
}

// arm64RuntimeFlags: the compiler tests runtime.arm64HasATOMICS before
// the LSE atomics below GOARM64=v8.1.
var arm64RuntimeFlags = map[string]string{"runtime.arm64HasATOMICS": "atomics"}

// arm64Needs: PSTATE.DIT (MSR and MRS of DIT) needs FEAT_DIT; SB, FEAT_SB;
// the vector instructions, Advanced SIMD.
func arm64Needs(in *engine.Inst, _ string) []string {
	switch {
	case (in.Op == "MSR" || in.Op == "MRS") && slices.ContainsFunc(in.Args, func(a engine.Arg) bool { return a.Kind == engine.ArgSpecial && a.Name == "DIT" }):
		return []string{"dit"}
	case in.Op == "SB":
		return []string{"sb"}
	case in.Op == "AESE" || in.Op == "AESD" || in.Op == "AESMC" || in.Op == "AESIMC":
		return []string{"aes"}
	case strings.HasPrefix(in.Op, "SHA1"):
		return []string{"sha1"}
	case strings.HasPrefix(in.Op, "SHA256"):
		return []string{"sha2"}
	case strings.HasPrefix(in.Op, "SHA512"):
		return []string{"sha512"}
	case in.Op == "VEOR3" || in.Op == "VBCAX" || in.Op == "VRAX1" || in.Op == "VXAR":
		return []string{"sha3"}
	case in.Op == "VPMULL" || in.Op == "VPMULL2":
		// The 64-bit form (.D1 to .Q1) is FEAT_PMULL's; the 8-bit one
		// plain Advanced SIMD.
		for _, a := range in.Args {
			if a.Kind == engine.ArgReg && strings.HasSuffix(a.Name, "Q1") {
				return []string{"asimd", "pmull"}
			}
		}
		return []string{"asimd"}
	case in.Op[0] == 'V':
		return []string{"asimd"}
	}
	return nil
}

// arm64PtrFlows are the moves, adds and ands that keep a pointer's provenance.
var arm64PtrFlows = engine.WithPairs(engine.GoOrderFlows("MOVD", engine.OpSet("ADD"), engine.OpSet("SUB"), engine.OpSet("AND")))

// arm64Arch is the model of arm64: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var ARM64 = &engine.Arch{
	GOARCH: "arm64", WriteBarrierBuf: "R25", PtrSize: 8, SP: "RSP", LR: "R30", MorestackLR: "R3", Zero: "ZR",
	// R18 is the platform register, R26 the closure context, R29 the
	// frame pointer.
	G: "R28", GInABI0: true, Tmp: []string{"R27"}, Other: []string{"R18", "R26", "R29"},
	KeptBelowSP: 8,
	LevelVar:    "GOARM64", Levels: []string{"v8.0"}, DefaultLevel: "v8.0",
	Features: arm64Features, LevelFeaturesOf: arm64Levels, NeedsOf: arm64Needs, RuntimeFlags: arm64RuntimeFlags,
	Modes: []string{"dit"}, Step: arm64Step, Regs: arm64Regs(),
	ArgBase: 8, IntArgRegs: engine.Numbered("R", 0, 15), FloatArgRegs: engine.Numbered("V", 0, 15), PtrFlows: arm64PtrFlows,
	Listing: &engine.Listing{Reg: arm64ListingReg, Convert: arm64FromListing, FrameArg: arm64FrameArg, Word: arm64Word},
	Objdump: arm64FromObjdump, Globals: arm64ObjGlobals,
}
