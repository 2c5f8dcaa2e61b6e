// Package loong64 is ctcheck's model of loong64: the step of each
// instruction, the readers of the listing and of go tool objdump, and the
// record LOONG64.
package loong64

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// loong64: the model, its listing hook and its objdump hook. The
// canonical form is Go's syntax: sources first, the destination last,
// every ALU operation with three operands (objdump prints op src, dst for
// dst op= src), RET for JMP (R1), branch targets as addresses. There are
// no flags: the branches compare registers (BEQ R, target is BEQZ). The
// compiled front end decodes targets from the encoding; objdump prints
// "Unknown" before some instructions it names but not in Go syntax.
//
// Locations: R1-R31 (R0 reads as zero; R2 is the thread pointer, R3 the
// stack pointer, R22 g, R1 the link register), F0-F31 (a single-precision
// or 32-bit result leaves the upper half undefined: it keeps its level)
// and the condition flags FCC0-FCC7, which the float compares set and
// BFPT and BFPF branch on, and the vector registers of LSX (V0-V31, 16
// bytes) and LASX (X0-X31, 32 bytes): Xn is Fn (its first 8-byte lane) and
// the lanes Xn.1, Xn.2 and Xn.3, and Vn is Fn and Xn.1. Of the vector
// extensions the model knows the loads and stores (VMOVQ, XVMOVQ, and
// LSX's replicating load), the bitwise operations, the moves of an
// element between a vector and a general register, and the integer
// operations Go's crypto assembly uses (adds, rotates, shuffles and
// interleaves, the widening multiply), which it takes to be data
// independent as it does the scalar ones: a result's level is its
// sources', over the whole register. The rest fails closed. An LSX
// instruction leaves the upper half of the LASX register undefined: its
// lanes merge the result's level into theirs. No release's go tool
// objdump decodes a vector instruction: the compiled front end reads
// those the model knows from their encodings (loong64Word).

// loong64FixedFrame is the ABI's fixed frame: the saved return address
// below the arguments (cmd/internal/obj's FixedFrameSize for loong64).
const loong64FixedFrame = 8

// loong64Regs are loong64's register locations: what a call the analysis
// cannot see may change.
func loong64Regs() []string {
	var regs []string
	for _, r := range engine.Numbered("R", 1, 31) {
		if r != "R3" && r != "R22" {
			regs = append(regs, r)
		}
	}
	regs = append(append(regs, engine.Numbered("F", 0, 31)...), engine.Numbered("FCC", 0, 7)...)
	for n := range 32 {
		for l := 1; l < 4; l++ {
			regs = append(regs, engine.Lane("X"+strconv.Itoa(n), l))
		}
	}
	return regs
}

// loong64VecArg reads a vector register, V0-V31 or X0-X31, as the
// register Xn, 16 or 32 bytes of it.
func loong64VecArg(s string) (engine.Arg, bool) {
	if n, ok := engine.RegNum(s, "V", 0, 31); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: "X" + strconv.Itoa(n), Width: 16, Name: s}, true
	}
	if n, ok := engine.RegNum(s, "X", 0, 31); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: "X" + strconv.Itoa(n), Width: 32, Name: s}, true
	}
	return engine.Arg{}, false
}

// loong64ElemArg reads an element of a vector register, as the lane
// moves (VINSGR2VR, VPICKVE2GR) name it: V1.B[15], V1.H[7], V1.W[3],
// V1.V[1]; X0.W[7], X0.V[3] (LASX has no byte or halfword lane moves).
var loong64Elem = regexp.MustCompile(`^([VX]\d+)\.([BHWV])\[(\d+)\]$`)

// loong64ElemSize is the bytes of an element by its letter.
var loong64ElemSize = map[string]int{"B": 1, "H": 2, "W": 4, "V": 8}

func loong64ElemArg(s string) (engine.Arg, bool) {
	m := loong64Elem.FindStringSubmatch(s)
	if m == nil {
		return engine.Arg{}, false
	}
	v, ok := loong64VecArg(m[1])
	size := loong64ElemSize[m[2]]
	i, err := strconv.Atoi(m[3])
	if !ok || err != nil || size*i >= v.Width || v.Width == 32 && size < 4 {
		return engine.Arg{}, false
	}
	v.Off, v.Width, v.Name = size*i, size, s
	return v, true
}

// loong64ArngArg reads an LSX register with an arrangement, as the
// replicating load (VLDREPL) names its destination: V1.B16, V1.H8,
// V1.W4, V1.V2. Shift holds the arrangement: the element the load reads
// fills every lane.
var loong64Arng = regexp.MustCompile(`^(V\d+)\.(B16|H8|W4|V2)$`)

func loong64ArngArg(s string) (engine.Arg, bool) {
	m := loong64Arng.FindStringSubmatch(s)
	if m == nil {
		return engine.Arg{}, false
	}
	v, ok := loong64VecArg(m[1])
	v.Name, v.Shift = s, m[2]
	return v, ok
}

// loong64VecLanes are the locations of a vector register part, from its
// offset to its width: Fn for the first 8 bytes, Xn.l for the others.
func loong64VecLanes(a engine.Arg) []string {
	n := strings.TrimPrefix(a.Reg, "X")
	var locs []string
	for l := a.Off / 8; l < (a.Off+a.Width+7)/8 && l < 4; l++ {
		if l == 0 {
			locs = append(locs, "F"+n)
		} else {
			locs = append(locs, engine.Lane(a.Reg, l))
		}
	}
	return locs
}

func loong64IsVec(a engine.Arg) bool {
	_, ok := engine.RegNum(a.Reg, "X", 0, 31)
	return a.Kind == engine.ArgReg && ok
}

// The listing hook.

// loong64ListingReg names a register as the listing prints it: R0-R31
// with g for R22, F0-F31.
func loong64ListingReg(name string) (string, int, int, bool) {
	if name == "g" {
		return "R22", 8, 0, true
	}
	if _, ok := engine.RegNum(name, "R", 0, 31); ok {
		return name, 8, 0, true
	}
	if _, ok := engine.RegNum(name, "F", 0, 31); ok {
		return name, 8, 0, true
	}
	if _, ok := engine.RegNum(name, "FCC", 0, 7); ok {
		return name, 1, 0, true
	}
	return "", 0, 0, false
}

// loong64FrameArg: cmd/internal/obj/loong64's span sets autosize to the
// TEXT instruction's frame plus 8 (preprocess wrote the frame less
// FixedFrameSize back into TEXT, which the listing prints), and aclass
// puts a NAME_AUTO at autosize+off and a NAME_PARAM at autosize+off+8
// from the hardware stack pointer R3. loong64 has no SP register for an
// unnamed off(SP).
func loong64FrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	if !named {
		return engine.Arg{}, fmt.Errorf("an unnamed frame operand on loong64")
	}
	autosize := f.TextFrame + loong64FixedFrame
	if fp {
		off += loong64FixedFrame
	}
	return engine.Arg{Kind: engine.ArgMem, Reg: "R3", Imm: autosize + off}, nil
}

var loong64Branches = engine.OpSet("JMP", "BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGEZ", "BLEZ", "BLTZ", "BGTZ", "BFPT", "BFPF")

// loong64FromListing reads an instruction of the listing.
func loong64FromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	for i, s := range args {
		if v, ok := loong64VecArg(s); ok {
			in.Args = append(in.Args, v)
			continue
		}
		if v, ok := loong64ElemArg(s); ok {
			in.Args = append(in.Args, v)
			continue
		}
		if v, ok := loong64ArngArg(s); ok {
			in.Args = append(in.Args, v)
			continue
		}
		if loc, w, _, ok := loong64ListingReg(s); ok {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: s})
			continue
		}
		if loong64Branches[in.Op] && i == len(args)-1 {
			if pc, err := strconv.ParseUint(s, 10, 64); err == nil {
				in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: pc})
				continue
			}
		}
		if off, reg, ok, err := engine.ListingSlotAddress(la, f, s, 8); ok {
			// MOVV $name+off(SP), r: the address of a frame slot (ADDV).
			if err != nil || in.Op != "MOVV" || len(args) != 2 {
				return fmt.Errorf("address %s", s)
			}
			in.Op = "ADDV"
			in.Args = append(in.Args, off, reg)
			continue
		}
		a, err := engine.ListingArg(la, f, s, in.Op == "CALL" || in.Op == "JMP")
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	a := in.Args
	switch {
	case in.Op == "JMP" && len(a) == 1 && a[0].Kind == engine.ArgMem && a[0].Reg == "R1" && a[0].Imm == 0 && a[0].Index == "":
		in.Op, in.Args = "RET", nil // JIRL R0, R1, 0
	case in.Op == "ADDV16":
		in.Op = "ADDU16ID"
	case in.Op == "ADDVU" || in.Op == "SUBVU":
		in.Op = strings.TrimSuffix(in.Op, "U") // the same operation: no overflow trap on loong64
	}
	return loong64Canonical(in)
}

// loong64Canonical finishes an instruction either front end read: the
// three-operand forms.
func loong64Canonical(in *engine.Inst) error {
	a := in.Args
	switch {
	case in.Op == "NOOP":
		in.Op = "NOP"
	case (loong64ALU[in.Op] || loong64FArith[in.Op] || loong64VLogic[in.Op] || loong64VArith[in.Op] || loong64VImm[in.Op]) &&
		!loong64Unary[in.Op] && len(a) == 2 && a[1].Kind == engine.ArgReg:
		in.Args = append(a, a[1]) // op src, dst: dst = dst op src
	case loong64Width[in.Op] != 0 && len(a) == 1 && a[0].Kind == engine.ArgReg:
		in.Args = append(a, a[0]) // MOVBU R5: R5 = R5 & 0xff
	case loong64Unary[in.Op] && len(a) == 1 && a[0].Kind == engine.ArgReg:
		in.Args = append(a, a[0])
	}
	return nil
}

// The objdump hook.

var (
	loong64ObjReg = regexp.MustCompile(`^([RF]([0-9]|[12][0-9]|3[01])|FCC[0-7])$`)
	loong64ObjMem = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|\d+))?\((R\d+)\)(?:\((R\d+)\))?$`)
)

// loong64FromObjdump reads an instruction go tool objdump printed.
func loong64FromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" {
		in.Raw = true
		if v, err := strconv.ParseUint(in.Hex, 16, 32); err == nil && len(in.Hex) == 8 {
			loong64Word(in, uint32(v))
		}
		return nil
	}
	if in.Op == "Unknown" && len(args) > 0 {
		// "Unknown ADDU16I.D $-1, R11, R9": the name comes first.
		name, rest, _ := strings.Cut(args[0], " ")
		in.Op = strings.ReplaceAll(name, ".", "")
		args = append([]string{strings.TrimSpace(rest)}, args[1:]...)
		if args[0] == "" {
			args = args[1:]
		}
	}
	for _, s := range args {
		switch {
		case loong64ObjReg.MatchString(s):
			w := 8
			if strings.HasPrefix(s, "FCC") {
				w = 1
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: s, Width: w, Name: s})
		case strings.HasPrefix(s, "$"):
			v, ok := engine.ObjInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		case strings.HasSuffix(s, "(PC)"):
			n, ok := engine.ObjInt(strings.TrimSuffix(s, "(PC)"))
			t, decoded := loong64ObjTarget(in)
			if !ok || !decoded || t != uint64(int64(in.Addr)+4*n) {
				return fmt.Errorf("branch target %s not decoded", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: t})
		case strings.HasSuffix(s, "(SB)"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		default:
			p := loong64ObjMem.FindStringSubmatch(s)
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
			in.Args = append(in.Args, x)
		}
	}
	if in.Op == "LU52ID" && len(in.Args) == 2 {
		in.Args = append(in.Args, in.Args[1]) // LU52ID $c, R: rj and rd the same register
	}
	if op, ok := loong64ObjALSL[in.Op]; ok && len(in.Args) == 4 {
		// "Unknown ALSL.D $sa, rk, rj, rd": Go's ALSLV $sa, rj, rk, rd,
		// rd = rj<<sa + rk. The registers from the encoding: rd in bits
		// 4:0, rj in 9:5, rk in 14:10, sa-1 in 16:15.
		v, err := strconv.ParseUint(in.Hex, 16, 32)
		if err != nil {
			return err
		}
		reg := func(shift uint) engine.Arg {
			r := "R" + strconv.Itoa(int(v>>shift&31))
			return engine.Arg{Kind: engine.ArgReg, Reg: r, Width: 8, Name: r}
		}
		sa, rj, rk, rd := int64(v>>15&3)+1, reg(5), reg(10), reg(0)
		a := in.Args
		if a[0].Kind != engine.ArgImm || a[0].Imm != sa || !a[1].IsReg(rk.Reg) || !a[2].IsReg(rj.Reg) || !a[3].IsReg(rd.Reg) {
			return fmt.Errorf("%s encoded %s", in.Text, in.Hex)
		}
		in.Op, in.Args = op, []engine.Arg{a[0], rj, rk, rd}
	}
	if (in.Op == "BFPT" || in.Op == "BFPF") && len(in.Args) == 1 && in.Args[0].Kind == engine.ArgTarget {
		// BCNEZ, BCEQZ: objdump leaves out the flag, cj in bits 7:5.
		v, _ := strconv.ParseUint(in.Hex, 16, 32)
		cc := "FCC" + strconv.Itoa(int(v>>5&7))
		in.Args = []engine.Arg{{Kind: engine.ArgReg, Reg: cc, Width: 1, Name: cc}, in.Args[0]}
	}
	return loong64Canonical(in)
}

// loong64Word decodes the vector instructions the model knows from their
// encoding, which go tool objdump prints as ?, into the listing's form
// (the Go assembler's operand order: sources first, as in VXORV Vk, Vj,
// Vd for vxor.v vd, vj, vk). Others stay raw data, which the model fails
// closed on.
func loong64Word(in *engine.Inst, v uint32) {
	reg := func(prefix string, shift uint) string { return prefix + strconv.Itoa(int(v>>shift&31)) }
	gpr := func(shift uint) engine.Arg {
		r := reg("R", shift)
		return engine.Arg{Kind: engine.ArgReg, Reg: r, Width: 8, Name: r}
	}
	vec := func(prefix string, shift uint) engine.Arg {
		a, _ := loong64VecArg(reg(prefix, shift))
		return a
	}
	set := func(op string, args ...engine.Arg) { in.Op, in.Raw, in.Args = op, false, args }
	prefix := func(op string) string {
		if strings.HasPrefix(op, "XV") {
			return "X"
		}
		return "V"
	}
	switch op := v >> 22; op {
	case 0xb0, 0xb1, 0xb2, 0xb3: // vld, vst, xvld, xvst: si12 in 21:10, rj in 9:5, vd in 4:0
		p, name := "V", "VMOVQ"
		if op >= 0xb2 {
			p, name = "X", "XVMOVQ"
		}
		mem := engine.Arg{Kind: engine.ArgMem, Reg: reg("R", 5), Imm: int64(int32(v<<10) >> 20)}
		if mem.Reg == "R0" {
			return // an absolute address: not the listing's form
		}
		if op&1 == 0 {
			set(name, mem, vec(p, 0))
		} else {
			set(name, vec(p, 0), mem)
		}
		return
	}
	for _, r := range loong64Repl {
		// vldrepl.b, .h, .w, .d: the offset, in elements, in the bits
		// from 10 up to the opcode's; rj in 9:5, vd in 4:0.
		bits := 12 - r.scale
		if v>>(10+bits) != r.code>>(10+bits) {
			continue
		}
		off := int64(int32(v<<(22-bits))>>(32-bits)) << r.scale
		mem := engine.Arg{Kind: engine.ArgMem, Reg: reg("R", 5), Imm: off}
		if mem.Reg == "R0" {
			return
		}
		arng, _ := loong64ArngArg(reg("V", 0) + "." + r.arng)
		set("VMOVQ", mem, arng)
		return
	}
	if op, ok := loong64VRRR[v>>15]; ok { // vk in 14:10, vj in 9:5, vd in 4:0
		p := prefix(op)
		set(op, vec(p, 10), vec(p, 5), vec(p, 0))
		return
	}
	for _, r := range loong64VRI {
		// op $imm, Vj, Vd: the constant in the bits from 10 up to the
		// opcode's.
		if v>>(10+r.bits) == r.code>>(10+r.bits) {
			imm := engine.Arg{Kind: engine.ArgImm, Imm: int64(v >> 10 & (1<<r.bits - 1))}
			set(r.op, imm, vec("V", 5), vec("V", 0))
			return
		}
	}
	for _, r := range loong64Lane {
		// The lane moves: the index in the bits from 10 up to the
		// opcode's; VINSGR2VR rj in 9:5, vd in 4:0, VPICKVE2GR vj in 9:5,
		// rd in 4:0.
		if v>>(10+r.bits) != r.code>>(10+r.bits) {
			continue
		}
		p := prefix(r.op)
		i := v >> 10 & (1<<r.bits - 1)
		if r.insert {
			e, _ := loong64ElemArg(fmt.Sprintf("%s%d.%s[%d]", p, v&31, r.elem, i))
			set(r.op, gpr(5), e)
		} else {
			e, _ := loong64ElemArg(fmt.Sprintf("%s%d.%s[%d]", p, v>>5&31, r.elem, i))
			set(r.op, e, gpr(0))
		}
		return
	}
}

// loong64VRRR are the vector operations of three registers by bits 31:15
// of their encoding, with Go's names (the Go assembler's oprrr).
var loong64VRRR = map[uint32]string{
	0x71260000 >> 15: "VANDV", 0x71268000 >> 15: "VORV", 0x71270000 >> 15: "VXORV",
	0x71278000 >> 15: "VNORV", 0x71280000 >> 15: "VANDNV", 0x71288000 >> 15: "VORNV",
	0x75260000 >> 15: "XVANDV", 0x75268000 >> 15: "XVORV", 0x75270000 >> 15: "XVXORV",
	0x75278000 >> 15: "XVNORV", 0x75280000 >> 15: "XVANDNV", 0x75288000 >> 15: "XVORNV",
	0x700b0000 >> 15: "VADDW", 0x700b8000 >> 15: "VADDV", // vadd.w, vadd.d
	0x711b0000 >> 15: "VILVLW", 0x711b8000 >> 15: "VILVLV", // vilvl.w, vilvl.d
	0x711d0000 >> 15: "VILVHW", 0x711d8000 >> 15: "VILVHV", // vilvh.w, vilvh.d
	0x70990000 >> 15: "VMULWEVVWU", // vmulwev.d.wu
}

// loong64VRI are the vector operations of a register and a constant: the
// encoding with the constant's bits zero, and how many they are (the Go
// assembler's opirr).
var loong64VRI = []struct {
	op   string
	code uint32
	bits uint
}{
	{"VROTRW", 0x72a08000, 5}, {"VROTRV", 0x72a10000, 6}, // vrotri.w, vrotri.d
	{"VSHUF4IW", 0x73980000, 8}, {"VSHUF4IV", 0x739c0000, 8}, // vshuf4i.w, vshuf4i.d
}

// loong64Lane are the moves of an element between a vector and a general
// register: the encoding with the index zero, the index's bits, the
// element's letter, and whether it is written (the Go assembler's
// specialLsxMovInst).
var loong64Lane = []struct {
	op     string
	code   uint32
	bits   uint
	elem   string
	insert bool
}{
	{"VMOVQ", 0x72eb8000, 4, "B", true}, {"VMOVQ", 0x72ebc000, 3, "H", true}, // vinsgr2vr.b, .h
	{"VMOVQ", 0x72ebe000, 2, "W", true}, {"VMOVQ", 0x72ebf000, 1, "V", true}, // vinsgr2vr.w, .d
	{"VMOVQ", 0x72ef8000, 4, "B", false}, {"VMOVQ", 0x72efc000, 3, "H", false}, // vpickve2gr.b, .h
	{"VMOVQ", 0x72efe000, 2, "W", false}, {"VMOVQ", 0x72eff000, 1, "V", false}, // vpickve2gr.w, .d
	{"XVMOVQ", 0x76ebc000, 3, "W", true}, {"XVMOVQ", 0x76ebe000, 2, "V", true}, // xvinsgr2vr.w, .d
	{"XVMOVQ", 0x76efc000, 3, "W", false}, {"XVMOVQ", 0x76efe000, 2, "V", false}, // xvpickve2gr.w, .d
}

// loong64Repl are the replicating loads, vldrepl.b, .h, .w and .d: the
// encoding with the offset zero, the offset's scale (log2 of the element)
// and the arrangement the listing names.
var loong64Repl = []struct {
	code  uint32
	scale uint
	arng  string
}{
	{0x30800000, 0, "B16"}, {0x30400000, 1, "H8"}, {0x30200000, 2, "W4"}, {0x30100000, 3, "V2"},
}

// loong64ObjALSL are the shifted adds objdump prints "Unknown", by their
// names there without the dots, with Go's names.
var loong64ObjALSL = map[string]string{"ALSLD": "ALSLV", "ALSLW": "ALSLW", "ALSLWU": "ALSLWU"}

// loong64ObjTarget decodes a branch's target from its encoding: offs16
// in bits 25:10 (BEQ ... BGEU), offs21 with its high bits in 4:0 (BEQZ,
// BNEZ, BCEQZ, BCNEZ), offs26 with its high bits in 9:0 (B, BL), all in
// words.
func loong64ObjTarget(in *engine.Inst) (uint64, bool) {
	v, err := strconv.ParseUint(in.Hex, 16, 32)
	if err != nil || len(in.Hex) != 8 {
		return 0, false
	}
	lo := v >> 10 & 0xffff
	var off int64
	switch op := v >> 26; {
	case op >= 0x16 && op <= 0x1b:
		off = int64(int16(lo))
	case op == 0x10 || op == 0x11 || op == 0x12 && v>>8&3 <= 1:
		off = int64((lo|(v&0x1f)<<16)<<43) >> 43
	case op == 0x14 || op == 0x15:
		off = int64((lo|(v&0x3ff)<<16)<<38) >> 38
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + 4*off), true
}

// The model.

var (
	loong64Width = map[string]int{"MOVV": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(sources).
	loong64ALU = engine.OpSet("ADDV", "SUBV", "ADD", "SUB", "AND", "OR", "XOR", "NOR", "ANDN", "ORN", "SLLV",
		"SRLV", "SRAV", "ROTRV", "SLL", "SRL", "SRA", "ROTR", "MULV", "MULVU", "MULHV", "MULHVU", "MUL",
		"SGT", "SGTU", "MASKEQZ", "MASKNEZ", "NEGV", "NEGW", "ADDU16ID", "REVB2W", "REVBV")
	// op src, dst; REVB2W and REVBV reverse the bytes (of each word, of
	// the doubleword).
	loong64Unary = engine.OpSet("NEGV", "NEGW", "REVB2W", "REVBV")
	loong64Div   = engine.OpSet("DIVV", "DIVVU", "REMV", "REMVU", "DIV", "DIVU", "REM", "REMU", "DIVD", "DIVF", "SQRTD", "SQRTF")
	loong64B2    = engine.OpSet("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU")
	// Branches on one register's sign, as the assemblers name BGE R, R0
	// and the like.
	loong64B1 = engine.OpSet("BGEZ", "BLEZ", "BLTZ", "BGTZ")
	// Constants and addresses in the program: LU12IW $hi, R.
	loong64Const = engine.OpSet("LU12IW", "PCALAU12I", "PCADDU12I")
	// Floating point: op a, b, dst or op a, dst (dst = dst op a), and the
	// one-operand operations and conversions, op src, dst (MOVxy converts
	// x to y; FFINTxy and FTINTRZxy make x from y). Arithmetic on a secret
	// is a finding (Mach.floatArith: subnormal operands), as in the amd64
	// and arm64 models; DIVD and SQRTD are in loong64Div.
	loong64FArith = engine.OpSet("ADDD", "ADDF", "SUBD", "SUBF", "MULD", "MULF", "FMIND", "FMINF", "FMAXD", "FMAXF")
	loong64FUnary = engine.OpSet("NEGD", "NEGF", "ABSD", "ABSF", "MOVFD", "MOVDF", "MOVWD", "MOVWF", "MOVVD", "MOVVF", "MOVDW",
		"MOVFW", "MOVDV", "MOVFV", "TRUNCDW", "TRUNCFW", "TRUNCDV", "TRUNCFV", "FFINTDW", "FFINTDV", "FFINTFW",
		"FFINTFV", "FTINTRZWD", "FTINTRZWF", "FTINTRZVD", "FTINTRZVF", "FTINTWD", "FTINTWF", "FTINTVD", "FTINTVF")
	// The operations whose result is 32 bits: the upper half of the F
	// register is undefined after them, so it keeps its level.
	loong64FHalf = engine.OpSet("ADDF", "SUBF", "MULF", "FMINF", "FMAXF", "NEGF", "ABSF", "MOVDF", "MOVWF", "MOVVF", "MOVDW",
		"MOVFW", "TRUNCDW", "TRUNCFW", "FFINTFW", "FFINTFV", "FTINTRZWD", "FTINTRZWF", "FTINTWD", "FTINTWF")
	// The compares: op a, b, FCCn.
	loong64FCmp = engine.OpSet("CMPEQD", "CMPEQF", "CMPGED", "CMPGEF", "CMPGTD", "CMPGTF")
	// The vector extensions: the bitwise operations of LSX and LASX, op
	// Vk, Vj, Vd (or op Vk, Vd: Vd = Vd op Vk), element by element.
	loong64VLogic = engine.OpSet("VANDV", "VORV", "VXORV", "VNORV", "VANDNV", "VORNV",
		"XVANDV", "XVORV", "XVXORV", "XVNORV", "XVANDNV", "XVORNV")
	// The integer operations of two vector registers, op Vk, Vj, Vd (or
	// op Vk, Vd): adds of words and doublewords, the interleaves of the
	// low or high halves (VILVL, VILVH) and the widening multiply of the
	// even words (VMULWEVVWU). The model takes them, as the scalar adds
	// and multiplies, to be data independent; the result's level is the
	// whole of both sources' (lanes cross in the interleaves).
	loong64VArith = engine.OpSet("VADDW", "VADDV", "VILVLW", "VILVLV", "VILVHW", "VILVHV", "VMULWEVVWU")
	// The operations of a vector register under a constant, op $imm, Vj,
	// Vd (or op $imm, Vd): the rotates of each word or doubleword, and the
	// shuffles within each group of four elements (VSHUF4IW, of Vj) or of
	// Vj's and Vd's doublewords (VSHUF4IV: Vd is a source too).
	loong64VImm = engine.OpSet("VROTRW", "VROTRV", "VSHUF4IW", "VSHUF4IV")
)

// loong64Features are the vector extensions, by golang.org/x/sys/cpu's
// names: the base architecture has neither.
var loong64Features = []string{"lsx", "lasx"}

func loong64Levels(string) []string { return nil }

// loong64Needs: an instruction of LASX's (XV...) needs LASX, one of LSX's
// (V...) LSX.
func loong64Needs(in *engine.Inst, _ string) []string {
	switch {
	case !loong64VecOps[in.Op]:
		return nil
	case strings.HasPrefix(in.Op, "XV"):
		return []string{"lasx"}
	}
	return []string{"lsx"}
}

// loong64VecOps are the vector opcodes of the model.
var loong64VecOps = func() map[string]bool {
	t := engine.OpSet("VMOVQ", "XVMOVQ")
	for _, c := range []map[string]bool{loong64VLogic, loong64VArith, loong64VImm} {
		for op := range c {
			t[op] = true
		}
	}
	return t
}()

// opcodes is every opcode the loong64 model knows, for the tables'
// tests.
func opcodes() map[string]bool {
	t := engine.OpSet("NOP", "RET", "JMP", "CALL", "LU32ID", "LU52ID", "BSTRPICKV", "BSTRPICKW", "ALSLV", "ALSLW", "ALSLWU", "BFPT", "BFPF")
	for _, c := range []map[string]bool{loong64VecOps, loong64ALU, loong64Div, loong64B2, loong64B1, loong64Const, loong64FArith, loong64FUnary, loong64FCmp} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range loong64Width {
		t[op] = true
	}
	return t
}

func loong64Step(mach *engine.Mach) {
	m := engine.LoadStore{Mach: mach, Zero: "R0"}
	op, a := m.Inst.Op, m.Inst.Args
	n := len(a)
	reg := func(i int) bool { return i < n && a[i].Kind == engine.ArgReg }
	src := func(i int) bool { return i < n && (a[i].Kind == engine.ArgReg || a[i].Kind == engine.ArgImm) }
	isF := func(x engine.Arg) bool {
		_, ok := engine.RegNum(x.Reg, "F", 0, 31)
		return x.Kind == engine.ArgReg && ok
	}
	fregs := func(as ...engine.Arg) bool {
		for _, x := range as {
			if !isF(x) {
				return false
			}
		}
		return true
	}
	isFCC := func(i int) bool {
		_, ok := engine.RegNum(a[i].Reg, "FCC", 0, 7)
		return reg(i) && ok
	}
	target := func(i int) (uint64, bool) {
		if i < n && a[i].Kind == engine.ArgTarget {
			return a[i].Target, true
		}
		m.Find("branch target not decoded (fail closed)")
		return 0, false
	}
	// The vector registers: an LSX write leaves the LASX register's upper
	// half undefined, which keeps its level and takes the result's.
	vec := func(i int) bool { return i < n && loong64IsVec(a[i]) }
	vread := func(as ...engine.Arg) engine.Level {
		l := engine.Static
		for _, x := range as {
			for _, loc := range loong64VecLanes(x) {
				l = max(l, m.Reg(loc))
			}
		}
		return l
	}
	vwrite := func(x engine.Arg, l engine.Level) {
		for _, loc := range loong64VecLanes(x) {
			m.Set(loc, l)
		}
		if x.Width == 16 {
			up := x
			up.Off, up.Width = 16, 16
			for _, loc := range loong64VecLanes(up) {
				m.Set(loc, max(l, m.Reg(loc)))
			}
		}
	}
	// whole: a vector register named whole, of the width its opcode
	// writes; elem: an element of one (VMOVQ V1.W[2], R5).
	lasx, width, prefix := strings.HasPrefix(op, "XV"), 16, "V"
	if lasx {
		width, prefix = 32, "X"
	}
	whole := func(i int) bool { return vec(i) && a[i].Shift == "" && a[i].Width == width }
	elem := func(i int) bool { return vec(i) && a[i].Width <= 8 && strings.HasPrefix(a[i].Name, prefix) }
	switch {
	case (op == "VMOVQ" || op == "XVMOVQ") && n == 2 && a[0].Kind == engine.ArgMem && whole(1):
		vwrite(a[1], m.Load(engine.WithoutZero(a[0], "R0"), a[1].Width))
	case (op == "VMOVQ" || op == "XVMOVQ") && n == 2 && whole(0) && a[1].Kind == engine.ArgMem:
		m.Store(engine.WithoutZero(a[1], "R0"), a[0].Width, vread(a[0]))
	case op == "VMOVQ" && n == 2 && a[0].Kind == engine.ArgMem && vec(1) && a[1].Shift != "":
		// VMOVQ (R4), V1.W4: one element loaded into every lane.
		vwrite(a[1], m.Load(engine.WithoutZero(a[0], "R0"), loong64ElemSize[a[1].Shift[:1]]))
	case (op == "VMOVQ" || op == "XVMOVQ") && n == 2 && elem(0) && reg(1) && !loong64IsVec(a[1]):
		// VMOVQ V1.V[1], R4: one element (VPICKVE2GR).
		m.Write(a[1], vread(a[0]))
	case (op == "VMOVQ" || op == "XVMOVQ") && n == 2 && reg(0) && !loong64IsVec(a[0]) && elem(1):
		// VMOVQ R4, V1.W[2]: one element replaced (VINSGR2VR); a narrower
		// one leaves the rest of its 8-byte lane, which keeps its level.
		lane := loong64VecLanes(a[1])[0]
		l := m.Read(a[0])
		if a[1].Width < 8 {
			l = max(l, m.Reg(lane))
		}
		m.Set(lane, l)
		if !lasx { // the LASX register's upper half takes the result's level
			low, up := a[1], a[1]
			low.Off, low.Width, up.Off, up.Width = 0, 16, 16, 16
			l := vread(low)
			for _, loc := range loong64VecLanes(up) {
				m.Set(loc, max(l, m.Reg(loc)))
			}
		}
	case loong64VLogic[op] && n == 3 && whole(0) && whole(1) && whole(2):
		l := vread(a[0], a[1])
		if (op == "VXORV" || op == "XVXORV" || op == "VANDNV" || op == "XVANDNV") && engine.SameReg(a[0], a[1]) {
			l = engine.Static // the zeroing idiom
		}
		vwrite(a[2], l)
	case loong64VArith[op] && n == 3 && whole(0) && whole(1) && whole(2):
		vwrite(a[2], vread(a[0], a[1]))
	case loong64VImm[op] && n == 3 && a[0].Kind == engine.ArgImm && whole(1) && whole(2):
		l := vread(a[1])
		if op == "VSHUF4IV" {
			l = max(l, vread(a[2]))
		}
		vwrite(a[2], l)
	case loong64VecOps[op]:
		m.Unmodelled()
	case (op == "NOP" || op == "PCALIGN") && n <= 1:
	case op == "RET" && n == 0:
		m.DoRet() // the engine checks the link register
	case op == "JMP" && n == 1:
		m.Jmp(a[0])
	case op == "CALL" && n == 1:
		m.CallTo(a[0], "R1")
	case (op == "BEQ" || op == "BNE" || loong64B1[op]) && n == 2 && reg(0): // BEQZ, BNEZ; BGE R, R0 and the like
		if t, ok := target(1); ok {
			m.Branch(m.Read(a[0]), a[0].Name, t)
		}
	case (op == "BFPT" || op == "BFPF") && (n == 1 || n == 2 && isFCC(0)):
		cc := "FCC0" // the listing's BFPT label: FCC0
		if n == 2 {
			cc = a[0].Reg
		}
		if t, ok := target(n - 1); ok {
			m.Branch(m.Reg(cc), cc, t)
		}
	case loong64FCmp[op] && n == 3 && fregs(a[0], a[1]) && isFCC(2):
		m.Write(a[2], m.Reads(a[0], a[1]))
	case (loong64FArith[op] && n == 3 || loong64FUnary[op] && n == 2) && fregs(a...):
		l := m.Reads(a[:n-1]...)
		if loong64FArith[op] && !strings.HasPrefix(op, "FM") {
			m.FloatArith(l) // FMIN and FMAX compare
		}
		if loong64FHalf[op] {
			l = max(l, m.Read(a[n-1]))
		}
		m.Write(a[n-1], l)
	case loong64B2[op] && n == 3 && reg(0) && reg(1):
		if t, ok := target(2); ok {
			m.Branch(m.Reads(a[0], a[1]), a[0].Name+", "+a[1].Name, t)
		}
	case loong64Const[op] && n == 2 && a[0].Kind == engine.ArgImm && reg(1):
		m.Write(a[1], engine.Static) // a constant, or an address in the program
	case op == "LU32ID" && n == 2 && a[0].Kind == engine.ArgImm && reg(1):
		m.Write(a[1], max(engine.Static, m.Read(a[1]))) // the low 32 bits stay
	case op == "LU52ID" && n == 3 && a[0].Kind == engine.ArgImm && reg(1) && reg(2):
		m.Write(a[2], m.Read(a[1])) // the low 52 bits of the source
	case (op == "BSTRPICKV" || op == "BSTRPICKW") && n == 4 && a[0].Kind == engine.ArgImm && reg(1) && a[2].Kind == engine.ArgImm && reg(3):
		// BSTRPICKV $msb, src, $lsb, dst: a bit field of src, which Go 1.24
		// emits for zero extensions.
		m.Write(a[3], m.Read(a[1]))
	case loong64Width[op] != 0 && n == 2:
		w := loong64Width[op]
		// A return address moves whole with MOVV (MOVV R1, -n(R3) and
		// back, MOVV R1, R31 for the stack growth) and with nothing else.
		whole := op == "MOVV"
		switch {
		case a[0].Kind == engine.ArgMem && reg(1):
			x := engine.WithoutZero(a[0], "R0")
			l, ra := m.Load(x, w), m.WholeLink(whole, x)
			if w == 4 && isF(a[1]) {
				l = max(l, m.Read(a[1])) // MOVF: the upper half is undefined
			}
			if a[1].IsReg("R3") {
				m.Set("R3", l)
				return
			}
			m.Write(a[1], l)
			m.KeepLink(a[1], ra)
		case a[1].Kind == engine.ArgMem && src(0):
			x, ra := engine.WithoutZero(a[1], "R0"), m.WholeLink(whole, a[0])
			m.Store(x, w, m.Read(a[0]))
			m.KeepLink(x, ra)
		case src(0) && reg(1):
			l, ra := m.Read(a[0]), m.WholeLink(whole, a[0])
			if w == 4 && isF(a[1]) {
				l = max(l, m.Read(a[1])) // MOVW R, F: the upper half is undefined
			}
			if a[1].IsReg("R3") {
				m.Set("R3", l)
				return
			}
			m.Write(a[1], l)
			m.KeepLink(a[1], ra)
		default:
			m.Unmodelled()
		}
	case loong64ALU[op] && (n == 3 && !loong64Unary[op] || n == 2 && loong64Unary[op]) && reg(n-1) && src(0) && src(n-2):
		l := m.Reads(a[:n-1]...)
		if (op == "XOR" || op == "SUBV" || op == "SUB") && n == 3 && engine.SameReg(a[0], a[1]) {
			l = engine.Static // the zeroing idiom
		}
		if a[n-1].IsReg("R3") {
			if op == "ADDV" && n == 3 && a[0].Kind == engine.ArgImm && a[0].Sym == "" && a[1].IsReg("R3") {
				m.MoveSP(a[0].Imm) // the frame: ADDV $n, R3
				return
			}
			m.Set("R3", l)
			return
		}
		m.Write(a[n-1], l)
	case (op == "ALSLV" || op == "ALSLW" || op == "ALSLWU") && n == 4 && a[0].Kind == engine.ArgImm && reg(1) && reg(2) && reg(3):
		// ALSLV $sa, rj, rk, rd: rd = rj<<sa + rk.
		m.Write(a[3], m.Reads(a[1], a[2]))
	case loong64Div[op] && (n == 3 || n == 2 && strings.HasPrefix(op, "SQRT")) && reg(0) && reg(n-1):
		l := m.Reads(a[:n-1]...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[n-1], l)
	default:
		m.Unmodelled()
	}
}

// loong64PtrFlows are the moves, adds and ands that keep a pointer's provenance.
var loong64PtrFlows = engine.GoOrderFlows("MOVV", engine.OpSet("ADDV", "ADDVU"), engine.OpSet("SUBV", "SUBVU"), engine.OpSet("AND"))

// loong64Arch is the model of loong64: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var LOONG64 = &engine.Arch{
	// R2 is the thread pointer.
	GOARCH: "loong64", WriteBarrierBuf: "R29", PtrSize: 8, ArgBase: loong64FixedFrame, PtrFlows: loong64PtrFlows,
	IntArgRegs: engine.Numbered("R", 4, 19), FloatArgRegs: engine.Numbered("F", 0, 15), Zero: "R0", SP: "R3", LR: "R1", MorestackLR: "R31",
	G: "R22", GInABI0: true, Tmp: []string{"R30"}, Other: []string{"R2"},
	Features: loong64Features, LevelFeaturesOf: loong64Levels, NeedsOf: loong64Needs,
	Step: loong64Step, Regs: loong64Regs(),
	Listing: &engine.Listing{Reg: loong64ListingReg, Convert: loong64FromListing, FrameArg: loong64FrameArg},
	Objdump: loong64FromObjdump,
}
