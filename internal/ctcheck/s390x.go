package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// The source model of s390x assembly, as the Go assembler writes it:
// sources first, the destination last (op a, dst is dst op= a); FLAGS is
// the condition code, which most arithmetic sets; compare-and-branch
// (CMPBEQ a, b, label) and BRCTG (decrement and branch if not zero) test
// registers.

var s390x = &arch{step: s390xStep}

var (
	s390xGP   = regexp.MustCompile(`^R([0-9]|1[0-5])$`)
	s390xVR   = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)
	s390xFR   = regexp.MustCompile(`^F([0-9]|1[0-5])$`)
	s390xBcc  = set("BEQ", "BNE", "BLT", "BLE", "BGT", "BGE", "BLTU", "BLEU", "BGTU", "BGEU", "BVS", "BVC")
	s390xCmpB = regexp.MustCompile(`^CMPU?B(EQ|NE|LT|LE|GT|GE)$`)
	s390xCmov = regexp.MustCompile(`^MOVD(EQ|NE|LT|LE|GT|GE)$`)
	s390xMove = set("MOVD", "MOVW", "MOVWZ", "MOVH", "MOVHZ", "MOVB", "MOVBZ", "FMOVD", "FMOVS")
	// op a[, b], dst; the scalar ones set the condition code.
	s390xOp  = set("ADD", "SUB", "AND", "OR", "XOR", "ADDW", "SUBW", "ANDW", "ORW", "XORW", "MULLD", "SLD", "SRD", "SRAD", "SLW", "SRW", "SRAW", "RLL", "RLLG")
	s390xVec = set("VX", "VO", "VN", "VNO", "VNC", "VAQ", "VSQ")
	// one source: op a, dst (NEG a alone negates a).
	s390xUnary   = set("NEG", "NEGW", "NOT", "FLOGR")
	s390xCmp     = set("CMP", "CMPU", "CMPW", "CMPWU")
	s390xZeroing = set("XOR", "XORW", "SUB", "SUBW", "VX")
	s390xVarLat  = set("DIVD", "DIVDU", "DIVW", "DIVWU", "MODD", "MODDU", "MODW", "MODWU", "FDIV", "FSQRT", "WFDDB", "WFSQDB")
	s390xNone    = set("NOP", "NOPH", "PCALIGN")
)

// s390xReg names a register's location: Fn is the left half of Vn.
func s390xReg(r string) (loc string, partial, ok bool) {
	switch {
	case s390xGP.MatchString(r), s390xVR.MatchString(r):
		return r, false, true
	case s390xFR.MatchString(r):
		return "V" + r[1:], true, true
	}
	return "", false, false
}

// s390xRange returns the vector registers first..last of VLM and VSTM.
func s390xRange(first, last string) ([]string, bool) {
	if !s390xVR.MatchString(first) || !s390xVR.MatchString(last) {
		return nil, false
	}
	a, _ := strconv.Atoi(first[1:])
	b, _ := strconv.Atoi(last[1:])
	if b < a {
		return nil, false
	}
	var regs []string
	for i := a; i <= b; i++ {
		regs = append(regs, "V"+strconv.Itoa(i))
	}
	return regs, true
}

func s390xStep(in instr, st state) effect {
	m := &machine{st: st, reg: s390xReg}
	var e effect
	args := in.args
	op := in.op
	n := len(args)
	switch {
	case op == "RET" && n == 0:
		e.terminal = true
	case (op == "BR" || op == "JMP") && n == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
	case s390xBcc[op] && n == 1:
		e.branch, e.cond, e.target = true, true, args[0]
		if st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case s390xCmpB.MatchString(op) && n == 3:
		e.branch, e.cond, e.target = true, true, args[2]
		if m.any(args[0], args[1]) {
			m.find("conditional branch on secret register %s", strings.Join(args[:2], ", "))
		}
	case op == "BRCTG" && n == 2:
		e.branch, e.cond, e.target = true, true, args[1]
		if m.read(args[0]) {
			m.find("conditional branch on secret register %s", args[0])
		}
	case s390xNone[op]:
	case s390xMove[op] && n == 2:
		m.write(args[1], m.read(args[0]))
	case s390xCmov.MatchString(op) && n == 2:
		m.write(args[1], m.any(args[0], args[1]) || st["FLAGS"])
	case op == "VL" && n == 2 && isMem(args[0]):
		m.write(args[1], m.read(args[0]))
	case op == "VST" && n == 2 && isMem(args[1]):
		m.read(args[0])
		m.address(args[1])
	case (op == "VLM" || op == "VSTM") && n == 3:
		mem, first, last := args[0], args[1], args[2]
		if op == "VSTM" {
			first, last, mem = args[0], args[1], args[2]
		}
		regs, ok := s390xRange(first, last)
		if !ok || !isMem(mem) {
			m.find("instruction not modelled (fail closed)")
			break
		}
		if op == "VSTM" {
			m.address(mem)
			break
		}
		secret := m.read(mem)
		for _, r := range regs {
			m.write(r, secret)
		}
	case op == "VLL" && n == 3 && isMem(args[1]):
		// VLL len, mem, V: len is the index of the last byte loaded.
		if m.read(args[0]) {
			m.find("load length depends on secret %s", args[0])
		}
		m.write(args[2], m.read(args[1]))
	case op == "VZERO" && n == 1:
		m.write(args[0], false)
	case (op == "VLGVG" || op == "VLGVF" || op == "VLGVH" || op == "VLGVB") && n == 3 && isImm(args[0]):
		m.write(args[2], m.read(args[1]))
	case (op == "VCEQBS" || op == "VCEQGS") && n == 3:
		secret := m.any(args[0], args[1])
		m.write(args[2], secret)
		m.setFlags(secret)
	case op == "VTM" && n == 2:
		m.setFlags(m.any(args...))
	case s390xCmp[op] && n == 2:
		m.setFlags(m.any(args...))
	case s390xUnary[op] && (n == 1 || n == 2):
		secret := m.read(args[0])
		m.write(args[n-1], secret)
		m.setFlags(secret)
	case (s390xOp[op] || s390xVec[op]) && (n == 2 || n == 3):
		var secret bool
		switch {
		case s390xZeroing[op] && sameReg(s390xReg, args...):
		case n == 3:
			secret = m.any(args[0], args[1])
		default:
			secret = m.any(args...) // op a, dst: dst op= a
		}
		m.write(args[n-1], secret)
		if s390xOp[op] {
			m.setFlags(secret)
		}
	case s390xVarLat[op]:
		if m.any(args...) {
			m.find("variable-latency instruction on secret data")
		}
	default:
		m.find("instruction not modelled (fail closed)")
	}
	e.findings = m.findings
	return e
}
