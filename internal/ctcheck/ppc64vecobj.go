package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// The vector instructions of the VSX kernel, as go tool objdump prints
// them for ppc64le: the 64 VSX registers VS0 to VS63, of which VS32 and up
// are the vector registers V0 to V31 (VS0 to VS31 overlay F0 to F31), and
// BDNZ as BC $16,LT,target (decrement CTR, branch if it is not zero).
// Under GOPPC64=power10 the trampoline reads its flag with PLBZ, and the
// kernel's loop loads with LXVP and accumulates with XXEVAL.

func init() {
	// A call may overwrite the vector registers too.
	ppc64Obj.regs = append(ppc64Obj.regs, numbered("V", 0, 31)...)
}

var (
	ppc64ObjVR  = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)
	ppc64ObjVSR = regexp.MustCompile(`^VS([0-9]|[1-5][0-9]|6[0-3])$`)
	// dst = a op b, and a op a is the zeroing idiom for the XORs.
	ppc64ObjVecOp   = set("VXOR", "VOR", "VAND", "VNOR", "XXLOR", "XXLXOR", "XXLAND", "XXLNOR")
	ppc64ObjVecLoad = set("LXVD2X", "LXVW4X", "LXVB16X", "LXV")
	ppc64ObjVecMove = set("MFVSRD", "MFVSRLD", "MTVSRD", "MFVSRWZ")
)

// ppc64ObjVecName names a register's location, the vector ones included.
func ppc64ObjVecName(r string) (string, bool) {
	switch {
	case ppc64ObjVR.MatchString(r):
		return r, true
	case ppc64ObjVSR.MatchString(r):
		n, _ := strconv.Atoi(r[2:])
		if n >= 32 {
			return "V" + strconv.Itoa(n-32), true
		}
		return "F" + strconv.Itoa(n), true
	}
	return ppc64ObjRegName(r)
}

// ppc64ObjVector runs one vector instruction, or BDNZ. It reports whether
// in is one it knows, and whether its operands were understood.
func ppc64ObjVector(m *mach) (handled, ok bool) {
	r := risc{m: m, reg: ppc64ObjVecName}
	op, args := m.in.Op, m.in.Args
	n := len(args)
	switch {
	case ppc64ObjVecLoad[op] && n == 2 && isMemOperand(args[0]):
		x, isMem := r.mem(args[0])
		ok = isMem && r.write(args[1], m.load(x, 16))
	case op == "LXVP" && n == 2 && isMemOperand(args[0]): // POWER10: VSn and VSn+1
		x, isMem := r.mem(args[0])
		num, err := strconv.Atoi(strings.TrimPrefix(args[1], "VS"))
		ok = isMem && err == nil && num%2 == 0 && ppc64ObjVSR.MatchString(args[1])
		if ok {
			l := m.load(x, 32)
			ok = r.write(args[1], l) && r.write("VS"+strconv.Itoa(num+1), l)
		}
	case op == "XXEVAL" && n == 5 && isImmediate(args[3]): // POWER10: XA, XB, XC, $table, XT
		l, isReg := r.reads(args[0], args[1], args[2])
		ok = isReg && r.write(args[4], l)
	case ppc64ObjVecOp[op] && n == 3:
		l, isReg := r.reads(args[0], args[1])
		if (op == "VXOR" || op == "XXLXOR") && args[0] == args[1] {
			l = static
		}
		ok = isReg && r.write(args[2], l)
	case op == "VSLDOI" && n == 4 && isImmediate(args[2]): // VSLDOI VA,VB,$n,VT
		l, isReg := r.reads(args[0], args[1])
		ok = isReg && r.write(args[3], l)
	case ppc64ObjVecMove[op] && n == 2:
		l, isReg := r.read(args[0])
		ok = isReg && r.write(args[1], l)
	case (op == "PLBZ" || op == "PLWZ" || op == "PLD") && n == 3 && args[1] == "$1" && strings.HasSuffix(args[0], "(0)"):
		// GOPPC64=power10: a prefixed load relative to the program counter
		// ($1), of a global such as the trampoline's flag.
		ok = r.write(args[2], static)
	case op == "BC" && n == 3 && args[0] == "$16": // BDNZ
		t, isAddr := absolute(args[2])
		ok = isAddr
		m.branch(m.reg("CTR"), "CTR", t)
	default:
		return false, false
	}
	return true, ok
}

// ppc64ObjVecInstr is ppc64ObjVector as a case of ppc64ObjStep's switch:
// it reports whether it handled the instruction, and clears *ok where it
// did not understand its operands.
func ppc64ObjVecInstr(m *mach, ok *bool) bool {
	handled, understood := ppc64ObjVector(m)
	if handled && !understood {
		*ok = false
	}
	return handled
}
