package arm64

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// The disassembly front end of arm64 (the file is not named _arm64.go,
// which would build it on arm64 only): what go tool objdump (arm64asm's
// Go syntax) prints, read by a parser of its own, into the canonical
// form of the model (model.go). It shares no code with the listing's.

// arm64ObjTarget decodes a branch's target from its encoding, in words:
// imm26 of B and BL, imm19 of B.cond, CBZ and CBNZ, imm14 of TBZ and TBNZ.
func arm64ObjTarget(in *engine.Inst) (uint64, bool) {
	v, err := strconv.ParseUint(in.Hex, 16, 32)
	if err != nil || len(in.Hex) != 8 {
		return 0, false
	}
	var off int64
	switch {
	case v>>26 == 0x05 || v>>26 == 0x25: // B, BL
		off = int64(v<<38) >> 38
	case v>>24 == 0x54, v>>25&0x3f == 0x1a: // B.cond; CBZ, CBNZ
		off = int64((v>>5&0x7ffff)<<45) >> 45
	case v>>25&0x3f == 0x1b: // TBZ, TBNZ
		off = int64((v>>5&0x3fff)<<50) >> 50
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + 4*off), true
}

// arm64FromObjdump reads an instruction go tool objdump printed.
func arm64FromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" {
		v, err := strconv.ParseUint(in.Hex, 16, 32)
		in.Raw = true
		if err == nil {
			arm64Word(in, uint32(v))
		}
		return nil
	}
	for _, s := range args {
		if a, ok := arm64ObjOperand(s); ok {
			in.Args = append(in.Args, a)
			continue
		}
		switch {
		case arm64SysRegs[s] != "":
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: arm64SysRegs[s]}) // objdump's name of DIT, NZCV
		case regexp.MustCompile(`^S\d_\d_C\d+_C\d+_\d$`).MatchString(s):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s})
		case in.Op == "PRFM" && arm64Prefetch.MatchString(s):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s})
		case strings.HasSuffix(s, "(PC)"):
			n, ok := engine.ObjInt(strings.TrimSuffix(s, "(PC)"))
			if !ok {
				return fmt.Errorf("branch target %s", s)
			}
			if in.Op == "ADRP" || in.Op == "ADR" {
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: n}) // an address in the program: ADRP's page, from this one's
				continue
			}
			t, ok := arm64ObjTarget(in)
			if !ok || t != uint64(int64(in.Addr)+4*n) {
				return fmt.Errorf("branch target %s not decoded", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: t})
		case strings.HasSuffix(s, "(SB)") && !strings.Contains(s, "+") && !strings.HasPrefix(s, "$"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		case strings.HasPrefix(s, "$") && regexp.MustCompile(`^\$\(?-?[0-9]*\.[0-9]*(e[-+]?[0-9]+)?\)?$`).MatchString(s):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Name: s}) // a floating-point constant: FMOVD $1., F1
		case strings.HasPrefix(s, "$"):
			v, err := arm64ObjInt(s[1:])
			if err != nil {
				return err
			}
			if (in.Op == "MRS" && len(in.Args) == 0 || in.Op == "MSR" && len(in.Args) == 1) && arm64SysRegNums[v] != "" {
				// MRS $23056, R7: objdump's number of a system register.
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: arm64SysRegNums[v]})
				continue
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		default:
			return fmt.Errorf("operand %s", s)
		}
	}
	if err := arm64Canonical(in); err != nil {
		return err
	}
	arm64Aliases(in)
	return nil
}

// arm64Extends are objdump's names of the sign and zero extensions, by
// the assembler's move that writes them.
var arm64Extends = map[string]string{"SXTB": "MOVB", "SXTH": "MOVH", "SXTW": "MOVW", "SXTBW": "MOVB", "SXTHW": "MOVH",
	"UXTBW": "MOVBU", "UXTHW": "MOVHU"}

// arm64Aliases turns the forms objdump prints for the assembler's aliases
// back into them: UBFX $0, R, $8, R and SXTB R, R are MOVBU R, R and
// MOVB R, R; ORR $c, ZR, R is
// MOVD $c, R; NGC R, R is SBC R, ZR, R; CINC c, R, R is CSINC !c, R, R, R.
func arm64Aliases(in *engine.Inst) {
	a := in.Args
	switch {
	case (in.Op == "UBFX" || in.Op == "SBFX") && len(a) == 4 && a[0].Kind == engine.ArgImm && a[0].Imm == 0 && a[2].Kind == engine.ArgImm:
		names := map[int64]string{8: "B", 16: "H", 32: "W"}
		if w := names[a[2].Imm]; w != "" {
			if in.Op == "UBFX" {
				in.Op = "MOV" + w + "U"
			} else {
				in.Op = "MOV" + w
			}
			in.Args = []engine.Arg{a[1], a[3]}
		}
	case arm64Extends[in.Op] != "" && len(a) == 2 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg:
		// SXTB R, R is SBFX $0, R, $8, R: MOVB R, R. The W forms extend
		// to 32 bits and zero the rest: the same flow.
		in.Op = arm64Extends[in.Op]
	case in.Op == "ORR" && len(a) == 3 && a[1].IsReg("ZR") && a[2].Kind == engine.ArgReg:
		in.Op, in.Args = "MOVD", []engine.Arg{a[0], a[2]}
	case (in.Op == "NGC" || in.Op == "NGCS") && len(a) == 2 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg:
		// NGC Rm, Rd is SBC Rm, ZR, Rd: 0 - Rm - borrow (the assembler's
		// SBC $0, ZR, R11, the mask of a borrow in nistec's P-256).
		zr := engine.Arg{Kind: engine.ArgReg, Reg: "ZR", Width: 8, Name: "ZR"}
		in.Op, in.Args = "SBC"+strings.TrimPrefix(in.Op, "NGC"), []engine.Arg{a[0], zr, a[1]}
	case (in.Op == "CINC" || in.Op == "CINV" || in.Op == "CNEG") && len(a) == 3 && a[0].Kind == engine.ArgCond &&
		arm64Inverse[a[0].Name] != "" && a[1].Kind == engine.ArgReg && a[2].Kind == engine.ArgReg:
		// CINC cond, Rn, Rd is CSINC !cond, Rn, Rn, Rd: Rn, or Rn+1 where
		// cond holds (blake2b's c[1]++ when c[0] wrapped); CINV and CNEG
		// likewise.
		cond := engine.Arg{Kind: engine.ArgCond, Name: arm64Inverse[a[0].Name]}
		in.Op, in.Args = map[string]string{"CINC": "CSINC", "CINV": "CSINV", "CNEG": "CSNEG"}[in.Op], []engine.Arg{cond, a[1], a[1], a[2]}
	}
}

// arm64Inverse is each condition's inverse, as objdump names them.
var arm64Inverse = map[string]string{"EQ": "NE", "NE": "EQ", "CS": "CC", "HS": "LO", "CC": "CS", "LO": "HS",
	"MI": "PL", "PL": "MI", "VS": "VC", "VC": "VS", "HI": "LS", "LS": "HI", "GE": "LT", "LT": "GE", "GT": "LE", "LE": "GT"}

// arm64ObjInt reads a constant as objdump prints it: decimal,
// hexadecimal, or (a<<b).
func arm64ObjInt(s string) (int64, error) {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		a, b, ok := strings.Cut(s[1:len(s)-1], "<<")
		if !ok {
			return 0, fmt.Errorf("constant %s", s)
		}
		x, ok1 := engine.ObjInt(a)
		y, ok2 := engine.ObjInt(b)
		if !ok1 || !ok2 {
			return 0, fmt.Errorf("constant %s", s)
		}
		return x << y, nil
	}
	if v, ok := engine.ObjInt(s); ok {
		return v, nil
	}
	return 0, fmt.Errorf("constant %s", s)
}

// arm64ObjOperand reads a register, a shifted or extended register, a
// register list or pair, a condition or a memory operand, as objdump
// prints them.
func arm64ObjOperand(s string) (engine.Arg, bool) {
	if len(s) >= 2 && (s[0] == '[' && s[len(s)-1] == ']' || s[0] == '(' && s[len(s)-1] == ')' && strings.Contains(s, ", ")) {
		var list engine.Arg
		list.Kind, list.Name = engine.ArgList, s
		for _, part := range strings.Split(s[1:len(s)-1], ",") {
			r, ok := arm64ObjReg(strings.TrimSpace(part))
			if !ok {
				return engine.Arg{}, false
			}
			list.Regs = append(list.Regs, r)
		}
		return list, true
	}
	if r, ok := arm64ObjReg(s); ok {
		return r, true
	}
	switch s {
	case "EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE", "AL", "NV":
		return engine.Arg{Kind: engine.ArgCond, Name: s}, true
	}
	// disp(base) and disp(base)(index), the index maybe shifted.
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") || strings.HasSuffix(s, "(PC)") || strings.HasSuffix(s, "(SB)") {
		return engine.Arg{}, false
	}
	mem := engine.Arg{Kind: engine.ArgMem}
	if open > 0 {
		d, ok := engine.ObjInt(s[:open])
		if !ok {
			return engine.Arg{}, false
		}
		mem.Imm = d
	}
	rest := s[open:]
	closeAt := strings.IndexByte(rest, ')')
	base, ok := arm64ObjReg(rest[1:closeAt])
	if !ok || base.Kind != engine.ArgReg || base.Reg[0] == 'V' || base.Shift != "" {
		return engine.Arg{}, false
	}
	mem.Reg = base.Reg
	if rest = rest[closeAt+1:]; rest != "" {
		if rest[0] != '(' {
			return engine.Arg{}, false
		}
		idx, ok := arm64ObjReg(rest[1 : len(rest)-1])
		if !ok || idx.Reg[0] == 'V' {
			return engine.Arg{}, false
		}
		mem.Index, mem.Scale, mem.Shift = arm64IndexScale(idx)
	}
	return mem, true
}

// arm64ObjVec is a vector register as objdump prints it: V3.B16, V3.D[1],
// F3, with the part it names.
var arm64ObjVec = regexp.MustCompile(`^([VF])([0-9]{1,2})(?:\.(B16|H8|S4|D2|Q1|B8|H4|S2|D1)|\.([BHSDQ])\[([0-9]{1,2})\])?$`)

// arm64ObjReg reads one register as objdump prints it.
func arm64ObjReg(s string) (engine.Arg, bool) {
	if m := arm64ObjVec.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[2])
		if n > 31 {
			return engine.Arg{}, false
		}
		a := engine.Arg{Kind: engine.ArgReg, Reg: "V" + m[2], Name: s}
		switch {
		case m[3] != "":
			a.Width = 16
			if strings.HasSuffix(m[3], "8") && m[3] != "H8" || m[3] == "S2" || m[3] == "D1" || m[3] == "H4" {
				a.Width = 8
			}
		case m[4] != "":
			w := map[string]int{"B": 1, "H": 2, "S": 4, "D": 8, "Q": 16}[m[4]]
			i, _ := strconv.Atoi(m[5])
			if i*w >= 16 {
				return engine.Arg{}, false
			}
			a.Width, a.Off = w, i*w
		case m[1] == "V":
			a.Width = 16
		}
		return a, true
	}
	// A general register, with a shift (<<, >>, ->, @>) or an extension.
	name, shift := s, ""
	for i := 1; i < len(s); i++ {
		if c := s[i]; c == '<' || c == '>' || c == '-' || c == '@' || c == '.' {
			name, shift = s[:i], s[i:]
			break
		}
	}
	switch {
	case name == "ZR", name == "RSP" && shift == "":
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Shift: shift, Name: s}, true
	case len(name) >= 2 && name[0] == 'R':
		n, err := strconv.Atoi(name[1:])
		if err != nil || n > 30 {
			return engine.Arg{}, false
		}
		if shift != "" && !regexp.MustCompile(`^(?:(?:<<|>>|->|@>)\$?[0-9]+|\.[US]XT[BHWX](?:<<[0-9]+)?)$`).MatchString(shift) {
			return engine.Arg{}, false
		}
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Shift: shift, Name: s}, true
	}
	return engine.Arg{}, false
}

// arm64ObjGlobals names the variable that the access after ADRP n(PC), R
// reads or writes through R: ADRP sets R to the page n bytes from this
// instruction's, the access adds its offset (the assembler's expansion
// of MOVBU ·flag(SB), R6).
func arm64ObjGlobals(f *engine.Func, at func(addr uint64) (string, int64)) {
	for i := 0; i+1 < len(f.Insts); i++ {
		adrp := f.Insts[i]
		if adrp.Op != "ADRP" || len(adrp.Args) != 2 || adrp.Args[0].Kind != engine.ArgImm || adrp.Args[1].Kind != engine.ArgReg {
			continue
		}
		page := adrp.Addr&^0xfff + uint64(adrp.Args[0].Imm)
		next := &f.Insts[i+1]
		if a := next.Args; next.Op == "ADD" && len(a) == 3 && a[0].Kind == engine.ArgImm && a[0].Sym == "" &&
			a[1].IsReg(adrp.Args[1].Reg) && a[2].Kind == engine.ArgReg && a[2].Shift == "" {
			// ADD $n, R0, R0: the address of a symbol (MOVD $sym(SB), R0),
			// named with its offset for the pointer flows.
			if sym, off := at(page + uint64(a[0].Imm)); sym != "" {
				next.Args[0].Sym, next.Args[0].Imm = sym, off
			}
			continue
		}
		for j := range next.Args {
			x := &next.Args[j]
			if x.Kind == engine.ArgMem && x.Reg == adrp.Args[1].Reg && x.Index == "" && !x.Pre && !x.Post {
				if sym, off := at(page + uint64(x.Imm)); off == 0 {
					x.Sym = sym
				}
			}
		}
	}
}
