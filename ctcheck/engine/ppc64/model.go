// Package ppc64 is ctcheck's model of ppc64le: the step of each
// instruction, the readers of the listing and of go tool objdump, and the
// record PPC64LE.
package ppc64

import (
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// ppc64le: the model, its listing hook and its objdump hook. The
// canonical form is Go's syntax as the assembler takes it: sources
// first, the destination last, an immediate first (ADD $8, R3, R4),
// every ALU operation with three operands, the update forms (MOVDU) as
// the plain operation with a pre-indexed memory operand (Pre), JMP for a
// jump, RET for a return (JMP LR, BR LR), BDNZ for BC $16, and branch
// targets as addresses. go tool objdump prints an immediate second (ADD
// R3,$8,R4) and BR, BC and VS32 for V0; the objdump hook writes them the
// listing's way.
//
// Locations: R0, R2-R31 (R1 is the stack pointer, R30 g), LR, CTR, the
// carry CA, the condition register fields CR0-CR7, and the 64 VSX
// registers VS0-VS63 as two lanes of 8 bytes each (VS32-VS63 are the
// vector registers V0-V31; F0-F31 are lane 0 of VS0-VS31, doubleword 0
// in the ISA's numbering).

// ppc64FixedFrame is the ABI's fixed frame: the caller's save area
// (back chain, LR, TOC) between its stack pointer and the arguments it
// passes on the stack (cmd/internal/obj's FixedFrameSize for ppc64).
const ppc64FixedFrame = 32

// ppc64Regs are ppc64le's register locations: what a call the analysis
// cannot see may change.
func ppc64Regs() []string {
	regs := []string{"R0"}
	for _, r := range engine.Numbered("R", 2, 31) {
		if r != "R30" {
			regs = append(regs, r)
		}
	}
	regs = append(regs, "LR", "CTR", "CA")
	regs = append(regs, engine.Numbered("CR", 0, 7)...)
	return engine.WithLanes(regs, engine.Numbered("VS", 0, 63))
}

func ppc64IsVec(loc string) bool { return strings.HasPrefix(loc, "VS") }

// ppc64Vec returns the VSX location of a vector or floating-point
// register name, with the width of the part it names.
func ppc64Vec(name string) (loc string, width int, ok bool) {
	if n, ok := engine.RegNum(name, "VS", 0, 63); ok {
		return "VS" + strconv.Itoa(n), 16, true
	}
	if n, ok := engine.RegNum(name, "V", 0, 31); ok {
		return "VS" + strconv.Itoa(n+32), 16, true
	}
	if n, ok := engine.RegNum(name, "F", 0, 31); ok {
		return "VS" + strconv.Itoa(n), 8, true
	}
	return "", 0, false
}

// The listing hook.

// ppc64ListingReg names a register as the listing prints it (the
// assembler's rconv: R0-R31 with g for R30, F, V, VS, CR0-CR7, LR, CTR).
func ppc64ListingReg(name string) (string, int, int, bool) {
	switch name {
	case "g":
		return "R30", 8, 0, true
	case "LR", "CTR":
		return name, 8, 0, true
	case "XER":
		return "CA", 8, 0, true // mfxer and mtxer read and write the carry
	}
	if _, ok := engine.RegNum(name, "R", 0, 31); ok {
		return name, 8, 0, true
	}
	if _, ok := engine.RegNum(name, "CR", 0, 7); ok {
		return name, 1, 0, true
	}
	if loc, w, ok := ppc64Vec(name); ok {
		return loc, w, 0, true
	}
	return "", 0, 0, false
}

// ppc64FrameArg: the ppc64 listing never prints (FP) or (SP): the
// assembler's aclass sets the base of both NAME_PARAM and NAME_AUTO to
// R1 before the listing is printed, so both read name+off(R1)
// (ppc64ListingFrame reads them). There is no SP pseudo-register on
// ppc64 (an unnamed off(SP) does not assemble).
func ppc64FrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	return engine.Arg{}, fmt.Errorf("a frame operand through %s on ppc64", map[bool]string{true: "FP", false: "SP"}[fp])
}

// ppc64ListingSlot is a frame slot as the listing prints it: name+off(R1),
// with $ for its address.
var ppc64ListingSlot = regexp.MustCompile(`^(\$?)([A-Za-z_.~·/][^()$]*?)([+-]\d+)?\(R1\)$`)

// ppc64ListingFrame resolves a frame slot of the listing, name+off(R1),
// to its offset from the hardware stack pointer. cmd/internal/obj/ppc64's
// aclass puts a NAME_AUTO at autosize+off and a NAME_PARAM at
// autosize+off+32 (FixedFrameSize) from R1, where autosize is the frame
// that preprocess wrote back into the TEXT instruction, which the listing
// prints: $autosize-args. Which of the two a slot is, the listing does
// not print. For the compiler's code the offset tells: its locals are
// below the frame's top (cmd/compile's AllocFrame gives each a negative
// offset), its arguments and results at or above it. For assembly, where
// a local may have any offset, the encoding tells: the displacement of the
// instruction (D, DS and DQ forms; a prefixed one's 34 bits) must be one
// of the two, or the operand fails closed.
func ppc64ListingFrame(f *engine.ListingFunc, in *engine.Inst, off int64) (int64, error) {
	auto := f.TextFrame + off
	param := f.TextFrame + off + ppc64FixedFrame
	if !f.Asm {
		if off < 0 {
			return auto, nil
		}
		return param, nil
	}
	disp, mask, ok := ppc64Displacement(f.Code, in.Addr)
	if !ok {
		return 0, fmt.Errorf("frame slot %+d: no displacement in the encoding", off)
	}
	isAuto, isParam := disp&mask == auto&mask, disp&mask == param&mask
	switch {
	case isAuto && !isParam:
		return auto, nil
	case isParam && !isAuto:
		return param, nil
	}
	return 0, fmt.Errorf("frame slot %+d: the encoding's displacement %d is neither %d nor %d", off, disp, auto, param)
}

// ppc64Displacement reads the displacement of the load, store or addi at
// pc in the little-endian code: the low 16 bits of a D-form, those of a
// DS or DQ form without their low bits (mask), the 34 bits of a prefixed
// instruction's prefix and suffix.
func ppc64Displacement(code []byte, pc uint64) (disp, mask int64, ok bool) {
	if pc+4 > uint64(len(code)) {
		return 0, 0, false
	}
	w := binary.LittleEndian.Uint32(code[pc:])
	switch op := w >> 26; {
	case op == 1: // a prefix
		if pc+8 > uint64(len(code)) {
			return 0, 0, false
		}
		s := binary.LittleEndian.Uint32(code[pc+4:])
		d := int64(w&0x3ffff)<<16 | int64(s&0xffff)
		return d << 30 >> 30, -1, true
	case op == 14 || op >= 32 && op <= 55: // addi; the D-form loads and stores
		return int64(int16(w)), -1, true
	case op == 58 || op == 62 || op == 57: // DS-form: ld, std, lxsd
		return int64(int16(w)), ^3, true
	case op == 56 || op == 61: // DQ-form: lq, lxv, stxv (and DS stxsd)
		return int64(int16(w)), ^15, true
	}
	return 0, 0, false
}

// ppc64ListingBranches are the operations whose operand may be a branch
// target, which the listing prints as the target's offset.
var ppc64ListingBranches = engine.OpSet("JMP", "BR", "BEQ", "BNE", "BLT", "BGE", "BGT", "BLE", "BSO", "BNS", "BVS", "BVC", "BC",
	"BDNZ", "BDZ")

// ppc64FromListing reads an instruction of the listing.
func ppc64FromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	for _, s := range args {
		if loc, w, _, ok := ppc64ListingReg(s); ok {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: s})
			continue
		}
		if b, ok := ppc64CRBit(s); ok {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgCond, Name: b})
			continue
		}
		if ppc64ListingBranches[in.Op] {
			if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: pc})
				continue
			}
		}
		if p := ppc64ListingSlot.FindStringSubmatch(s); p != nil {
			off := int64(0)
			if p[3] != "" {
				off, _ = strconv.ParseInt(p[3], 10, 64)
			}
			h, err := ppc64ListingFrame(f, in, off)
			if err != nil {
				return err
			}
			if p[1] == "$" {
				// The address of a slot: R1 plus a constant (addi).
				if in.Op != "MOVD" || len(args) != 2 {
					return fmt.Errorf("address %s", s)
				}
				in.Op = "ADD"
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: h}, engine.Arg{Kind: engine.ArgReg, Reg: "R1", Width: 8, Name: "R1"})
				continue
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgMem, Reg: "R1", Imm: h})
			continue
		}
		a, err := engine.ListingArg(la, f, s, in.Op == "CALL" || in.Op == "JMP" || in.Op == "BR")
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	if in.Op == "JMP" || in.Op == "BR" {
		in.Op = "JMP"
		if len(in.Args) == 1 && in.Args[0].IsReg("LR") {
			in.Op, in.Args = "RET", nil
		}
	}
	if ppc64Cmp[in.Op] && len(in.Args) == 2 && in.Args[0].Kind == engine.ArgImm && in.Args[0].Imm == 0 && in.Args[0].Sym == "" &&
		in.Args[1].Kind == engine.ArgReg {
		// CMP $0, R9: the assembler takes $0 where a register goes for
		// R0 (its C_ZCON matches C_REG) and encodes CMP R0, R9.
		in.Args[0] = engine.Arg{Kind: engine.ArgReg, Reg: "R0", Width: 8, Name: "R0"}
	}
	if in.Op == "ISEL" && len(in.Args) == 4 && in.Args[0].Kind == engine.ArgCond {
		// ISEL CR6LT, ...: the listing names the bit the objdump numbers.
		c := in.Args[0].Name
		field, _ := engine.RegNum(c[:3], "CR", 0, 7)
		bit := map[string]int64{"LT": 0, "GT": 1, "EQ": 2, "SO": 3, "UN": 3}[c[3:]]
		in.Args[0] = engine.Arg{Kind: engine.ArgImm, Imm: int64(field)*4 + bit}
	}
	return ppc64Canonical(in)
}

// ppc64CRBit reads a bit of a condition register field, CR0EQ or (as
// objdump prints those of CR0) EQ.
func ppc64CRBit(s string) (string, bool) {
	for _, b := range []string{"LT", "GT", "EQ", "SO", "UN"} {
		if s == b {
			return "CR0" + b, true
		}
		if cr, ok := strings.CutSuffix(s, b); ok {
			if _, ok := engine.RegNum(cr, "CR", 0, 7); ok {
				return s, true
			}
		}
	}
	return "", false
}

// ppc64DStore are the stores that have a D form, which the assembler
// chooses for a register base with no index.
var ppc64DStore = engine.OpSet("MOVD", "MOVW", "MOVWZ", "MOVH", "MOVHZ", "MOVB", "MOVBZ")

// ppc64Canonical finishes an instruction either front end read: the
// update forms, the two-operand forms.
func ppc64Canonical(in *engine.Inst) error {
	for i := range in.Args {
		x := &in.Args[i]
		if x.Kind != engine.ArgMem {
			continue
		}
		// A vector or float register named in an address: the assembler
		// encodes its number's low five bits, a general register
		// (chacha_ppc64x.s's (OUT)(V10) is (R3)(R10)).
		for _, r := range []*string{&x.Reg, &x.Index} {
			if n, ok := engine.RegNum(*r, "VS", 0, 63); ok {
				*r = "R" + strconv.Itoa(n&31)
			}
		}
		if x.Index == "R0" {
			// (RB)(R0): an indexed access's RA field, where 0 is the
			// number zero, not R0 (both front ends print it so).
			x.Index, x.Scale = "", 0
		}
		if x.Reg == "R0" && x.Index == "" && x.Imm == 0 && ppc64DStore[in.Op] && i == len(in.Args)-1 {
			// MOVD R0, 0(R0): a D-form store, whose RA 0 is the number
			// zero: the address 0 (aes_ppc64x.s's deliberate crash). An
			// X-form's lone (R0) is RB, the register, and stays so.
			x.Reg, x.Global, x.Name = "", true, engine.AddressZero
		}
	}
	if a := in.Args; (in.Op == "BC" || in.Op == "BCLR") && len(a) == 3 && a[0].Kind == engine.ArgImm && (a[0].Imm == 12 || a[0].Imm == 4) &&
		a[1].Kind == engine.ArgCond && (in.Op == "BC" && a[2].IsReg("LR") || in.Op == "BCLR" && a[2].Kind == engine.ArgImm && a[2].Imm == 0) {
		// A conditional return (BEQLR and its kin: BC 12,2,LR; the
		// disassembler's BCLR $12, EQ, $0): RETC on the bit.
		in.Op, in.Args = "RETC", a[1:2]
		return nil
	}
	if a := in.Args; in.Op == "BC" && len(a) == 3 && a[0].Kind == engine.ArgImm && a[2].Kind == engine.ArgTarget && (a[0].Imm == 16 || a[0].Imm == 18) {
		// BO 16: decrement CTR, branch if it is not zero; 18: if it is
		// (the condition bit unused): the listing's BC $16, CR0LT, l.
		in.Op, in.Args = map[int64]string{16: "BDNZ", 18: "BDZ"}[a[0].Imm], a[2:]
		return nil
	}
	if base, ok := strings.CutSuffix(in.Op, "U"); ok && ppc64Width[base] != 0 {
		found := false
		for i := range in.Args {
			if in.Args[i].Kind == engine.ArgMem {
				in.Args[i].Pre, found = true, true
			}
		}
		if !found {
			return fmt.Errorf("%s without a memory operand", in.Op)
		}
		in.Op = base
	}
	op := strings.TrimSuffix(in.Op, "CC")
	if a := in.Args; (ppc64Cmp[in.Op] || ppc64FCmp[in.Op]) && len(a) == 3 && a[1].Kind == engine.ArgReg && strings.HasPrefix(a[1].Reg, "CR") {
		in.Args = []engine.Arg{a[0], a[2], a[1]} // the listing's CMP R3, CR1, $8
	}
	if (ppc64ALU[op] || ppc64Carry[op] || ppc64VecOp[op] || ppc64VecCrypto[op] || ppc64FArith[op]) && !ppc64Unary[op] && op != "VSBOX" &&
		len(in.Args) == 2 && in.Args[1].Kind == engine.ArgReg {
		in.Args = append(in.Args, in.Args[1]) // op a, dst: dst = dst op a
	}
	return nil
}

// The objdump hook.

var (
	ppc64ObjMem  = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\((R\d+|0)\)(?:\((R\d+)\))?$`)
	ppc64ObjAddr = regexp.MustCompile(`^0x[0-9a-f]+$`)
)

// ppc64ObjReg names a register as go tool objdump prints it.
func ppc64ObjReg(s string) (engine.Arg, bool) {
	switch s {
	case "LR", "CTR":
		return engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 8, Name: s}, true
	case "XER", "SPR(1)":
		// XER, SPR 1, holds the carry: mfxer and mtxer move it.
		return engine.Arg{Kind: engine.ArgReg, Reg: "CA", Width: 8, Name: s}, true
	}
	if _, ok := engine.RegNum(s, "R", 0, 31); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 8, Name: s}, true
	}
	if _, ok := engine.RegNum(s, "CR", 0, 7); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 1, Name: s}, true
	}
	if loc, w, ok := ppc64Vec(s); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: s}, true
	}
	return engine.Arg{}, false
}

// ppc64FromObjdump reads an instruction go tool objdump printed.
func ppc64FromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" || strings.HasPrefix(in.Op, "WORD") {
		in.Raw = true
		return nil
	}
	for _, s := range args {
		if a, ok := ppc64ObjReg(s); ok {
			in.Args = append(in.Args, a)
			continue
		}
		if b, ok := ppc64CRBit(s); ok {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgCond, Name: b})
			continue
		}
		switch {
		case strings.HasPrefix(s, "$"):
			v, ok := engine.ObjInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		case ppc64ObjAddr.MatchString(s):
			v, _ := strconv.ParseUint(s[2:], 16, 64)
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: v})
		case strings.HasSuffix(s, "(SB)") && !strings.HasPrefix(s, "$"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		case s == "(CTR)" || s == "(LR)":
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s})
		default:
			p := ppc64ObjMem.FindStringSubmatch(s)
			if p == nil {
				return fmt.Errorf("operand %s", s)
			}
			x := engine.Arg{Kind: engine.ArgMem}
			if p[1] != "" {
				v, ok := engine.ObjInt(p[1])
				if !ok {
					return fmt.Errorf("operand %s", s)
				}
				x.Imm = v
			}
			if p[2] != "0" {
				x.Reg = p[2]
			}
			if p[3] != "" {
				x.Index, x.Scale = p[3], 1
			}
			if p[2] == "0" && p[3] == "" && x.Imm == 0 {
				x.Reg = "R0" // 0(0): D-form's RA 0, the number zero, as the listing's 0(R0)
			}
			in.Args = append(in.Args, x)
		}
	}
	a := in.Args
	n := len(a)
	switch {
	case ppc64ObjName[in.Op] != "":
		in.Op = ppc64ObjName[in.Op]
	case in.Op == "STXVP" && n == 2 && a[0].Kind == engine.ArgMem:
		in.Args = []engine.Arg{a[1], a[0]} // printed with the address first
	case in.Op == "RLWIMI" && n == 5 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgImm && a[2].Kind == engine.ArgImm &&
		a[3].Kind == engine.ArgImm && a[4].Kind == engine.ArgReg:
		// RLWIMI RS, $sh, $mb, $me, RA: Go's RLWMI $sh, RS, $mask, RA.
		mask, ok := ppc64Mask32(a[2].Imm, a[3].Imm)
		if !ok {
			return fmt.Errorf("RLWIMI mask %d, %d", a[2].Imm, a[3].Imm)
		}
		in.Op, in.Args = "RLWMI", []engine.Arg{a[1], a[0], {Kind: engine.ArgImm, Imm: mask}, a[4]}
	case in.Op == "PADDI" && n == 4 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgImm && a[2].Kind == engine.ArgImm && a[3].Kind == engine.ArgReg:
		// PADDI RA, $si, $R, RT: with R 1 (and RA 0), the program counter
		// plus si, an address in the program (GOPPC64=power10's MOVD
		// $sym(SB), RT); else RA, or 0 for R0, plus si.
		switch {
		case a[2].Imm == 1 && a[0].IsReg("R0"):
			in.Op, in.Args = "MOVD", []engine.Arg{{Kind: engine.ArgImm, Imm: int64(in.Addr) + a[1].Imm}, a[3]}
		case a[2].Imm == 0 && a[0].IsReg("R0"):
			in.Op, in.Args = "MOVD", []engine.Arg{a[1], a[3]}
		case a[2].Imm == 0:
			in.Op, in.Args = "ADD", []engine.Arg{a[1], a[0], a[3]}
		default:
			return fmt.Errorf("PADDI form %s", in.Text)
		}
	case in.Op == "LXVDSX" && n == 3 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgReg && a[2].Kind == engine.ArgReg:
		// LXVDSX RA, RB, XT: printed without parentheses; the address is
		// RA (or 0 for R0) plus RB, Go's (RB)(RA).
		in.Args = []engine.Arg{{Kind: engine.ArgMem, Reg: a[1].Reg, Index: a[0].Reg, Scale: 1}, a[2]}
	case (in.Op == "ADDIC" || in.Op == "ADDICCC") && n == 3 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgImm && a[2].Kind == engine.ArgReg:
		// addic and addic. (add immediate carrying): Go's ADDC and ADDCCC
		// with a constant, printed after the register.
		in.Op = strings.Replace(in.Op, "ADDIC", "ADDC", 1)
		in.Args = []engine.Arg{a[1], a[0], a[2]}
	case in.Op == "BR":
		in.Op = "JMP"
	case in.Op == "BL" && n == 1 && a[0].Kind == engine.ArgSpecial:
		in.Op = "CALL" // BL (CTR): BCTRL, a call through CTR
	case in.Op == "SUBFIC":
		in.Op = "SUBC" // RT = imm - RA, the carry set: Go's SUBC with a constant
	case in.Op == "BC" && n == 3 && a[0].Kind == engine.ArgImm && a[2].Kind == engine.ArgTarget && (a[0].Imm == 16 || a[0].Imm == 18):
		// BO 16: decrement CTR, branch if it is not zero; 18: if it is.
		in.Op = map[int64]string{16: "BDNZ", 18: "BDZ"}[a[0].Imm]
		in.Args = a[2:]
	case (in.Op == "PLBZ" || in.Op == "PLHZ" || in.Op == "PLWZ" || in.Op == "PLD") && n == 3 && a[0].Kind == engine.ArgMem &&
		a[0].Reg == "" && a[1].Kind == engine.ArgImm && a[1].Imm == 1:
		// A prefixed load relative to the program counter ($1): a global.
		in.Op = map[string]string{"PLBZ": "MOVBZ", "PLHZ": "MOVHZ", "PLWZ": "MOVWZ", "PLD": "MOVD"}[in.Op]
		in.Args = []engine.Arg{{Kind: engine.ArgMem, Global: true}, a[2]}
	case ppc64PStore[in.Op] != "" && n == 3 && a[0].Kind == engine.ArgMem && a[0].Reg == "" && a[0].Index == "" &&
		a[1].Kind == engine.ArgImm && a[1].Imm == 1 && a[2].Kind == engine.ArgReg:
		// A prefixed store relative to the program counter ($1), which
		// GOPPC64=power10 emits for MOVD R, sym(SB): to a global.
		in.Op = ppc64PStore[in.Op]
		in.Args = []engine.Arg{a[2], {Kind: engine.ArgMem, Global: true}}
	case n >= 3 && a[0].Kind == engine.ArgReg && a[1].Kind == engine.ArgImm && a[n-1].Kind == engine.ArgReg && !ppc64Cmp[in.Op]:
		// op RA, $imm, ..., RT: the listing's order is $imm, RA, ..., RT.
		in.Args[0], in.Args[1] = a[1], a[0]
	}
	return ppc64Canonical(in)
}

// ppc64ObjName are the disassembler's names of operations that Go's
// assembler names otherwise, with the operands in the same order.
var ppc64ObjName = map[string]string{"HWSYNC": "SYNC", "BNSO": "BNS", "SUBFE": "SUBE"}

// ppc64Mask32 is the word mask of bits mb to me, numbered from the most
// significant, wrapping round where mb > me (rlwinm, rlwimi).
func ppc64Mask32(mb, me int64) (int64, bool) {
	if mb < 0 || mb > 31 || me < 0 || me > 31 {
		return 0, false
	}
	var mask uint32
	for i := mb; ; i = (i + 1) % 32 {
		mask |= 1 << (31 - i)
		if i == me {
			return int64(mask), true
		}
	}
}

// ppc64PStore are the prefixed stores, by the plain store of Go's name.
var ppc64PStore = map[string]string{"PSTB": "MOVB", "PSTH": "MOVH", "PSTW": "MOVW", "PSTD": "MOVD"}

// The model.

var (
	ppc64Width = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWZ": 4, "MOVH": 2, "MOVHZ": 2, "MOVB": 1, "MOVBZ": 1,
		"FMOVD": 8, "FMOVS": 4, "MOVDBR": 8, "MOVWBR": 4, "MOVHBR": 2}
	// dst = f(sources), the last operand the destination; with CC (the
	// record forms), CR0 too.
	ppc64ALU = engine.OpSet("ADD", "SUB", "SUBF", "AND", "OR", "ORIS", "XOR", "XORIS", "NOR", "ANDN", "ORN", "NAND", "EQV", "MULLD", "MULLW", "MADDLD",
		"MULHD", "MULHDU", "MULHW", "MULHWU", "SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLDICL", "RLDICR", "RLDIC",
		"RLWINM", "RLWNM", "ROTL", "ROTLW", "ADDIS", "NEG", "EXTSB", "EXTSH", "EXTSW",
		"CNTLZD", "CNTLZW", "CNTTZD", "CNTTZW", "POPCNTD", "POPCNTW", "POPCNTB", "CMPB")
	// The ALU operations with one source, op src, dst.
	ppc64Unary = engine.OpSet("NEG", "EXTSB", "EXTSH", "EXTSW", "CNTLZD", "CNTLZW", "CNTTZD", "CNTTZW", "POPCNTD", "POPCNTW", "POPCNTB",
		"NEGCC", "EXTSBCC", "EXTSHCC", "EXTSWCC", "CNTLZDCC", "CNTLZWCC", "CNTTZDCC", "CNTTZWCC",
		"ADDZE", "SUBZE", "ADDME", "SUBME")
	// Inserts: dst keeps its other bits.
	ppc64Insert = engine.OpSet("RLDIMI", "RLWMI")
	// The carry: set from the result (ADDC, SUBC), or read and set.
	ppc64Carry   = engine.OpSet("ADDC", "SUBC", "ADDE", "SUBE", "ADDZE", "SUBZE", "ADDME", "SUBME")
	ppc64CarryIn = engine.OpSet("ADDE", "SUBE", "ADDZE", "SUBZE", "ADDME", "SUBME")
	ppc64Cmp     = engine.OpSet("CMP", "CMPU", "CMPW", "CMPWU")
	ppc64Bcc     = engine.OpSet("BEQ", "BNE", "BLT", "BGE", "BGT", "BLE", "BSO", "BNS", "BVS", "BVC")
	ppc64Div     = engine.OpSet("DIVD", "DIVDU", "DIVW", "DIVWU", "DIVDE", "DIVDEU", "MODUD", "MODSD", "MODUW", "MODSW", "FDIV",
		"FDIVS", "FSQRT", "FSQRTS")
	ppc64None = engine.OpSet("NOP", "SYNC", "ISYNC", "LWSYNC", "EIEIO")
	// Scalar floating point on the F registers (doubleword 0 of VS0-VS31):
	// dst = f(srcs), the destination last; op a, dst is dst = dst op a.
	// Arithmetic on a secret is a finding (Mach.floatArith: subnormal
	// operands), as in the amd64 and arm64 models; FDIV and FSQRT are in
	// ppc64Div.
	ppc64FArith = engine.OpSet("FADD", "FADDS", "FSUB", "FSUBS", "FMUL", "FMULS", "FCPSGN")
	// op src, dst: sign and rounding, and the conversions from and to a
	// doubleword integer held in an F register.
	ppc64FUnary = engine.OpSet("FNEG", "FABS", "FNABS", "FRSP", "FRIM", "FRIN", "FRIP", "FRIZ", "FCFID", "FCFIDU", "FCFIDS",
		"FCTID", "FCTIDZ", "FCTIW", "FCTIWZ")
	// op a, b, c, dst: the fused multiply-adds, and FSEL (dst = a >= 0 ? c
	// : b, a select, not a branch).
	ppc64FMA = engine.OpSet("FMADD", "FMADDS", "FMSUB", "FMSUBS", "FNMADD", "FNMADDS", "FNMSUB", "FNMSUBS", "FSEL")
	// The float compares set a CR field (CR0, or the one named last).
	ppc64FCmp = engine.OpSet("FCMPU", "FCMPO")
	// Constants splatted into a VSX register (XXSPLTIDP: GOPPC64=power10).
	ppc64Splat = engine.OpSet("XXSPLTIB", "XXSPLTIDP", "VSPLTISB", "VSPLTISH", "VSPLTISW")
	// The record forms of ppc64ALU that set CR0 from the result.
	ppc64CC = engine.OpSet("ADDCC", "SUBCC", "ANDCC", "ORCC", "XORCC", "NORCC", "NANDCC", "EQVCC", "ANDNCC", "ORNCC", "NEGCC",
		"EXTSBCC", "EXTSHCC", "EXTSWCC", "CNTLZDCC", "CNTLZWCC", "CNTTZDCC", "CNTTZWCC", "MULLDCC", "MULLWCC",
		"MULHDCC", "MULHDUCC", "MULHWCC", "MULHWUCC", "SLDCC", "SRDCC", "SRADCC", "SLWCC", "SRWCC", "SRAWCC",
		"RLDICLCC", "RLDICRCC", "RLDICCC", "RLWNMCC", "RLWINMCC", "ADDCCC")
	// Vector and VSX: dst = f(srcs), whole registers; a op a is the
	// zeroing idiom for the XORs. The CC forms of the compares set CR6.
	ppc64VecOp = engine.OpSet("VXOR", "VOR", "VAND", "VNOR", "VANDC", "VORC", "VNAND", "VEQV", "XXLOR", "XXLXOR", "XXLAND",
		"XXLNOR", "XXLANDC", "XXLORC", "XXLNAND", "XXLEQV", "VADDUBM", "VADDUHM", "VADDUWM", "VADDUDM", "VSUBUBM",
		"VSUBUHM", "VSUBUWM", "VSUBUDM", "VCMPEQUB", "VCMPEQUH", "VCMPEQUW", "VCMPEQUD", "VCMPGTUB", "VCMPGTUD",
		"VCMPNEB", "VSLDOI", "XXPERMDI", "VPERM", "XXEVAL", "XXSEL", "VSEL",
		// The quadword adds and subtracts (modulo, their carry out, and the
		// extended forms whose third source is a carry in), the word
		// multiplies and sums of products, merges, splats of an element,
		// rotates and shifts by a register, and VPERMXOR: a permute by a
		// register's bytes, not a memory access. Data independent as the
		// scalar integer unit's operations are taken to be.
		"VADDUQM", "VADDCUQ", "VADDEUQM", "VADDECUQ", "VSUBUQM", "VSUBCUQ", "VSUBEUQM", "VSUBECUQ",
		"VMULEUW", "VMULOUW", "VMSUMUDM", "VMRGEW", "VMRGOW", "VSPLTB", "VSPLTH", "VSPLTW", "VRLW", "VSL",
		"VSR", "VSRAB", "VPERMXOR")
	// The vector crypto instructions (ISA 2.07): AES rounds, the S-box,
	// the carry-less multiplies, SHA-2's sigma functions. The same data
	// flow as ppc64VecOp, but no IBM text opened says they run in time
	// independent of their data: on a secret, Mach.Undocumented. VSBOX
	// has one source, op src, dst.
	ppc64VecCrypto = engine.OpSet("VCIPHER", "VCIPHERLAST", "VNCIPHER", "VNCIPHERLAST", "VSBOX", "VPMSUMB", "VPMSUMH",
		"VPMSUMW", "VPMSUMD", "VSHASIGMAW", "VSHASIGMAD")
	ppc64VecCC    = engine.OpSet("VCMPEQUBCC", "VCMPEQUHCC", "VCMPEQUWCC", "VCMPEQUDCC", "VCMPGTUBCC", "VCMPGTUDCC", "VCMPNEBCC")
	ppc64VecLoad  = engine.OpSet("LXVD2X", "LXVW4X", "LXVB16X", "LXVH8X", "LXV", "LVX")
	ppc64VecStore = engine.OpSet("STXVD2X", "STXVW4X", "STXVB16X", "STXVH8X", "STXV")
	// Moves between the VSX registers and the general ones, and the lane
	// each reads or writes.
	// LVSL and LVSR: a permute control vector from the low four bits of
	// an address, no memory access; an address all the same.
	ppc64LVS     = engine.OpSet("LVSL", "LVSR")
	ppc64FromVec = map[string]int{"MFVSRD": 0, "MFVSRWZ": 0, "MFVSRLD": 1}
	ppc64ToVec   = map[string]int{"MTVSRD": 0, "MTVSRWZ": 0}
)

// opcodes is every opcode the ppc64 model knows, for the tables' tests.
func opcodes() map[string]bool {
	t := engine.OpSet("RET", "RETC", "JMP", "CALL", "BDNZ", "BDZ", "ISEL", "SETBC", "SETBCR", "SETNBC", "SETNBCR", "LXVP", "STXVP",
		"LXVL", "LXVLL", "MTVSRDD", "LXVDSX", "LXSDX")
	for _, c := range []map[string]bool{ppc64ALU, ppc64Insert, ppc64Carry, ppc64Cmp, ppc64Bcc, ppc64Div, ppc64None,
		ppc64VecOp, ppc64VecCC, ppc64VecCrypto, ppc64VecLoad, ppc64VecStore, ppc64LVS, ppc64FArith, ppc64FUnary, ppc64FMA,
		ppc64FCmp, ppc64Splat} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range ppc64Width {
		t[op] = true
	}
	for op := range ppc64FromVec {
		t[op] = true
	}
	for op := range ppc64ToVec {
		t[op] = true
	}
	for op := range ppc64CC {
		t[op] = true
	}
	return t
}

func ppc64HasLane(t map[string]int, op string) bool {
	_, ok := t[op]
	return ok
}

// ppc64Mem is the address a memory operand reads or writes: an update
// form moves its base to it.
func ppc64Mem(m engine.LoadStore, x engine.Arg) engine.Arg {
	if x.Pre && x.Reg == "R1" && x.Index == "" {
		m.MoveSP(x.Imm)
		x.Imm = 0
	}
	return x
}

// ppc64Update writes an update form's base after the access: the base
// plus a constant keeps its level, plus an index takes the index's too.
func ppc64Update(m engine.LoadStore, x engine.Arg) {
	switch {
	case !x.Pre || x.Reg == "R1" && x.Index == "":
	case x.Reg == "" || x.Reg == "R1":
		m.Unmodelled() // R0 or R1 as an updated base with an index
	case x.Index != "":
		m.Set(x.Reg, max(m.Reg(x.Reg), m.Reg(x.Index)))
	default:
		m.MoveBase(x.Reg)
	}
}

func ppc64Step(mach *engine.Mach) {
	m := engine.LoadStore{Mach: mach, IsVec: ppc64IsVec}
	op, a := m.Inst.Op, m.Inst.Args
	n := len(a)
	if op == "OR" && (n == 2 || n == 3) && a[0].Kind == engine.ArgImm && a[0].Imm == 0 && a[n-1].IsReg("R0") && (n == 2 || a[1].IsReg("R0")) {
		return // ori 0,0,0: the no-op the assembler pads with, R0 left as it was
	}
	isReg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	isVS := func(i int) bool { return isReg(i) && ppc64IsVec(a[i].Reg) }
	gp := func(i int) bool { return isReg(i) && !ppc64IsVec(a[i].Reg) }
	// fp: an F register, doubleword 0 of VS0-VS31.
	fp := func(as ...engine.Arg) bool {
		for _, x := range as {
			if _, ok := engine.RegNum(x.Reg, "VS", 0, 31); x.Kind != engine.ArgReg || !ok || x.Width != 8 {
				return false
			}
		}
		return true
	}
	target := func(i int) (uint64, bool) {
		if i < n && a[i].Kind == engine.ArgTarget {
			return a[i].Target, true
		}
		m.Find("branch target not decoded (fail closed)")
		return 0, false
	}
	crOf := func(bit string) string { return bit[:3] }
	switch {
	case ppc64None[op] && n == 0:
	case op == "RET" && n == 0:
		m.DoRet() // the engine checks the link register
	case op == "RETC" && n == 1 && a[0].Kind == engine.ArgCond:
		cr := crOf(a[0].Name)
		if m.Reg(cr) == engine.Secret {
			m.Find("conditional branch on secret %s", cr)
		}
		m.CondRet()
	case op == "JMP" && n == 1:
		m.Jmp(a[0])
	case op == "CALL" && n == 1:
		m.CallTo(a[0], "LR")
	case ppc64Bcc[op] && (n == 1 || n == 2 && isReg(0) && strings.HasPrefix(a[0].Reg, "CR")):
		cr := "CR0"
		if n == 2 {
			cr = a[0].Reg
		}
		if t, ok := target(n - 1); ok {
			m.Branch(m.Reg(cr), cr, t)
		}
	case (op == "BDNZ" || op == "BDZ") && n == 1:
		if t, ok := target(0); ok {
			m.Branch(m.Reg("CTR"), "CTR", t)
		}
	case ppc64Cmp[op] && (n == 2 || n == 3 && isReg(2) && strings.HasPrefix(a[2].Reg, "CR")) && gp(0):
		cr := "CR0"
		if n == 3 {
			cr = a[2].Reg
		}
		m.Set(cr, m.Reads(a[0], a[1]))
	case op == "ISEL" && n == 4 && a[0].Kind == engine.ArgImm && a[0].Imm >= 0 && a[0].Imm < 32 && gp(1) && gp(2) && gp(3):
		// ISEL $bit, RA, RB, RT: RT = the CR bit ? RA : RB; a select, not a
		// branch. The bit is in CR0 to CR7, by fours.
		m.Write(a[3], max(m.Reads(a[1], a[2]), m.Reg("CR"+strconv.Itoa(int(a[0].Imm/4)))))
	case (op == "SETBC" || op == "SETBCR" || op == "SETNBC" || op == "SETNBCR") && n == 2 && a[0].Kind == engine.ArgCond && gp(1):
		m.Write(a[1], m.Reg(crOf(a[0].Name))) // GOPPC64=power10: a CR bit as 0 or 1 (or -1)
	case ppc64FCmp[op] && (n == 2 || n == 3 && isReg(2) && strings.HasPrefix(a[2].Reg, "CR")) && fp(a[0], a[1]):
		cr := "CR0"
		if n == 3 {
			cr = a[2].Reg
		}
		m.Set(cr, m.Reads(a[0], a[1]))
	case (ppc64FArith[op] && n == 3 || ppc64FUnary[op] && n == 2 || ppc64FMA[op] && n == 4) && fp(a...):
		l := m.Reads(a[:n-1]...)
		if (ppc64FArith[op] || ppc64FMA[op]) && op != "FCPSGN" && op != "FSEL" {
			m.FloatArith(l) // copying a sign and selecting are not arithmetic
		}
		m.Write(a[n-1], l)
	case ppc64Splat[op] && n == 2 && a[0].Kind == engine.ArgImm && isVS(1):
		m.Write(a[1], engine.Static)
	case ppc64Width[op] != 0 && n == 2:
		ppc64Move(m, op, a)
	case ppc64VecLoad[op] && n == 2 && a[0].Kind == engine.ArgMem && isVS(1):
		x := ppc64Mem(m, a[0])
		m.Write(a[1], m.Load(x, 16))
		ppc64Update(m, a[0])
	case ppc64VecStore[op] && n == 2 && a[1].Kind == engine.ArgMem && isVS(0):
		x := ppc64Mem(m, a[1])
		m.Store(x, 16, m.Read(a[0]))
		ppc64Update(m, a[1])
	case op == "LVX" && n == 2 && a[0].Kind == engine.ArgMem && isVS(1) && !a[0].Pre:
		// LVX reads the 16 bytes at the address rounded down to 16: any
		// of the 15 bytes before it too, where the rounding is not known.
		x := a[0]
		x.Imm -= 15
		m.Write(a[1], m.Load(x, 31))
	case op == "LXVDSX" && n == 2 && a[0].Kind == engine.ArgMem && isVS(1) && !a[0].Pre:
		m.Write(a[1], m.Load(a[0], 8)) // a doubleword, into both lanes
	case op == "LXSDX" && n == 2 && a[0].Kind == engine.ArgMem && isVS(1) && !a[0].Pre:
		// A doubleword into lane 0; the ISA leaves lane 1 undefined: it
		// keeps its level and may take the loaded one.
		l := m.Load(a[0], 8)
		lo, hi := a[1], a[1]
		lo.Width, hi.Width, hi.Off = 8, 8, 8
		m.Write(lo, l)
		m.Write(hi, max(l, m.Read(hi)))
	case ppc64LVS[op] && n == 2 && a[0].Kind == engine.ArgMem && isVS(1) && !a[0].Pre:
		m.Write(a[1], m.Address(a[0]))
	case (op == "LXVP" || op == "STXVP") && n == 2:
		// POWER10: a pair of registers, VSn and VSn+1 (n even), 32 bytes.
		mem, r := a[0], 1
		if op == "STXVP" {
			mem, r = a[1], 0
		}
		num, ok := engine.RegNum(a[r].Reg, "VS", 0, 62)
		if mem.Kind != engine.ArgMem || !isVS(r) || !ok || num%2 != 0 {
			m.Unmodelled()
			return
		}
		pair := []engine.Arg{a[r], {Kind: engine.ArgReg, Reg: "VS" + strconv.Itoa(num+1), Width: 16}}
		x := ppc64Mem(m, mem)
		if op == "LXVP" {
			l := m.Load(x, 32)
			m.Write(pair[0], l)
			m.Write(pair[1], l)
		} else {
			m.Store(x, 32, m.Reads(pair...))
		}
	case (op == "LXVL" || op == "LXVLL") && n == 3 && gp(0) && gp(1) && isVS(2):
		// LXVL RA, RB, XT: the bytes at RA, as many as RB's top byte says.
		if m.Read(a[1]) == engine.Secret {
			m.Find("load length depends on secret %s", a[1].Name)
		}
		m.Write(a[2], m.Load(engine.Arg{Kind: engine.ArgMem, Reg: a[0].Reg}, 16))
	case ppc64HasLane(ppc64FromVec, op):
		if n != 2 || !isVS(0) || !gp(1) {
			m.Unmodelled()
			return
		}
		src := a[0]
		src.Width, src.Off = 8, 8*ppc64FromVec[op]
		m.Write(a[1], m.Read(src))
	case ppc64HasLane(ppc64ToVec, op):
		if n != 2 || !gp(0) || !isVS(1) {
			m.Unmodelled()
			return
		}
		dst := a[1]
		// The other doubleword is undefined: it keeps its level.
		dst.Width, dst.Off = 8, 8*ppc64ToVec[op]
		m.Write(dst, m.Read(a[0]))
	case op == "MTVSRDD" && n == 3 && gp(0) && gp(1) && isVS(2):
		hi, lo := a[2], a[2]
		hi.Width, lo.Width, lo.Off = 8, 8, 8
		m.Write(hi, m.Read(a[0]))
		m.Write(lo, m.Read(a[1]))
	case (ppc64VecOp[op] || ppc64VecCC[op] || ppc64VecCrypto[op]) && (n >= 3 || op == "VSBOX" && n == 2) && isVS(n-1):
		for _, x := range a[:n-1] {
			if x.Kind != engine.ArgImm && !(x.Kind == engine.ArgReg && ppc64IsVec(x.Reg)) {
				m.Unmodelled()
				return
			}
		}
		l := m.Reads(a[:n-1]...)
		if (op == "VXOR" || op == "XXLXOR" || op == "VSUBUBM" || op == "VSUBUQM") && n == 3 && engine.SameReg(a[0], a[1]) {
			l = engine.Static
		}
		if ppc64VecCrypto[op] {
			m.Undocumented(l, op+": IBM publishes no statement of data-independent timing")
		}
		m.Write(a[n-1], l)
		if ppc64VecCC[op] {
			m.Set("CR6", l)
		}
	case ppc64Insert[op] && n == 4 && gp(3):
		m.Write(a[3], max(m.Reads(a[:3]...), m.Read(a[3])))
	case (ppc64ALU[op] || ppc64CC[op] || ppc64Carry[op]) && n >= 2 && gp(n-1):
		base := strings.TrimSuffix(op, "CC")
		if ppc64Unary[op] != (n == 2) {
			m.Unmodelled()
			return
		}
		for _, x := range a[:n-1] {
			if x.Kind != engine.ArgImm && !(x.Kind == engine.ArgReg && !ppc64IsVec(x.Reg) && !strings.HasPrefix(x.Reg, "CR")) {
				m.Unmodelled()
				return
			}
		}
		l := m.Reads(a[:n-1]...)
		if (base == "XOR" || base == "SUB" || base == "ANDN") && n == 3 && engine.SameReg(a[0], a[1]) {
			l = engine.Static // the zeroing idiom
		}
		if ppc64CarryIn[base] {
			l = max(l, m.Reg("CA"))
		}
		if a[n-1].IsReg("R1") {
			if base == "ADD" && op == base && n == 3 && a[0].Kind == engine.ArgImm && a[0].Name == "" && a[1].IsReg("R1") {
				m.MoveSP(a[0].Imm) // the frame: ADD $n, R1, R1
				return
			}
			m.Set("R1", l)
			return
		}
		m.Write(a[n-1], l)
		if op != base {
			m.Set("CR0", l)
		}
		if ppc64Carry[base] { // ADDCCC: ADDC's record form sets CR0 and the carry
			m.Set("CA", l)
		}
	case ppc64Div[op] && n >= 2 && isReg(n-1):
		l := m.Reads(a[:n-1]...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[n-1], l)
	default:
		m.Unmodelled()
	}
}

// ppc64Move runs a load, a store or a register move.
func ppc64Move(m engine.LoadStore, op string, a []engine.Arg) {
	w := ppc64Width[op]
	reg := func(x engine.Arg) bool { return x.Kind == engine.ArgReg && !strings.HasPrefix(x.Reg, "CR") }
	// A return address moves whole with MOVD (MOVD LR, R31; MOVDU R31,
	// -n(R1); back the same way) and with nothing else.
	whole := op == "MOVD"
	switch {
	case a[0].Kind == engine.ArgMem && reg(a[1]):
		x := ppc64Mem(m, a[0])
		l, ra := m.Load(x, w), m.WholeLink(whole, x)
		ppc64Update(m, a[0])
		m.Write(a[1], l)
		m.KeepLink(a[1], ra)
	case a[1].Kind == engine.ArgMem && (reg(a[0]) || a[0].Kind == engine.ArgImm):
		l, ra := m.Read(a[0]), m.WholeLink(whole, a[0])
		x := ppc64Mem(m, a[1])
		m.Store(x, w, l)
		m.KeepLink(x, ra)
		ppc64Update(m, a[1])
	case (reg(a[0]) || a[0].Kind == engine.ArgImm) && reg(a[1]) && !a[0].Pre:
		if a[0].Kind == engine.ArgImm && a[0].Sym != "" {
			m.Write(a[1], engine.Static) // an address in the program
			return
		}
		if a[1].IsReg("R1") {
			m.Set("R1", m.Read(a[0]))
			return
		}
		ra := m.WholeLink(whole, a[0])
		m.Write(a[1], m.Read(a[0]))
		m.KeepLink(a[1], ra)
	default:
		m.Unmodelled()
	}
}

// The CPU features of ppc64's instructions, from the Power ISA (the
// version each first appears in: the vector-scalar instructions of 2.06
// and 2.07, 3.0's (POWER9) and 3.1's (POWER10)), and each GOPPC64 level's:
// POWER8, Go's base, has VSX.
var ppc64Features = []string{"vsx", "power9", "power10"}

var ppc64Levels = engine.CumulativeLevels([][2]string{
	{"power8", "vsx"},
	{"power9", "power9"},
	{"power10", "power10"},
})

var ppc64OpNeeds = func() map[string][]string {
	m := map[string][]string{}
	for features, ops := range map[string]string{
		"vsx": "LXVD2X LXVW4X STXVD2X STXVW4X MFVSRD MFVSRWZ MTVSRD MTVSRWZ XXLAND XXLANDC XXLEQV XXLNAND XXLNOR " +
			"XXLOR XXLORC XXLXOR XXPERMDI XXSEL LXVDSX LXSDX",
		"power9":      "CNTTZD CNTTZDCC CNTTZW CNTTZWCC MODSD MODSW MODUD MODUW VCMPNEB VCMPNEBCC MADDLD",
		"vsx power9":  "LXV STXV LXVB16X LXVH8X STXVB16X STXVH8X LXVL LXVLL MFVSRLD MTVSRDD XXSPLTIB",
		"power10":     "SETBC SETBCR SETNBC SETNBCR",
		"vsx power10": "LXVP STXVP XXEVAL XXSPLTIDP",
	} {
		for _, op := range strings.Fields(ops) {
			m[op] = strings.Fields(features)
		}
	}
	return m
}()

func ppc64Needs(in *engine.Inst, _ string) []string { return ppc64OpNeeds[in.Op] }

// ppc64PtrFlows are the moves, adds and ands that keep a pointer's provenance.
var ppc64PtrFlows = engine.GoOrderFlows("MOVD", engine.OpSet("ADD"), engine.OpSet("SUB"), engine.OpSet("AND"))

// ppc64Arch is the model of ppc64le: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var PPC64LE = &engine.Arch{
	// LR is a special register. R2 is the TOC, R13 the thread pointer.
	GOARCH: "ppc64le", WriteBarrierBuf: "R29", PtrSize: 8, ArgBase: ppc64FixedFrame, PtrFlows: ppc64PtrFlows,
	IntArgRegs: append(engine.Numbered("R", 3, 10), engine.Numbered("R", 14, 17)...), FloatArgRegs: engine.Numbered("VS", 1, 12), Zero: "R0", ZeroByConvention: true, SP: "R1", LR: "LR", MorestackLR: "R5",
	G: "R30", GInABI0: true, Tmp: []string{"R31"}, Other: []string{"R2", "R13"},
	LevelVar: "GOPPC64", Levels: []string{"power8", "power9", "power10"}, DefaultLevel: "power8", Macros: engine.Cumulative,
	Features: ppc64Features, LevelFeaturesOf: ppc64Levels, NeedsOf: ppc64Needs,
	Step: ppc64Step, Regs: ppc64Regs(),
	Listing: &engine.Listing{Reg: ppc64ListingReg, Convert: ppc64FromListing, FrameArg: ppc64FrameArg},
	Objdump: ppc64FromObjdump,
}
