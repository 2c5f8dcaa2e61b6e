// Package riscv is ctcheck's model of riscv64, RVV included: the step of
// each instruction, the readers of the listing and of go tool objdump,
// and the record RISCV64.
package riscv

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// riscv64: the model, its listing hook and its objdump hook. The
// canonical form is Go's syntax: sources first, the destination last,
// every ALU operation with three operands, JMP for a jump (JAL X0), CALL
// link, sym for a call (JAL X1 or X5), RET for JALR X0, 0(X1), branch
// targets as addresses. The listing prints JAL and JALR; go tool objdump
// prints JMP, CALL and RET, and a branch's offset divided by 4 and
// rounded, so the compiled front end decodes targets from the encoding.
//
// Locations: X1-X31 (X0 reads as zero; X2 is the stack pointer, X27 g),
// F0-F31, V0-V31, and the pseudo-locations of the vector unit's state
// (rvvLMUL, rvvPartial). The vector length is not known (VLEN >= 128):
// a vector register is one location, and a write of part of it (vl <
// VLMAX, a tail, a mask at LMUL < 8) keeps its level.

// riscv64Regs are riscv64's register locations: what a call the analysis
// cannot see may change, the vector settings among them.
func riscv64Regs() []string {
	var regs []string
	for _, r := range engine.Numbered("X", 1, 31) {
		if r != "X2" && r != "X27" {
			regs = append(regs, r)
		}
	}
	regs = append(regs, engine.Numbered("F", 0, 31)...)
	regs = append(regs, engine.Numbered("V", 0, 31)...)
	for _, l := range rvvLMULs {
		regs = append(regs, rvvLMUL+strconv.Itoa(l))
	}
	return append(regs, rvvPartial)
}

// The vector unit's state, as pseudo-locations that are secret where set
// and joined like taint (set on some path means set): rvvLMUL+"1" ... "8"
// for each LMUL some path set, rvvPartial where vl may be less than
// VLMAX on some path.
const (
	rvvLMUL    = "vtype: LMUL "
	rvvPartial = "vl: less than VLMAX"
)

var rvvLMULs = []int{1, 2, 4, 8}

// riscv64Special are the vector unit's operands of VSETVLI.
var riscv64Special = engine.OpSet("E8", "E16", "E32", "E64", "M1", "M2", "M4", "M8", "MF2", "MF4", "MF8", "TU", "TA", "MU", "MA")

// The listing hook.

// riscv64ListingReg names a register as the listing prints it (the
// assembler's RegName: X0-X31, with SP for X2 and g for X27).
func riscv64ListingReg(name string) (string, int, int, bool) {
	switch name {
	case "SP":
		return "X2", 8, 0, true
	case "g":
		return "X27", 8, 0, true
	}
	for _, p := range []string{"X", "F", "V"} {
		if _, ok := engine.RegNum(name, p, 0, 31); ok {
			return name, 8, 0, true
		}
	}
	return "", 0, 0, false
}

// riscv64FrameArg: the riscv64 assembler rewrites every frame operand to
// an offset from the hardware stack pointer before it prints the listing
// (cmd/internal/obj/riscv's preprocess runs stackOffset over every
// instruction: NAME_AUTO += the frame size, NAME_PARAM += the frame size
// + 8, the saved return address), and SP is the hardware register X2:
// name+off(FP), name-off(SP) and off(SP) are all off(X2).
func riscv64FrameArg(f *engine.ListingFunc, fp, named bool, off int64) (engine.Arg, error) {
	return engine.Arg{Kind: engine.ArgMem, Reg: "X2", Imm: off}, nil
}

// riscv64Branches are the operations whose last operand is a branch
// target: the listing prints it as $offset from the instruction.
var riscv64Branches = engine.OpSet("JAL", "BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGT", "BLE", "BGTU", "BLEU",
	"BEQZ", "BNEZ", "BLTZ", "BGEZ", "BLEZ", "BGTZ")

// riscv64FromListing reads an instruction of the listing.
func riscv64FromListing(f *engine.ListingFunc, in *engine.Inst, args []string) error {
	la := f.Hooks
	for i, s := range args {
		if loc, w, _, ok := riscv64ListingReg(s); ok {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Name: s})
			continue
		}
		if riscv64Special[s] {
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s})
			continue
		}
		if riscv64Branches[in.Op] && i == len(args)-1 && strings.HasPrefix(s, "$") {
			off, err := engine.ListingInt(s[1:])
			if err != nil {
				return err
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: uint64(int64(in.Addr) + off)})
			continue
		}
		if off, reg, ok, err := engine.ListingSlotAddress(la, f, s, 8); ok {
			// MOV $name+off(SP), r: the address of a frame slot (ADDI).
			if err != nil || in.Op != "MOV" || len(args) != 2 {
				return fmt.Errorf("address %s", s)
			}
			in.Op = "ADDI"
			in.Args = append(in.Args, off, reg)
			continue
		}
		a, err := engine.ListingArg(la, f, s, in.Op == "JAL")
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	a := in.Args
	switch {
	case in.Op == "JAL" && len(a) == 2 && a[0].IsReg("X0"):
		in.Op, in.Args = "JMP", a[1:]
	case in.Op == "JAL" && len(a) == 2 && (a[0].IsReg("X1") || a[0].IsReg("X5")) && a[1].Kind == engine.ArgSym:
		in.Op = "CALL"
	case in.Op == "JALR" && len(a) == 2 && a[0].IsReg("X0") && a[1].IsReg("X1"):
		in.Op, in.Args = "RET", nil
	case in.Op == "JALR" && len(a) == 2 && a[0].IsReg("X0"):
		in.Op, in.Args = "JMP", a[1:] // through a register
	case in.Op == "JALR" && len(a) == 2:
		in.Op = "CALL" // through a register
	}
	return nil
}

// The objdump hook.

var (
	riscv64ObjReg = regexp.MustCompile(`^([XFV])([0-9]|[12][0-9]|3[01])$`)
	riscv64ObjMem = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|[0-9]+))?\((X(?:[0-9]|[12][0-9]|3[01]))\)$`)
)

// riscv64FromObjdump reads an instruction go tool objdump printed.
func riscv64FromObjdump(f *engine.Func, in *engine.Inst, args []string) error {
	if in.Op == "?" {
		in.Raw = true
		return nil
	}
	for _, s := range args {
		switch {
		case riscv64ObjReg.MatchString(s):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgReg, Reg: s, Width: 8, Name: s})
		case riscv64Special[s]:
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSpecial, Name: s})
		case strings.HasPrefix(s, "$"):
			v, ok := engine.ObjInt(s[1:])
			if !ok {
				return fmt.Errorf("constant %s", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: v})
		case strings.HasSuffix(s, "(PC)"):
			n, ok := engine.ObjInt(strings.TrimSuffix(s, "(PC)"))
			t, decoded := riscv64ObjTarget(in)
			// objdump prints the offset in words, rounded: the target
			// decoded from the encoding must be within 2 bytes of it.
			if !ok || !decoded || int64(t)-int64(in.Addr)-4*n > 3 || int64(t)-int64(in.Addr)-4*n < -3 {
				return fmt.Errorf("branch target %s not decoded", s)
			}
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgTarget, Target: t})
		case strings.HasSuffix(s, "(SB)") && !strings.HasPrefix(s, "$"):
			in.Args = append(in.Args, engine.Arg{Kind: engine.ArgSym, Sym: strings.TrimSuffix(s, "(SB)")})
		default:
			p := riscv64ObjMem.FindStringSubmatch(s)
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
			in.Args = append(in.Args, x)
		}
	}
	a := in.Args
	switch {
	case in.Op == "CALL" && len(a) == 1:
		in.Args = []engine.Arg{{Kind: engine.ArgReg, Reg: "X1", Width: 8, Name: "X1"}, a[0]}
	case in.Op == "JAL" && len(a) == 2 && (a[0].IsReg("X1") || a[0].IsReg("X5")) && a[1].Kind == engine.ArgSym:
		in.Op = "CALL"
	case in.Op == "JAL" && len(a) == 2 && a[0].IsReg("X0"):
		in.Op, in.Args = "JMP", a[1:]
	case (in.Op == "JALR" || in.Op == "CALL") && len(a) <= 2:
		in.Op = "CALL" // through a register
	}
	return nil
}

// riscv64ObjTarget decodes the target of the branch or jump at in from
// its encoding: B-type, J-type, C.J, C.BEQZ and C.BNEZ.
func riscv64ObjTarget(in *engine.Inst) (uint64, bool) {
	v, err := strconv.ParseUint(in.Hex, 16, 32)
	if err != nil {
		return 0, false
	}
	bit := func(x uint64, i uint) uint64 { return x >> i & 1 }
	var imm int64
	switch {
	case len(in.Hex) == 8 && v&0x7f == 0x63: // B-type
		u := bit(v, 31)<<12 | bit(v, 7)<<11 | (v>>25&0x3f)<<5 | (v>>8&0xf)<<1
		imm = int64(u<<51) >> 51
	case len(in.Hex) == 8 && v&0x7f == 0x6f: // J-type
		u := bit(v, 31)<<20 | (v>>12&0xff)<<12 | bit(v, 20)<<11 | (v>>21&0x3ff)<<1
		imm = int64(u<<43) >> 43
	case len(in.Hex) == 4:
		v = v>>8 | (v&0xff)<<8 // printed in memory order: little-endian
		switch {
		case v&3 == 1 && v>>13 == 5: // C.J
			u := bit(v, 12)<<11 | bit(v, 11)<<4 | (v>>9&3)<<8 | bit(v, 8)<<10 | bit(v, 7)<<6 | bit(v, 6)<<7 | (v>>3&7)<<1 | bit(v, 2)<<5
			imm = int64(u<<52) >> 52
		case v&3 == 1 && (v>>13 == 6 || v>>13 == 7): // C.BEQZ, C.BNEZ
			u := bit(v, 12)<<8 | (v>>10&3)<<3 | (v>>5&3)<<6 | (v>>3&3)<<1 | bit(v, 2)<<5
			imm = int64(u<<55) >> 55
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + imm), true
}

// The model.

var (
	riscv64Width = map[string]int{"MOV": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(sources): three operands, or two for the unary ones.
	riscv64ALU = engine.OpSet("ADD", "SUB", "AND", "OR", "XOR", "SLL", "SRL", "SRA", "SLT", "SLTU", "MUL", "MULH", "MULHU", "MULHSU",
		"ADDW", "SUBW", "SLLW", "SRLW", "SRAW", "MULW",
		"ADDI", "ANDI", "ORI", "XORI", "SLLI", "SRLI", "SRAI", "SLTI", "SLTIU", "ADDIW", "SLLIW", "SRLIW", "SRAIW",
		"NEG", "NEGW", "NOT", "SEQZ", "SNEZ", "SLTZ", "SGTZ",
		// Zba and Zbb (GORISCV64=rva22u64 and later), but for the counts.
		"ADDUW", "SH1ADD", "SH2ADD", "SH3ADD", "SH1ADDUW", "SH2ADDUW", "SH3ADDUW", "SLLIUW", "ANDN", "ORN", "XNOR",
		"ZEXTH", "ZEXTW", "SEXTB", "SEXTH", "ROL", "ROR", "RORI", "ROLW", "RORW", "RORIW", "REV8", "ORCB",
		"MIN", "MAX", "MINU", "MAXU",
		// Zicond.
		"CZEROEQZ", "CZERONEZ")
	// The ALU operations with one source, op src, dst.
	riscv64Unary = engine.OpSet("NEG", "NEGW", "NOT", "SEQZ", "SNEZ", "SLTZ", "SGTZ", "ZEXTH", "ZEXTW", "SEXTB", "SEXTH", "REV8", "ORCB")
	riscv64Div   = engine.OpSet("DIV", "DIVU", "REM", "REMU", "DIVW", "DIVUW", "REMW", "REMUW", "FDIVD", "FDIVS", "FSQRTD", "FSQRTS")
	// Branches on two registers, and on one against zero.
	riscv64B2 = engine.OpSet("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGT", "BLE", "BGTU", "BLEU")
	riscv64B1 = engine.OpSet("BEQZ", "BNEZ", "BLTZ", "BGEZ", "BLEZ", "BGTZ")
	// Vector-vector operations, op vs1, vs2, vd: vd's group from vs1's and
	// vs2's groups, element by element.
	rvvVV = engine.OpSet("VXORVV", "VORVV", "VANDVV")
)

// opcodes is every opcode the riscv64 model knows, for the tables'
// tests.
func opcodes() map[string]bool {
	t := engine.OpSet("NOP", "RET", "JMP", "CALL", "LUI", "AUIPC", "VSETVLI", "VLE8V", "VMSNEVI", "VCPOPM", "VREDORVS")
	for _, c := range []map[string]bool{riscv64ALU, riscv64Div, riscv64B2, riscv64B1, rvvVV} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range riscv64Width {
		t[op] = true
	}
	return t
}

// riscv64Compared names the registers a branch compares, in register
// order and without X0: the same for a pseudo-branch and for the branch
// the assembler makes of it, which is what the disassembler prints (BGT
// X5, X6 is BLT X6, X5; BLEZ X5 is BGE X0, X5).
func riscv64Compared(regs ...engine.Arg) string {
	regs = slices.DeleteFunc(slices.Clone(regs), func(r engine.Arg) bool { return r.IsReg("X0") })
	if len(regs) == 0 {
		return "X0"
	}
	slices.SortFunc(regs, func(x, y engine.Arg) int {
		i, _ := engine.RegNum(x.Reg, "X", 0, 31)
		j, _ := engine.RegNum(y.Reg, "X", 0, 31)
		return i - j
	})
	names := make([]string, len(regs))
	for i, r := range regs {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

func riscv64Step(mach *engine.Mach) {
	m := engine.LoadStore{Mach: mach, Zero: "X0"}
	op, a := m.Inst.Op, m.Inst.Args
	n := len(a)
	target := func(i int) (uint64, bool) {
		if i < n && a[i].Kind == engine.ArgTarget {
			return a[i].Target, true
		}
		m.Find("branch target not decoded (fail closed)")
		return 0, false
	}
	regs := func(as ...engine.Arg) bool {
		for _, x := range as {
			if x.Kind != engine.ArgReg {
				return false
			}
		}
		return true
	}
	switch {
	case op == "NOP" && n == 0:
	case op == "RET" && n == 0:
		m.DoRet() // the engine checks the link register
	case op == "JMP" && n == 1:
		m.Jmp(a[0])
	case op == "CALL" && n == 2 && (a[0].IsReg("X1") || a[0].IsReg("X5")):
		m.Write(a[0], engine.Static) // the return address
		if a[0].IsReg("X5") && !(a[1].Kind == engine.ArgSym && strings.HasPrefix(a[1].Sym, "runtime.morestack")) {
			// The prologue's call of the stack growth links X5 and leaves
			// X1; a callee linked so would return through X1 to its
			// caller's caller, and the engine gives callees their own in X1.
			m.Find("call linking X5 of a function other than the stack growth (fail closed)")
		}
		m.CallTo(a[1], "")
	case op == "CALL":
		m.Indirect()
	case riscv64B2[op] && n == 3 && regs(a[0], a[1]):
		if t, ok := target(2); ok {
			m.Branch(m.Reads(a[0], a[1]), riscv64Compared(a[0], a[1]), t)
		}
	case riscv64B1[op] && n == 2 && regs(a[0]):
		if t, ok := target(1); ok {
			m.Branch(m.Read(a[0]), riscv64Compared(a[0]), t)
		}
	case (op == "LUI" || op == "AUIPC") && n == 2 && a[0].Kind == engine.ArgImm && regs(a[1]):
		m.Write(a[1], engine.Static) // a constant, or an address in the program
	case riscv64Width[op] != 0 && n == 2:
		w := riscv64Width[op]
		// A return address moves whole with MOV (MOV X1, -n(X2) and back)
		// and with nothing else.
		whole := op == "MOV"
		switch {
		case a[0].Kind == engine.ArgMem && regs(a[1]):
			x := engine.WithoutZero(a[0], "X0")
			ra := m.WholeLink(whole, x)
			m.Write(a[1], m.Load(x, w))
			m.KeepLink(a[1], ra)
		case a[1].Kind == engine.ArgMem && (regs(a[0]) || a[0].Kind == engine.ArgImm):
			x, ra := engine.WithoutZero(a[1], "X0"), m.WholeLink(whole, a[0])
			m.Store(x, w, m.Read(a[0]))
			m.KeepLink(x, ra)
		case (regs(a[0]) || a[0].Kind == engine.ArgImm) && regs(a[1]):
			ra := m.WholeLink(whole, a[0])
			m.Write(a[1], m.Read(a[0]))
			m.KeepLink(a[1], ra)
		default:
			m.Unmodelled()
		}
	case riscv64ALU[op] && (n == 3 && !riscv64Unary[op] || n == 2 && riscv64Unary[op]) && regs(a[n-1]):
		srcs := a[:n-1]
		for _, x := range srcs {
			if x.Kind != engine.ArgReg && x.Kind != engine.ArgImm {
				m.Unmodelled()
				return
			}
		}
		l := m.Reads(srcs...)
		if (op == "XOR" || op == "SUB" || op == "XORW" || op == "SUBW") && n == 3 && engine.SameReg(a[0], a[1]) {
			l = engine.Static // the zeroing idiom
		}
		if a[n-1].IsReg("X2") && op == "ADDI" && a[0].Kind == engine.ArgImm && a[0].Name == "" && a[1].IsReg("X2") {
			m.MoveSP(a[0].Imm) // the frame: ADDI $n, X2, X2
			return
		}
		m.Write(a[n-1], l)
	case riscv64Div[op] && (n == 3 || n == 2 && strings.HasPrefix(op, "FSQRT")) && regs(a...):
		l := m.Reads(a[:n-1]...)
		if l == engine.Secret {
			m.Find("variable-latency instruction on secret data")
		}
		m.Write(a[n-1], l)
	case strings.HasPrefix(op, "V"):
		rvvStep(m, op, a)
	default:
		m.Unmodelled()
	}
}

// rvvState returns the widest LMUL of the paths that reach an instruction,
// whether every path has that LMUL and vl = VLMAX (a write of the group
// is then whole), and whether any VSETVLI came before.
func rvvState(m engine.LoadStore) (lmul int, whole, isSet bool) {
	n := 0
	for _, l := range rvvLMULs {
		if m.State.Regs[rvvLMUL+strconv.Itoa(l)] == engine.Secret {
			lmul, n = l, n+1
		}
	}
	return lmul, n == 1 && m.State.Regs[rvvPartial] != engine.Secret, n > 0
}

// rvvGroup returns the registers of the group that v names at LMUL lmul.
func rvvGroup(v engine.Arg, lmul int) ([]string, bool) {
	num, ok := engine.RegNum(v.Reg, "V", 0, 31)
	if v.Kind != engine.ArgReg || !ok || num%lmul != 0 || num+lmul > 32 {
		return nil, false // not a group at this LMUL: the instruction is illegal
	}
	return engine.Numbered("V", num, num+lmul-1), true
}

func isVReg(a engine.Arg) bool {
	_, ok := engine.RegNum(a.Reg, "V", 0, 31)
	return a.Kind == engine.ArgReg && ok
}

// rvvStep models RVV 1.0 instructions at 8-bit
// elements, unmasked. A vector instruction writes a register group:
// LMUL registers from the one it names, LMUL as the last VSETVLI set it.
// Where paths meet with different settings it reads the widest group,
// and a write is partial (keeps the old level) unless every path has one
// LMUL and vl = VLMAX:
//
//   - a write of a group with vl < VLMAX leaves the elements from vl on as
//     they were (tail undisturbed) or unspecified (tail agnostic, which
//     may also leave them): their level stays, so the XOR of a register
//     with itself is static zero only after a VSETVLI with an AVL of X0,
//     which sets vl = VLMAX;
//   - a vector instruction before any VSETVLI, a VSETVLI whose AVL is
//     secret (the number of bytes loaded would be), and a masked form are
//     findings.
func rvvStep(m engine.LoadStore, op string, a []engine.Arg) {
	st := m.State.Regs
	n := len(a)
	if op == "VSETVLI" {
		// VSETVLI avl, E8, Mn, TU|TA, MU|MA, rd: vl = min(avl, VLMAX), or
		// VLMAX where avl is X0 (and rd is not).
		if n != 6 || a[0].Kind != engine.ArgReg || a[5].Kind != engine.ArgReg || a[1].Name != "E8" || !engine.OpSet("TU", "TA")[a[3].Name] ||
			!engine.OpSet("MU", "MA")[a[4].Name] {
			m.Unmodelled()
			return
		}
		lmul, err := strconv.Atoi(strings.TrimPrefix(a[2].Name, "M"))
		if err != nil || a[2].Kind != engine.ArgSpecial || !strings.HasPrefix(a[2].Name, "M") || !engine.OpSet("1", "2", "4", "8")[a[2].Name[1:]] {
			m.Unmodelled()
			return
		}
		l := m.Read(a[0])
		if l == engine.Secret {
			m.Find("vector length depends on secret %s", a[0].Name)
		}
		for _, x := range rvvLMULs {
			delete(st, rvvLMUL+strconv.Itoa(x))
		}
		st[rvvLMUL+strconv.Itoa(lmul)] = engine.Secret
		if a[0].IsReg("X0") && !a[5].IsReg("X0") {
			delete(st, rvvPartial)
			l = engine.Static // VLMAX, a constant of the CPU
		} else {
			st[rvvPartial] = engine.Secret
		}
		m.Write(a[5], l)
		return
	}
	lmul, whole, isSet := rvvState(m)
	if !isSet {
		m.Find("vector instruction before any VSETVLI: LMUL and vl unknown")
		return
	}
	group := func(v engine.Arg) []string {
		g, ok := rvvGroup(v, lmul)
		if !ok {
			m.Find("%s is not a vector register group at LMUL %d", v.Name, lmul)
		}
		return g
	}
	readGroup := func(v engine.Arg) engine.Level {
		l := engine.Static
		for _, r := range group(v) {
			l = max(l, m.Reg(r))
		}
		return l
	}
	writeGroup := func(v engine.Arg, l engine.Level) {
		for _, r := range group(v) {
			if whole {
				m.Set(r, l)
			} else {
				m.Merge(r, l)
			}
		}
	}
	switch {
	case op == "VLE8V" && n == 2 && a[0].Kind == engine.ArgMem && isVReg(a[1]):
		if m.OnStack(a[0]) || a[0].Index != "" {
			m.Unmodelled() // a vector spill: its width is vl
			return
		}
		writeGroup(a[1], m.Load(a[0], 1))
	case rvvVV[op] && n == 3 && isVReg(a[0]) && isVReg(a[1]) && isVReg(a[2]):
		if op == "VXORVV" && engine.SameReg(a[0], a[1]) {
			readGroup(a[0]) // checks the group
			writeGroup(a[2], engine.Static)
			return
		}
		writeGroup(a[2], max(readGroup(a[0]), readGroup(a[1])))
	case op == "VMSNEVI" && n == 3 && a[0].Kind == engine.ArgImm && isVReg(a[1]) && isVReg(a[2]):
		// A mask: one register, of one bit per element of the source group.
		// Its bits from vl on are tail, always agnostic: only at LMUL 8 and
		// vl = VLMAX (VLEN elements of a byte) is the whole register written.
		l := readGroup(a[1])
		if whole && lmul == 8 {
			m.Set(a[2].Reg, l)
		} else {
			m.Merge(a[2].Reg, l)
		}
	case op == "VCPOPM" && n == 2 && isVReg(a[0]) && a[1].Kind == engine.ArgReg:
		// The number of set bits of the mask's first vl bits.
		m.Write(a[1], m.Reg(a[0].Reg))
	case op == "VREDORVS" && n == 3 && isVReg(a[0]) && isVReg(a[1]) && isVReg(a[2]):
		// vd[0] = vs1[0] | OR of vs2's group; the rest of vd is tail.
		m.Merge(a[2].Reg, max(m.Reg(a[0].Reg), readGroup(a[1])))
	default:
		// Masked forms (a V0 operand more), other element widths, and
		// every other vector instruction.
		m.Unmodelled()
	}
}

// The CPU features of riscv64's instructions, from the RISC-V unprivileged
// ISA manual (the extension each is defined in: Zba, Zbb, Zicond, V), and
// those each GORISCV64 profile mandates (the RISC-V profiles
// specification: RVA20U64 is IMAFDC, RVA22U64 adds Zba, Zbb and Zbs,
// RVA23U64 adds V and Zicond).
var riscv64Features = []string{"zba", "zbb", "zbs", "zicond", "v"}

var riscv64Levels = engine.CumulativeLevels([][2]string{
	{"rva20u64", ""},
	{"rva22u64", "zba zbb zbs"},
	{"rva23u64", "v zicond"},
})

// riscv64RuntimeFlags: the compiler tests runtime.riscv64HasZbb before
// Zbb's counts below rva22u64.
var riscv64RuntimeFlags = map[string]string{"runtime.riscv64HasZbb": "zbb"}

// riscv64Expanded are the Zbb instructions that the assembler writes
// with the base ISA's below rva22u64 (cmd/internal/obj/riscv).
var riscv64Expanded = engine.OpSet("ROL", "ROR", "RORI", "ROLW", "RORW", "RORIW", "ANDN", "ORN", "XNOR")

var riscv64OpNeeds = func() map[string]string {
	m := map[string]string{}
	for feature, ops := range map[string]string{
		"zba":    "ADDUW SH1ADD SH2ADD SH3ADD SH1ADDUW SH2ADDUW SH3ADDUW SLLIUW ZEXTW",
		"zbb":    "ANDN ORN XNOR ZEXTH SEXTB SEXTH ROL ROR RORI ROLW RORW RORIW REV8 ORCB MIN MAX MINU MAXU",
		"zicond": "CZEROEQZ CZERONEZ",
		"v":      "VSETVLI VLE8V VMSNEVI VCPOPM VREDORVS VXORVV VORVV VANDVV",
	} {
		for _, op := range strings.Fields(ops) {
			m[op] = feature
		}
	}
	return m
}()

// riscv64Needs: a listed move that extends one register into another is
// Zba's ADD.UW (MOVWU) or one of Zbb's (MOVHU, MOVH, MOVB) where the
// level has them, and shifts of the base ISA below (cmd/internal/obj/riscv).
// So are the rotates, ANDN, ORN and XNOR: below rva22u64 the assembler
// writes ROR, RORI and their kin as two shifts and an OR
// (instructionsForRotate), ANDN as an XORI and an AND, and so on, which
// the binary holds and the compiled check reads; only at a level with
// Zbb is the listed instruction Zbb's.
func riscv64Needs(in *engine.Inst, level string) []string {
	if riscv64Expanded[in.Op] && !slices.Contains(riscv64Levels(level), "zbb") {
		return nil
	}
	if f := riscv64OpNeeds[in.Op]; f != "" {
		return []string{f}
	}
	if len(in.Args) == 2 && in.Args[0].Kind == engine.ArgReg && in.Args[1].Kind == engine.ArgReg && slices.Contains(riscv64Levels(level), "zbb") {
		switch in.Op {
		case "MOVWU":
			return []string{"zba"}
		case "MOVHU", "MOVH", "MOVB":
			return []string{"zbb"}
		}
	}
	return nil
}

// riscv64PtrFlows are the moves, adds and ands that keep a pointer's provenance.
var riscv64PtrFlows = engine.GoOrderFlows("MOV", engine.OpSet("ADD", "ADDI"), engine.OpSet("SUB"), engine.OpSet("AND", "ANDI"))

// riscv64Arch is the model of riscv64: the registers its ABI gives a fixed role,
// its levels and features, and its front ends' hooks.
var RISCV64 = &engine.Arch{
	GOARCH: "riscv64", WriteBarrierBuf: "X24", PtrSize: 8, ArgBase: 8, PtrFlows: riscv64PtrFlows,
	IntArgRegs:   append(append(engine.Numbered("X", 10, 17), "X8", "X9"), engine.Numbered("X", 18, 23)...),
	FloatArgRegs: append(append(engine.Numbered("F", 10, 17), "F8", "F9"), engine.Numbered("F", 18, 23)...), Zero: "X0", SP: "X2", LR: "X1", MorestackLR: "X1",
	// X3 is the global pointer, X4 the thread pointer.
	G: "X27", GInABI0: true, Tmp: []string{"X31"}, Other: []string{"X3", "X4"},
	LevelVar: "GORISCV64", Levels: []string{"rva20u64", "rva22u64", "rva23u64"}, DefaultLevel: "rva20u64", Macros: engine.One,
	Features: riscv64Features, LevelFeaturesOf: riscv64Levels, NeedsOf: riscv64Needs, RuntimeFlags: riscv64RuntimeFlags,
	Step: riscv64Step, Regs: riscv64Regs(),
	Listing: &engine.Listing{Reg: riscv64ListingReg, Convert: riscv64FromListing, FrameArg: riscv64FrameArg},
	Objdump: riscv64FromObjdump,
}
