package ctcheck

import (
	"regexp"
	"strings"
)

var amd64 = &arch{step: amd64Step}

var (
	amd64GP    = regexp.MustCompile(`^(AX|BX|CX|DX|SI|DI|BP|R(8|9|1[0-5]))$`)
	amd64GP8   = map[string]string{"AL": "AX", "BL": "BX", "CL": "CX", "DL": "DX", "AH": "AX", "BH": "BX", "CH": "CX", "DH": "DX", "SIB": "SI", "DIB": "DI", "BPB": "BP"}
	amd64R8    = regexp.MustCompile(`^R(8|9|1[0-5])B$`)
	amd64Vec   = regexp.MustCompile(`^[XYZ]([0-9]|[12][0-9]|3[01])$`)
	amd64Mask  = regexp.MustCompile(`^K[0-7]$`)
	amd64Jcc   = regexp.MustCompile(`^J(A|AE|B|BE|C|CC|CS|CXZL|CXZQ|E|EQ|G|GE|GT|HI|HS|L|LE|LO|LS|LT|MI|NE|NC|NO|NP|NS|NZ|OC|OS|PC|PE|PL|PS|Z)$`)
	amd64Setcc = regexp.MustCompile(`^SET(A|AE|B|BE|CC|CS|EQ|GE|GT|HI|LE|LS|LT|MI|NE|OC|OS|PC|PL|PS)$`)
	amd64Cmov  = regexp.MustCompile(`^CMOV[QLW](A|AE|B|BE|CC|CS|EQ|GE|GT|HI|LE|LS|LT|MI|NE|OC|OS|PC|PL|PS)$`)
)

// amd64Reg names a register's location: X3, Y3 and Z3 are one, and so are
// AX and AL. partial: an 8-bit name, whose writes keep the other bits.
func amd64Reg(r string) (loc string, partial, ok bool) {
	switch {
	case amd64GP.MatchString(r):
		return r, false, true
	case amd64GP8[r] != "":
		return amd64GP8[r], true, true
	case amd64R8.MatchString(r):
		return strings.TrimSuffix(r, "B"), true, true
	case amd64Vec.MatchString(r):
		return "V" + r[1:], false, true
	case amd64Mask.MatchString(r):
		return r, false, true
	case r == "SP":
		return "SP", false, true
	}
	return "", false, false
}

// amd64 instruction classes, by opcode.
var (
	// dst = src: loads, register moves, zero- and sign-extensions.
	amd64Move = set("MOVQ", "MOVL", "MOVBQZX", "MOVWQZX", "MOVLQZX", "MOVBLZX", "MOVWLZX", "MOVBQSX", "MOVWQSX", "MOVLQSX",
		"MOVOU", "MOVOA", "MOVUPS", "MOVAPS", "VMOVDQU", "VMOVDQA", "VMOVDQU8", "VMOVDQU64", "VMOVDQU32", "VMOVQ", "VMOVD",
		"MOVD", "KMOVQ", "KMOVD", "KMOVW", "KMOVB")
	// dst = dst op src, flags from both: two-operand ALU and legacy SSE.
	amd64Op2 = set("ADDQ", "ADDL", "SUBQ", "SUBL", "ANDQ", "ANDL", "ANDB", "ANDW", "ORQ", "ORL", "ORB", "ORW",
		"XORQ", "XORL", "XORB", "XORW", "ADCQ", "SBBQ", "SHLQ", "SHRQ", "SHLL", "SHRL", "SARQ", "ROLQ", "RORQ",
		"PXOR", "POR", "PAND", "PANDN", "PCMPEQB", "PSHUFD", "PUNPCKHQDQ", "PMOVMSKB", "IMULQ")
	// dst op= itself.
	amd64Op1 = set("INCQ", "INCL", "DECQ", "DECL", "NEGQ", "NEGL", "NOTQ", "NOTL", "BSWAPQ", "BSWAPL")
	// flags from both operands, nothing written.
	amd64Test = set("CMPQ", "CMPL", "CMPW", "CMPB", "TESTQ", "TESTL", "TESTW", "TESTB", "PTEST", "VPTEST", "KORTESTW", "KORTESTQ", "KORTESTD", "KORTESTB", "BTQ", "BTL")
	// dst = a op b (VEX and EVEX three-operand forms; the last operand is
	// the destination, an optional mask register before it).
	amd64Op3 = set("VPXOR", "VPOR", "VPAND", "VPANDN", "VPXORQ", "VPXORD", "VPORQ", "VPORD", "VPANDQ", "VPANDD",
		"VPCMPEQB", "VPTESTMD", "VPTESTMQ", "VPTESTMB", "VPTESTNMD", "BZHIQ", "BZHIL", "ANDNQ", "SHLXQ", "SHRXQ", "VPMOVMSKB",
		"VPSHUFD", "VEXTRACTI128", "VEXTRACTI64X4", "VPERMQ")
	// dst = a op b op dst: VPTERNLOG reads its destination.
	amd64Op3Acc = set("VPTERNLOGD", "VPTERNLOGQ")
	// variable latency on x86 (division, square roots): a finding on secrets.
	amd64VarLatency = set("DIVQ", "DIVL", "IDIVQ", "IDIVL", "DIVSD", "DIVSS", "DIVPD", "DIVPS", "SQRTSD", "SQRTSS", "SQRTPD", "SQRTPS", "VDIVPD", "VDIVPS", "VSQRTPD", "VSQRTPS")
	// no data flow the analysis needs.
	amd64None = set("VZEROUPPER", "NOP", "PCALIGN", "LFENCE", "MFENCE", "SFENCE")
	// address only.
	amd64Prefetch = set("PREFETCHT0", "PREFETCHT1", "PREFETCHT2", "PREFETCHNTA")
	// zeroing idioms: op r, r (, r) is zero whatever r held.
	amd64Zeroing = set("XORQ", "XORL", "SUBQ", "SUBL", "PXOR", "VPXOR", "VPXORQ", "VPXORD", "PCMPEQB", "VPANDN", "PANDN")
)

func set(ops ...string) map[string]bool {
	m := map[string]bool{}
	for _, op := range ops {
		m[op] = true
	}
	return m
}

// sameReg reports whether all operands name the same register location.
func sameReg(reg func(string) (string, bool, bool), ops ...string) bool {
	first, _, ok := reg(ops[0])
	if !ok || isMem(ops[0]) {
		return false
	}
	for _, op := range ops[1:] {
		loc, _, ok := reg(op)
		if !ok || isMem(op) || loc != first {
			return false
		}
	}
	return true
}

func amd64Step(in instr, st state) effect {
	m := &machine{st: st, reg: amd64Reg}
	var e effect
	args := in.args
	op := in.op
	last := func() string { return args[len(args)-1] }
	switch {
	case op == "RET":
		e.terminal = true
	case op == "JMP":
		e.branch, e.terminal, e.target = true, true, args[0]
		if isMem(args[0]) && !strings.HasSuffix(args[0], "(SB)") {
			m.find("indirect jump")
		}
	case amd64Jcc.MatchString(op) && len(args) == 1:
		e.branch, e.cond, e.target = true, true, args[0]
		if st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case amd64Setcc.MatchString(op) && len(args) == 1:
		m.write(args[0], st["FLAGS"])
	case amd64Cmov.MatchString(op) && len(args) == 2:
		m.write(args[1], m.any(args...) || st["FLAGS"])
	case amd64None[op]:
	case amd64Prefetch[op] && len(args) == 1:
		m.address(args[0])
	case (op == "LEAQ" || op == "LEAL") && len(args) == 2:
		regs, _ := memRegs(args[0])
		secret := false
		for _, r := range regs {
			loc, _, _ := amd64Reg(r)
			secret = secret || st[loc]
		}
		m.write(args[1], secret)
	case op == "VMOVDQU8.Z" && len(args) == 3: // masked load: mem, mask, dst
		m.write(args[2], m.any(args[0], args[1]))
	case amd64Move[op] && len(args) == 2:
		m.write(args[1], m.read(args[0]))
	case amd64Op1[op] && len(args) == 1:
		secret := m.read(args[0])
		m.write(args[0], secret)
		m.setFlags(secret)
	case amd64Op2[op] && len(args) >= 2:
		if amd64Zeroing[op] && len(args) == 2 && sameReg(amd64Reg, args...) {
			m.write(args[1], false)
			m.setFlags(false)
			break
		}
		secret := m.any(args...) // an immediate first operand (PSHUFD) reads nothing
		m.write(last(), secret)
		m.setFlags(secret)
	case amd64Test[op] && len(args) == 2:
		m.setFlags(m.any(args...))
	case amd64Op3[op] && len(args) >= 3:
		srcs := args[:len(args)-1]
		if amd64Zeroing[op] && len(args) == 3 && sameReg(amd64Reg, args...) {
			m.write(last(), false)
			break
		}
		secret := m.any(srcs...)
		m.write(last(), secret)
		if strings.HasPrefix(op, "BZHI") || strings.HasPrefix(op, "ANDN") {
			m.setFlags(secret)
		}
	case amd64Op3Acc[op] && len(args) >= 4:
		m.write(last(), m.any(args...))
	case amd64VarLatency[op]:
		if m.any(args...) || st["AX"] || st["DX"] {
			m.find("variable-latency instruction on secret data")
		}
	default:
		m.find("instruction not modelled (fail closed)")
	}
	e.findings = m.findings
	return e
}

func (m *machine) setFlags(secret bool) {
	if secret {
		m.st["FLAGS"] = true
	} else {
		delete(m.st, "FLAGS")
	}
}
