package ctcheck

import (
	"regexp"
	"strings"
)

// 32-bit arm as go tool objdump prints it: Go syntax, absolute branch
// targets, suffixes for flags (.S), writeback (.W, .P) and conditional
// execution (.EQ ...), and the program counter R15 as the base of literal
// pool loads. Arguments go on the stack.

var armObj = &binArch{
	ptrSize: 4, fixedFrame: 4, sp: "R13", g: "R10", gInABI0: true,
	// R10 is g; R14 is the link register, which a call overwrites.
	regs:  append(append(numbered("R", 0, 9), "R11", "R12", "R14"), numbered("F", 0, 15)...),
	flags: []string{"FLAGS"},
	step:  armObjStep,
}

var (
	armObjGP    = regexp.MustCompile(`^R([0-9]|1[0-5])$`)
	armObjFP    = regexp.MustCompile(`^F([0-9]|1[0-5])$`)
	armObjShift = regexp.MustCompile(`^(R[0-9]+)(<<|>>|->|@>)(\$[0-9]+|R[0-9]+)$`)
	armObjCond  = set("EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE")
	armObjWidth = map[string]int{"MOVW": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1}
	armObjALU   = set("ADD", "SUB", "RSB", "AND", "ORR", "EOR", "BIC", "MUL", "LSL", "LSR", "ASR", "ROR", "MVN")
	armObjCarry = set("ADC", "SBC", "RSC")
	armObjTest  = set("CMP", "CMN", "TST", "TEQ")
)

// armObjTable is every opcode the arm model knows (without its .S, .W,
// .P and condition suffixes), as the table that TestARMObjTable tests row
// by row. Any other fails closed.
func armObjTable() map[string]bool {
	t := set("B", "BL", "RET")
	for _, c := range []map[string]bool{armObjALU, armObjCarry, armObjTest} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range armObjWidth {
		t[op] = true
	}
	return t
}

// armObjReg names a register; a shifted register names the register
// shifted (the shift by a register is read by armObjRead).
func armObjReg(r string) (string, bool) {
	if p := armObjShift.FindStringSubmatch(r); p != nil {
		r = p[1]
	}
	if armObjGP.MatchString(r) || armObjFP.MatchString(r) {
		return r, true
	}
	return "", false
}

// armObjRead returns an operand's level, with the shift register of
// R1<<R2.
func armObjRead(r risc, s string) (level, bool) {
	l, ok := r.read(s)
	if p := armObjShift.FindStringSubmatch(s); ok && p != nil && strings.HasPrefix(p[3], "R") {
		sl, sok := r.read(p[3])
		return max(l, sl), sok
	}
	return l, ok
}

func armObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: armObjReg}
	parts := strings.Split(in.Op, ".")
	op := parts[0]
	var setFlags, cond bool
	var wb string // W or P
	for _, p := range parts[1:] {
		switch {
		case p == "S":
			setFlags = true
		case p == "W" || p == "P":
			wb = p
		case armObjCond[p]:
			cond = true
		default:
			m.unmodelled()
			return
		}
	}
	args := in.Args
	n := len(args)
	flags := m.reg("FLAGS")
	// A conditional instruction writes its old value or its new one: as a
	// CSEL, the result depends on the flags too.
	write := func(s string, l level) bool {
		if cond {
			l = maxLevel(l, flags, m.reg(mustLoc(r, s)))
		}
		return r.write(s, l)
	}
	ok := true
	switch {
	case op == "B" && n == 1:
		t, isAddr := absolute(args[0])
		sym, isSym := symbol(args[0])
		switch {
		case isAddr && cond:
			m.branch(flags, "flags", t)
		case isAddr:
			m.jump(t)
		case isSym && !cond:
			m.tail(sym)
		default:
			m.indirect()
		}
	case op == "BL" && n == 1 && !cond:
		if sym, isSym := symbol(args[0]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case op == "RET" && !cond && (n == 0 || n == 1 && strings.HasPrefix(args[0], "#")):
		m.ret() // RET #n also pops the frame: nothing runs after it here
	case cond && (armObjWidth[op] != 0 && (isMemOperand(args[0]) || isMemOperand(args[n-1]))):
		if flags == secret {
			m.find("memory access under a secret condition")
		}
		ok = armObjMove(m, r, op, wb, cond, args, write)
	case armObjWidth[op] != 0 && n == 2:
		ok = armObjMove(m, r, op, wb, cond, args, write)
	case armObjTest[op] && n == 2 && !cond:
		l1, ok1 := armObjRead(r, args[0])
		l2, ok2 := armObjRead(r, args[1])
		ok = ok1 && ok2
		m.set("FLAGS", max(l1, l2))
	case (armObjALU[op] || armObjCarry[op]) && (n == 2 || n == 3) && wb == "":
		srcs := args
		if n == 3 {
			srcs = args[:2]
		}
		l := static
		for _, s := range srcs {
			sl, sok := armObjRead(r, s)
			ok = ok && sok
			l = max(l, sl)
		}
		if (op == "EOR" || op == "SUB") && n == 3 && args[0] == args[1] && armObjGP.MatchString(args[0]) {
			l = static // the zeroing idiom
		}
		if armObjCarry[op] {
			l = max(l, flags)
		}
		dst := args[n-1]
		if dst == "R13" { // the frame: ADD/SUB $n, R13[, R13]
			v, isImm := parseInt(args[0])
			if !isImm || !strings.HasPrefix(args[0], "$") || n == 3 && args[1] != "R13" || op != "ADD" && op != "SUB" || cond || setFlags {
				ok = false
				break
			}
			if op == "SUB" {
				v = -v
			}
			m.moveSP(v)
			break
		}
		ok = ok && write(dst, l)
		if setFlags && cond {
			m.set("FLAGS", max(l, flags))
		} else if setFlags {
			m.set("FLAGS", l)
		}
	default:
		ok = false
	}
	if !ok {
		m.unmodelled()
	}
}

// armObjMove runs a load, a store or a register move, with .W (the base
// moves first) or .P (after); write sets a register, as a conditional
// instruction does if cond.
func armObjMove(m *mach, r risc, op, wb string, cond bool, args []string, write func(string, level) bool) bool {
	w := armObjWidth[op]
	mem := func(s string) (memRef, bool) {
		x, ok := parseMem(s, func(reg string) (string, bool) {
			if reg == "R15" {
				return "R15", true
			}
			return armObjReg(reg)
		}, "")
		if x.base == "R15" && x.index == "" {
			x = memRef{global: true} // the literal pool, by the program counter
		}
		if wb != "" && (x.index != "" || x.global) {
			return x, false
		}
		access := x
		if wb == "W" && x.base == m.a.sp {
			m.moveSP(x.disp)
		}
		if wb != "" {
			access.disp = 0
		}
		return access, ok
	}
	post := func(s string) {
		if x, _ := r.mem(s); wb == "P" && x.base == m.a.sp {
			m.moveSP(x.disp)
		}
	}
	switch {
	case isMemOperand(args[0]) && !isMemOperand(args[1]):
		x, ok := mem(args[0])
		if !ok {
			return false
		}
		l := m.load(x, w)
		post(args[0])
		return write(args[1], l)
	case isMemOperand(args[1]) && !isMemOperand(args[0]):
		l, ok := armObjRead(r, args[0])
		x, mok := mem(args[1])
		if !ok || !mok {
			return false
		}
		if cond {
			// A conditional store keeps the old value or writes the new.
			l = maxLevel(l, m.load(x, w), m.reg("FLAGS"))
		}
		m.store(x, w, l)
		post(args[1])
		return true
	case wb == "":
		l, ok := armObjRead(r, args[0])
		return ok && write(args[1], l)
	}
	return false
}
