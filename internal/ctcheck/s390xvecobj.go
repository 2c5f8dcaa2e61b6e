package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// The vector instructions of the s390x kernel, and the store and load of
// several registers, as go tool objdump prints them: VX V16, V8 is
// V8 ^= V16 (V1 = V2 op V3, printed with two operands where V1 is V3);
// VLM (R2), V8, V15 loads V8 to V15; VLL V8, R7, (R2) loads the bytes up
// to index R7 into V8, its destination first; VLGV R5, V0, 1(R0), $3 moves
// element 1 (the address's value) of size 8 ($3) of V0 to R5. V0 to V15
// overlay F0 to F15, and are those locations here.

func init() {
	// A call may overwrite the vector registers too.
	s390xObj.regs = append(s390xObj.regs, numbered("V", 16, 31)...)
}

var (
	s390xObjVR    = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)
	s390xObjVecOp = set("VX", "VO", "VN")
)

// s390xObjVecName names a register's location, the vector ones included.
func s390xObjVecName(r string) (string, bool) {
	if s390xObjVR.MatchString(r) {
		n, _ := strconv.Atoi(r[1:])
		if n < 16 {
			return "F" + strconv.Itoa(n), true
		}
		return r, true
	}
	return s390xObjRegName(r)
}

// s390xObjRegs returns the registers first to last, as STMG, LMG and VLM
// name them.
func s390xObjRegs(first, last string) ([]string, bool) {
	if len(first) < 2 || len(last) < 2 || first[0] != last[0] || first[0] != 'R' && first[0] != 'V' {
		return nil, false
	}
	a, err1 := strconv.Atoi(first[1:])
	b, err2 := strconv.Atoi(last[1:])
	if err1 != nil || err2 != nil || b < a || b-a > 15 {
		return nil, false
	}
	var regs []string
	for i := a; i <= b; i++ {
		regs = append(regs, first[:1]+strconv.Itoa(i))
	}
	return regs, true
}

// s390xObjVector runs one vector instruction, STMG, LMG or BRCTG. It
// reports whether in is one it knows, and whether its operands were
// understood.
func s390xObjVector(m *mach) (handled, ok bool) {
	in := m.in
	r := risc{m: m, reg: s390xObjVecName}
	mem := func(s string) (memRef, bool) { return parseMem(s, s390xObjVecName, "R0") }
	op, args := in.Op, in.Args
	n := len(args)
	switch {
	case op == "VZERO" && n == 1:
		ok = r.write(args[0], static)
	case op == "VL" && n == 2:
		x, isMem := mem(args[0])
		ok = isMem && r.write(args[1], m.load(x, 16))
	case op == "VLM" && n == 3:
		x, isMem := mem(args[0])
		regs, isRange := s390xObjRegs(args[1], args[2])
		ok = isMem && isRange
		if ok {
			l := m.load(x, 16*len(regs))
			for _, reg := range regs {
				ok = ok && r.write(reg, l)
			}
		}
	case op == "VLL" && n == 3: // VLL V, Rlen, mem
		x, isMem := mem(args[2])
		ln, isReg := r.read(args[1])
		if ln == secret {
			m.find("load length depends on secret %s", args[1])
		}
		ok = isMem && isReg && r.write(args[0], m.load(x, 16))
	case s390xObjVecOp[op] && (n == 2 || n == 3):
		l, isReg := r.reads(args...)
		if n == 3 {
			l, isReg = r.reads(args[0], args[1])
		}
		if op == "VX" && n == 3 && args[0] == args[1] {
			l = static
		}
		ok = isReg && r.write(args[n-1], l)
	case op == "VLGV" && n == 4 && isImmediate(args[3]): // VLGV R, V, index(B), $size
		x, isMem := mem(args[2])
		l, isReg := r.read(args[1])
		ok = isMem && isReg && r.write(args[0], max(l, m.address(x)))
	case (op == "STMG" || op == "LMG") && n == 3:
		x, isMem := mem(args[2])
		regs, isRange := s390xObjRegs(args[0], args[1])
		ok = isMem && isRange && strings.HasPrefix(args[0], "R")
		for i, reg := range regs {
			if !ok {
				break
			}
			slot := x
			slot.disp += 8 * int64(i)
			if op == "STMG" {
				l, isReg := r.read(reg)
				ok = isReg
				m.store(slot, 8, l)
			} else {
				ok = r.write(reg, m.load(slot, 8))
			}
		}
	case op == "BRCTG" && n == 2:
		// Decrement and branch if not zero.
		l, isReg := r.read(args[0])
		t, isAddr := s390xObjTarget(in)
		ok = isReg && isAddr && r.write(args[0], l)
		m.branch(l, args[0], t)
	default:
		return false, false
	}
	return true, ok
}

// s390xObjVecInstr is s390xObjVector as a case of s390xObjStep's switch:
// it reports whether it handled the instruction, and clears *ok where it
// did not understand its operands.
func s390xObjVecInstr(m *mach, ok *bool) bool {
	handled, understood := s390xObjVector(m)
	if handled && !understood {
		*ok = false
	}
	return handled
}
