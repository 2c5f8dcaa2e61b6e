// Package arm is ctcheck's model of arm (GOARM 5 to 7): the step of each
// instruction, the readers of the listing and of go tool objdump, and the
// record ARM.
package arm

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
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
	for _, r := range engine.Numbered("R", 0, 14) {
		if r != "R10" && r != "R13" {
			regs = append(regs, r)
		}
	}
	return append(append(regs, engine.Numbered("F", 0, 15)...), "FLAGS", "FPSCR")
}

var (
	armConds = engine.OpSet("EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE")
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
	if _, ok := engine.RegNum(name, "R", 0, 15); ok {
		return name, 4, 0, true
	}
	if _, ok := engine.RegNum(name, "F", 0, 15); ok {
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
func armFrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	if !named {
		return engine.Arg{}, fmt.Errorf("an unnamed frame operand on arm")
	}
	autosize := f.TextFrame + armFixedFrame
	if fp {
		off += armFixedFrame
	}
	return engine.Arg{Kind: engine.ArgMem, Reg: "R13", Imm: autosize + off}, nil
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
func armCanonical(in *engine.Inst, op string) error {
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
			if in.Args[i].Kind == engine.ArgMem {
				in.Args[i].Pre, in.Args[i].Post = wb == "W", wb == "P"
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s without a memory operand", op)
		}
	}
	if a := in.Args; armMulLong[base] && len(a) == 4 && a[2].Kind == engine.ArgReg && a[3].Kind == engine.ArgReg {
		// UMULL R1, R2, R3, R4: the listing's MULLU R1, R2, (R3, R4).
		in.Args = []engine.Arg{a[0], a[1], {Kind: engine.ArgList, Regs: []engine.Arg{a[2], a[3]}, Name: "(" + a[2].Name + ", " + a[3].Name + ")"}}
	}
	if (armALU[base] || armFArith[base]) && !armUnary[base] && len(in.Args) == 2 && in.Args[1].Kind == engine.ArgReg {
		in.Args = append(in.Args, in.Args[1]) // op src, dst: dst = dst op src
	}
	if a := in.Args; base == "ADD" && !s && cond == "" && len(a) == 3 && a[0].Kind == engine.ArgImm && a[0].Imm == 0 &&
		a[0].Sym == "" && a[0].Name == "" && a[1].IsReg("R14") && a[1].Shift == "" && a[2].IsReg("R15") {
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
func armPair(s string) (engine.Arg, bool) {
	inner, ok := strings.CutPrefix(s, "(")
	if !ok {
		return engine.Arg{}, false
	}
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return engine.Arg{}, false
	}
	var regs []engine.Arg
	for _, r := range strings.Split(inner, ",") {
		loc, w, _, ok := armListingReg(strings.TrimSpace(r))
		if !ok || loc[0] != 'R' {
			return engine.Arg{}, false
		}
		regs = append(regs, engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: strings.TrimSpace(r)})
	}
	if len(regs) != 2 {
		return engine.Arg{}, false
	}
	return engine.Arg{Kind: engine.ArgList, Regs: regs, Name: s}, true
}

// armFromListing reads an instruction of the listing.
func armFromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	op := in.Op
	if op == "DUFFZERO" || op == "DUFFCOPY" {
		// BL into the runtime's Duff's device: the linker takes the entry
		// offset from the relocation's addend, the BL's encoding with the
		// offset in words, less the 8 bytes by which arm's PC leads
		// (cmd/internal/obj/arm's asmout, cmd/link's R_CALLARM).
		sym, add, _ := strings.Cut(f.Rels[int64(in.Addr)], "+")
		v, err := strconv.ParseUint(add, 16, 32)
		if err != nil || sym != "runtime."+strings.ToLower(op) {
			return fmt.Errorf("%s without its relocation", op)
		}
		in.Op, in.Args = "CALL", []engine.Arg{{Kind: engine.ArgSym, Sym: fmt.Sprintf("%s+%#x", sym, v&0xffffff*4+8)}}
		return nil
	}
	if strings.HasPrefix(op, "MOVM") {
		return armMultipleListing(f, in, args)
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
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: s})
			continue
		}
		if p := armListingShift.FindStringSubmatch(s); p != nil {
			loc, _, _, _ := armListingReg(p[1])
			a := engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: 4, Name: s, Shift: p[2] + p[3]}
			if p[3][0] == 'R' {
				a.Index = p[3]
			}
			in.Args = append(in.Args, a)
			continue
		}
		if p := armListingIndexed.FindStringSubmatch(s); p != nil {
			in.Args = append(in.Args, armIndexed(engine.Arg{Kind: engine.ArgMem, Reg: p[4]}, p[1], p[2], p[3]))
			continue
		}
		if pair, ok := armPair(s); ok {
			in.Args = append(in.Args, pair) // MULLU R1, R2, (R3, R4): the high and low words
			continue
		}
		if isBranch && i == len(args)-1 {
			if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: pc})
				continue
			}
			if n, ok := strings.CutSuffix(s, "(PC)"); ok {
				// JMP 0(PC): the branch to itself that the assembler puts
				// before a literal pool, in instructions from here.
				if v, err := strconv.ParseInt(n, 10, 64); err == nil {
					in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: uint64(int64(in.Addr) + 4*v)})
					continue
				}
			}
		}
		if off, reg, ok, err := engine.ListingSlotAddress(la, f, s, 4); ok {
			// MOVW $name-off(SP), r: the address of a frame slot (ADD).
			if err != nil || base != "MOVW" || len(args) != 2 {
				return fmt.Errorf("address %s", s)
			}
			op = strings.Replace(op, "MOVW", "ADD", 1)
			in.Args = append(in.Args, off, reg)
			continue
		}
		a, err := engine.ListingArg(la, f, s, base == "CALL" || base == "JMP" || base == "BL" || base == "B")
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	a := in.Args
	switch {
	case armFCmp[base] && (len(a) == 1 || len(a) == 2):
		// CMPD: the assembler's VCMP, then VMRS APSR_nzcv, FPSCR (the
		// listing prints the pair as one instruction): the flags are a
		// destination too, named last.
		in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: "FLAGS", Width: 4, Name: "APSR_NZCV"})
	case base == "MOVW" && len(a) == 2 && a[0].Kind == engine.ArgMem && a[0].Reg == "R13" && a[0].Index == "" &&
		strings.Contains(op, ".P") && a[1].IsReg("R15") && cond == "":
		// MOVW.P n(R13), R15: the return address to the program counter,
		// the frame popped.
		in.Op, in.Args = "RET", []engine.Arg{{Kind: engine.ArgImm, Imm: a[0].Imm}}
		return nil
	case (base == "JMP" || base == "B") && len(a) == 1 && (a[0].IsReg("R14") ||
		a[0].Kind == engine.ArgMem && a[0].Reg == "R14" && a[0].Imm == 0 && a[0].Index == "") && cond == "":
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

// The load and store multiple instructions (LDM, STM: the listing's
// MOVM) read as LDM.mode or STM.mode, mode one of IA, IB, DA, DB (the
// words from the base up, from the word above it up, down to the base,
// down from the word below it), with the base first and then the list in
// ascending order; a write-back sets the base's Pre.

// armMultipleListing reads MOVM, whose suffixes the listing prints as
// the encoding's bits: U (up), P (before), W (write back).
func armMultipleListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	var up, before, wb bool
	cond := ""
	for _, p := range strings.Split(in.Op, ".")[1:] {
		if c, ok := armCondAlias[p]; ok {
			p = c
		}
		switch {
		case p == "U":
			up = true
		case p == "P":
			before = true
		case p == "W":
			wb = true
		case armConds[p] && cond == "":
			cond = p
		default:
			return fmt.Errorf("MOVM suffix %s", p)
		}
	}
	if len(args) != 2 {
		return fmt.Errorf("MOVM with %d operands", len(args))
	}
	load := strings.HasPrefix(args[1], "[")
	list, mem := args[0], args[1]
	if load {
		list, mem = args[1], args[0]
	}
	regs, err := armRegList(list)
	if err != nil {
		return err
	}
	x, err := engine.ListingArg(f.Hooks, f, mem, false)
	if err != nil || x.Kind != engine.ArgMem || x.Imm != 0 || x.Index != "" || x.Global {
		return fmt.Errorf("MOVM base %s", mem)
	}
	mode := map[[2]bool]string{{true, false}: "IA", {true, true}: "IB", {false, false}: "DA", {false, true}: "DB"}[[2]bool{up, before}]
	return armMultiple(in, load, mode, cond, x.Reg, wb, regs)
}

// armMultipleObj reads objdump's LDM, LDMIB, STMDB... [R4-R7,R9], R1!.
func armMultipleObj(in *engine.Inst, args []string) (error, bool) {
	parts := strings.Split(in.Op, ".")
	base := parts[0]
	if !strings.HasPrefix(base, "LDM") && !strings.HasPrefix(base, "STM") || len(args) != 2 {
		return nil, false
	}
	mode := base[3:]
	if mode == "" {
		mode = "IA"
	}
	if mode != "IA" && mode != "IB" && mode != "DA" && mode != "DB" {
		return fmt.Errorf("%s", in.Op), true
	}
	cond := ""
	for _, p := range parts[1:] {
		if c, ok := armCondAlias[p]; ok {
			p = c
		}
		if !armConds[p] || cond != "" {
			return fmt.Errorf("%s", in.Op), true
		}
		cond = p
	}
	regs, err := armRegList(args[0])
	if err != nil {
		return err, true
	}
	r, wb := strings.CutSuffix(args[1], "!")
	if r == "SP" {
		r = "R13"
	}
	if !armObjReg.MatchString(r) || r[0] != 'R' {
		return fmt.Errorf("%s base %s", in.Op, args[1]), true
	}
	return armMultiple(in, base[:3] == "LDM", mode, cond, r, wb, regs), true
}

// armRegList reads a register list, [R4,R5] or objdump's [R4-R7,R9].
func armRegList(s string) ([]engine.Arg, error) {
	inner, okL := strings.CutPrefix(s, "[")
	inner, okR := strings.CutSuffix(inner, "]")
	if !okL || !okR {
		return nil, fmt.Errorf("register list %s", s)
	}
	var regs []engine.Arg
	for _, r := range strings.Split(inner, ",") {
		lo, hi, rng := strings.Cut(strings.TrimSpace(r), "-")
		if !rng {
			hi = lo
		}
		a, okA := engine.RegNum(lo, "R", 0, 15)
		b, okB := engine.RegNum(hi, "R", 0, 15)
		if !okA || !okB || b < a {
			return nil, fmt.Errorf("register list %s", s)
		}
		for i := a; i <= b; i++ {
			name := "R" + strconv.Itoa(i)
			regs = append(regs, engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 4, Name: name})
		}
	}
	return regs, nil
}

// armMultiple sets in to the canonical form of a load or store multiple.
func armMultiple(in *engine.Inst, load bool, mode, cond, base string, wb bool, regs []engine.Arg) error {
	op := "STM"
	if load {
		op = "LDM"
	}
	in.Op = op + "." + mode
	if cond != "" {
		in.Op += "." + cond
	}
	in.Args = []engine.Arg{{Kind: engine.ArgMem, Reg: base, Pre: wb, Name: "(" + base + ")"}, {Kind: engine.ArgList, Regs: regs}}
	return nil
}

// The objdump hook.

var (
	armObjShift = regexp.MustCompile(`^(R\d+)(<<|>>|->|@>)(\$\d+|R\d+)$`)
	armObjReg   = regexp.MustCompile(`^[RF]([0-9]|1[0-5])$`)
	armObjMem   = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\((R\d+)\)(?:\((R\d+)(?:(<<|>>|->|@>)\$?(\d+))?\))?$`)
	armObjAddr  = regexp.MustCompile(`^0x[0-9a-f]+$`)
)

// armFromObjdump reads an instruction go tool objdump printed.
func armFromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" || strings.HasPrefix(in.Op, "WORD") {
		in.Raw = true
		return nil
	}
	if k, ok := armMultipleObj(in, args); ok {
		return k
	}
	if base, _, _, cond, err := armSuffixes(in.Op); err == nil && (base == "POP" || base == "PUSH") && len(args) == 1 {
		// POP [Rn], PUSH [Rn]: one register, as MOVW.P 4(R13), Rn and
		// MOVW.W Rn, -4(R13), which the disassembler prints so.
		r := strings.TrimSuffix(strings.TrimPrefix(args[0], "["), "]")
		if !armObjReg.MatchString(r) || r[0] != 'R' {
			return fmt.Errorf("%s of %s", base, args[0])
		}
		reg := engine.Arg{Kind: engine.ArgReg, Reg: r, Width: 4, Name: r}
		if base == "POP" {
			if r == "R15" && cond == "" {
				in.Op, in.Args = "RET", []engine.Arg{{Kind: engine.ArgImm, Imm: 4}} // the listing's MOVW.P 4(R13), R15
				return nil
			}
			in.Args = []engine.Arg{{Kind: engine.ArgMem, Reg: "R13", Imm: 4}, reg}
			return armCanonical(in, strings.Replace(in.Op, "POP", "MOVW.P", 1))
		}
		in.Args = []engine.Arg{reg, {Kind: engine.ArgMem, Reg: "R13", Imm: -4}}
		return armCanonical(in, strings.Replace(in.Op, "PUSH", "MOVW.W", 1))
	}
	for _, s := range args {
		switch {
		case armObjReg.MatchString(s):
			w := 4
			if s[0] == 'F' {
				w = 8
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: s, Width: w, Name: s})
		case s == "FPSCR":
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: "FPSCR", Width: 4, Name: s})
		case s == "APSR_NZCV":
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: "FLAGS", Width: 4, Name: s}) // VMRS APSR_nzcv, FPSCR
		case armObjShift.MatchString(s):
			p := armObjShift.FindStringSubmatch(s)
			a := engine.Arg{Kind: engine.ArgReg, Reg: p[1], Width: 4, Name: s, Shift: p[2] + strings.TrimPrefix(p[3], "$")}
			if p[3][0] == 'R' {
				a.Index = p[3]
			}
			in.Args = append(in.Args, a)
		case strings.HasPrefix(s, "$") || strings.HasPrefix(s, "#"):
			v, ok := engine.ObjInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		case armObjAddr.MatchString(s):
			v, _ := strconv.ParseUint(s[2:], 16, 64)
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: v})
		case strings.HasSuffix(s, "(SB)"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		default:
			p := armObjMem.FindStringSubmatch(s)
			if p == nil {
				return fmt.Errorf("operand %s", s)
			}
			x := engine.Arg{Kind: engine.ArgMem, Reg: p[2]}
			if p[1] != "" {
				v, ok := engine.ObjInt(p[1])
				if !ok {
					return fmt.Errorf("operand %s", s)
				}
				x.Imm = v
			}
			if p[3] != "" {
				x = armIndexed(x, p[3], p[4], p[5])
			}
			if x.Reg == "R15" && x.Index == "" {
				x = engine.Arg{Kind: engine.ArgMem, Global: true, Sym: armLiteralPool} // by the program counter
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
		if len(in.Args) > 1 || len(in.Args) == 1 && in.Args[0].Kind != engine.ArgImm || op != "RET" {
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
		if len(a) != 3 || a[1].Kind != engine.ArgReg || a[2].Kind != engine.ArgReg || a[0].Kind != engine.ArgImm && a[0].Kind != engine.ArgReg {
			return fmt.Errorf("ROR form %s", in.Text)
		}
		rot := engine.Arg{Kind: engine.ArgReg, Reg: a[1].Reg, Width: 4, Name: a[1].Name + "@>" + engine.ArgName(a[0])}
		if a[0].Kind == engine.ArgImm {
			rot.Shift = "@>" + strconv.FormatInt(a[0].Imm, 10)
		} else {
			rot.Shift, rot.Index = "@>"+a[0].Reg, a[0].Reg
		}
		in.Args = []engine.Arg{rot, a[2]}
		op = "MOVW" + strings.TrimPrefix(op, "ROR")
	case "SBFX":
		op = "BFX" + strings.TrimPrefix(op, "SBFX") // the listing's names of the bit-field extracts
	case "UBFX":
		op = "BFXU" + strings.TrimPrefix(op, "UBFX")
	case "CMPD", "CMPF":
		if a := in.Args; len(a) == 2 && a[0].Kind == engine.ArgImm && a[0].Imm == 0 {
			in.Args = a[1:] // VCMP with zero: the listing's CMPD F
		}
	}
	return armCanonical(in, op)
}

// The model.

var (
	armWidth = map[string]int{"MOVW": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(srcs); op a, b, dst.
	armALU = engine.OpSet("ADD", "SUB", "RSB", "AND", "ORR", "EOR", "BIC", "MUL", "MULU", "SLL", "SRL", "SRA", "MVN", "ADC", "SBC", "RSC")
	// Multiply-accumulate, op a, b, c, d: d = c ± a*b.
	armMulAcc = engine.OpSet("MULA", "MULS")
	// Long multiplies, op a, b, (hi, lo): the 64-bit product, and the
	// accumulating ones add it to (hi, lo).
	armMulLong    = engine.OpSet("MULLU", "MULL", "MULALU", "MULAL")
	armMulLongAcc = engine.OpSet("MULALU", "MULAL")
	armUnary      = engine.OpSet("MVN")
	armCarry      = engine.OpSet("ADC", "SBC", "RSC")
	armTest       = engine.OpSet("CMP", "CMN", "TST", "TEQ")
	armDiv        = engine.OpSet("DIVD", "DIVF", "SQRTD", "SQRTF") // DIV and MOD are calls of runtime._div and its kin: not modelled
	// VFP: op a, b, dst or op a, dst (dst = dst op a); the multiply-
	// accumulates read dst too. Arithmetic on a secret is a finding
	// (Mach.floatArith: subnormal operands), as in the amd64 and arm64
	// models.
	armFArith  = engine.OpSet("ADDD", "ADDF", "SUBD", "SUBF", "MULD", "MULF", "NMULD", "NMULF")
	armFMulAcc = engine.OpSet("MULAD", "MULAF", "MULSD", "MULSF", "NMULAD", "NMULAF", "NMULSD", "NMULSF", "FMULAD", "FMULAF",
		"FMULSD", "FMULSF", "FNMULAD", "FNMULAF", "FNMULSD", "FNMULSF")
	armFUnary = engine.OpSet("NEGD", "NEGF", "ABSD", "ABSF", "MOVFD", "MOVDF")
	// Conversions between integers and floats: from a general register
	// (MOVWD R, F) or to one (MOVDW F, R), the assembler goes through F15,
	// its temporary (FREGTMP).
	armFConv = engine.OpSet("MOVWD", "MOVWF", "MOVDW", "MOVFW")
	armFCmp  = engine.OpSet("CMPD", "CMPF")
	// Bit fields (ARMv6T2 and later): BFC $width, $lsb, Rd clears bits of
	// Rd; BFI $width, $lsb, Rn, Rd inserts Rn's low bits into Rd; BFX and
	// BFXU $width, $lsb, Rn, Rd extract (Rn is Rd where there are three
	// operands). Single-cycle integer operations on every core
	// (Cortex-A7/A15/A53 in AArch32: the "Cortex-A57 Software
	// Optimization Guide" and "Cortex-A72" guides list BFC, BFI, SBFX,
	// UBFX as 1-cycle ALU operations, I pipeline), with no operand that
	// changes their latency.
	armBitField = engine.OpSet("BFC", "BFI", "BFX", "BFXU")
)

// armBitFieldOK reports whether a bit-field instruction's operands are two
// constants and one or two plain registers, the last a register and not
// the stack pointer.
func armBitFieldOK(a []engine.Arg) bool {
	imms, regs := 0, 0
	for _, x := range a {
		switch {
		case x.Kind == engine.ArgImm && x.Sym == "" && x.Name == "":
			imms++
		case x.Kind == engine.ArgReg && x.Shift == "" && x.Index == "" && !x.IsReg("R13"):
			regs++
		default:
			return false
		}
	}
	return imms == 2 && regs == len(a)-2 && a[len(a)-1].Kind == engine.ArgReg
}

// armSingle reports whether op's result is single precision (or a
// 32-bit integer) in an F register: the low half of it, S2n, which keeps
// the rest.
func armSingle(op string) bool {
	return op != "MOVFD" && strings.HasSuffix(op, "F") || op == "MOVDW" || op == "MOVFW"
}

// opcodes is every opcode the arm model knows (without its suffixes), for
// the tables' tests.
func opcodes() map[string]bool {
	t := engine.OpSet("RET", "JMP", "CALL", "NOP", "LDM", "STM")
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
func armRead(m engine.LoadStore, a engine.Arg) engine.Level {
	l := m.Read(a)
	if a.Kind == engine.ArgReg && a.Index != "" {
		l = max(l, m.Reg(a.Index))
	}
	return l
}

// armStep runs one instruction: each class of instructions has a
// function of its own, tried in turn, that reports whether it knew it.
func armStep(mach *engine.Mach) {
	m := engine.LoadStore{Mach: mach}
	parts := strings.Split(m.Inst.Op, ".")
	op := parts[0]
	var setFlags bool
	var cond string
	mode := ""
	for i, p := range parts[1:] {
		switch {
		case p == "S":
			setFlags = true
		case armConds[p]:
			cond = p
		case i == 0 && (op == "LDM" || op == "STM") && (p == "IA" || p == "IB" || p == "DA" || p == "DB"):
			mode = p
		default:
			m.Unmodelled()
			return
		}
	}
	if mode != "" {
		armMultipleStep(m, op == "LDM", mode, cond, m.Inst.Args)
		return
	}
	a := m.Inst.Args
	n := len(a)
	flags := m.Reg("FLAGS")
	reg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	fregs := func(as ...engine.Arg) bool {
		for _, x := range as {
			if _, ok := engine.RegNum(x.Reg, "F", 0, 15); x.Kind != engine.ArgReg || !ok || x.Shift != "" {
				return false
			}
		}
		return true
	}
	// A conditional instruction writes its old value or its new one: as a
	// CSEL, the result depends on the flags too.
	write := func(x engine.Arg, l engine.Level) {
		if cond != "" {
			l = max(l, flags, m.Read(x))
		}
		if x.IsReg("R13") {
			m.Set("R13", l)
			return
		}
		m.Write(x, l)
	}
	// fwrite writes an F register, or its low half (single): the rest
	// keeps its level.
	fwrite := func(x engine.Arg, l engine.Level, single bool) {
		if single {
			l = max(l, m.Read(x))
		}
		write(x, l)
	}
	// fcond is the level a conditional instruction leaves in loc.
	fcond := func(l engine.Level, loc string) engine.Level {
		if cond != "" {
			l = max(l, flags, m.Reg(loc))
		}
		return l
	}
	c := armCases{m: m, op: op, setFlags: setFlags, cond: cond, a: a, n: n, flags: flags, reg: reg, fregs: fregs, write: write, fwrite: fwrite, fcond: fcond}
	if !armControl(c) && !armInteger(c) && !armFloat(c) {
		m.Unmodelled()
	}
}

// armCases is one instruction as armStep's cases read it.
type armCases struct {
	m        engine.LoadStore
	op       string
	setFlags bool
	cond     string
	a        []engine.Arg
	n        int
	flags    engine.Level
	reg      func(i int) bool
	fregs    func(as ...engine.Arg) bool
	write    func(x engine.Arg, l engine.Level)
	fwrite   func(x engine.Arg, l engine.Level, single bool)
	fcond    func(l engine.Level, loc string) engine.Level
}

// armControl models the branches, calls and returns.
func armControl(c armCases) bool {
	m, op, setFlags, cond, a, n, flags := c.m, c.op, c.setFlags, c.cond, c.a, c.n, c.flags
	switch {
	case op == "NOP" && n == 0 && cond == "":
	case op == "RET" && n <= 1 && cond == "" && !setFlags:
		// RET $n pops the return address and the frame: LDR PC, [R13], #n.
		if n == 1 {
			if a[0].Kind != engine.ArgImm {
				m.Unmodelled()
				return true
			}
			top := engine.Arg{Kind: engine.ArgMem, Reg: "R13"}
			if m.Load(top, 4) == engine.Secret {
				m.Find("return to an address that depends on secret data")
			}
			m.PopRet(top)
			m.MoveSP(a[0].Imm)
			return true
		}
		m.DoRet() // the engine checks the link register
	case op == "JMP" && n == 1 && !setFlags:
		switch {
		case a[0].Kind == engine.ArgTarget && cond != "":
			m.Branch(flags, "flags", a[0].Target)
		case a[0].Kind == engine.ArgTarget:
			m.Jump(a[0].Target)
		case a[0].Kind == engine.ArgSym && cond == "":
			m.Tail(a[0].Sym)
		default:
			m.Indirect()
		}
	case op == "CALL" && n == 1 && cond == "" && !setFlags:
		m.Set("R14", engine.Static) // the return address
		m.CallTo(a[0], "")
	default:
		return false
	}
	return true
}

// armSameReg reports whether a is one register, whole, every time.
func armSameReg(a []engine.Arg) bool {
	for _, x := range a {
		if x.Kind != engine.ArgReg || x.Shift != "" || x.Index != "" || x.Reg != a[0].Reg || x.Reg[0] != 'R' {
			return false
		}
	}
	return true
}

// armInteger models the loads and stores, tests, bitfield operations,
// multiplies and the ALU.
func armInteger(c armCases) bool {
	m, op, setFlags, cond, a, n, flags, reg, write := c.m, c.op, c.setFlags, c.cond, c.a, c.n, c.flags, c.reg, c.write
	switch {
	case (op == "AND" || op == "ORR") && n == 3 && !setFlags && armSameReg(a):
		// R = R & R: the register as it was, whatever the condition
		// (the word 0, which the disassembler reads as AND.EQ R0, R0, R0,
		// stands for a no-op in code).
	case armWidth[op] != 0 && n == 2 && !setFlags:
		armMove(m, armWidth[op], cond, a, write)
	case armTest[op] && n == 2 && cond == "" && (reg(0) || a[0].Kind == engine.ArgImm) && reg(1):
		m.Set("FLAGS", max(armRead(m, a[0]), armRead(m, a[1])))
	case armBitField[op] && (n == 3 || n == 4) && !setFlags && armBitFieldOK(a):
		// The listing prints BFI $w, Rn, $lsb, Rd; the disassembler
		// BFI $w, $lsb, Rn, Rd: the first register is the source, the
		// last the destination.
		var regs []engine.Arg
		for _, x := range a {
			if x.Kind == engine.ArgReg {
				regs = append(regs, x)
			}
		}
		src, dst := regs[0], regs[len(regs)-1]
		l := m.Read(src)
		if op == "BFC" || op == "BFI" {
			l = max(l, m.Read(dst)) // the bits of Rd that stay
		}
		write(dst, l)
	case armMulAcc[op] && n == 4 && reg(0) && reg(1) && reg(2) && reg(3) && !setFlags && !a[3].IsReg("R13"):
		write(a[3], max(m.Read(a[0]), m.Read(a[1]), m.Read(a[2])))
	case armMulLong[op] && n == 3 && reg(0) && reg(1) && a[2].Kind == engine.ArgList && len(a[2].Regs) == 2 && !setFlags:
		l := max(m.Read(a[0]), m.Read(a[1]))
		if armMulLongAcc[op] {
			l = max(l, m.Read(a[2].Regs[0]), m.Read(a[2].Regs[1]))
		}
		for _, r := range a[2].Regs {
			if r.IsReg("R13") {
				m.Unmodelled()
				return true
			}
			write(r, l)
		}
	case armALU[op] && (n == 3 && !armUnary[op] || n == 2 && armUnary[op]) && reg(n-1) && a[n-1].Shift == "":
		l := engine.Static
		for _, x := range a[:n-1] {
			if x.Kind != engine.ArgReg && x.Kind != engine.ArgImm {
				m.Unmodelled()
				return true
			}
			l = max(l, armRead(m, x))
		}
		if (op == "EOR" || op == "SUB") && n == 3 && engine.SameReg(a[0], a[1]) && a[0].Index == "" {
			l = engine.Static // the zeroing idiom
		}
		if armCarry[op] {
			l = max(l, flags)
		}
		if a[n-1].IsReg("R13") {
			if (op == "ADD" || op == "SUB") && n == 3 && a[0].Kind == engine.ArgImm && a[0].Sym == "" && a[1].IsReg("R13") &&
				cond == "" && !setFlags {
				d := a[0].Imm
				if op == "SUB" {
					d = -d
				}
				m.MoveSP(d) // the frame: ADD/SUB $n, R13
				return true
			}
			if cond != "" {
				l = max(l, flags)
			}
			m.Set("R13", l)
			return true
		}
		if a[n-1].IsReg("R15") {
			m.Indirect() // the program counter: a jump through the operands
			return true
		}
		write(a[n-1], l)
		if setFlags {
			m.Set("FLAGS", max(l, map[bool]engine.Level{true: flags, false: engine.Static}[cond != ""]))
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
		(fregs(a...) && n <= 2 || fregs(a[:n-1]...) && n >= 2 && a[n-1].IsReg("FLAGS")):
		// VCMP: the FPSCR's flags; the listing's pair copies them to FLAGS
		// (CMPD F1 compares with zero).
		srcs := a
		if a[n-1].IsReg("FLAGS") {
			srcs = a[:n-1]
		}
		l := m.Reads(srcs...)
		m.Set("FPSCR", fcond(l, "FPSCR"))
		if len(srcs) < n {
			m.Set("FLAGS", fcond(l, "FLAGS"))
		}
	case (armFArith[op] && n == 3 || armFUnary[op] && n == 2) && fregs(a...) && !setFlags:
		l := m.Reads(a[:n-1]...)
		if armFArith[op] {
			m.FloatArith(l)
		}
		fwrite(a[n-1], l, armSingle(op))
	case armFMulAcc[op] && n == 3 && fregs(a...) && !setFlags:
		l := m.Reads(a...)
		m.FloatArith(l)
		fwrite(a[2], l, armSingle(op)) // dst = dst + a*b and the like
	case armFConv[op] && n == 2 && reg(0) && reg(1) && !setFlags:
		fromR, toR := !fregs(a[0]), !fregs(a[1])
		l := m.Read(a[0])
		switch {
		case fromR && toR:
			m.Unmodelled()
			return true
		case fromR || toR:
			// The pair through F15: its low half holds the integer.
			fwrite(engine.Arg{Kind: engine.ArgReg, Reg: "F15", Width: 8, Name: "F15"}, l, true)
		}
		if toR {
			write(a[1], l)
			return true
		}
		fwrite(a[1], l, armSingle(op))
	case armDiv[op] && (n == 3 || n == 2 && strings.HasPrefix(op, "SQRT")) && reg(0) && reg(n-1) && cond == "" && !setFlags:
		l := m.Reads(a[:n-1]...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[n-1], l)
	default:
		return false
	}
	return true
}

// armAccess is the address a memory operand reads or writes: a
// pre-indexed one (.W) moves its base first, a post-indexed one (.P)
// after (armPost).
func armAccess(m engine.LoadStore, x engine.Arg) engine.Arg {
	if x.Pre && x.Reg == "R13" && x.Index == "" {
		m.MoveSP(x.Imm)
	} else if x.Pre {
		m.MoveBase(x.Reg)
	}
	if x.Pre || x.Post {
		x.Imm = 0
	}
	return x
}

// armPost moves a post-indexed base after the access.
func armPost(m engine.LoadStore, x engine.Arg) {
	if x.Post && x.Reg == "R13" && x.Index == "" {
		m.MoveSP(x.Imm)
	} else if x.Post {
		m.MoveBase(x.Reg)
	}
}

// armMultipleFirst is the offset from the base of the first of n words a
// load or store multiple of mode moves: base (IA), base+4 (IB), base-4n+4
// (DA), base-4n (DB).
func armMultipleFirst(mode string, n int64) int64 {
	return map[string]int64{"IA": 0, "IB": 4, "DA": 4 - 4*n, "DB": -4 * n}[mode]
}

// armMultipleStep runs a load or store multiple: the registers in
// ascending order at ascending words, from base+4 (IB), base (IA),
// base-4n+4 (DA) or base-4n (DB); with write-back the base then moves by
// 4n. A load of the program counter or of a written-back base, and a
// conditional one, are not modelled.
func armMultipleStep(m engine.LoadStore, load bool, mode, cond string, a []engine.Arg) {
	if len(a) != 2 || a[0].Kind != engine.ArgMem || a[1].Kind != engine.ArgList || cond != "" {
		m.Unmodelled()
		return
	}
	base, regs := a[0], a[1].Regs
	n := int64(len(regs))
	first := armMultipleFirst(mode, n)
	for _, r := range regs {
		if load && (r.Reg == "R15" || base.Pre && r.Reg == base.Reg) || !load && r.Reg == "R15" {
			m.Unmodelled()
			return
		}
	}
	x := base
	x.Pre = false
	levels := make([]engine.Level, len(regs))
	for i, r := range regs {
		at := x
		at.Imm = first + 4*int64(i)
		if load {
			levels[i] = m.Load(at, 4)
		} else {
			m.Store(at, 4, m.Read(r))
		}
	}
	if base.Pre {
		delta := 4 * n
		if mode[0] == 'D' {
			delta = -delta
		}
		if base.Reg == "R13" {
			m.MoveSP(delta)
		} else {
			m.MoveBase(base.Reg)
		}
	}
	for i, r := range regs {
		if load {
			m.Write(r, levels[i])
		}
	}
}

// armMove runs a load, a store or a register move, and the conditional
// forms: write sets a register as a conditional instruction does.
func armMove(m engine.LoadStore, w int, cond string, a []engine.Arg, write func(engine.Arg, engine.Level)) {
	mem := a[0].Kind == engine.ArgMem || a[1].Kind == engine.ArgMem
	if cond != "" && mem && m.Reg("FLAGS") == engine.Secret {
		m.Find("memory access under a secret condition")
	}
	for _, x := range a {
		if x.Kind == engine.ArgMem && (x.Pre || x.Post) && (x.Index != "" || x.Global) {
			m.Unmodelled()
			return
		}
	}
	// A word to an F register (MOVW R, F; MOVF): its low half, S2n.
	if _, f := engine.RegNum(a[1].Reg, "F", 0, 15); f && a[1].Kind == engine.ArgReg && w == 4 {
		inner := write
		write = func(x engine.Arg, l engine.Level) { inner(x, max(l, m.Read(x))) }
	}
	// A return address moves whole with an unconditional MOVW
	// (MOVW.W R14, -n(R13); MOVW R14, R3 for the stack growth) and with
	// nothing else.
	whole := w == 4 && cond == ""
	switch {
	case a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgReg && a[1].Shift == "":
		x := armAccess(m, a[0])
		l, ra := m.Load(x, w), m.WholeLink(whole, x)
		if x.Global && x.Sym == armLiteralPool && !x.Pre && !x.Post {
			l = engine.Static
		}
		armPost(m, a[0])
		if a[1].IsReg("R15") {
			m.Unmodelled() // a load to the program counter: a jump
			return
		}
		write(a[1], l)
		m.KeepLink(a[1], ra)
	case a[1].Kind == engine.ArgMem && (a[0].Kind == engine.ArgReg || a[0].Kind == engine.ArgImm):
		l, ra := armRead(m, a[0]), m.WholeLink(whole, a[0])
		x := armAccess(m, a[1])
		if cond != "" {
			// A conditional store keeps the old value or writes the new.
			l = max(l, m.Load(x, w), m.Reg("FLAGS"))
		}
		m.Store(x, w, l)
		m.KeepLink(x, ra)
		armPost(m, a[1])
	case (a[0].Kind == engine.ArgReg || a[0].Kind == engine.ArgImm) && a[1].Kind == engine.ArgReg && a[1].Shift == "":
		l, ra := armRead(m, a[0]), m.WholeLink(whole, a[0])
		if a[0].Kind == engine.ArgImm {
			l = engine.Static
		}
		if a[1].IsReg("R15") {
			m.Unmodelled() // a move to the program counter: a jump
			return
		}
		write(a[1], l)
		m.KeepLink(a[1], ra)
	default:
		m.Unmodelled()
	}
}

// The CPU features of arm's instructions, from the Arm Architecture
// Reference Manual (ARMv7-A and ARMv7-R): the floating-point
// instructions need VFP, and the fused multiply-adds VFPv4; GOARM=5 is
// soft float (the runtime emulates what VFP instructions there are),
// GOARM=6 has VFPv2 and GOARM=7 VFPv3.
var armFeatures = []string{"vfp", "vfpv4"}

var armLevels = engine.CumulativeLevels([][2]string{{"5", ""}, {"6", "vfp"}, {"7", ""}})

// armRuntimeFlags: the compiler tests runtime.armHasVFPv4 before math.FMA.
var armRuntimeFlags = map[string]string{"runtime.armHasVFPv4": "vfpv4"}

var armFused = engine.OpSet("FMULAD", "FMULAF", "FMULSD", "FMULSF", "FNMULAD", "FNMULAF", "FNMULSD", "FNMULSF")

func armNeeds(in *engine.Inst, _ string) []string {
	op, _, _ := strings.Cut(in.Op, ".")
	switch {
	case armFused[op]:
		return []string{"vfp", "vfpv4"}
	case armDiv[op] || armFArith[op] || armFMulAcc[op] || armFUnary[op] || armFConv[op] || armFCmp[op] || op == "MOVD" || op == "MOVF":
		return []string{"vfp"}
	}
	return nil
}

// armPtrFlows are the moves, adds and ands that keep a pointer's
// provenance, and the words a load or store multiple moves (md5's block
// saves the pointers it passes to memmove with STMIB).
func armPtrFlows(in *engine.Inst, a *engine.Arch) []engine.PtrFlow {
	op, mode, _ := strings.Cut(in.Op, ".")
	if (op != "LDM" && op != "STM") || len(mode) < 2 || len(in.Args) != 2 || in.Args[1].Kind != engine.ArgList {
		return armMoveFlows(in, a)
	}
	base, regs := in.Args[0], in.Args[1].Regs
	base.Pre = false
	n := int64(len(regs))
	first := armMultipleFirst(mode[:2], n)
	var flows []engine.PtrFlow
	for i, r := range regs {
		at := base
		at.Imm = first + 4*int64(i)
		if op == "LDM" {
			flows = append(flows, engine.PtrFlow{Dst: r, Src: at})
		} else {
			flows = append(flows, engine.PtrFlow{Dst: at, Src: r})
		}
	}
	return flows
}

var armMoveFlows = engine.GoOrderFlows("MOVW", engine.OpSet("ADD"), engine.OpSet("SUB"), engine.OpSet("AND"))

// armDuffs are arm's Duff's devices.
var armDuffs = map[string]engine.Duff{
	"runtime.duffzero": {Steps: 128, StepBytes: 4, Width: 4, Dst: "R1", Val: "R0"},            // MOVW.P R0, 4(R1)
	"runtime.duffcopy": {Steps: 128, StepBytes: 8, Width: 4, Dst: "R2", Src: "R1", Val: "R0"}, // MOVW.P 4(R1), R0; MOVW.P R0, 4(R2)
}

// armArch is the model of arm: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var ARM = &engine.Arch{
	GOARCH: "arm", WriteBarrierBuf: "R8", PtrSize: 4, ArgBase: armFixedFrame, PtrFlows: armPtrFlows, SP: "R13", LR: "R14", MorestackLR: "R3",
	G: "R10", GInABI0: true, Tmp: []string{"R11"},
	LevelVar: "GOARM", Levels: []string{"5", "6", "7"}, DefaultLevel: "7", Macros: engine.Cumulative,
	Features: armFeatures, LevelFeaturesOf: armLevels, NeedsOf: armNeeds, RuntimeFlags: armRuntimeFlags,
	Step: armStep, Regs: armRegs(), Duffs: armDuffs,
	Listing: &engine.Listing{Reg: armListingReg, Convert: armFromListing, FrameArg: armFrameArg},
	Objdump: armFromObjdump,
}

// armIndexed is x indexed by register idx shifted by op and amount (none
// where op is ""): R1<<2(R0) is R0+R1*4. Another shift stays in x's
// Shift, where nothing takes the index for a plain number (regionOf,
// foldIndex).
func armIndexed(x engine.Arg, idx, op, amount string) engine.Arg {
	x.Index, x.Scale = idx, 1
	switch k, err := strconv.Atoi(amount); {
	case op == "":
	case op == "<<" && err == nil && k <= 4:
		x.Scale = 1 << k
	default:
		x.Shift = op + amount
	}
	return x
}
