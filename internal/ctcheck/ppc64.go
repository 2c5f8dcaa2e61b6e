package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// The source model of ppc64le assembly, as the Go assembler writes it:
// sources first, the destination last; the condition register fields CR0
// to CR7 are the flags, CR0 written by CMP and the record (CC) forms, CR6
// by the vector compares' record forms; CTR is the count register that
// BDNZ decrements and tests.

var ppc64 = &arch{step: ppc64Step}

var (
	ppc64GP  = regexp.MustCompile(`^R([0-9]|[12][0-9]|3[01])$`)
	ppc64VR  = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)
	ppc64VSR = regexp.MustCompile(`^VS([0-9]|[1-5][0-9]|6[0-3])$`)
	ppc64FR  = regexp.MustCompile(`^F([0-9]|[12][0-9]|3[01])$`)
	ppc64CR  = regexp.MustCompile(`^CR[0-7]$`)
	// CR0EQ, CR6LT ...: one bit of a field, as ISEL names it.
	ppc64CRBit = regexp.MustCompile(`^(CR[0-7])(LT|GT|EQ|SO)$`)
	ppc64Bcc   = set("BEQ", "BNE", "BLT", "BGE", "BGT", "BLE")

	ppc64Move = set("MOVD", "MOVW", "MOVWZ", "MOVH", "MOVHZ", "MOVB", "MOVBZ")
	// Vector loads and stores: op (RB)(RA), VS. No displacement.
	ppc64VecLoad  = set("LXVD2X", "LXVW4X", "LXVB16X", "LXVH8X", "LXV")
	ppc64VecStore = set("STXVD2X", "STXVW4X", "STXVB16X", "STXV")
	// dst = f(sources): op a, b, dst or op a, dst (dst op= a).
	ppc64Op = set("ADD", "SUB", "AND", "OR", "XOR", "NOR", "ANDN", "ORN", "NAND", "EQV", "MULLD", "MULLW",
		"SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW",
		"VXOR", "VOR", "VAND", "VNOR", "VANDC", "VORC", "XXLOR", "XXLXOR", "XXLAND", "XXLNOR")
	// One source: op a, dst.
	ppc64Unary = set("NEG", "CNTLZD", "CNTLZW", "POPCNTD", "EXTSB", "EXTSH", "EXTSW", "MFVSRD", "MFVSRLD", "MTVSRD", "MFVSRWZ")
	// The record forms set CR0 from the result.
	ppc64Record = set("ANDCC", "ORCC", "XORCC", "ADDCC", "SUBCC", "NEGCC", "ANDNCC")
	// Vector compares whose record form sets CR6.
	ppc64VecCmpCC = set("VCMPEQUBCC", "VCMPEQUDCC", "VCMPEQUWCC", "VCMPEQUHCC")
	ppc64Cmp      = set("CMP", "CMPU", "CMPW", "CMPWU")
	ppc64Zeroing  = set("XOR", "SUB", "VXOR", "XXLXOR", "ANDN", "VANDC")
	ppc64VarLat   = set("DIVD", "DIVDU", "DIVW", "DIVWU", "MODUD", "MODSD", "MODUW", "MODSW", "FDIV", "FSQRT")
	ppc64None     = set("NOP", "PCALIGN", "SYNC", "ISYNC", "LWSYNC")
)

// ppc64Reg names a register's location: VSn for n >= 32 is V(n-32), VSn
// below is Fn. CTR is a location of its own.
func ppc64Reg(r string) (loc string, partial, ok bool) {
	switch {
	case ppc64GP.MatchString(r), ppc64VR.MatchString(r), ppc64FR.MatchString(r), r == "CTR", r == "LR":
		return r, false, true
	case ppc64VSR.MatchString(r):
		n, _ := strconv.Atoi(r[2:])
		if n >= 32 {
			return "V" + strconv.Itoa(n-32), false, true
		}
		return "F" + strconv.Itoa(n), false, true
	}
	return "", false, false
}

func ppc64Step(in instr, st state) effect {
	m := &machine{st: st, reg: ppc64Reg}
	var e effect
	args := in.args
	op := in.op
	n := len(args)
	setCR := func(cr string, secret bool) {
		if secret {
			st[cr] = true
		} else {
			delete(st, cr)
		}
	}
	switch {
	case op == "RET" && n == 0:
		e.terminal = true
	case (op == "BR" || op == "JMP") && n == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
	case ppc64Bcc[op] && (n == 1 || n == 2 && ppc64CR.MatchString(args[0])):
		cr := "CR0"
		if n == 2 {
			cr = args[0]
		}
		e.branch, e.cond, e.target = true, true, args[n-1]
		if st[cr] {
			m.find("conditional branch on secret flags (%s)", cr)
		}
	case op == "BDNZ" && n == 1:
		e.branch, e.cond, e.target = true, true, args[0]
		if st["CTR"] {
			m.find("conditional branch on secret register CTR")
		}
	case ppc64None[op]:
	case ppc64Move[op] && n == 2:
		m.write(args[1], m.read(args[0]))
	case ppc64VecLoad[op] && n == 2 && isMem(args[0]):
		m.write(args[1], m.read(args[0]))
	case ppc64VecStore[op] && n == 2 && isMem(args[1]):
		m.read(args[0])
		m.address(args[1])
	case op == "LXVP" && n == 2 && isMem(args[0]):
		// POWER10: a pair of registers, VSn and VSn+1 (n even).
		secret := m.read(args[0])
		loc, _, ok := ppc64Reg(args[1])
		num, err := strconv.Atoi(strings.TrimPrefix(args[1], "VS"))
		if !ok || err != nil || num%2 != 0 || !ppc64VSR.MatchString(args[1]) {
			m.find("instruction not modelled (fail closed)")
			break
		}
		m.write(loc, secret)
		m.write("VS"+strconv.Itoa(num+1), secret)
	case op == "XXEVAL" && n == 5 && isImm(args[3]):
		// POWER10: any function of three registers, bit by bit.
		m.write(args[4], m.any(args[0], args[1], args[2]))
	case (op == "LXVL" || op == "LXVLL") && n == 3:
		// LXVL RA, RB, VS: RB's top byte is the length.
		if m.any(args[0], args[1]) {
			m.find("memory address depends on secret %s", strings.Join(args[:2], ", "))
		}
		m.write(args[2], true) // the inputs' bytes
	case ppc64Cmp[op] && (n == 2 || n == 3 && ppc64CR.MatchString(args[2])):
		cr := "CR0"
		if n == 3 {
			cr = args[2]
		}
		setCR(cr, m.any(args[0], args[1]))
	case ppc64VecCmpCC[op] && n == 3:
		secret := m.any(args[0], args[1])
		m.write(args[2], secret)
		setCR("CR6", secret)
	case op == "ISEL" && n == 4:
		// ISEL bit, a, b, dst: a select, not a branch; R0 as a reads zero.
		b := ppc64CRBit.FindStringSubmatch(args[0])
		if b == nil {
			m.find("instruction not modelled (fail closed)")
			break
		}
		m.write(args[3], m.any(args[1], args[2]) || st[b[1]])
	case op == "VSLDOI" && n == 4 && isImm(args[0]):
		m.write(args[3], m.any(args[1], args[2]))
	case op == "XXPERMDI" && n == 4:
		m.write(args[3], m.any(args[0], args[1], args[2]))
	case ppc64Unary[op] && n == 2:
		m.write(args[1], m.read(args[0]))
	case (ppc64Op[op] || ppc64Record[op]) && (n == 2 || n == 3):
		var secret bool
		switch {
		case ppc64Zeroing[strings.TrimSuffix(op, "CC")] && n == 3 && sameReg(ppc64Reg, args...):
		case n == 3:
			secret = m.any(args[0], args[1])
		default:
			secret = m.any(args...) // op a, dst: dst op= a
		}
		m.write(args[n-1], secret)
		if ppc64Record[op] {
			setCR("CR0", secret)
		}
	case ppc64VarLat[op]:
		if m.any(args...) {
			m.find("variable-latency instruction on secret data")
		}
	default:
		m.find("instruction not modelled (fail closed)")
	}
	e.findings = m.findings
	return e
}
