package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// s390x as go tool objdump prints it: Go syntax mostly, targets N(PC) in
// halfwords, R0 as a base or index meaning zero, and several instructions
// under the name of others: LAY (an address) and LARL print as MOVD, like
// a load, so the encoding decides; XG R1, mem prints as XOR R1, (mem),
// the register first and also the destination.

var s390xObj = &binArch{
	ptrSize: 8, fixedFrame: 8, sp: "R15", g: "R13", gInABI0: true,
	argRegs: numbered("R", 2, 9),
	// R13 is g and R15 the stack pointer; R14, the link register, a call
	// overwrites.
	regs:  append(append(numbered("R", 0, 12), "R14"), numbered("F", 0, 15)...),
	flags: []string{"FLAGS"},
	// Go 1.24 and 1.25 pass the arguments on the stack: the register ABI
	// came in Go 1.26.
	regABISince: "go1.26",
	step:        s390xObjStep,
}

var (
	s390xObjReg   = regexp.MustCompile(`^[RF]([0-9]|1[0-5])$`)
	s390xObjWidth = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWZ": 4, "MOVH": 2, "MOVHZ": 2, "MOVB": 1, "MOVBZ": 1, "FMOVD": 8, "FMOVS": 4}
	// op src[, src], dst.
	s390xObjALU = set("ADD", "SUB", "AND", "OR", "XOR", "NEG", "MULLD", "ADDW", "SUBW", "ANDW", "ORW", "XORW", "NEGW",
		"SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLL", "RLLG", "RISBGZ", "RISBG", "RISBGN", "NOT")
	s390xObjShift = set("SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLL", "RLLG")
	s390xObjCmp   = set("CMP", "CMPU", "CMPW", "CMPWU")
	// compare and branch: op a, b, target; op mask, a, imm, target.
	s390xObjCmpB = regexp.MustCompile(`^CMPU?B(EQ|NE|LT|LE|GT|GE)$`)
	s390xObjBcc  = set("BEQ", "BNE", "BLT", "BLE", "BGT", "BGE", "BLTU", "BLEU", "BGTU", "BGEU", "BVS", "BVC")
	s390xObjCmov = regexp.MustCompile(`^MOVD(EQ|NE|LT|LE|GT|GE)$`)
	s390xObjDiv  = set("DIVD", "DIVDU", "DIVW", "DIVWU", "MODD", "MODDU", "MODW", "MODWU")
	// The loads and stores whose printed form says what they do, by the
	// last byte of their RXY encoding (e3 .. op): LG, LGF, LLGF, LGH,
	// LLGH, LGB, LLGC; STG, STY, STHY, STCY. Others print like them.
	// XG, OG, NG, AG, SG: R1 = R1 op mem, printed op R1, mem.
	s390xObjRMW = set("82", "81", "80", "08", "09")
	s390xObjMem = map[string]int{"04": 8, "14": 4, "16": 4, "15": 2, "91": 2, "77": 1, "90": 1, "24": 8, "50": 4, "70": 2, "72": 1}
)

// s390xObjTable is every opcode the s390x model knows, as the table that
// TestS390XObjTable tests row by row; several are modelled only with the
// encodings named in the step. Any other fails closed.
func s390xObjTable() map[string]bool {
	t := set("NOPH", "NOP", "RET", "BR", "JMP", "CALL", "BRC", "CIJ", "CLIJ", "CGIJ", "CLGIJ", "LARL", "STMG", "MVGHI", "STC")
	for _, c := range []map[string]bool{s390xObjALU, s390xObjShift, s390xObjCmp, s390xObjBcc, s390xObjDiv} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range s390xObjWidth {
		t[op] = true
	}
	for _, cc := range strings.Fields("EQ NE LT LE GT GE") {
		t["CMPB"+cc], t["CMPUB"+cc], t["MOVD"+cc] = true, true, true
	}
	return t
}

// s390xObjRegNum returns n for the general register Rn.
func s390xObjRegNum(r string) (int, bool) {
	if !strings.HasPrefix(r, "R") || !s390xObjReg.MatchString(r) {
		return 0, false
	}
	n, err := strconv.Atoi(r[1:])
	return n, err == nil
}

func s390xObjRegName(r string) (string, bool) {
	if s390xObjReg.MatchString(r) {
		return r, true
	}
	return "", false
}

// s390xObjOpcode returns the first byte of the encoding, and the last of a
// 6-byte one: e3 and 71 for LAY.
func s390xObjOpcode(in *BinInstr) (first, last string) {
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
// offset counts halfwords: 16 bits in bytes 2 and 3 of BRC (a7) and of
// the compare-and-branch family (ec), 32 bits in bytes 2 to 5 of BRCL and
// BRASL (c0).
func s390xObjTarget(in *BinInstr) (uint64, bool) {
	var off int64
	switch first, _ := s390xObjOpcode(in); {
	case (first == "a7" || first == "ec") && len(in.Hex) >= 8:
		v, err := strconv.ParseUint(in.Hex[4:8], 16, 16)
		if err != nil {
			return 0, false
		}
		off = int64(int16(v))
	case first == "c0" && len(in.Hex) == 12:
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

func s390xObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: s390xObjRegName}
	mem := func(s string) (memRef, bool) { return parseMem(s, s390xObjRegName, "R0") }
	op, args := in.Op, in.Args
	n := len(args)
	first, last := s390xObjOpcode(in)
	target := func(s string) uint64 {
		t, ok := s390xObjTarget(in)
		if !ok || !strings.HasSuffix(s, "(PC)") {
			m.find("branch target %s not decoded (fail closed)", s)
		}
		return t
	}
	ok := true
	switch {
	case op == "NOPH" || op == "NOP":
	case s390xObjVecInstr(m, &ok): // s390xvecobj.go
	case op == "RET" && n == 0:
		m.ret()
	case op == "JMP" && n == 1 && in.Hex == "07fe": // BR R14, as Go 1.24's disassembler prints it
		m.ret()
	case (op == "BR" || op == "JMP") && n == 1: // JMP: Go 1.24's name for BRC 15 and BRCL 15
		if sym, isSym := symbol(args[0]); isSym {
			m.tail(sym)
		} else if strings.HasSuffix(args[0], "(PC)") {
			m.jump(target(args[0]))
		} else {
			m.indirect()
		}
	case op == "CALL" && n == 1:
		if sym, isSym := symbol(args[0]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case s390xObjBcc[op] && n == 1:
		m.branch(m.reg("FLAGS"), "condition code", target(args[0]))
	case op == "BRC" && n == 2 && isImmediate(args[0]):
		m.branch(m.reg("FLAGS"), "condition code", target(args[1]))
	case s390xObjCmpB.MatchString(op) && n == 3:
		l, isReg := r.reads(args[0], args[1])
		ok = isReg
		m.branch(l, args[0]+", "+args[1], target(args[2]))
	case (op == "CIJ" || op == "CLIJ" || op == "CGIJ" || op == "CLGIJ") && n == 4:
		l, isReg := r.reads(args[0], args[1], args[2])
		ok = isReg
		m.branch(l, args[1], target(args[3]))
	case s390xObjCmp[op] && n == 2:
		l, isReg := r.reads(args...)
		ok = isReg
		m.set("FLAGS", l)
	case s390xObjCmov.MatchString(op) && n == 2:
		l, isReg := r.reads(args...)
		ok = isReg && r.write(args[1], max(l, m.reg("FLAGS")))
	case first == "e3" && last == "71" && op == "MOVD" && n == 2: // LAY
		x, isMem := mem(args[0])
		if !isMem {
			ok = false
			break
		}
		if args[1] == "R15" && x.base == "R15" && x.index == "" || args[1] == "R15" && x.index == "R15" && x.base == "" {
			m.moveSP(x.disp)
			break
		}
		ok = r.write(args[1], m.address(x))
	case first == "c0" && (op == "MOVD" || op == "LARL") && n == 2: // LARL, LGFI
		ok = r.write(args[1], static) // an address in the program, or a constant
	case first == "c4" && n == 2 && strings.HasSuffix(args[1], "(PC)"): // LGRL R, N(PC)
		ok = r.write(args[0], static) // a global's value
	case s390xObjWidth[op] != 0 && n == 2 && !isMemOperand(args[0]) && !isMemOperand(args[1]):
		ok = s390xObjMove(m, r, mem, s390xObjWidth[op], args)
	case s390xObjWidth[op] != 0 && n == 2 && first == "e3" && s390xObjMem[last] == s390xObjWidth[op]:
		ok = s390xObjMove(m, r, mem, s390xObjWidth[op], args)
	case (op == "XOR" || op == "OR" || op == "AND" || op == "ADD" || op == "SUB") && n == 2 && isMemOperand(args[1]) &&
		first == "e3" && s390xObjRMW[last]:
		// XG R1, mem: R1 = R1 op mem.
		x, isMem := mem(args[1])
		l, isReg := r.read(args[0])
		ok = isMem && isReg && r.write(args[0], max(l, m.load(x, 8)))
		if ok {
			m.set("FLAGS", m.reg(args[0]))
		}
	case (op == "XOR" || op == "OR" || op == "AND" || op == "ADD" || op == "SUB") && n == 2 && isMemOperand(args[0]) &&
		!isMemOperand(args[1]) && first == "e3" && s390xObjRMW[last]:
		// The same, as Go 1.25's disassembler prints it: op mem, R1.
		x, isMem := mem(args[0])
		l, isReg := r.read(args[1])
		ok = isMem && isReg && r.write(args[1], max(l, m.load(x, 8)))
		if ok {
			m.set("FLAGS", m.reg(args[1]))
		}
	case s390xObjShift[op] && n == 3 && isMemOperand(args[0]):
		// SRAD d(b), src, dst: the amount is d plus b, zero for R0.
		x, isMem := mem(args[0])
		l, isReg := r.read(args[1])
		ok = isMem && isReg && r.write(args[2], max(l, m.address(x)))
		if ok {
			m.set("FLAGS", m.reg(args[2]))
		}
	case s390xObjALU[op] && (n == 1 || n == 2 || n == 3 || op == "RISBGZ" && n == 5):
		srcs := args
		if n == 3 || n == 5 {
			srcs = args[:n-1]
		}
		if op == "NEG" && n == 2 || op == "NOT" && n == 2 {
			srcs = args[:1]
		}
		l, isReg := r.reads(srcs...)
		if (op == "XOR" || op == "XORW" || op == "SUB") && n == 2 && args[0] == args[1] {
			l = static // the zeroing idiom
		}
		dst := args[n-1]
		if dst == "R15" { // the frame: ADD $n, R15
			v, isImm := parseInt(args[0])
			if n != 2 || !isImm || op != "ADD" && op != "SUB" {
				ok = false
				break
			}
			if op == "SUB" {
				v = -v
			}
			m.moveSP(v)
			break
		}
		ok = isReg && r.write(dst, l)
		if op != "RISBGZ" && op != "RISBG" && op != "RISBGN" {
			m.set("FLAGS", l)
		}
	case op == "STMG" && n == 3 && first == "eb" && last == "24":
		// STMG Ra, Rb, mem: Ra, Ra+1, ... Rb to consecutive doublewords.
		x, isMem := mem(args[2])
		lo, okLo := s390xObjRegNum(args[0])
		hi, okHi := s390xObjRegNum(args[1])
		if !isMem || !okLo || !okHi || hi < lo {
			ok = false
			break
		}
		for i := lo; i <= hi; i++ {
			xi := x
			xi.disp += int64(8 * (i - lo))
			m.store(xi, 8, m.reg("R"+strconv.Itoa(i)))
		}
	case op == "MVGHI" && n == 2 && isMemOperand(args[0]) && isImmediate(args[1]):
		// MVGHI mem, $imm: a constant to a doubleword, which Go 1.24 emits.
		x, isMem := mem(args[0])
		ok = isMem
		if isMem {
			m.store(x, 8, static)
		}
	case op == "STC" && n == 2 && isMemOperand(args[1]) && !isMemOperand(args[0]):
		ok = s390xObjMove(m, r, mem, 1, args) // a byte store, as Go 1.24 prints MOVB
	case s390xObjDiv[op] && n == 2:
		ok = r.divide(m, args[1], args...) // DIVD R1, R2: R2 = R2 / R1
	case s390xObjDiv[op] && n == 3:
		ok = r.divide(m, args[2], args[:2]...)
	default:
		ok = false
	}
	if !ok {
		m.unmodelled()
	}
}

// s390xObjMove runs a load, a store or a register move.
func s390xObjMove(m *mach, r risc, mem func(string) (memRef, bool), w int, args []string) bool {
	switch {
	case isMemOperand(args[0]) && !isMemOperand(args[1]):
		x, ok := mem(args[0])
		return ok && r.write(args[1], m.load(x, w))
	case isMemOperand(args[1]) && !isMemOperand(args[0]):
		l, ok := r.read(args[0])
		x, mok := mem(args[1])
		if ok && mok {
			m.store(x, w, l)
		}
		return ok && mok
	}
	l, ok := r.read(args[0])
	return ok && r.write(args[1], l)
}
