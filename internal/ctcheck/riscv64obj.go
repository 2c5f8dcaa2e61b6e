package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// riscv64 as go tool objdump prints it: Go syntax, with compressed
// instructions among the 4-byte ones. The disassembler prints a branch's
// offset divided by 4 and rounded, which cannot name a 2-byte aligned
// target, so targets are decoded from the encoding instead.

var riscv64Obj = &binArch{
	ptrSize: 8, fixedFrame: 8, sp: "X2", g: "X27", gInABI0: true,
	argRegs: []string{"X10", "X11", "X12", "X13", "X14", "X15", "X16", "X17", "X8", "X9", "X18", "X19", "X20", "X21", "X22", "X23"},
	// X27 is g. X1 and X5 are link registers, which a call overwrites.
	regs: append(append([]string{"X1"}, numberedExcept("X", 5, 31, 27)...), numbered("F", 0, 31)...),
	step: riscv64ObjStep,
}

// numberedExcept is numbered without prefix+skip.
func numberedExcept(prefix string, lo, hi, skip int) []string {
	var rs []string
	for _, r := range numbered(prefix, lo, hi) {
		if r != prefix+strconv.Itoa(skip) {
			rs = append(rs, r)
		}
	}
	return rs
}

var (
	riscvObjReg   = regexp.MustCompile(`^[XF]([0-9]|[12][0-9]|3[01])$`)
	riscvObjWidth = map[string]int{"MOV": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(sources): register-register and register-immediate forms.
	riscvObjALU = set("ADD", "SUB", "AND", "OR", "XOR", "SLL", "SRL", "SRA", "SLT", "SLTU", "MUL", "MULH", "MULHU",
		"ADDW", "SUBW", "SLLW", "SRLW", "SRAW", "MULW",
		"ADDI", "ANDI", "ORI", "XORI", "SLLI", "SRLI", "SRAI", "SLTI", "SLTIU", "ADDIW", "SLLIW", "SRLIW", "SRAIW",
		"NEG", "NEGW", "NOT", "SEQZ", "SNEZ", "SLTZ", "SGTZ",
		// Zba and Zbb (GORISCV64=rva22u64 and later), but for the counts.
		"ADDUW", "SH1ADD", "SH2ADD", "SH3ADD", "SH1ADDUW", "SH2ADDUW", "SH3ADDUW", "SLLIUW", "ANDN", "ORN", "XNOR",
		"ZEXTH", "ZEXTW", "SEXTB", "SEXTH", "ROL", "ROR", "RORI", "ROLW", "RORW", "RORIW", "REV8", "ORCB")
	// The ALU operations with one source, op src, dst; no other is
	// modelled with two operands, where op src, dst would read dst too.
	riscvObjUnary = set("NEG", "NEGW", "NOT", "SEQZ", "SNEZ", "SLTZ", "SGTZ", "ZEXTH", "ZEXTW", "SEXTB", "SEXTH", "REV8", "ORCB")
	riscvObjDiv   = set("DIV", "DIVU", "REM", "REMU", "DIVW", "DIVUW", "REMW", "REMUW")
	// Branches on two registers, and on one against zero.
	riscvObjB2 = set("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGT", "BLE", "BGTU", "BLEU")
	riscvObjB1 = set("BEQZ", "BNEZ", "BLTZ", "BGEZ", "BLEZ", "BGTZ")
)

// riscv64ObjTable is every opcode the riscv64 model knows, as the table
// that TestRISCV64ObjTable tests row by row. Any other fails closed.
func riscv64ObjTable() map[string]bool {
	t := set("NOP", "RET", "JMP", "CALL", "JAL", "LUI", "AUIPC")
	for _, c := range []map[string]bool{riscvObjALU, riscvObjDiv, riscvObjB2, riscvObjB1} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range riscvObjWidth {
		t[op] = true
	}
	return t
}

func riscvObjRegName(r string) (string, bool) {
	if riscvObjReg.MatchString(r) {
		return r, true
	}
	return "", false
}

// riscvObjTarget decodes the target of the branch or jump at in from its
// encoding: B-type, J-type, C.J, C.BEQZ and C.BNEZ.
func riscvObjTarget(in *BinInstr) (uint64, bool) {
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

func riscv64ObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: riscvObjRegName, zero: "X0"}
	op, args := in.Op, in.Args
	n := len(args)
	target := func() uint64 {
		t, ok := riscvObjTarget(in)
		if !ok {
			m.find("branch target not decoded (fail closed)")
		}
		return t
	}
	ok := true
	switch {
	case op == "NOP":
	case op == "RET" && n == 0:
		m.ret()
	case op == "JMP" && n == 1:
		if sym, isSym := symbol(args[0]); isSym {
			m.tail(sym)
		} else if strings.HasSuffix(args[0], "(PC)") {
			m.jump(target())
		} else {
			m.indirect()
		}
	case op == "CALL" && n == 1, op == "JAL" && n == 2 && (args[0] == "X1" || args[0] == "X5"):
		if sym, isSym := symbol(args[n-1]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case riscvObjB2[op] && n == 3:
		l, isReg := r.reads(args[0], args[1])
		ok = isReg
		m.branch(l, args[0]+", "+args[1], target())
	case riscvObjB1[op] && n == 2:
		l, isReg := r.read(args[0])
		ok = isReg
		m.branch(l, args[0], target())
	case (op == "LUI" || op == "AUIPC") && n == 2 && isImmediate(args[0]):
		ok = r.write(args[1], static) // a constant, or an address in the program
	case riscvObjWidth[op] != 0 && n == 2:
		ok = riscvObjMove(m, r, riscvObjWidth[op], args)
	case riscvObjALU[op] && (n == 3 || n == 2 && riscvObjUnary[op]):
		srcs := args[:n-1]
		l, isReg := r.reads(srcs...)
		if (op == "XOR" || op == "SUB") && n == 3 && args[0] == args[1] {
			l = static // the zeroing idiom
		}
		if args[n-1] == "X2" { // the frame: ADDI $n, X2, X2
			v, isImm := parseInt(args[0])
			if op != "ADDI" || !isImm || args[1] != "X2" {
				ok = false
				break
			}
			m.moveSP(v)
			break
		}
		ok = isReg && r.write(args[n-1], l)
	case riscvObjDiv[op] && n == 3:
		ok = r.divide(m, args[2], args[:2]...)
	case strings.HasPrefix(op, "V"): // RVV: rvvobj.go
		ok = rvvObjStep(m, r, op, args)
	default:
		ok = false
	}
	if !ok {
		m.unmodelled()
	}
}

// riscvObjMove runs a load, a store or a register move.
func riscvObjMove(m *mach, r risc, w int, args []string) bool {
	switch {
	case isMemOperand(args[0]) && !isMemOperand(args[1]):
		x, ok := r.mem(args[0])
		return ok && r.write(args[1], m.load(x, w))
	case isMemOperand(args[1]) && !isMemOperand(args[0]):
		l, ok := r.read(args[0])
		x, mok := r.mem(args[1])
		if ok && mok {
			m.store(x, w, l)
		}
		return ok && mok
	}
	l, ok := r.read(args[0])
	return ok && r.write(args[1], l)
}
