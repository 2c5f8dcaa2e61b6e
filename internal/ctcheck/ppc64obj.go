package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// ppc64le as go tool objdump prints it: Go syntax without spaces after
// commas, sources first (ADD R5,$8,R12 is R12 = R5+8), absolute branch
// targets, condition register fields CR0 to CR7 and the carry bit CA as
// the flags.

var ppc64Obj = &binArch{
	ptrSize: 8, fixedFrame: 32, sp: "R1", g: "R30", gInABI0: true,
	argRegs: []string{"R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R14", "R15", "R16", "R17"},
	// R1 is the stack pointer, R2 the TOC, R13 the thread pointer and R30
	// g: preserved. LR and CTR a call may overwrite.
	regs:  append(append(append([]string{"R0"}, numbered("R", 3, 12)...), append(numbered("R", 14, 29), "R31", "LR", "CTR")...), numbered("F", 0, 31)...),
	flags: append(numbered("CR", 0, 7), "CA"),
	step:  ppc64ObjStep,
}

var (
	ppc64ObjReg   = regexp.MustCompile(`^(R([0-9]|[12][0-9]|3[01])|F([0-9]|[12][0-9]|3[01])|LR|CTR)$`)
	ppc64ObjCR    = regexp.MustCompile(`^CR[0-7]$`)
	ppc64ObjWidth = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWZ": 4, "MOVH": 2, "MOVHZ": 2, "MOVB": 1, "MOVBZ": 1, "FMOVD": 8, "FMOVS": 4}
	// dst = f(sources), the last operand the destination.
	ppc64ObjALU = set("ADD", "SUB", "AND", "OR", "XOR", "NOR", "ANDN", "ORN", "NAND", "EQV", "NEG", "MULLD", "MULLW",
		"SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLDICL", "RLDICR", "RLDIC", "RLWINM", "EXTSB", "EXTSH", "EXTSW", "ADDIS")
	// the same, setting CR0 from the result (the record forms).
	ppc64ObjALUCC = set("ANDCC", "ORCC", "XORCC", "ADDCC", "SUBCC", "NEGCC", "RLDICLCC", "RLWINMCC")
	// the same, setting the carry bit.
	ppc64ObjCarryOut = set("SUBC", "ADDC", "SUBFIC")
	// the same, reading it.
	ppc64ObjCarryIn = set("ADDE", "SUBE", "ADDZE", "SUBZE", "ADDME", "SUBME")
	ppc64ObjCmp     = set("CMP", "CMPU", "CMPW", "CMPWU")
	ppc64ObjBcc     = set("BLT", "BGT", "BEQ", "BNE", "BGE", "BLE", "BSO", "BNS")
	ppc64ObjDiv     = set("DIVD", "DIVDU", "DIVW", "DIVWU", "MODUD", "MODSD", "MODUW", "MODSW")
)

// ppc64ObjTable is every opcode the ppc64 model knows (the update forms
// of the loads and stores, MOVDU and the like, by their name without the
// U), as the table that TestPPC64ObjTable tests row by row. Any other
// fails closed.
func ppc64ObjTable() map[string]bool {
	t := set("NOP", "RET", "BR", "CALL", "ISEL", "SETBC", "SETBCR", "SETNBC", "SETNBCR")
	for _, c := range []map[string]bool{ppc64ObjALU, ppc64ObjALUCC, ppc64ObjCarryOut, ppc64ObjCarryIn, ppc64ObjCmp, ppc64ObjBcc, ppc64ObjDiv} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range ppc64ObjWidth {
		t[op] = true
	}
	return t
}

func ppc64ObjRegName(r string) (string, bool) {
	if ppc64ObjReg.MatchString(r) {
		return r, true
	}
	return "", false
}

func ppc64ObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: ppc64ObjRegName}
	op, args := in.Op, in.Args
	n := len(args)
	ok := true
	switch {
	case op == "NOP":
	case op == "RET" && n == 0:
		m.ret()
	case ppc64ObjVecInstr(m, &ok): // ppc64vecobj.go
	case op == "BR" && n == 1:
		if t, isAddr := absolute(args[0]); isAddr {
			m.jump(t)
		} else if sym, isSym := symbol(args[0]); isSym {
			m.tail(sym)
		} else {
			m.indirect()
		}
	case op == "CALL" && n == 1:
		if sym, isSym := symbol(args[0]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case ppc64ObjBcc[op] && (n == 1 || n == 2 && ppc64ObjCR.MatchString(args[0])):
		cr := "CR0"
		if n == 2 {
			cr = args[0]
		}
		t, isAddr := absolute(args[n-1])
		ok = isAddr
		m.branch(m.reg(cr), cr, t)
	case ppc64ObjCmp[op] && (n == 2 || n == 3 && ppc64ObjCR.MatchString(args[2])):
		cr := "CR0"
		if n == 3 {
			cr = args[2]
		}
		l, isReg := r.reads(args[0], args[1])
		ok = isReg
		m.set(cr, l)
	case op == "ISEL" && n == 4 && isImmediate(args[0]):
		// ISEL $bit, RA, RB, RT: RT = CR bit ? RA : RB, RA = R0 reading
		// zero. The bit is in CR0 to CR7, by fours.
		bit, _ := parseInt(args[0])
		l, isReg := r.reads(args[1], args[2])
		ok = isReg && bit >= 0 && bit < 32 && r.write(args[3], max(l, m.reg("CR"+strconv.Itoa(int(bit/4)))))
	case (op == "SETBC" || op == "SETBCR" || op == "SETNBC" || op == "SETNBCR") && n == 2: // GOPPC64=power10
		// SETBC EQ,RT or CRn EQ: RT = a bit of a condition register field.
		cr := "CR0"
		if ppc64ObjCR.MatchString(args[0][:min(3, len(args[0]))]) {
			cr = args[0][:3]
		}
		ok = r.write(args[1], m.reg(cr))
	case ppc64ObjWidth[strings.TrimSuffix(op, "U")] != 0 && n == 2:
		ok = ppc64ObjMove(m, r, op, args)
	case op == "ADDIS" && n == 3 && isImmediate(args[0]):
		ok = r.write(args[2], static) // ADDIS $0,$hi,RT: a constant or an address
	case (ppc64ObjALU[op] || ppc64ObjALUCC[op] || ppc64ObjCarryOut[op] || ppc64ObjCarryIn[op]) && n >= 2:
		dst := args[n-1]
		srcs := args[:n-1]
		if n == 2 && op != "NEG" && !strings.HasPrefix(op, "EXTS") {
			srcs = args // op src, dst: dst op= src
		}
		l, isReg := r.reads(srcs...)
		if (op == "XOR" || op == "SUB") && n == 3 && args[0] == args[1] {
			l = static // the zeroing idiom
		}
		if ppc64ObjCarryIn[op] {
			l = max(l, m.reg("CA"))
		}
		if dst == "R1" { // the frame: ADD R1,$n,R1
			v, isImm := parseInt(args[1])
			if op != "ADD" || n != 3 || args[0] != "R1" || !isImm {
				ok = false
				break
			}
			m.moveSP(v)
			break
		}
		ok = isReg && r.write(dst, l)
		if ppc64ObjALUCC[op] {
			m.set("CR0", l)
		}
		if ppc64ObjCarryOut[op] || ppc64ObjCarryIn[op] {
			m.set("CA", l)
		}
	case ppc64ObjDiv[op] && n == 3:
		ok = r.divide(m, args[2], args[:2]...)
	default:
		ok = false
	}
	if !ok {
		m.unmodelled()
	}
}

// ppc64ObjMove runs a load, a store or a register move. The update forms
// (MOVDU) move the base to the address first.
func ppc64ObjMove(m *mach, r risc, op string, args []string) bool {
	update := strings.HasSuffix(op, "U") // MOVDU, MOVBZU ...
	w := ppc64ObjWidth[strings.TrimSuffix(op, "U")]
	mem := func(s string) (memRef, bool) {
		x, ok := r.mem(s)
		if !update {
			return x, ok
		}
		if !ok || x.index != "" || x.global {
			return x, false
		}
		if x.base == m.a.sp {
			m.moveSP(x.disp)
		}
		x.disp = 0
		return x, true
	}
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
	case !update:
		l, ok := r.read(args[0])
		return ok && r.write(args[1], l)
	}
	return false
}
