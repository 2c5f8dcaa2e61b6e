package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// x86 (amd64 and 386) as go tool objdump prints it: Go operand order
// (sources first), hexadecimal displacements, absolute branch targets,
// and Intel names for some instructions (MOVZX, MOVSX).

var amd64Obj = &binArch{
	ptrSize: 8, retAddr: 8, sp: "SP", g: "R14",
	argRegs: []string{"AX", "BX", "CX", "DI", "SI", "R8", "R9", "R10", "R11"},
	// BP is the frame pointer, which every function preserves; R14 is g,
	// which register-ABI functions preserve.
	regs:          append(strings.Fields("AX BX CX DX SI DI R8 R9 R10 R11 R12 R13 R15"), vecRegs("X", 16)...),
	flags:         []string{"FLAGS"},
	asmFromSource: true,
}

var x86Obj32 = &binArch{
	ptrSize: 4, retAddr: 4, sp: "SP",
	regs:  append(strings.Fields("AX BX CX DX SI DI BP"), vecRegs("X", 8)...),
	flags: []string{"FLAGS"},
}

func init() {
	amd64Obj.step = func(m *mach) { x86Step(m, 8) }
	x86Obj32.step = func(m *mach) { x86Step(m, 4) }
}

func vecRegs(prefix string, n int) []string {
	var rs []string
	for i := range n {
		rs = append(rs, prefix+strconv.Itoa(i))
	}
	return rs
}

var (
	x86GP   = set("AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15")
	x86Byte = map[string]string{"AL": "AX", "BL": "BX", "CL": "CX", "DL": "DX", "AH": "AX", "BH": "BX", "CH": "CX", "DH": "DX", "SIB": "SI", "DIB": "DI", "BPB": "BP", "SPB": "SP"}
	x86RB   = regexp.MustCompile(`^R(8|9|1[0-5])B$`)
	x86Vec  = regexp.MustCompile(`^[XYZ]([0-9]|[12][0-9]|3[01])$`)
	x86Jcc  = set("JE", "JNE", "JL", "JLE", "JG", "JGE", "JB", "JBE", "JA", "JAE", "JS", "JNS", "JO", "JNO", "JP", "JNP")
	// Branches on CX (ECX, RCX): JCXZ, and LOOP, which decrements it
	// first; LOOPE and LOOPNE branch on the zero flag too.
	x86CXBranch = set("JCXZ", "JECXZ", "JRCXZ", "LOOP", "LOOPE", "LOOPNE")
	x86Cc       = `(E|NE|L|LE|G|GE|B|BE|A|AE|S|NS|O|NO|P|NP)`
	x86Setcc    = regexp.MustCompile(`^SET` + x86Cc + `$`)
	x86Cmov     = regexp.MustCompile(`^CMOV[QLW]?` + x86Cc + `$`)
	x86Mem      = regexp.MustCompile(`^(?:(FS|GS):)?(-?(?:0x[0-9a-f]+|[0-9]+))?(?:\(([A-Z0-9]+)\))?(?:\(([A-Z0-9]+)\*[1248]\))?$`)
	// dst = dst op src, flags from the result.
	x86ALU = set("ADD", "SUB", "AND", "OR", "XOR", "IMUL", "SHL", "SHR", "SAR", "ROL", "ROR")
	// the same, reading the carry flag too.
	x86ALUCarry = set("ADC", "SBB", "RCL", "RCR")
	x86Unary    = set("NEG", "NOT", "INC", "DEC", "BSWAP")
	// Those that may leave some flags as they were: a shift or a rotate
	// by a zero count keeps them all, ROL and ROR keep all but CF and OF,
	// INC and DEC keep CF, and IMUL leaves SF and ZF undefined.
	x86KeepsFlags = set("SHL", "SHR", "SAR", "ROL", "ROR", "INC", "DEC", "IMUL")
	x86Test       = set("CMP", "TEST", "BT")
	x86Width      = map[byte]int{'Q': 8, 'L': 4, 'W': 2, 'B': 1}
	x86Sized      = set("MOV", "LEA", "PUSH", "POP", "XCHG") // and the classes above: a width suffix follows
	x86Zeroing    = set("XORPS", "XORPD", "PXOR")
)

// x86ObjTable is every opcode the x86 model knows, as the table that
// TestX86ObjTable tests row by row: the classes above (by their name
// without the width suffix Q, L, W or B), the conditions, and those the
// step names itself. Any other fails closed.
func x86ObjTable() map[string]bool {
	t := set("NOP", "NOPL", "NOPW", "RET", "JMP", "CALL", "MOVZX", "MOVSX", "MOVSXD", "MOVUPS", "MOVOU", "MOVDQU", "MOVAPS")
	for _, c := range []map[string]bool{x86Jcc, x86CXBranch, x86ALU, x86ALUCarry, x86Unary, x86Test, x86Sized, x86Zeroing} {
		for op := range c {
			t[op] = true
		}
	}
	for _, cc := range strings.Split(strings.Trim(x86Cc, "()"), "|") {
		t["SET"+cc], t["CMOV"+cc] = true, true
	}
	return t
}

// x86Reg returns a register's location, and whether a write to it as
// named leaves the rest of the register as it was.
func x86Reg(r string) (loc string, partial, ok bool) {
	switch {
	case x86GP[r]:
		return r, false, true
	case x86Byte[r] != "":
		return x86Byte[r], true, true
	case x86RB.MatchString(r):
		return strings.TrimSuffix(r, "B"), true, true
	case x86Vec.MatchString(r):
		return "X" + r[1:], false, true
	}
	return "", false, false
}

// x86Operand is one parsed operand.
type x86Operand struct {
	imm  bool
	reg  string // location
	part bool   // reg is written in part
	mem  *memRef
	sym  string // sym(SB) as a branch target
}

func x86Parse(s string) (x86Operand, bool) {
	if strings.HasPrefix(s, "$") {
		return x86Operand{imm: true}, true
	}
	if loc, part, ok := x86Reg(s); ok {
		return x86Operand{reg: loc, part: part}, true
	}
	if strings.HasSuffix(s, "(SB)") {
		return x86Operand{mem: &memRef{global: true}, sym: strings.TrimSuffix(s, "(SB)")}, true
	}
	if strings.HasSuffix(s, "(IP)") {
		return x86Operand{mem: &memRef{global: true}}, true
	}
	p := x86Mem.FindStringSubmatch(s)
	if p == nil || p[2] == "" && p[3] == "" {
		return x86Operand{}, false
	}
	x := &memRef{global: p[1] != "" || p[3] == ""} // thread-local or absolute
	if p[2] != "" {
		d, err := strconv.ParseInt(strings.Replace(p[2], "0x", "", 1), 16, 64)
		if !strings.Contains(p[2], "0x") {
			d, err = strconv.ParseInt(p[2], 10, 64)
		}
		if err != nil {
			return x86Operand{}, false
		}
		x.disp = d
	}
	for i, r := range []string{p[3], p[4]} {
		if r == "" {
			continue
		}
		loc, _, ok := x86Reg(r)
		if !ok {
			return x86Operand{}, false
		}
		if i == 0 {
			x.base = loc
		} else {
			x.index = loc
		}
	}
	return x86Operand{mem: x}, true
}

// x86Target parses a branch target: an absolute address or a symbol.
func x86Target(s string) (addr uint64, sym string, ok bool) {
	if strings.HasSuffix(s, "(SB)") && !strings.Contains(s, "+") {
		return 0, strings.TrimSuffix(s, "(SB)"), true
	}
	a, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	return a, "", err == nil && strings.HasPrefix(s, "0x")
}

func x86Step(m *mach, ptr int) {
	in := m.in
	op, args := in.Op, in.Args
	ops := make([]x86Operand, len(args))
	for i, a := range args {
		o, ok := x86Parse(a)
		if !ok && !strings.HasPrefix(op, "J") && !x86CXBranch[op] && op != "CALL" {
			m.find("operand %s not modelled (fail closed)", a)
			return
		}
		ops[i] = o
	}
	// read returns an operand's level; w is the width of a memory read.
	read := func(o x86Operand, w int) level {
		switch {
		case o.imm:
			return static
		case o.mem != nil:
			return m.load(*o.mem, w)
		}
		return m.reg(o.reg)
	}
	// write sets an operand; partial widths keep the rest of a register.
	write := func(o x86Operand, w int, l level) {
		switch {
		case o.mem != nil:
			m.store(*o.mem, w, l)
		case o.imm:
			m.unmodelled()
		case o.part || w < 4:
			m.merge(o.reg, l)
		default:
			m.set(o.reg, l)
		}
	}
	flags := func(l level) { m.set("FLAGS", l) }
	// The operation without its width suffix, and the width.
	base, w := op, ptr
	if n := len(op); n >= 3 {
		if ww, ok := x86Width[op[n-1]]; ok && (x86ALU[op[:n-1]] || x86ALUCarry[op[:n-1]] || x86Unary[op[:n-1]] || x86Test[op[:n-1]] ||
			x86Sized[op[:n-1]]) {
			base, w = op[:n-1], ww
		}
	}
	n := len(args)
	switch {
	case base == "NOP" || base == "NOPL" || base == "NOPW":
	case op == "RET" && n == 0:
		m.ret()
	case op == "JMP" && n == 1, x86Jcc[op] && n == 1:
		addr, sym, ok := x86Target(args[0])
		switch {
		case !ok:
			m.indirect()
		case sym != "" && op == "JMP":
			m.tail(sym)
		case sym != "":
			m.find("conditional jump to another function (not modelled)")
		case op == "JMP":
			m.jump(addr)
		default:
			m.branch(m.reg("FLAGS"), "flags", addr)
		}
	case x86CXBranch[op] && n == 1:
		addr, sym, ok := x86Target(args[0])
		if !ok || sym != "" {
			m.find("branch target %s not modelled (fail closed)", args[0])
			return
		}
		on, what := m.reg("CX"), "CX"
		if op == "LOOPE" || op == "LOOPNE" {
			on, what = max(on, m.reg("FLAGS")), "CX or flags"
		}
		m.branch(on, what, addr)
	case op == "CALL" && n == 1:
		if _, sym, ok := x86Target(args[0]); ok && sym != "" {
			m.call(sym)
			if strings.HasSuffix(sym, ".abi0") && ptr == 8 {
				m.set("R14", secret) // ABI0 functions may clobber g's register
			}
		} else {
			m.indirect()
		}
	case base == "PUSH" && n == 1:
		l := read(ops[0], w)
		m.moveSP(-int64(w))
		m.store(memRef{base: "SP"}, w, l)
	case base == "POP" && n == 1:
		l := m.load(memRef{base: "SP"}, w)
		m.moveSP(int64(w))
		write(ops[0], w, l)
	case (base == "ADD" || base == "SUB") && n == 2 && ops[1].reg == "SP" && ops[0].imm:
		d, err := strconv.ParseInt(strings.Replace(strings.TrimPrefix(args[0], "$"), "0x", "", 1), 16, 64)
		if err != nil || !strings.Contains(args[0], "0x") {
			m.unmodelled()
			return
		}
		if base == "SUB" {
			d = -d
		}
		m.moveSP(d)
		flags(public)
	case base == "MOV" && n == 2:
		write(ops[1], w, read(ops[0], w))
	case (op == "MOVZX" || op == "MOVSX") && n == 2 && ops[1].reg != "":
		write(ops[1], ptr, read(ops[0], 2)) // a byte or a word: read both
	case op == "MOVSXD" && n == 2 && ops[1].reg != "":
		write(ops[1], 8, read(ops[0], 4))
	case (op == "MOVUPS" || op == "MOVOU" || op == "MOVDQU" || op == "MOVAPS") && n == 2:
		write(ops[1], 16, read(ops[0], 16))
	case x86Zeroing[op] && n == 2 && ops[0].reg != "" && ops[0].reg == ops[1].reg:
		write(ops[1], 16, static)
	case base == "XCHG" && n == 2 && ops[0].reg != "" && ops[1].reg != "":
		a, b := m.reg(ops[0].reg), m.reg(ops[1].reg)
		write(ops[0], w, b)
		write(ops[1], w, a)
	case base == "LEA" && n == 2 && ops[0].mem != nil:
		write(ops[1], w, m.address(*ops[0].mem))
	case (base == "XOR" || base == "SUB") && n == 2 && ops[0].reg != "" && ops[0].reg == ops[1].reg && !ops[0].part:
		write(ops[1], w, static) // the zeroing idiom
		flags(static)
	case x86ALU[base] && n == 2, x86ALUCarry[base] && n == 2:
		l := max(read(ops[0], w), read(ops[1], w))
		if x86ALUCarry[base] {
			l = max(l, m.reg("FLAGS"))
		}
		write(ops[1], w, l)
		if x86KeepsFlags[base] {
			flags(max(l, m.reg("FLAGS")))
		} else {
			flags(l)
		}
	case x86Unary[base] && n == 1:
		l := read(ops[0], w)
		write(ops[0], w, l)
		switch {
		case base == "NOT" || base == "BSWAP":
		case x86KeepsFlags[base]:
			flags(max(l, m.reg("FLAGS")))
		default:
			flags(l)
		}
	case base == "BT" && n == 2 && ops[1].mem != nil && ops[0].reg != "":
		// BT r, mem tests bit r of the bytes from mem on: r is part of
		// the address, as an index.
		x := *ops[1].mem
		if x.index != "" {
			m.unmodelled()
			return
		}
		x.index = ops[0].reg
		flags(max(m.load(x, w), m.reg(ops[0].reg)))
	case x86Test[base] && n == 2:
		flags(max(read(ops[0], w), read(ops[1], w)))
	case x86Setcc.MatchString(op) && n == 1:
		write(ops[0], 1, m.reg("FLAGS"))
	case x86Cmov.MatchString(op) && n == 2 && ops[1].reg != "":
		write(ops[1], ptr, maxLevel(read(ops[0], ptr), m.reg(ops[1].reg), m.reg("FLAGS")))
	default:
		m.unmodelled()
	}
}
