package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// loong64 as go tool objdump prints it: Go syntax, no flags (branches
// compare registers), BEQ R, N(PC) for BEQZ, and "Unknown" before some
// instructions the disassembler names but does not print in Go syntax.
// Branch targets are decoded from the encoding, as on riscv64 and s390x.

var loong64Obj = &binArch{
	ptrSize: 8, fixedFrame: 8, sp: "R3", g: "R22", gInABI0: true,
	argRegs: numbered("R", 4, 19),
	// R2 is the thread pointer, R3 the stack pointer and R22 g. R1, the
	// link register, a call overwrites.
	regs: append(append(append([]string{"R1"}, numbered("R", 4, 21)...), numbered("R", 23, 31)...), numbered("F", 0, 31)...),
	step: loong64ObjStep,
}

var (
	loong64ObjReg   = regexp.MustCompile(`^[RF]([0-9]|[12][0-9]|3[01])$`)
	loong64ObjWidth = map[string]int{"MOVV": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "MOVD": 8, "MOVF": 4}
	// dst = f(sources); two operands: dst op= src.
	loong64ObjALU = set("ADDV", "SUBV", "ADD", "SUB", "AND", "OR", "XOR", "NOR", "ANDN", "ORN", "SLLV", "SRLV", "SRAV", "ROTRV",
		"SLL", "SRL", "SRA", "MULV", "MUL", "SGT", "SGTU", "MASKEQZ", "MASKNEZ", "NEGV", "NEGW", "ADDU16I.D", "ALSLV")
	loong64ObjDiv = set("DIVV", "DIVVU", "REMV", "REMVU", "DIV", "DIVU", "REM", "REMU")
	loong64ObjB2  = set("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU")
)

// loong64ObjTable is every opcode the loong64 model knows, as the table
// that TestLOONG64ObjTable tests row by row. Any other fails closed.
func loong64ObjTable() map[string]bool {
	t := set("NOOP", "NOP", "RET", "JMP", "CALL", "BEQ", "BNE", "LU12IW", "LU32ID", "LU52ID", "PCALAU12I", "PCADDU12I",
		"BSTRPICKV", "BSTRPICKW")
	for _, c := range []map[string]bool{loong64ObjALU, loong64ObjDiv, loong64ObjB2} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range loong64ObjWidth {
		t[op] = true
	}
	return t
}

func loong64ObjRegName(r string) (string, bool) {
	if loong64ObjReg.MatchString(r) {
		return r, true
	}
	return "", false
}

// loong64ObjTarget decodes a branch's target from its encoding: offs16
// in bits 25:10 (BEQ ... BGEU), offs21 with its high bits in 4:0 (BEQZ,
// BNEZ), offs26 with its high bits in 9:0 (B, BL), all in words.
func loong64ObjTarget(in *BinInstr) (uint64, bool) {
	v, err := strconv.ParseUint(in.Hex, 16, 32)
	if err != nil || len(in.Hex) != 8 {
		return 0, false
	}
	lo := v >> 10 & 0xffff
	var off int64
	switch op := v >> 26; {
	case op >= 0x16 && op <= 0x1b:
		off = int64(int16(lo))
	case op == 0x10 || op == 0x11:
		off = int64((lo|(v&0x1f)<<16)<<43) >> 43
	case op == 0x14 || op == 0x15:
		off = int64((lo|(v&0x3ff)<<16)<<38) >> 38
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + 4*off), true
}

func loong64ObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: loong64ObjRegName, zero: "R0"}
	op, args := in.Op, in.Args
	if op == "Unknown" && len(args) > 0 {
		// "Unknown ADDU16I.D $-1, R11, R9": the name comes first.
		name, rest, _ := strings.Cut(args[0], " ")
		op, args = name, append([]string{strings.TrimSpace(rest)}, args[1:]...)
	}
	n := len(args)
	target := func() uint64 {
		t, ok := loong64ObjTarget(in)
		if !ok {
			m.find("branch target not decoded (fail closed)")
		}
		return t
	}
	ok := true
	switch {
	case op == "NOOP" || op == "NOP":
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
	case op == "CALL" && n == 1:
		if sym, isSym := symbol(args[0]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case (op == "BEQ" || op == "BNE") && n == 2: // BEQZ, BNEZ
		l, isReg := r.read(args[0])
		ok = isReg
		m.branch(l, args[0], target())
	case loong64ObjB2[op] && n == 3:
		l, isReg := r.reads(args[0], args[1])
		ok = isReg
		m.branch(l, args[0]+", "+args[1], target())
	case (op == "LU12IW" || op == "LU32ID" || op == "LU52ID" || op == "PCALAU12I" || op == "PCADDU12I") && n == 2 && isImmediate(args[0]):
		ok = r.write(args[1], static) // a constant, or an address in the program
	case loong64ObjWidth[op] != 0 && n == 1: // MOVBU R5: R5 = R5 & 0xff
		l, isReg := r.read(args[0])
		ok = isReg && r.write(args[0], l)
	case loong64ObjWidth[op] != 0 && n == 2:
		ok = riscvObjMove(m, r, loong64ObjWidth[op], args)
	case loong64ObjALU[op] && (n == 2 || n == 3):
		srcs := args
		if n == 3 || op == "NEGV" || op == "NEGW" {
			srcs = args[:n-1]
		}
		l, isReg := r.reads(srcs...)
		if (op == "XOR" || op == "SUBV") && n == 3 && args[0] == args[1] {
			l = static // the zeroing idiom
		}
		if args[n-1] == "R3" { // the frame: ADDV $n, R3[, R3]
			v, isImm := parseInt(args[0])
			if op != "ADDV" || !isImm || n == 3 && args[1] != "R3" {
				ok = false
				break
			}
			m.moveSP(v)
			break
		}
		ok = isReg && r.write(args[n-1], l)
	case (op == "BSTRPICKV" || op == "BSTRPICKW") && n == 4 && isImmediate(args[0]) && isImmediate(args[2]):
		// BSTRPICKV $msb, src, $lsb, dst: a bit field of src, which Go
		// 1.24 emits for zero extensions.
		l, isReg := r.read(args[1])
		ok = isReg && r.write(args[3], l)
	case loong64ObjDiv[op] && n == 3:
		ok = r.divide(m, args[2], args[:2]...)
	default:
		ok = false
	}
	if !ok {
		m.unmodelled()
	}
}
