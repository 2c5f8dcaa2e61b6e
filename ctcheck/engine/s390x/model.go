// Package s390x is ctcheck's model of s390x: the step of each
// instruction, the readers of the listing and of go tool objdump, and the
// records S390X and S390XRegABI (Go 1.26's register arguments).
package s390x

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// s390x: the model, its listing hook and its objdump hook. The canonical
// form is Go's syntax as the assembler takes it: sources first, the
// destination last (op a, dst is dst op= a: three operands), RET for BR
// R14, JMP for BRC 15, LA for an address computation (MOVD $d(b), r:
// LA, LAY), LOCGR $mask, src, dst for a load on condition, and branch
// targets as addresses. go tool objdump prints several instructions under
// other names and in another order, and branch offsets in no one unit;
// its hook reads the encoding where the text does not tell: a load from a
// LAY, LARL from LGRL, the targets, XG R, mem from a store.
//
// Locations: R0-R15 (R13 is g, R15 the stack pointer, R14 the link
// register; R0 as a base or index is zero), FLAGS (the condition code),
// and V0-V31 as two lanes of 8 bytes (F0-F15 are lane 0 of V0-V15).
//
// Go 1.24 and 1.25 passed s390x arguments on the stack, 1.26 in
// registers: the engine passes a callee both, so nothing here depends on
// the release but the forms older disassemblers print (JMP R14, MOVD for
// LAY, XOR mem, R), which the hook reads by their encodings.

// s390xFixedFrame is the ABI's fixed frame: the caller's saved return
// address, between its stack pointer and the arguments it passes
// (cmd/internal/obj's FixedFrameSize for s390x).
const s390xFixedFrame = 8

// s390xRegs are s390x's register locations: what a call the analysis
// cannot see may change.
func s390xRegs() []string {
	var regs []string
	for _, r := range engine.Numbered("R", 0, 14) {
		if r != "R13" {
			regs = append(regs, r)
		}
	}
	return engine.WithLanes(append(regs, "FLAGS"), engine.Numbered("V", 0, 31))
}

func s390xIsVec(loc string) bool { return strings.HasPrefix(loc, "V") }

// s390xRegArg reads a general, floating-point or vector register name;
// g is R13 (the listing's name).
func s390xRegArg(s string) (engine.Arg, bool) {
	if s == "g" {
		return engine.Arg{Kind: engine.ArgReg, Reg: "R13", Width: 8, Name: s}, true
	}
	if _, ok := engine.RegNum(s, "R", 0, 15); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 8, Name: s}, true
	}
	if n, ok := engine.RegNum(s, "F", 0, 15); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: "V" + strconv.Itoa(n), Width: 8, Name: s}, true
	}
	if _, ok := engine.RegNum(s, "V", 0, 31); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 16, Name: s}, true
	}
	return engine.Arg{}, false
}

// The listing hook.

func s390xListingReg(name string) (string, int, int, bool) {
	a, ok := s390xRegArg(name)
	return a.Reg, a.Width, 0, ok
}

// s390xFrameArg: cmd/internal/obj/s390x's aclass puts a NAME_AUTO at
// autosize+off and a NAME_PARAM at autosize+off+8 (FixedFrameSize) from
// the hardware stack pointer R15, where autosize is the frame that
// preprocess wrote back into the TEXT instruction, which the listing
// prints ($autosize-args). s390x has no SP register for an unnamed
// off(SP).
func s390xFrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	if !named {
		return engine.Arg{}, fmt.Errorf("an unnamed frame operand on s390x")
	}
	if fp {
		off += s390xFixedFrame
	}
	return engine.Arg{Kind: engine.ArgMem, Reg: "R15", Imm: f.TextFrame + off}, nil
}

// s390xCondBranches are the branches on the condition code by mnemonic.
var s390xCondBranches = engine.OpSet("BEQ", "BNE", "BLT", "BLE", "BGT", "BGE", "BLTU", "BLEU", "BGTU", "BGEU", "BVS", "BVC")

// s390xIsBranch reports whether the last operand of op is a branch
// target, which the listing prints as the target's offset.
func s390xIsBranch(op string) bool {
	return op == "JMP" || op == "BR" || op == "BRC" || op == "BRCT" || op == "BRCTG" || s390xCondBranches[op] ||
		s390xCmpB.MatchString(op) || s390xCmpJ[op]
}

var (
	// compare and branch: op a, b, target.
	s390xCmpB = regexp.MustCompile(`^CMP(U|W|WU)?B(EQ|NE|LT|LE|GT|GE)$`)
	// compare and branch with a mask: op $mask, a, b, target.
	s390xCmpJ = engine.OpSet("CRJ", "CGRJ", "CLRJ", "CLGRJ", "CIJ", "CGIJ", "CLIJ", "CLGIJ")
)

// s390xFromListing reads an instruction of the listing.
func s390xFromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	for i, s := range args {
		if a, ok := s390xRegArg(s); ok {
			in.Args = append(in.Args, a)
			continue
		}
		if s390xIsBranch(in.Op) && i == len(args)-1 {
			if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: pc})
				continue
			}
		}
		if strings.HasPrefix(s, "$") && strings.HasSuffix(s, ")") && !strings.HasSuffix(s, "(SB)") && in.Op == "MOVD" {
			// MOVD $d(b)(x), r: an address (LA, LAY).
			x, ok, err := engine.ListingOperand(la, f, s[1:])
			if err != nil || !ok || x.Kind != engine.ArgMem {
				return fmt.Errorf("address %s", s)
			}
			// The listing prints an address constant without its index
			// (cmd/internal/obj writes TYPE_ADDR by the name alone): the
			// B2 and X2 fields of the LA (41) or LAY (e3 .. 71) that the
			// assembler encoded name both registers, in either order.
			if x.Index == "" && !x.Global && !strings.HasSuffix(s, "(FP)") && !strings.HasSuffix(s, "(SP)") {
				b, idx, ok := s390xLARegs(f.Code, in.Addr)
				switch {
				case !ok:
					return fmt.Errorf("address %s: no LA or LAY in the encoding", s)
				case x.Reg == "R"+strconv.Itoa(b) && idx != 0:
					x.Index, x.Scale = "R"+strconv.Itoa(idx), 1
				case x.Reg == "R"+strconv.Itoa(idx) && b != 0:
					x.Index, x.Scale = "R"+strconv.Itoa(b), 1
				case x.Reg != "R"+strconv.Itoa(b) && x.Reg != "R"+strconv.Itoa(idx):
					return fmt.Errorf("address %s: the encoding's registers are R%d and R%d", s, b, idx)
				}
			}
			in.Op = "LA"
			in.Args = append(in.Args, x)
			continue
		}
		a, err := engine.ListingArg(la, f, s, in.Op == "CALL" || in.Op == "JMP" || in.Op == "BR" || in.Op == "BL")
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	if pc := in.Addr; pc+6 <= uint64(len(f.Code)) && f.Code[pc] == 0xe7 {
		// A vector instruction's displacement is 12 bits, unsigned (VRX,
		// VRS, VRV): the assembler encodes VL -16(R15), V1 as 4080(R15),
		// and prints -16. The encoding is what runs.
		for i := range in.Args {
			if x := &in.Args[i]; x.Kind == engine.ArgMem && !x.Global {
				x.Imm = int64(f.Code[pc+2]&15)<<8 | int64(f.Code[pc+3])
			}
		}
	}
	switch in.Op {
	case "LAY":
		if len(in.Args) == 2 && in.Args[0].Kind == engine.ArgMem {
			in.Op = "LA" // an address, as LA's (md5's LAY (R6)(R5*1), R7)
		}
	case "BR":
		in.Op = "JMP"
	case "BL":
		in.Op = "CALL"
	}
	if in.Op == "JMP" && len(in.Args) == 1 && in.Args[0].IsReg("R14") {
		in.Op, in.Args = "RET", nil
	}
	if c := strings.TrimPrefix(in.Op, "MOVD"); c != in.Op && s390xCond[c] && len(in.Args) == 2 &&
		in.Args[0].Kind == engine.ArgReg && in.Args[1].Kind == engine.ArgReg {
		// MOVDEQ R1, R2: LOCGR, a load on condition.
		in.Op, in.Args = "LOCGR", []engine.Arg{{Kind: engine.ArgCond, Name: c}, in.Args[0], in.Args[1]}
	}
	return s390xCanonical(in)
}

// s390xLARegs returns the B2 and X2 fields of the LA or LAY at pc in
// the code.
func s390xLARegs(code []byte, pc uint64) (base, index int, ok bool) {
	switch {
	case pc+4 <= uint64(len(code)) && code[pc] == 0x41,
		pc+6 <= uint64(len(code)) && code[pc] == 0xe3 && code[pc+5] == 0x71:
		return int(code[pc+2] >> 4), int(code[pc+1] & 15), true
	}
	return 0, 0, false
}

// s390xCanonical finishes an instruction either front end read: the
// three-operand forms, R0 as a base.
func s390xCanonical(in *engine.Inst) error {
	a := in.Args
	for i := range a {
		if a[i].Kind == engine.ArgMem {
			a[i] = s390xAddr(a[i])
		}
	}
	switch {
	case (s390xALU[in.Op] && !s390xUnary[in.Op] || s390xVecOp[in.Op]) && len(a) == 2 && a[1].Kind == engine.ArgReg:
		in.Args = append(a, a[1]) // op a, dst: dst = dst op a
	case s390xVecShift[in.Op] && len(a) == 2 && a[1].Kind == engine.ArgReg:
		in.Args = append(a, a[1]) // VESLB $5, V: V = V << 5
	case s390xUnary[in.Op] && len(a) == 1 && a[0].Kind == engine.ArgReg:
		in.Args = append(a, a[0]) // NEG R: R = -R
	case s390xDiv[in.Op] && !s390xSqrt[in.Op] && len(a) == 2:
		in.Args = append(a, a[1])
	case in.Op == "MLGR" && len(a) == 2 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg:
		// MLGR Rx, Reven: the pair Reven, Rodd = Rodd times Rx.
		num, ok := engine.RegNum(a[1].Reg, "R", 0, 14)
		if !ok || num%2 != 0 {
			return fmt.Errorf("MLGR: an odd register pair")
		}
		odd := "R" + strconv.Itoa(num+1)
		in.Args = []engine.Arg{a[1], {Kind: engine.ArgReg, Reg: odd, Width: 8, Name: odd}, a[0]}
	}
	return nil
}

// s390xAddr makes R0 as a base or an index the zero it reads as, and a
// lone index the base (d(R0)(X*1) is d(X)).
func s390xAddr(x engine.Arg) engine.Arg {
	if x.Reg == "R0" {
		x.Reg = ""
	}
	if x.Index == "R0" {
		x.Index, x.Scale = "", 0
	}
	if x.Reg == "" && x.Index != "" && x.Scale <= 1 {
		x.Reg, x.Index, x.Scale = x.Index, "", 0
	}
	if x.Reg == "" && x.Index == "" {
		x.Global = true // an absolute address
		if x.Imm == 0 && x.Sym == "" {
			x.Name = engine.AddressZero
		}
	}
	return x
}

// The objdump hook.

var s390xObjMem = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\((R\d+)\)(?:\((R\d+)\*1\))?$`)

// s390xObjRXY are the loads and stores whose printed form says what they
// do, by the last byte of their RXY encoding (e3 .. op), with their
// width: LG, LGF, LLGF, LGH, LLGH, LGB, LLGC; STG, STY, STHY, STCY.
// Others print like them (MOVD for LAY), or print one width for another.
var s390xObjRXY = map[string]int{"04": 8, "14": 4, "16": 4, "15": 2, "91": 2, "77": 1, "90": 1, "24": 8, "50": 4, "70": 2, "72": 1}

// s390xObjReversed are the byte-reversed loads and stores likewise (LRVG,
// LRV, LRVH; STRVG, STRV, STRVH): the width.
var s390xObjReversed = map[string]int{"0f": 8, "1e": 4, "1f": 2, "2f": 8, "3e": 4, "3f": 2}

// s390xObjFloat are the floating-point loads and stores, by the first
// byte of their encoding and the last of an RXY one: the width, and 1 for
// a store. LD, LE, STD, STE; LDY, LEY, STDY, STEY.
var s390xObjFloat = map[string][2]int{"68": {8, 0}, "78": {4, 0}, "60": {8, 1}, "70": {4, 1},
	"ed65": {8, 0}, "ed64": {4, 0}, "ed67": {8, 1}, "ed66": {4, 1}}

// s390xObjRMW are the RXY operations R = R op mem (XG, OG, NG, AG, SG),
// which objdump prints op R, mem (Go 1.26) or op mem, R (Go 1.25).
var s390xObjRMW = engine.OpSet("82", "81", "80", "08", "09")

// s390xObjRIL are the loads and stores relative to the program counter
// (RIL-b, c4 R1 op), by the nibble of their opcode, as Go's moves: LGRL,
// LGFRL, LLGFRL, LGHRL, LLGHRL; STGRL, STRL, STHRL. (LRL, LHRL and LLHRL,
// which write the low word alone, are not among them: they fail closed.)
var s390xObjRIL = map[string]struct {
	op    string
	store bool
}{"8": {"MOVD", false}, "c": {"MOVW", false}, "e": {"MOVWZ", false}, "4": {"MOVH", false}, "6": {"MOVHZ", false},
	"b": {"MOVD", true}, "f": {"MOVW", true}, "7": {"MOVH", true}}

// s390xFromObjdump reads an instruction go tool objdump printed.
func s390xFromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" {
		in.Raw = true
		return nil
	}
	if s390xObjVector(in) || s390xObjCrypto(in) {
		return s390xCanonical(in)
	}
	if rl, ok := s390xObjRIL[in.Hex[min(len(in.Hex), 3):min(len(in.Hex), 4)]]; ok && len(in.Hex) == 12 && in.Hex[:2] == "c4" {
		// LGRL, STGRL and their kin (which Go 1.24 printed MOVD R,
		// off(PC)): a global's value to or from the register of the R1
		// field, at an offset from the program counter.
		r, _ := strconv.ParseUint(in.Hex[2:3], 16, 8)
		name := "R" + strconv.Itoa(int(r))
		reg, mem := engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Name: name}, engine.Arg{Kind: engine.ArgMem, Global: true}
		in.Op, in.Args = rl.op, []engine.Arg{mem, reg}
		if rl.store {
			in.Args = []engine.Arg{reg, mem}
		}
		return nil
	}
	if len(in.Hex) == 12 && in.Hex[:2] == "c0" && in.Hex[3] == '0' {
		// LARL, which objdump prints as LGRL is (MOVD off(PC), R): the
		// address of a global, a constant of the program.
		r, _ := strconv.ParseUint(in.Hex[2:3], 16, 8)
		name := "R" + strconv.Itoa(int(r))
		off, _ := strconv.ParseInt(in.Hex[4:], 16, 64)
		in.Op = "MOVD"
		in.Args = []engine.Arg{{Kind: engine.ArgImm, Imm: int64(in.Addr) + 2*int64(int32(off))}, {Kind: engine.ArgReg, Reg: name, Width: 8, Name: name}}
		return nil
	}
	for _, s := range args {
		if a, ok := s390xRegArg(s); ok {
			in.Args = append(in.Args, a)
			continue
		}
		switch {
		case strings.HasPrefix(s, "$") && !strings.HasSuffix(s, ")"):
			v, ok := engine.ObjInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		case strings.HasPrefix(s, "$") && strings.HasSuffix(s, "(SB)"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Sym: strings.TrimSuffix(s[1:], "(SB)")})
		case strings.HasSuffix(s, "(PC)"):
			t, ok := s390xObjTarget(in)
			if !ok {
				return fmt.Errorf("branch target %s not decoded", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: t})
		case strings.HasSuffix(s, "(SB)"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		default:
			p := s390xObjMem.FindStringSubmatch(s)
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
				x.Index, x.Scale = p[3], 1
			}
			in.Args = append(in.Args, s390xAddr(x))
		}
	}
	first, last := s390xObjOpcode(in)
	a := in.Args
	n := len(a)
	mem := func(i int) bool { return i < n && a[i].Kind == engine.ArgMem }
	reg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	switch {
	case in.Hex == "07fe" && (in.Op == "RET" || in.Op == "JMP" && n == 1): // BR R14, as Go 1.24 prints it
		in.Op, in.Args = "RET", nil
	case len(in.Hex) == 4 && in.Hex[:3] == "07f" && (in.Op == "RET" || in.Op == "JMP" && n == 1):
		// BCR 15, Rn: the disassembler prints RET whatever the register
		// (Go 1.26), but only R14 is the link register: a jump through Rn.
		r, _ := strconv.ParseUint(in.Hex[3:], 16, 8)
		name := "R" + strconv.Itoa(int(r))
		in.Op, in.Args = "JMP", []engine.Arg{{Kind: engine.ArgReg, Reg: name, Width: 8, Name: name}}
	case in.Op == "MOVB" && n == 2 && a[0].Kind == engine.ArgImm && reg(1) && len(in.Hex) == 8 && first == "a7" && in.Hex[3] == '9':
		// LGHI R, $i: the sign-extended 16-bit constant in the whole
		// register, which the assembler writes MOVD $i, R and objdump
		// prints MOVB: a MOVD $0 is nil to the pointer flows.
		in.Op = "MOVD"
	case in.Op == "STRVH" && n == 2 && reg(0) && mem(1) && first == "e3" && last == "3f":
		in.Op = "MOVHBR" // the halfword's byte-reversed store, which objdump names as z does
	case in.Op == "RET":
		return fmt.Errorf("RET encoded %s", in.Hex)
	case (in.Op == "BR" || in.Op == "JMP") && n == 1:
		in.Op = "JMP"
	case in.Op == "BASR" && n == 2 && a[0].IsReg("R14") && reg(1):
		in.Op, in.Args = "CALL", a[1:] // BL R: a call through a register
	case s390xCmpJ[in.Op] && n == 4 && reg(0) && a[2].Kind == engine.ArgImm:
		// CGIJ R1, $0, $7, target: the mask the disassembler has no name
		// for, printed third; Go's order puts it first.
		in.Args = []engine.Arg{a[2], a[0], a[1], a[3]}
	case in.Op == "MOVD" && n == 2 && mem(0) && reg(1) && first == "41" && len(in.Hex) == 8:
		in.Op = "LA" // LA R, d(X, B), printed like a load
	case (in.Op == "VFD" || in.Op == "VFSQ") && n >= 4 && reg(0) && reg(1):
		// VFD V1, V2, V3, $m4, $m5 in the instruction's order, V1 = V2 / V3;
		// m5 bit 3: the first element alone. Go's order puts V1 last.
		regs := 3
		if in.Op == "VFSQ" {
			regs = 2
		}
		if n != regs+2 || a[regs].Kind != engine.ArgImm || a[regs+1].Kind != engine.ArgImm || !reg(regs-1) {
			return fmt.Errorf("%s form", in.Op)
		}
		in.Op = map[string]string{"VFD": "VFDDB", "VFSQ": "VFSQDB"}[in.Op]
		if a[regs+1].Imm&8 != 0 {
			in.Op = "W" + in.Op[1:]
		}
		in.Args = nil
		for i := regs - 1; i >= 0; i-- {
			in.Args = append(in.Args, a[i])
		}
	case in.Op == "MSGR" && n == 2 && reg(0) && reg(1) && len(in.Hex) == 8:
		// MSGR R1, R2: R1 times R2 to R1, Go's MULLD R2, R1, which the
		// disassembler prints in the instruction's order. The registers
		// from the encoding (b90c00 R1 R2).
		r1, r2 := "R"+s390xHexReg(in.Hex[6]), "R"+s390xHexReg(in.Hex[7])
		if !a[0].IsReg(r1) || !a[1].IsReg(r2) {
			return fmt.Errorf("MSGR encoded %s", in.Hex)
		}
		in.Op, in.Args = "MULLD", []engine.Arg{a[1], a[0]}
	case in.Op == "VNOT" && n == 3:
		in.Op = "VNO" // VNO, which the disassembler names VNOT (a NOR of two registers)
	case s390xDivPair[in.Op] && n == 2 && reg(0) && reg(1):
		// DSGR R10, R1 and the like, which Go's DIVD and MODD are: R11
		// (and R10, for the logical ones) by R1, to R10 and R11.
		num, ok := engine.RegNum(a[0].Reg, "R", 0, 14)
		if !ok || num%2 != 0 {
			return fmt.Errorf("%s: an odd register pair", in.Op)
		}
		next := "R" + strconv.Itoa(num+1)
		in.Args = []engine.Arg{a[0], {Kind: engine.ArgReg, Reg: next, Width: 8, Name: next}, a[1]}
	case s390xCond[strings.TrimPrefix(in.Op, "MOVD")] && n == 2 && reg(0) && reg(1):
		// MOVDEQ R1, R2: LOCGR, a load on condition.
		in.Op, in.Args = "LOCGR", []engine.Arg{{Kind: engine.ArgCond, Name: in.Op[4:]}, a[0], a[1]}
	case in.Op == "MOVD" && n == 2 && mem(0) && reg(1) && first == "e3" && last == "71", in.Op == "LAY" || in.Op == "LA":
		in.Op = "LA" // LAY: an address, printed like a load
	case (in.Op == "MOVD" || in.Op == "LARL") && n == 2 && first == "c0" && in.Hex[3] == '0' && reg(1):
		// LARL: an address in the program.
		in.Op, in.Args = "MOVD", []engine.Arg{{Kind: engine.ArgImm, Sym: a[0].Sym}, a[1]}
	case s390xWidth[in.Op] != 0 && n == 2 && (mem(0) || mem(1)):
		w := s390xWidth[in.Op]
		switch {
		case first == "e3" && strings.HasSuffix(in.Op, "BR") && s390xObjReversed[last] == w:
		case first == "e3" && !strings.HasSuffix(in.Op, "BR") && s390xObjRXY[last] == w:
		case in.Op == "MOVB" && len(in.Hex) == 8 && first == "42" && mem(1): // STC, as Go 1.24 prints MOVB
		case in.Op == "MOVW" && len(in.Hex) == 8 && first == "50" && mem(1):
			// ST, the store of a word with a 12-bit displacement, which the
			// assembler and the compiler take over STY where it fits (a
			// spill: MOVW R0, 132(R15)).
		case (in.Op == "FMOVD" || in.Op == "FMOVS") && s390xObjFloat[first+last] == [2]int{w, map[bool]int{true: 1}[mem(1)]}:
		default:
			return fmt.Errorf("%s: the encoding %s is not the load or store it prints", in.Op, in.Hex)
		}
	case in.Op == "STC" && n == 2 && mem(1) && first == "42":
		in.Op = "MOVB"
	case in.Op == "STH" && n == 2 && mem(1) && first == "40" && len(in.Hex) == 8:
		in.Op = "MOVH" // STH, the halfword's ST, as Go 1.26 prints it
	case in.Op == "XORW" && n == 2 && mem(1) && first == "57" && len(in.Hex) == 8:
		// X R, mem: R = R ^ mem, the word (Go 1.26's h[0] ^= v).
		in.Args = []engine.Arg{a[1], a[0]}
	case (in.Op == "XOR" || in.Op == "OR" || in.Op == "AND" || in.Op == "ADD" || in.Op == "SUB") && n == 2 &&
		(mem(0) || mem(1)):
		if first != "e3" || !s390xObjRMW[last] {
			return fmt.Errorf("%s: encoding %s", in.Op, in.Hex)
		}
		if mem(1) {
			in.Args = []engine.Arg{a[1], a[0]} // XG R, mem: R = R ^ mem
		}
	case in.Op == "VLL" && n == 3 && reg(0) && reg(1) && mem(2):
		in.Args = []engine.Arg{a[1], a[2], a[0]} // VLL V, len, mem
	case in.Op == "VLGV" && n == 4 && reg(0) && reg(1) && mem(2) && a[3].Kind == engine.ArgImm && a[3].Imm >= 0 && a[3].Imm <= 3:
		// VLGV R, V, idx(B), $size: element idx of V to R.
		if a[2].Reg != "" || a[2].Index != "" {
			return fmt.Errorf("VLGV with a register index")
		}
		in.Op = "VLGV" + string("BHFG"[a[3].Imm])
		in.Args = []engine.Arg{{Kind: engine.ArgImm, Imm: a[2].Imm}, a[1], a[0]}
	case s390xShift[in.Op] && n == 3 && mem(0):
		// SRD d(b), src, dst: shifted by d plus b.
		if a[0].Reg == "" {
			in.Args[0] = engine.Arg{Kind: engine.ArgImm, Imm: a[0].Imm}
		} else if a[0].Index == "" {
			in.Args[0] = engine.Arg{Kind: engine.ArgReg, Reg: a[0].Reg, Width: 8, Name: a[0].Reg}
		}
	}
	return s390xCanonical(in)
}

// s390xHexReg is the number of the register a hex digit of an encoding
// names.
func s390xHexReg(h byte) string {
	n, _ := strconv.ParseUint(string(h), 16, 8)
	return strconv.Itoa(int(n))
}

// s390xDivPair are the divisions of an even-odd register pair, which
// the disassembler prints where the listing has DIVD and its kin.
var s390xDivPair = engine.OpSet("DSGR", "DSGFR", "DLGR", "DLR")

// s390xCond are the conditions of objdump's names of LOCGR (MOVDEQ).
var s390xCond = engine.OpSet("EQ", "NE", "LT", "LE", "GT", "GE", "LTU", "LEU", "GTU", "GEU", "VS", "VC")

// s390xObjOpcode returns the first byte of the encoding, and the last of a
// 6-byte one: e3 and 71 for LAY.
func s390xObjOpcode(in *engine.Inst) (first, last string) {
	if len(in.Hex) < 4 {
		return "", ""
	}
	first = in.Hex[:2]
	if len(in.Hex) == 12 {
		last = in.Hex[10:]
	}
	return first, last
}

// s390xObjTarget decodes the target of a relative branch from its
// encoding: the disassembler's N(PC) is not the offset in any unit. The
// offset counts halfwords: 16 bits in bytes 2 and 3 of BRC, BRCT and
// BRCTG (a7x4, a7x6, a7x7) and of the compare-and-branch family (ec), 32
// bits in bytes 2 to 5 of BRCL and BRASL (c0x4, c0x5).
func s390xObjTarget(in *engine.Inst) (uint64, bool) {
	var off int64
	switch first, _ := s390xObjOpcode(in); {
	case first == "a7" && len(in.Hex) == 8 && strings.ContainsRune("4567", rune(in.Hex[3])), first == "ec" && len(in.Hex) == 12:
		v, err := strconv.ParseUint(in.Hex[4:8], 16, 16)
		if err != nil {
			return 0, false
		}
		off = int64(int16(v))
	case first == "c0" && len(in.Hex) == 12 && (in.Hex[3] == '4' || in.Hex[3] == '5'):
		v, err := strconv.ParseUint(in.Hex[4:12], 16, 32)
		if err != nil {
			return 0, false
		}
		off = int64(int32(v))
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + 2*off), true
}

// The model.

var (
	s390xWidth = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWZ": 4, "MOVH": 2, "MOVHZ": 2, "MOVB": 1, "MOVBZ": 1, "FMOVD": 8, "FMOVS": 4,
		"MOVDBR": 8, "MOVWBR": 4, "MOVHBR": 2} // BR: byte-reversed (LRVG, STRVG, ...), the bytes of little-endian data
	// op src, src, dst; the scalar ones set the condition code.
	s390xALU = engine.OpSet("ADD", "SUB", "AND", "OR", "XOR", "ADDW", "SUBW", "ANDW", "ORW", "XORW", "MULLD", "MULLW", "MULHD",
		"MULHDU", "NEG", "NEGW", "NOT", "NOTW", "SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLL", "RLLG", "ADDC", "ADDE",
		"SUBC", "SUBE")
	s390xUnary = engine.OpSet("NEG", "NEGW", "NOT", "NOTW")
	s390xShift = engine.OpSet("SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLL", "RLLG")
	// The carry chains read the condition code too.
	s390xCarryIn = engine.OpSet("ADDE", "SUBE")
	s390xCmp     = engine.OpSet("CMP", "CMPU", "CMPW", "CMPWU")
	s390xRISBG   = engine.OpSet("RISBGZ", "RISBG", "RISBGN", "RISBHGZ", "RISBLGZ", "RISBHG", "RISBLG")
	s390xDiv     = engine.OpSet("DIVD", "DIVDU", "DIVW", "DIVWU", "MODD", "MODDU", "MODW", "MODWU", "FDIV", "FDIVS", "FSQRT",
		"FSQRTS", "WFDDB", "WFSQDB", "VFDDB", "VFSQDB")
	// Vector: op a, b, dst, element by element; the CC forms of the
	// compares set the condition code.
	s390xSqrt  = engine.OpSet("FSQRT", "FSQRTS", "WFSQDB", "VFSQDB")
	s390xVecOp = engine.OpSet("VX", "VO", "VN", "VNO", "VNC", "VAQ", "VSQ", "VAB", "VAG", "VSB", "VSG",
		"VCEQB", "VCEQH", "VCEQF", "VCEQG", "VCEQBS", "VCEQHS", "VCEQFS", "VCEQGS", "VMXLB", "VMNLB", "VPERM", "VSEL")
	s390xVecCC = engine.OpSet("VCEQBS", "VCEQHS", "VCEQFS", "VCEQGS")
	// Lane moves: VLGVx $idx, V, R reads one element.
	s390xVLGV = map[string]int{"VLGVB": 1, "VLGVH": 2, "VLGVF": 4, "VLGVG": 8}
	s390xNone = engine.OpSet("NOP", "NOPH")
	// The assembler computes these in the pair R10, R11, its temporaries
	// (MOVD R2, R11; DSGR R10, R1; MOVD R11, R3 for DIVD R1, R2, R3; MLGR
	// for MULHD and MULHDU), which they leave as the binary does.
	s390xInPair = engine.OpSet("DIVD", "DIVDU", "DIVW", "DIVWU", "MODD", "MODDU", "MODW", "MODWU", "MULHD", "MULHDU")
	s390xR10    = engine.Arg{Kind: engine.ArgReg, Reg: "R10", Width: 8, Name: "R10"}
	s390xR11    = engine.Arg{Kind: engine.ArgReg, Reg: "R11", Width: 8, Name: "R11"}
)

// opcodes is every opcode the s390x model knows, for the tables' tests.
func opcodes() map[string]bool {
	t := engine.OpSet("RET", "JMP", "CALL", "BRC", "BRCT", "BRCTG", "LA", "LOCGR", "STMG", "STMY", "LMG", "MVGHI", "MLGR", "VZERO", "VONE",
		"VL", "VST", "VLM", "VSTM", "VLL", "VTM", "VLR", "VLVGP", "TMLL", "LMY")
	for _, c := range []map[string]bool{s390xCondBranches, s390xCmpJ, s390xALU, s390xCmp, s390xRISBG, s390xDiv,
		s390xVecOp, s390xNone, s390xDivPair, s390xVecFamilies, s390xVecConst, s390xVecElem, s390xCPACF} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range s390xWidth {
		t[op] = true
	}
	for op := range s390xVLGV {
		t[op] = true
	}
	for _, cc := range strings.Fields("EQ NE LT LE GT GE") {
		t["CMPB"+cc], t["CMPUB"+cc], t["CMPWB"+cc], t["CMPWUB"+cc] = true, true, true, true
	}
	return t
}

// s390xRange returns the registers first..last of STMG, LMG, VLM and
// VSTM, which wrap around from 15 to 0 (general) or 31 to 0 (vector).
func s390xRange(first, last engine.Arg) ([]engine.Arg, bool) {
	if first.Kind != engine.ArgReg || last.Kind != engine.ArgReg || first.Reg[0] != last.Reg[0] {
		return nil, false
	}
	p := first.Reg[:1]
	a, _ := strconv.Atoi(first.Reg[1:])
	b, _ := strconv.Atoi(last.Reg[1:])
	if b < a {
		return nil, false // the wrap-around: not modelled
	}
	var regs []engine.Arg
	for i := a; i <= b; i++ {
		regs = append(regs, engine.Arg{Kind: engine.ArgReg, Reg: p + strconv.Itoa(i), Width: first.Width, Name: p + strconv.Itoa(i)})
	}
	return regs, true
}

// s390xStoreImm are the stores of an immediate to memory, by width.
var s390xStoreImm = map[string]int{"MVGHI": 8, "MVHI": 4, "MVHHI": 2, "MVI": 1}

// s390xStep runs one instruction: each class of instructions has a
// function of its own, tried in turn, that reports whether it knew it.
func s390xStep(mach *engine.Mach) {
	m := engine.LoadStore{Mach: mach, IsVec: s390xIsVec}
	op, a := m.Inst.Op, m.Inst.Args
	n := len(a)
	reg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	gp := func(i int) bool { return reg(i) && a[i].Reg[0] == 'R' }
	vr := func(i int) bool { return reg(i) && a[i].Reg[0] == 'V' }
	src := func(i int) bool { return i < n && (a[i].Kind == engine.ArgImm || gp(i)) }
	target := func(i int) (uint64, bool) {
		if i < n && a[i].Kind == engine.ArgTarget {
			return a[i].Target, true
		}
		m.Find("branch target not decoded (fail closed)")
		return 0, false
	}
	flags := func(l engine.Level) { m.Set("FLAGS", l) }
	c := s390xCases{m: m, op: op, a: a, n: n, reg: reg, gp: gp, vr: vr, src: src, target: target, flags: flags}
	if !s390xControl(c) && !s390xMemory(c) && !s390xVector(c) && !s390xVectorMore(c) && !s390xCrypto(c) && !s390xArith(c) {
		m.Unmodelled()
	}
}

// s390xCases is one instruction as s390xStep's cases read it.
type s390xCases struct {
	m      engine.LoadStore
	op     string
	a      []engine.Arg
	n      int
	reg    func(i int) bool
	gp     func(i int) bool
	vr     func(i int) bool
	src    func(i int) bool
	target func(i int) (uint64, bool)
	flags  func(l engine.Level)
}

// s390xControl models the branches, the compares and the calls and
// returns.
func s390xControl(c s390xCases) bool {
	m, op, a, n, gp, src, target, flags := c.m, c.op, c.a, c.n, c.gp, c.src, c.target, c.flags
	switch {
	case s390xNone[op] && n == 0:
	case op == "RET" && n == 0:
		m.DoRet() // the engine checks the link register
	case op == "JMP" && n == 1:
		m.Jmp(a[0])
	case op == "CALL" && n == 1:
		m.CallTo(a[0], "R14")
	case s390xCondBranches[op] && n == 1:
		if t, ok := target(0); ok {
			m.Branch(m.Reg("FLAGS"), "condition code", t)
		}
	case op == "BRC" && n == 2 && a[0].Kind == engine.ArgImm:
		t, ok := target(1)
		switch {
		case !ok:
		case a[0].Imm&15 == 15:
			m.Jump(t) // always
		case a[0].Imm&15 == 0: // never
		default:
			m.Branch(m.Reg("FLAGS"), "condition code", t)
		}
	case s390xCmpB.MatchString(op) && n == 3 && gp(0) && src(1):
		if t, ok := target(2); ok {
			m.Branch(m.Reads(a[0], a[1]), a[0].Name+", "+engine.ArgName(a[1]), t)
		}
	case s390xCmpJ[op] && n == 4 && a[0].Kind == engine.ArgImm && gp(1) && src(2):
		if t, ok := target(3); ok {
			m.Branch(m.Reads(a[1], a[2]), a[1].Name+", "+engine.ArgName(a[2]), t)
		}
	case (op == "BRCTG" || op == "BRCT") && n == 2 && gp(0):
		// Decrement and branch if not zero.
		if t, ok := target(1); ok {
			m.Branch(m.Read(a[0]), a[0].Name, t)
		}
	case s390xCmp[op] && n == 2 && gp(0) && src(1):
		flags(m.Reads(a[0], a[1]))
	case op == "TMLL" && n == 2 && gp(0) && a[1].Kind == engine.ArgImm:
		flags(m.Read(a[0])) // test under mask: the bits of R under the mask
	case s390xUnary[op] && n == 2 && gp(0) && gp(1):
		l := m.Read(a[0])
		m.Write(a[1], l)
		flags(l)
	case op == "LOCGR" && n == 3 && gp(1) && gp(2):
		// LOCGR $mask, src, dst: dst = the condition ? src : dst.
		m.Write(a[2], max(m.Read(a[1]), m.Read(a[2]), m.Reg("FLAGS")))
	default:
		return false
	}
	return true
}

// s390xMemory models the address computations, the loads and stores,
// and the storage-to-storage moves.
func s390xMemory(c s390xCases) bool {
	m, op, a, n, gp, flags := c.m, c.op, c.a, c.n, c.gp, c.flags
	switch {
	case op == "LA" && n == 2 && a[0].Kind == engine.ArgMem && gp(1):
		// An address computed, not accessed: no finding of its own.
		x := a[0]
		if a[1].IsReg("R15") && x.Reg == "R15" && x.Index == "" && !x.Global {
			m.MoveSP(x.Imm) // the frame: MOVD $-n(R15), R15
			return true
		}
		l := engine.Static
		for _, r := range []string{x.Reg, x.Index} {
			if r != "" {
				l = max(l, m.Reg(r))
			}
		}
		if a[1].IsReg("R15") {
			m.Set("R15", l)
			return true
		}
		m.Write(a[1], l)
	case s390xWidth[op] != 0 && n == 2:
		s390xMove(m, op, a)
	case s390xStoreImm[op] != 0 && n == 2 && a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgImm:
		m.Store(a[0], s390xStoreImm[op], engine.Static) // a constant to memory: MVGHI, which Go 1.24 emits, MVHI, MVI
	case op == "CLEAR" && n == 2 && a[0].Kind == engine.ArgImm && a[1].Kind == engine.ArgMem:
		m.Store(a[1], int(a[0].Imm), engine.Static) // the listing's zeroing of n bytes (XC of an operand with itself)
	case (op == "MVC" || op == "XC") && n == 3 && a[0].Kind == engine.ArgImm && a[1].Kind == engine.ArgMem && a[2].Kind == engine.ArgMem:
		// n bytes from one operand to (MVC) or into (XC) the other: the
		// listing writes the source first, objdump the destination, as
		// the machine orders them.
		src, dst := a[1], a[2]
		if !m.Func.FromListing {
			src, dst = dst, src
		}
		w := int(a[0].Imm)
		switch {
		case op == "XC" && src.Reg == dst.Reg && src.Index == dst.Index && src.Imm == dst.Imm:
			m.Address(src)
			m.Store(dst, w, engine.Static) // x ^ x: the compiler's zeroing
			flags(engine.Static)
		case op == "XC":
			l := max(m.Load(src, w), m.Load(dst, w))
			m.Store(dst, w, l)
			flags(l)
		default:
			m.Store(dst, w, m.Load(src, w))
		}
	case op == "LMY" && n == 3 && a[0].Kind == engine.ArgMem:
		// LMY mem, Ra, Rb: consecutive words to the low words of Ra ..
		// Rb, whose high words stay.
		regs, ok := s390xRange(a[1], a[2])
		if !ok || a[1].Reg[0] != 'R' {
			m.Unmodelled()
			return true
		}
		for i, r := range regs {
			x := a[0]
			x.Imm += int64(4 * i)
			l := m.Load(x, 4)
			if r.IsReg("R15") {
				m.Unmodelled()
				return true
			}
			m.Write(r, max(l, m.Read(r)))
		}
	case (op == "STMG" || op == "LMG" || op == "STMY") && n == 3:
		// STMG Ra, Rb, mem: Ra, Ra+1, ... Rb to consecutive doublewords;
		// LMG mem, Ra, Rb (as Go writes it) or LMG Ra, Rb, mem back.
		// STMY (STM, STMY): the low words, to consecutive words (Go's
		// c[0], c[1] = c0, c1 of two uint32s).
		if op == "LMG" && a[0].Kind == engine.ArgMem {
			a = []engine.Arg{a[1], a[2], a[0]}
		}
		regs, ok := s390xRange(a[0], a[1])
		if !ok || a[2].Kind != engine.ArgMem || a[0].Reg[0] != 'R' {
			m.Unmodelled()
			return true
		}
		if op == "STMY" {
			for i, r := range regs {
				x := a[2]
				x.Imm += int64(4 * i)
				m.Store(x, 4, m.Read(r))
			}
			return true
		}
		// Each doubleword whole: R14's return address with it.
		if op == "STMG" {
			for i, r := range regs {
				x := a[2]
				x.Imm += int64(8 * i)
				ra := m.LinkOf(r)
				m.Store(x, 8, m.Read(r))
				m.KeepLink(x, ra)
			}
			return true
		}
		var ls []engine.Level
		var links []engine.Link
		for i := range regs {
			x := a[2]
			x.Imm += int64(8 * i)
			ls = append(ls, m.Load(x, 8))
			links = append(links, m.LinkOf(x))
		}
		for i, r := range regs {
			if r.IsReg("R15") {
				m.Set("R15", ls[i])
				continue
			}
			m.Write(r, ls[i])
			m.KeepLink(r, links[i])
		}
	default:
		return false
	}
	return true
}

// s390xVector models the vector facility's loads, stores, moves and
// operations.
func s390xVector(c s390xCases) bool {
	m, op, a, n, gp, vr, flags := c.m, c.op, c.a, c.n, c.gp, c.vr, c.flags
	switch {
	case (op == "VZERO" || op == "VONE") && n == 1 && vr(0):
		m.Write(a[0], engine.Static)
	case op == "VL" && n == 2 && a[0].Kind == engine.ArgMem && vr(1):
		m.Write(a[1], m.Load(a[0], 16))
	case op == "VST" && n == 2 && vr(0) && a[1].Kind == engine.ArgMem:
		m.Store(a[1], 16, m.Read(a[0]))
	case op == "VLM" && n == 3 && a[0].Kind == engine.ArgMem:
		regs, ok := s390xRange(a[1], a[2])
		if !ok || !vr(1) {
			m.Unmodelled()
			return true
		}
		l := m.Load(a[0], 16*len(regs))
		for _, r := range regs {
			m.Write(r, l)
		}
	case op == "VSTM" && n == 3 && a[2].Kind == engine.ArgMem:
		regs, ok := s390xRange(a[0], a[1])
		if !ok || !vr(0) {
			m.Unmodelled()
			return true
		}
		m.Store(a[2], 16*len(regs), m.Reads(regs...))
	case op == "VLL" && n == 3 && gp(0) && a[1].Kind == engine.ArgMem && vr(2):
		// VLL len, mem, V: len is the index of the last byte loaded.
		if m.Read(a[0]) == engine.Secret {
			m.Find("load length depends on secret %s", a[0].Name)
		}
		m.Write(a[2], m.Load(a[1], 16))
	case s390xVLGV[op] != 0 && n == 3 && a[0].Kind == engine.ArgImm && vr(1) && gp(2):
		w := s390xVLGV[op]
		part := a[1]
		part.Width, part.Off = w, int(a[0].Imm)*w
		if a[0].Imm < 0 || part.Off+w > 16 {
			m.Unmodelled()
			return true
		}
		m.Write(a[2], m.Read(part))
	case op == "VTM" && n == 2 && vr(0) && vr(1):
		flags(m.Reads(a[0], a[1]))
	case s390xVecOp[op] && n >= 3 && vr(n-1):
		for _, x := range a[:n-1] {
			if x.Kind != engine.ArgImm && !(x.Kind == engine.ArgReg && x.Reg[0] == 'V') {
				m.Unmodelled()
				return true
			}
		}
		l := m.Reads(a[:n-1]...)
		if (op == "VX" || op == "VSQ" || op == "VSB" || op == "VSG") && n == 3 && engine.SameReg(a[0], a[1]) {
			l = engine.Static
		}
		m.Write(a[n-1], l)
		if s390xVecCC[op] {
			flags(l)
		}
	default:
		return false
	}
	return true
}

// s390xArith models the rotates, the ALU, multiplies and divides.
func s390xArith(c s390xCases) bool {
	m, op, a, n, reg, gp, src, flags := c.m, c.op, c.a, c.n, c.reg, c.gp, c.src, c.flags
	switch {
	case s390xRISBG[op] && n == 5 && a[0].Kind == engine.ArgImm && a[1].Kind == engine.ArgImm && a[2].Kind == engine.ArgImm && gp(3) && gp(4):
		// RISBG $start, $end, $rot, src, dst: the Z forms zero dst's other
		// bits, the others keep them.
		l := m.Read(a[3])
		if !strings.HasSuffix(op, "Z") {
			l = max(l, m.Read(a[4]))
		}
		m.Write(a[4], l)
	case s390xALU[op] && n == 3 && gp(2) && (a[0].Kind == engine.ArgMem && a[1].IsReg(a[2].Reg) || src(0) && src(1)):
		var l engine.Level
		if a[0].Kind == engine.ArgMem {
			// XOR mem, R: R = R ^ mem (XG and the like; X, XORW, a word).
			w := 8
			if strings.HasSuffix(op, "W") {
				w = 4
			}
			l = max(m.Load(a[0], w), m.Read(a[1]))
		} else {
			l = m.Reads(a[0], a[1])
			if s390xUnary[op] {
				l = m.Read(a[0])
			}
		}
		if (op == "XOR" || op == "XORW" || op == "SUB" || op == "SUBW") && engine.SameReg(a[0], a[1]) {
			l = engine.Static // the zeroing idiom
		}
		if s390xCarryIn[op] {
			l = max(l, m.Reg("FLAGS"))
		}
		if a[2].IsReg("R15") {
			if (op == "ADD" || op == "SUB") && a[0].Kind == engine.ArgImm && a[0].Sym == "" && a[1].IsReg("R15") {
				d := a[0].Imm
				if op == "SUB" {
					d = -d
				}
				m.MoveSP(d) // the frame: ADD $n, R15
				return true
			}
			m.Set("R15", l)
			return true
		}
		m.Write(a[2], l)
		if !strings.HasPrefix(op, "MUL") || op == "MULHD" {
			flags(l) // MULHD's sequence subtracts
		}
		if s390xInPair[op] {
			m.Write(s390xR10, l)
			m.Write(s390xR11, l)
		}
	case op == "MLGR" && n == 3 && gp(0) && gp(1) && gp(2):
		// MLGR Reven, Rodd, Rx: Rodd times Rx, to the pair.
		l := m.Reads(a[1], a[2])
		m.Write(a[0], l)
		m.Write(a[1], l)
	case s390xDivPair[op] && n == 3 && gp(0) && gp(1) && gp(2):
		// DSGR Reven, Rodd, Rx: the pair's quotient and remainder.
		l := m.Reads(a...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[0], l)
		m.Write(a[1], l)
	case s390xDiv[op] && (n == 3 || n == 2 && s390xSqrt[op]) && reg(n-1):
		l := m.Reads(a[:n-1]...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[n-1], l)
		if s390xInPair[op] {
			m.Write(s390xR10, l)
			m.Write(s390xR11, l)
		}
	default:
		return false
	}
	return true
}

// s390xMove runs a load, a store or a register move.
func s390xMove(m engine.LoadStore, op string, a []engine.Arg) {
	w := s390xWidth[op]
	// A return address moves whole with MOVD (MOVD R14, -n(R15) and
	// back, MOVD R14, R5 for the stack growth) and with nothing else.
	whole := op == "MOVD"
	switch {
	case a[0].Kind == engine.ArgMem && a[1].Kind == engine.ArgReg:
		l, ra := m.Load(a[0], w), m.WholeLink(whole, a[0])
		if a[1].IsReg("R15") {
			m.Set("R15", l)
			return
		}
		m.Write(a[1], l)
		m.KeepLink(a[1], ra)
	case a[1].Kind == engine.ArgMem && (a[0].Kind == engine.ArgReg || a[0].Kind == engine.ArgImm):
		ra := m.WholeLink(whole, a[0])
		m.Store(a[1], w, m.Read(a[0]))
		m.KeepLink(a[1], ra)
	case (a[0].Kind == engine.ArgReg || a[0].Kind == engine.ArgImm) && a[1].Kind == engine.ArgReg:
		l, ra := m.Read(a[0]), m.WholeLink(whole, a[0])
		if a[0].Kind == engine.ArgImm {
			l = engine.Static // a constant, or an address in the program
		}
		if a[1].IsReg("R15") {
			m.Set("R15", l)
			return
		}
		m.Write(a[1], l)
		m.KeepLink(a[1], ra)
	default:
		m.Unmodelled()
	}
}

// The CPU features of s390x's instructions: the vector facility's, from
// the z/Architecture Principles of Operation.
var s390xFeatures = []string{"vx"}

// s390xLevels: Go's s390x port requires the vector facility (z13 and
// later since Go 1.19, golang/go#58465): the runtime's checkS390xCPU
// (runtime/os_linux_s390x.go, called from rt0_go in asm_s390x.s) exits
// at start where the kernel's HWCAP has no VX.
func s390xLevels(string) []string { return []string{"vx"} }

func s390xNeeds(in *engine.Inst, _ string) []string {
	if in.Op[0] == 'V' || strings.HasPrefix(in.Op, "WF") {
		return []string{"vx"}
	}
	return nil
}

// s390xPtrFlows are the moves, adds and ands that keep a pointer's provenance.
var s390xPtrFlows = s390xCryptoFlows(engine.WithAddressOf("LA", engine.GoOrderFlows("MOVD", engine.OpSet("ADD"), engine.OpSet("SUB"), engine.OpSet("AND"))))

// s390xArch is the model of s390x: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var S390X = &engine.Arch{
	// R0 reads as zero as a base or index; R1 is the stack-zeroing
	// scratch register (REGRT1).
	GOARCH: "s390x", WriteBarrierBuf: "R9", PtrSize: 8, ArgBase: s390xFixedFrame, PtrFlows: s390xPtrFlows, Zero: "R0", ZeroAsBase: true, SP: "R15", LR: "R14", MorestackLR: "R5",
	G: "R13", GInABI0: true, Tmp: []string{"R10", "R11"}, Other: []string{"R1"},
	Features: s390xFeatures, LevelFeaturesOf: s390xLevels, NeedsOf: s390xNeeds,
	Step: s390xStep, Regs: s390xRegs(),
	Listing: &engine.Listing{Reg: s390xListingReg, Convert: s390xFromListing, FrameArg: s390xFrameArg},
	Objdump: s390xFromObjdump,
}

// s390xRegArch is s390x as Go 1.26 and later pass ABIInternal's
// arguments: in R2-R9 and V0-V15 (internal/buildcfg's regabiSupported),
// not in the frame.
var S390XRegABI = func() *engine.Arch {
	c := *S390X
	c.IntArgRegs, c.FloatArgRegs = engine.Numbered("R", 2, 9), engine.Numbered("V", 0, 15)
	return &c
}()
