package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// arm (32-bit): the model, its listing hook and its objdump hook. The
// canonical form is Go's syntax: sources first, the destination last,
// every ALU operation with three operands; Go's names (SLL, SRL, SRA for
// objdump's LSL, LSR, ASR; JMP, CALL, BEQ ... for B, BL, B.EQ ...); the
// write-back suffixes .W and .P on the memory operand (Pre, Post); the
// flag-setting .S and the condition of a conditional instruction kept in
// the opcode, in that order (ADD.S.EQ); RET $n for the epilogue that
// pops the frame and the return address at once (MOVW.P n(R13), R15,
// which objdump prints RET #n); branch targets as addresses. A shifted
// register operand is its register with Shift set, and a shift by a
// register has that register in Index. Arguments go on the stack.
//
// Locations: R0-R14 (R10 is g, R13 the stack pointer, R14 the link
// register; R15, the program counter, is the base of literal loads:
// static), F0-F15 (the double-precision D registers; a single-precision
// result is written to the low half of one, S2n, and keeps the rest),
// FLAGS (the APSR's NZCV) and FPSCR (the floating-point unit's status,
// where VCMP leaves its result: VMRS copies it to FLAGS).

// armFixedFrame is the ABI's fixed frame: the saved return address below
// the arguments (cmd/internal/obj's FixedFrameSize for arm).
const armFixedFrame = 4

// armRegs are arm's register locations: what a call the analysis cannot
// see may change.
func armRegs() []string {
	var regs []string
	for _, r := range numbered("R", 0, 14) {
		if r != "R10" && r != "R13" {
			regs = append(regs, r)
		}
	}
	return append(append(regs, numbered("F", 0, 15)...), "FLAGS", "FPSCR")
}

var (
	armConds = set("EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE")
	// The aliases of two conditions.
	armCondAlias = map[string]string{"HS": "CS", "LO": "CC"}
)

// The listing hook.

// armListingReg names a register as the listing prints it: R0-R15 with g
// for R10, F0-F15.
func armListingReg(name string) (string, int, int, bool) {
	if name == "g" {
		return "R10", 4, 0, true
	}
	if _, ok := regNum(name, "R", 0, 15); ok {
		return name, 4, 0, true
	}
	if _, ok := regNum(name, "F", 0, 15); ok {
		return name, 8, 0, true
	}
	if name == "FPSR" || name == "FPCR" {
		return "FPSCR", 4, 0, true // MOVW FPCR, R: both are VMRS of the FPSCR
	}
	return "", 0, 0, false
}

// armFrameArg: cmd/internal/obj/arm's span sets autosize to the TEXT
// instruction's frame plus 4 (preprocess wrote the frame less the saved
// LR back into TEXT, which the listing prints), and aclass puts a
// NAME_AUTO at autosize+off and a NAME_PARAM at autosize+off+4 from the
// hardware stack pointer R13. SP is a pseudo-register on arm: an unnamed
// off(SP) does not assemble.
func armFrameArg(f *listingFunc, fp, named bool, off int64) (Arg, error) {
	if !named {
		return Arg{}, fmt.Errorf("an unnamed frame operand on arm")
	}
	autosize := f.frame + armFixedFrame
	if fp {
		off += armFixedFrame
	}
	return Arg{Kind: ArgMem, Reg: "R13", Imm: autosize + off}, nil
}

// armListingShift is a shifted register as the listing prints it:
// R1<<3, R1->3, R1@>3, R1<<R2; armListingIndexed a scaled index,
// R1<<2(R2).
var (
	armListingShift   = regexp.MustCompile(`^(R\d+|g)(<<|>>|->|@>)(\d+|R\d+)$`)
	armListingIndexed = regexp.MustCompile(`^(R\d+)(<<|>>|->|@>)(\d+)\((R\d+)\)$`)
)

// armSuffixes splits an opcode into its base, its write-back (W or P),
// whether it sets the flags, and its condition.
func armSuffixes(op string) (base, wb string, s bool, cond string, err error) {
	parts := strings.Split(op, ".")
	base = parts[0]
	for _, p := range parts[1:] {
		if c, ok := armCondAlias[p]; ok {
			p = c
		}
		switch {
		case p == "S":
			s = true
		case p == "W" || p == "P":
			wb = p
		case armConds[p]:
			cond = p
		case p == "U" || p == "IA" || p == "IB" || p == "DA" || p == "DB":
			return "", "", false, "", fmt.Errorf("suffix %s", p)
		default:
			return "", "", false, "", fmt.Errorf("suffix %s", p)
		}
	}
	return base, wb, s, cond, nil
}

// armCanonical finishes an instruction either front end read: the
// suffixes, the names, the three-operand forms.
func armCanonical(in *Inst, op string) error {
	base, wb, s, cond, err := armSuffixes(op)
	if err != nil {
		return err
	}
	if n, ok := armGoName[base]; ok {
		base = n
	}
	if wb != "" {
		found := false
		for i := range in.Args {
			if in.Args[i].Kind == ArgMem {
				in.Args[i].Pre, in.Args[i].Post = wb == "W", wb == "P"
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s without a memory operand", op)
		}
	}
	if a := in.Args; armMulLong[base] && len(a) == 4 && a[2].Kind == ArgReg && a[3].Kind == ArgReg {
		// UMULL R1, R2, R3, R4: the listing's MULLU R1, R2, (R3, R4).
		in.Args = []Arg{a[0], a[1], {Kind: ArgList, Regs: []Arg{a[2], a[3]}, Name: "(" + a[2].Name + ", " + a[3].Name + ")"}}
	}
	if (armALU[base] || armFArith[base]) && !armUnary[base] && len(in.Args) == 2 && in.Args[1].Kind == ArgReg {
		in.Args = append(in.Args, in.Args[1]) // op src, dst: dst = dst op src
	}
	if a := in.Args; base == "ADD" && !s && cond == "" && len(a) == 3 && a[0].Kind == ArgImm && a[0].Imm == 0 &&
		a[0].Sym == "" && a[0].Name == "" && a[1].isReg("R14") && a[1].Shift == "" && a[2].isReg("R15") {
		// ADD $0, R14, R15: the link register to the program counter, as
		// the assembler encodes JMP (R14).
		in.Op, in.Args = "RET", nil
		return nil
	}
	in.Op = base
	if s {
		in.Op += ".S"
	}
	if cond != "" {
		in.Op += "." + cond
	}
	return nil
}

// armLiteralPool names a memory operand relative to the program counter:
// the constants the assembler puts after a function (MOVW $sym(SB), R
// and the like load them), in the text, which no store reaches. A load
// of one is a constant, whatever was stored outside the frame.
const armLiteralPool = "<literal pool>"

// armGoName are objdump's names that are not Go's.
var armGoName = map[string]string{"LSL": "SLL", "LSR": "SRL", "ASR": "SRA", "MOVHS": "MOVH", "MOVBS": "MOVB",
	"MLA": "MULA", "MLS": "MULS", "UMULL": "MULLU", "SMULL": "MULL", "UMLAL": "MULALU", "SMLAL": "MULAL"}

// armPair reads a register pair, (R3, R4), as the listing prints the
// destination of a long multiply.
func armPair(s string) (Arg, bool) {
	inner, ok := strings.CutPrefix(s, "(")
	if !ok {
		return Arg{}, false
	}
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return Arg{}, false
	}
	var regs []Arg
	for _, r := range strings.Split(inner, ",") {
		loc, w, _, ok := armListingReg(strings.TrimSpace(r))
		if !ok || loc[0] != 'R' {
			return Arg{}, false
		}
		regs = append(regs, Arg{Kind: ArgReg, Reg: loc, Width: w, Name: strings.TrimSpace(r)})
	}
	if len(regs) != 2 {
		return Arg{}, false
	}
	return Arg{Kind: ArgList, Regs: regs, Name: s}, true
}

// armFromListing reads an instruction of the listing.
func armFromListing(f *listingFunc, in *Inst, args []string) error {
	la := f.la
	op := in.Op
	if op == "DUFFZERO" || op == "DUFFCOPY" {
		// BL into the runtime's Duff's device: the linker takes the entry
		// offset from the relocation's addend, the BL's encoding with the
		// offset in words, less the 8 bytes by which arm's PC leads
		// (cmd/internal/obj/arm's asmout, cmd/link's R_CALLARM).
		sym, add, _ := strings.Cut(f.rels[int64(in.Addr)], "+")
		v, err := strconv.ParseUint(add, 16, 32)
		if err != nil || sym != "runtime."+strings.ToLower(op) {
			return fmt.Errorf("%s without its relocation", op)
		}
		in.Op, in.Args = "CALL", []Arg{{Kind: ArgSym, Sym: fmt.Sprintf("%s+%#x", sym, v&0xffffff*4+8)}}
		return nil
	}
	base, _, _, cond, err := armSuffixes(op)
	if err != nil {
		return err
	}
	if c, ok := armCondAlias[strings.TrimPrefix(base, "B")]; ok && len(base) == 3 {
		base = "B" + c
	}
	isBranch := base == "JMP" || base == "B" || len(base) == 3 && base[0] == 'B' && armConds[base[1:]]
	for i, s := range args {
		if loc, w, _, ok := armListingReg(s); ok {
			in.Args = append(in.Args, Arg{Kind: ArgReg, Reg: loc, Width: w, Name: s})
			continue
		}
		if p := armListingShift.FindStringSubmatch(s); p != nil {
			loc, _, _, _ := armListingReg(p[1])
			a := Arg{Kind: ArgReg, Reg: loc, Width: 4, Name: s, Shift: p[2] + p[3]}
			if p[3][0] == 'R' {
				a.Index = p[3]
			}
			in.Args = append(in.Args, a)
			continue
		}
		if p := armListingIndexed.FindStringSubmatch(s); p != nil {
			in.Args = append(in.Args, Arg{Kind: ArgMem, Reg: p[4], Index: p[1], Scale: 1})
			continue
		}
		if pair, ok := armPair(s); ok {
			in.Args = append(in.Args, pair) // MULLU R1, R2, (R3, R4): the high and low words
			continue
		}
		if isBranch && i == len(args)-1 {
			if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
				in.Args = append(in.Args, Arg{Kind: ArgTarget, Target: pc})
				continue
			}
			if n, ok := strings.CutSuffix(s, "(PC)"); ok {
				// JMP 0(PC): the branch to itself that the assembler puts
				// before a literal pool, in instructions from here.
				if v, err := strconv.ParseInt(n, 10, 64); err == nil {
					in.Args = append(in.Args, Arg{Kind: ArgTarget, Target: uint64(int64(in.Addr) + 4*v)})
					continue
				}
			}
		}
		if off, reg, ok, err := listingSlotAddress(la, f, s, 4); ok {
			// MOVW $name-off(SP), r: the address of a frame slot (ADD).
			if err != nil || base != "MOVW" || len(args) != 2 {
				return fmt.Errorf("address %s", s)
			}
			op = strings.Replace(op, "MOVW", "ADD", 1)
			in.Args = append(in.Args, off, reg)
			continue
		}
		a, ok, err := listingOperand(la, f, s)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("operand %s", s)
		}
		if a.Kind == ArgMem && a.Global && a.Reg == "" && a.Index == "" && a.Imm == 0 && a.Sym != "" &&
			(base == "CALL" || base == "JMP" || base == "BL" || base == "B") {
			a = Arg{Kind: ArgSym, Sym: f.callTarget(a.Sym)}
		}
		in.Args = append(in.Args, a)
	}
	a := in.Args
	switch {
	case armFCmp[base] && (len(a) == 1 || len(a) == 2):
		// CMPD: the assembler's VCMP, then VMRS APSR_nzcv, FPSCR (the
		// listing prints the pair as one instruction): the flags are a
		// destination too, named last.
		in.Args = append(in.Args, Arg{Kind: ArgReg, Reg: "FLAGS", Width: 4, Name: "APSR_NZCV"})
	case base == "MOVW" && len(a) == 2 && a[0].Kind == ArgMem && a[0].Reg == "R13" && a[0].Index == "" &&
		strings.Contains(op, ".P") && a[1].isReg("R15") && cond == "":
		// MOVW.P n(R13), R15: the return address to the program counter,
		// the frame popped.
		in.Op, in.Args = "RET", []Arg{{Kind: ArgImm, Imm: a[0].Imm}}
		return nil
	case (base == "JMP" || base == "B") && len(a) == 1 && (a[0].isReg("R14") ||
		a[0].Kind == ArgMem && a[0].Reg == "R14" && a[0].Imm == 0 && a[0].Index == "") && cond == "":
		in.Op, in.Args = "RET", nil // JMP (R14)
		return nil
	case base == "B":
		op = "JMP" + strings.TrimPrefix(op, "B")
	case base == "BL":
		op = "CALL" + strings.TrimPrefix(op, "BL")
	case isBranch && base != "JMP":
		op = "JMP." + base[1:] // BEQ: the canonical JMP.EQ
	}
	return armCanonical(in, op)
}

// The objdump hook.

var (
	armObjShift = regexp.MustCompile(`^(R\d+)(<<|>>|->|@>)(\$\d+|R\d+)$`)
	armObjReg   = regexp.MustCompile(`^[RF]([0-9]|1[0-5])$`)
	armObjMem   = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\((R\d+)\)(?:\((R\d+)(?:(?:<<|>>|->|@>)\$?\d+)?\))?$`)
	armObjAddr  = regexp.MustCompile(`^0x[0-9a-f]+$`)
)

// armFromObjdump reads an instruction go tool objdump printed.
func armFromObjdump(f *Func, in *Inst, args []string) error {
	if in.Op == "?" || strings.HasPrefix(in.Op, "WORD") {
		in.Raw = true
		return nil
	}
	if base, _, _, cond, err := armSuffixes(in.Op); err == nil && (base == "POP" || base == "PUSH") && len(args) == 1 {
		// POP [Rn], PUSH [Rn]: one register, as MOVW.P 4(R13), Rn and
		// MOVW.W Rn, -4(R13), which the disassembler prints so.
		r := strings.TrimSuffix(strings.TrimPrefix(args[0], "["), "]")
		if !armObjReg.MatchString(r) || r[0] != 'R' {
			return fmt.Errorf("%s of %s", base, args[0])
		}
		reg := Arg{Kind: ArgReg, Reg: r, Width: 4, Name: r}
		if base == "POP" {
			if r == "R15" && cond == "" {
				in.Op, in.Args = "RET", []Arg{{Kind: ArgImm, Imm: 4}} // the listing's MOVW.P 4(R13), R15
				return nil
			}
			in.Args = []Arg{{Kind: ArgMem, Reg: "R13", Imm: 4}, reg}
			return armCanonical(in, strings.Replace(in.Op, "POP", "MOVW.P", 1))
		}
		in.Args = []Arg{reg, {Kind: ArgMem, Reg: "R13", Imm: -4}}
		return armCanonical(in, strings.Replace(in.Op, "PUSH", "MOVW.W", 1))
	}
	for _, s := range args {
		switch {
		case armObjReg.MatchString(s):
			w := 4
			if s[0] == 'F' {
				w = 8
			}
			in.Args = append(in.Args, Arg{Kind: ArgReg, Reg: s, Width: w, Name: s})
		case s == "FPSCR":
			in.Args = append(in.Args, Arg{Kind: ArgReg, Reg: "FPSCR", Width: 4, Name: s})
		case s == "APSR_NZCV":
			in.Args = append(in.Args, Arg{Kind: ArgReg, Reg: "FLAGS", Width: 4, Name: s}) // VMRS APSR_nzcv, FPSCR
		case armObjShift.MatchString(s):
			p := armObjShift.FindStringSubmatch(s)
			a := Arg{Kind: ArgReg, Reg: p[1], Width: 4, Name: s, Shift: p[2] + strings.TrimPrefix(p[3], "$")}
			if p[3][0] == 'R' {
				a.Index = p[3]
			}
			in.Args = append(in.Args, a)
		case strings.HasPrefix(s, "$") || strings.HasPrefix(s, "#"):
			v, ok := objInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, Arg{Kind: ArgImm, Imm: v})
		case armObjAddr.MatchString(s):
			v, _ := strconv.ParseUint(s[2:], 16, 64)
			in.Args = append(in.Args, Arg{Kind: ArgTarget, Target: v})
		case strings.HasSuffix(s, "(SB)"):
			in.Args = append(in.Args, Arg{Kind: ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		default:
			p := armObjMem.FindStringSubmatch(s)
			if p == nil {
				return fmt.Errorf("operand %s", s)
			}
			x := Arg{Kind: ArgMem, Reg: p[2]}
			if p[1] != "" {
				v, ok := objInt(p[1])
				if !ok {
					return fmt.Errorf("operand %s", s)
				}
				x.Imm = v
			}
			if p[3] != "" {
				x.Index, x.Scale = p[3], 1
			}
			if x.Reg == "R15" && x.Index == "" {
				x = Arg{Kind: ArgMem, Global: true, Sym: armLiteralPool} // by the program counter
			}
			in.Args = append(in.Args, x)
		}
	}
	op := in.Op
	base, _, _, _, err := armSuffixes(op)
	if err != nil {
		return err
	}
	switch base {
	case "RET":
		if len(in.Args) > 1 || len(in.Args) == 1 && in.Args[0].Kind != ArgImm || op != "RET" {
			return fmt.Errorf("RET form %s", in.Text)
		}
		return nil // RET #n: LDR PC, [R13], #n
	case "B":
		op = "JMP" + strings.TrimPrefix(op, "B")
	case "BL":
		op = "CALL" + strings.TrimPrefix(op, "BL")
	case "BLX":
		op = "CALL" + strings.TrimPrefix(op, "BLX") // BLX R: a call through a register
	case "ROR":
		// ROR $n, Rm, Rd and ROR Rs, Rm, Rd: a move of the rotated
		// register, the listing's MOVW Rm@>n, Rd.
		a := in.Args
		if len(a) != 3 || a[1].Kind != ArgReg || a[2].Kind != ArgReg || a[0].Kind != ArgImm && a[0].Kind != ArgReg {
			return fmt.Errorf("ROR form %s", in.Text)
		}
		rot := Arg{Kind: ArgReg, Reg: a[1].Reg, Width: 4, Name: a[1].Name + "@>" + argName(a[0])}
		if a[0].Kind == ArgImm {
			rot.Shift = "@>" + strconv.FormatInt(a[0].Imm, 10)
		} else {
			rot.Shift, rot.Index = "@>"+a[0].Reg, a[0].Reg
		}
		in.Args = []Arg{rot, a[2]}
		op = "MOVW" + strings.TrimPrefix(op, "ROR")
	case "SBFX":
		op = "BFX" + strings.TrimPrefix(op, "SBFX") // the listing's names of the bit-field extracts
	case "UBFX":
		op = "BFXU" + strings.TrimPrefix(op, "UBFX")
	case "CMPD", "CMPF":
		if a := in.Args; len(a) == 2 && a[0].Kind == ArgImm && a[0].Imm == 0 {
			in.Args = a[1:] // VCMP with zero: the listing's CMPD F
		}
	}
	return armCanonical(in, op)
}

// The model.

var (
	armWidth = map[string]int{"MOVW": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(srcs); op a, b, dst.
	armALU = set("ADD", "SUB", "RSB", "AND", "ORR", "EOR", "BIC", "MUL", "MULU", "SLL", "SRL", "SRA", "MVN", "ADC", "SBC", "RSC")
	// Multiply-accumulate, op a, b, c, d: d = c ± a*b.
	armMulAcc = set("MULA", "MULS")
	// Long multiplies, op a, b, (hi, lo): the 64-bit product, and the
	// accumulating ones add it to (hi, lo).
	armMulLong    = set("MULLU", "MULL", "MULALU", "MULAL")
	armMulLongAcc = set("MULALU", "MULAL")
	armUnary      = set("MVN")
	armCarry      = set("ADC", "SBC", "RSC")
	armTest       = set("CMP", "CMN", "TST", "TEQ")
	armDiv        = set("DIVD", "DIVF", "SQRTD", "SQRTF") // DIV and MOD are calls of runtime._div and its kin: not modelled
	// VFP: op a, b, dst or op a, dst (dst = dst op a); the multiply-
	// accumulates read dst too. Arithmetic on a secret is a finding
	// (Mach.floatArith: subnormal operands), as in the amd64 and arm64
	// models.
	armFArith  = set("ADDD", "ADDF", "SUBD", "SUBF", "MULD", "MULF", "NMULD", "NMULF")
	armFMulAcc = set("MULAD", "MULAF", "MULSD", "MULSF", "NMULAD", "NMULAF", "NMULSD", "NMULSF", "FMULAD", "FMULAF",
		"FMULSD", "FMULSF", "FNMULAD", "FNMULAF", "FNMULSD", "FNMULSF")
	armFUnary = set("NEGD", "NEGF", "ABSD", "ABSF", "MOVFD", "MOVDF")
	// Conversions between integers and floats: from a general register
	// (MOVWD R, F) or to one (MOVDW F, R), the assembler goes through F15,
	// its temporary (FREGTMP).
	armFConv = set("MOVWD", "MOVWF", "MOVDW", "MOVFW")
	armFCmp  = set("CMPD", "CMPF")
	// Bit fields (ARMv6T2 and later): BFC $width, $lsb, Rd clears bits of
	// Rd; BFI $width, $lsb, Rn, Rd inserts Rn's low bits into Rd; BFX and
	// BFXU $width, $lsb, Rn, Rd extract (Rn is Rd where there are three
	// operands). Single-cycle integer operations on every core
	// (Cortex-A7/A15/A53 in AArch32: the "Cortex-A57 Software
	// Optimization Guide" and "Cortex-A72" guides list BFC, BFI, SBFX,
	// UBFX as 1-cycle ALU operations, I pipeline), with no operand that
	// changes their latency.
	armBitField = set("BFC", "BFI", "BFX", "BFXU")
)

// armBitFieldOK reports whether a bit-field instruction's operands are two
// constants and one or two plain registers, the last a register and not
// the stack pointer.
func armBitFieldOK(a []Arg) bool {
	imms, regs := 0, 0
	for _, x := range a {
		switch {
		case x.Kind == ArgImm && x.Sym == "" && x.Name == "":
			imms++
		case x.Kind == ArgReg && x.Shift == "" && x.Index == "" && !x.isReg("R13"):
			regs++
		default:
			return false
		}
	}
	return imms == 2 && regs == len(a)-2 && a[len(a)-1].Kind == ArgReg
}

// armSingle reports whether op's result is single precision (or a
// 32-bit integer) in an F register: the low half of it, S2n, which keeps
// the rest.
func armSingle(op string) bool {
	return op != "MOVFD" && strings.HasSuffix(op, "F") || op == "MOVDW" || op == "MOVFW"
}

// ARMOps is every opcode the arm model knows (without its suffixes), for
// the tables' tests.
func ARMOps() map[string]bool {
	t := set("RET", "JMP", "CALL", "NOP")
	for _, c := range []map[string]bool{armALU, armMulAcc, armMulLong, armTest, armDiv, armFArith, armFMulAcc, armFUnary, armFConv, armFCmp, armBitField} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range armWidth {
		t[op] = true
	}
	return t
}

// armRead returns a register operand's level, with the register a shift
// by a register reads.
func armRead(m rm, a Arg) Level {
	l := m.read(a)
	if a.Kind == ArgReg && a.Index != "" {
		l = max(l, m.reg(a.Index))
	}
	return l
}

// armStep runs one instruction: each class of instructions has a
// function of its own, tried in turn, that reports whether it knew it.
func armStep(mach *Mach) {
	m := rm{Mach: mach}
	parts := strings.Split(m.in.Op, ".")
	op := parts[0]
	var setFlags bool
	var cond string
	for _, p := range parts[1:] {
		switch {
		case p == "S":
			setFlags = true
		case armConds[p]:
			cond = p
		default:
			m.unmodelled()
			return
		}
	}
	a := m.in.Args
	n := len(a)
	flags := m.reg("FLAGS")
	reg := func(i int) bool { return i < n && a[i].Kind == ArgReg }
	fregs := func(as ...Arg) bool {
		for _, x := range as {
			if _, ok := regNum(x.Reg, "F", 0, 15); x.Kind != ArgReg || !ok || x.Shift != "" {
				return false
			}
		}
		return true
	}
	// A conditional instruction writes its old value or its new one: as a
	// CSEL, the result depends on the flags too.
	write := func(x Arg, l Level) {
		if cond != "" {
			l = max(l, flags, m.read(x))
		}
		if x.isReg("R13") {
			m.set("R13", l)
			return
		}
		m.write(x, l)
	}
	// fwrite writes an F register, or its low half (single): the rest
	// keeps its level.
	fwrite := func(x Arg, l Level, single bool) {
		if single {
			l = max(l, m.read(x))
		}
		write(x, l)
	}
	// fcond is the level a conditional instruction leaves in loc.
	fcond := func(l Level, loc string) Level {
		if cond != "" {
			l = max(l, flags, m.reg(loc))
		}
		return l
	}
	c := armCases{m: m, op: op, setFlags: setFlags, cond: cond, a: a, n: n, flags: flags, reg: reg, fregs: fregs, write: write, fwrite: fwrite, fcond: fcond}
	if !armControl(c) && !armInteger(c) && !armFloat(c) {
		m.unmodelled()
	}
}

// armCases is one instruction as armStep's cases read it.
type armCases struct {
	m        rm
	op       string
	setFlags bool
	cond     string
	a        []Arg
	n        int
	flags    Level
	reg      func(i int) bool
	fregs    func(as ...Arg) bool
	write    func(x Arg, l Level)
	fwrite   func(x Arg, l Level, single bool)
	fcond    func(l Level, loc string) Level
}

// armControl models the branches, calls and returns.
func armControl(c armCases) bool {
	m, op, setFlags, cond, a, n, flags := c.m, c.op, c.setFlags, c.cond, c.a, c.n, c.flags
	switch {
	case op == "NOP" && n == 0 && cond == "":
	case op == "RET" && n <= 1 && cond == "" && !setFlags:
		// RET $n pops the return address and the frame: LDR PC, [R13], #n.
		if n == 1 {
			if a[0].Kind != ArgImm {
				m.unmodelled()
				return true
			}
			top := Arg{Kind: ArgMem, Reg: "R13"}
			if m.load(top, 4) == Secret {
				m.find("return to an address that depends on secret data")
			}
			m.popRet(top)
			m.moveSP(a[0].Imm)
			return true
		}
		m.doRet() // the engine checks the link register
	case op == "JMP" && n == 1 && !setFlags:
		switch {
		case a[0].Kind == ArgTarget && cond != "":
			m.branch(flags, "flags", a[0].Target)
		case a[0].Kind == ArgTarget:
			m.jump(a[0].Target)
		case a[0].Kind == ArgSym && cond == "":
			m.tail(a[0].Sym)
		default:
			m.indirect()
		}
	case op == "CALL" && n == 1 && cond == "" && !setFlags:
		m.set("R14", Static) // the return address
		if a[0].Kind == ArgSym {
			m.call(a[0].Sym)
		} else {
			m.indirect()
		}
	default:
		return false
	}
	return true
}

// armInteger models the loads and stores, tests, bitfield operations,
// multiplies and the ALU.
func armInteger(c armCases) bool {
	m, op, setFlags, cond, a, n, flags, reg, write := c.m, c.op, c.setFlags, c.cond, c.a, c.n, c.flags, c.reg, c.write
	switch {
	case armWidth[op] != 0 && n == 2 && !setFlags:
		armMove(m, armWidth[op], cond, a, write)
	case armTest[op] && n == 2 && cond == "" && (reg(0) || a[0].Kind == ArgImm) && reg(1):
		m.set("FLAGS", max(armRead(m, a[0]), armRead(m, a[1])))
	case armBitField[op] && (n == 3 || n == 4) && !setFlags && armBitFieldOK(a):
		// The listing prints BFI $w, Rn, $lsb, Rd; the disassembler
		// BFI $w, $lsb, Rn, Rd: the first register is the source, the
		// last the destination.
		var regs []Arg
		for _, x := range a {
			if x.Kind == ArgReg {
				regs = append(regs, x)
			}
		}
		src, dst := regs[0], regs[len(regs)-1]
		l := m.read(src)
		if op == "BFC" || op == "BFI" {
			l = max(l, m.read(dst)) // the bits of Rd that stay
		}
		write(dst, l)
	case armMulAcc[op] && n == 4 && reg(0) && reg(1) && reg(2) && reg(3) && !setFlags && !a[3].isReg("R13"):
		write(a[3], max(m.read(a[0]), m.read(a[1]), m.read(a[2])))
	case armMulLong[op] && n == 3 && reg(0) && reg(1) && a[2].Kind == ArgList && len(a[2].Regs) == 2 && !setFlags:
		l := max(m.read(a[0]), m.read(a[1]))
		if armMulLongAcc[op] {
			l = max(l, m.read(a[2].Regs[0]), m.read(a[2].Regs[1]))
		}
		for _, r := range a[2].Regs {
			if r.isReg("R13") {
				m.unmodelled()
				return true
			}
			write(r, l)
		}
	case armALU[op] && (n == 3 && !armUnary[op] || n == 2 && armUnary[op]) && reg(n-1) && a[n-1].Shift == "":
		l := Static
		for _, x := range a[:n-1] {
			if x.Kind != ArgReg && x.Kind != ArgImm {
				m.unmodelled()
				return true
			}
			l = max(l, armRead(m, x))
		}
		if (op == "EOR" || op == "SUB") && n == 3 && sameReg(a[0], a[1]) && a[0].Index == "" {
			l = Static // the zeroing idiom
		}
		if armCarry[op] {
			l = max(l, flags)
		}
		if a[n-1].isReg("R13") {
			if (op == "ADD" || op == "SUB") && n == 3 && a[0].Kind == ArgImm && a[0].Sym == "" && a[1].isReg("R13") &&
				cond == "" && !setFlags {
				d := a[0].Imm
				if op == "SUB" {
					d = -d
				}
				m.moveSP(d) // the frame: ADD/SUB $n, R13
				return true
			}
			if cond != "" {
				l = max(l, flags)
			}
			m.set("R13", l)
			return true
		}
		if a[n-1].isReg("R15") {
			m.indirect() // the program counter: a jump through the operands
			return true
		}
		write(a[n-1], l)
		if setFlags {
			m.set("FLAGS", max(l, map[bool]Level{true: flags, false: Static}[cond != ""]))
		}
	default:
		return false
	}
	return true
}

// armFloat models the floating point (VFP) and the divides.
func armFloat(c armCases) bool {
	m, op, setFlags, cond, a, n, reg, fregs, write, fwrite, fcond := c.m, c.op, c.setFlags, c.cond, c.a, c.n, c.reg, c.fregs, c.write, c.fwrite, c.fcond
	switch {
	case armFCmp[op] && n >= 1 && n <= 3 && !setFlags &&
		(fregs(a...) && n <= 2 || fregs(a[:n-1]...) && n >= 2 && a[n-1].isReg("FLAGS")):
		// VCMP: the FPSCR's flags; the listing's pair copies them to FLAGS
		// (CMPD F1 compares with zero).
		srcs := a
		if a[n-1].isReg("FLAGS") {
			srcs = a[:n-1]
		}
		l := m.reads(srcs...)
		m.set("FPSCR", fcond(l, "FPSCR"))
		if len(srcs) < n {
			m.set("FLAGS", fcond(l, "FLAGS"))
		}
	case (armFArith[op] && n == 3 || armFUnary[op] && n == 2) && fregs(a...) && !setFlags:
		l := m.reads(a[:n-1]...)
		if armFArith[op] {
			m.floatArith(l)
		}
		fwrite(a[n-1], l, armSingle(op))
	case armFMulAcc[op] && n == 3 && fregs(a...) && !setFlags:
		l := m.reads(a...)
		m.floatArith(l)
		fwrite(a[2], l, armSingle(op)) // dst = dst + a*b and the like
	case armFConv[op] && n == 2 && reg(0) && reg(1) && !setFlags:
		fromR, toR := !fregs(a[0]), !fregs(a[1])
		l := m.read(a[0])
		switch {
		case fromR && toR:
			m.unmodelled()
			return true
		case fromR || toR:
			// The pair through F15: its low half holds the integer.
			fwrite(Arg{Kind: ArgReg, Reg: "F15", Width: 8, Name: "F15"}, l, true)
		}
		if toR {
			write(a[1], l)
			return true
		}
		fwrite(a[1], l, armSingle(op))
	case armDiv[op] && (n == 3 || n == 2 && strings.HasPrefix(op, "SQRT")) && reg(0) && reg(n-1) && cond == "" && !setFlags:
		l := m.reads(a[:n-1]...)
		if l == Secret {
			m.find("variable-latency instruction on secret data")
		}
		m.write(a[n-1], l)
	default:
		return false
	}
	return true
}

// armAccess is the address a memory operand reads or writes: a
// pre-indexed one (.W) moves its base first, a post-indexed one (.P)
// after (armPost).
func armAccess(m rm, x Arg) Arg {
	if x.Pre && x.Reg == "R13" && x.Index == "" {
		m.moveSP(x.Imm)
	} else if x.Pre {
		m.moveBase(x.Reg)
	}
	if x.Pre || x.Post {
		x.Imm = 0
	}
	return x
}

// armPost moves a post-indexed base after the access.
func armPost(m rm, x Arg) {
	if x.Post && x.Reg == "R13" && x.Index == "" {
		m.moveSP(x.Imm)
	} else if x.Post {
		m.moveBase(x.Reg)
	}
}

// armMove runs a load, a store or a register move, and the conditional
// forms: write sets a register as a conditional instruction does.
func armMove(m rm, w int, cond string, a []Arg, write func(Arg, Level)) {
	mem := a[0].Kind == ArgMem || a[1].Kind == ArgMem
	if cond != "" && mem && m.reg("FLAGS") == Secret {
		m.find("memory access under a secret condition")
	}
	for _, x := range a {
		if x.Kind == ArgMem && (x.Pre || x.Post) && (x.Index != "" || x.Global) {
			m.unmodelled()
			return
		}
	}
	// A word to an F register (MOVW R, F; MOVF): its low half, S2n.
	if _, f := regNum(a[1].Reg, "F", 0, 15); f && a[1].Kind == ArgReg && w == 4 {
		inner := write
		write = func(x Arg, l Level) { inner(x, max(l, m.read(x))) }
	}
	// A return address moves whole with an unconditional MOVW
	// (MOVW.W R14, -n(R13); MOVW R14, R3 for the stack growth) and with
	// nothing else.
	whole := w == 4 && cond == ""
	switch {
	case a[0].Kind == ArgMem && a[1].Kind == ArgReg && a[1].Shift == "":
		x := armAccess(m, a[0])
		l, ra := m.load(x, w), m.wholeLink(whole, x)
		if x.Global && x.Sym == armLiteralPool && !x.Pre && !x.Post {
			l = Static
		}
		armPost(m, a[0])
		if a[1].isReg("R15") {
			m.unmodelled() // a load to the program counter: a jump
			return
		}
		write(a[1], l)
		m.keepLink(a[1], ra)
	case a[1].Kind == ArgMem && (a[0].Kind == ArgReg || a[0].Kind == ArgImm):
		l, ra := armRead(m, a[0]), m.wholeLink(whole, a[0])
		x := armAccess(m, a[1])
		if cond != "" {
			// A conditional store keeps the old value or writes the new.
			l = max(l, m.load(x, w), m.reg("FLAGS"))
		}
		m.store(x, w, l)
		m.keepLink(x, ra)
		armPost(m, a[1])
	case (a[0].Kind == ArgReg || a[0].Kind == ArgImm) && a[1].Kind == ArgReg && a[1].Shift == "":
		l, ra := armRead(m, a[0]), m.wholeLink(whole, a[0])
		if a[0].Kind == ArgImm {
			l = Static
		}
		if a[1].isReg("R15") {
			m.unmodelled() // a move to the program counter: a jump
			return
		}
		write(a[1], l)
		m.keepLink(a[1], ra)
	default:
		m.unmodelled()
	}
}

// The CPU features of arm's instructions, from the Arm Architecture
// Reference Manual (ARMv7-A and ARMv7-R): the floating-point
// instructions need VFP, and the fused multiply-adds VFPv4; GOARM=5 is
// soft float (the runtime emulates what VFP instructions there are),
// GOARM=6 has VFPv2 and GOARM=7 VFPv3.
var armFeatures = []string{"vfp", "vfpv4"}

var armLevels = cumulative([][2]string{{"5", ""}, {"6", "vfp"}, {"7", ""}})

// armRuntimeFlags: the compiler tests runtime.armHasVFPv4 before math.FMA.
var armRuntimeFlags = map[string]string{"runtime.armHasVFPv4": "vfpv4"}

var armFused = set("FMULAD", "FMULAF", "FMULSD", "FMULSF", "FNMULAD", "FNMULAF", "FNMULSD", "FNMULSF")

func armNeeds(in *Inst, _ string) []string {
	op, _, _ := strings.Cut(in.Op, ".")
	switch {
	case armFused[op]:
		return []string{"vfp", "vfpv4"}
	case armDiv[op] || armFArith[op] || armFMulAcc[op] || armFUnary[op] || armFConv[op] || armFCmp[op] || op == "MOVD" || op == "MOVF":
		return []string{"vfp"}
	}
	return nil
}

// armPtrFlows are the moves, adds and ands that keep a pointer's provenance.
var armPtrFlows = goOrderFlows("MOVW", set("ADD"), set("SUB"), set("AND"))

// armDuffs are arm's Duff's devices.
var armDuffs = map[string]duff{
	"runtime.duffzero": {steps: 128, stepBytes: 4, width: 4, dst: "R1", val: "R0"},            // MOVW.P R0, 4(R1)
	"runtime.duffcopy": {steps: 128, stepBytes: 8, width: 4, dst: "R2", src: "R1", val: "R0"}, // MOVW.P 4(R1), R0; MOVW.P R0, 4(R2)
}

// armArch is the model of arm: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var armArch = &Arch{
	GOARCH: "arm", PtrSize: 4, ArgBase: armFixedFrame, ptrFlows: armPtrFlows, SP: "R13", LR: "R14", MorestackLR: "R3",
	G: "R10", GInABI0: true, Tmp: []string{"R11"},
	LevelVar: "GOARM", Levels: []string{"5", "6", "7"}, DefaultLevel: "7", Macros: Cumulative,
	Features: armFeatures, levelFeatures: armLevels, needs: armNeeds, runtimeFlags: armRuntimeFlags,
	Step: armStep, Regs: armRegs(), duffs: armDuffs,
	listing: &listingArch{reg: armListingReg, convert: armFromListing, frameArg: armFrameArg},
	objdump: armFromObjdump,
}
