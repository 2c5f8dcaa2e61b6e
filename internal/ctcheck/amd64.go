package ctcheck

import (
	"regexp"
	"strings"
)

var amd64 = &arch{step: amd64Step}

var (
	amd64GP   = regexp.MustCompile(`^(AX|BX|CX|DX|SI|DI|BP|R(8|9|1[0-5]))$`)
	amd64GP8  = map[string]string{"AL": "AX", "BL": "BX", "CL": "CX", "DL": "DX", "AH": "AX", "BH": "BX", "CH": "CX", "DH": "DX", "SIB": "SI", "DIB": "DI", "BPB": "BP"}
	amd64R8   = regexp.MustCompile(`^R(8|9|1[0-5])B$`)
	amd64Vec  = regexp.MustCompile(`^[XYZ]([0-9]|[12][0-9]|3[01])$`)
	amd64Mask = regexp.MustCompile(`^K[0-7]$`)
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

// A class is what an instruction reads and writes, as the source models
// apply it; the tables below give each modelled opcode its class. An
// opcode that is in no table is not modelled and fails closed. In the
// comments, dst is the last operand and src the others, in Go's order;
// FLAGS is the condition codes (NZCV on arm64); a memory operand reads its
// address registers, which must be public, and yields secret data if its
// base is a register (the inputs) and public data from FP or SB.
type class uint8

const (
	cNone     class = iota + 1 // nothing the analysis tracks
	cRet                       // returns
	cJmp                       // jumps to a label or a symbol; anything else is indirect: a finding
	cJcc                       // branches on FLAGS
	cMove                      // dst ← src
	cALU                       // dst, FLAGS ← dst, src
	cALUZero                   // cALU, and op r, r (, r) is zero whatever r held (XOR, SUB)
	cShift                     // dst ← dst, count; FLAGS ← FLAGS, dst, count (a zero count keeps FLAGS)
	cCarry                     // dst, FLAGS ← dst, src, FLAGS: ADC, SBB, RCL, RCR; op r, r is no zeroing idiom (SBB r, r is -CF)
	cUnary                     // dst, FLAGS ← dst
	cTest                      // FLAGS ← src, dst
	cBitTest                   // FLAGS ← the bit; a memory operand is addressed by the bit offset too
	cBitSet                    // cBitTest, and the bit is written: dst ← dst, offset
	cVec                       // dst ← dst, src; no flags (legacy SSE)
	cVecZero                   // cVec; op r, r is zero (PXOR)
	cVec3                      // dst ← srcs (VEX and EVEX; a mask register among them is read); no flags
	cVec3Zero                  // cVec3; op r, r, r is zero (VPXOR)
	cVec3Acc                   // dst ← srcs, dst (VPTERNLOG)
	cSetcc                     // dst (a byte) ← FLAGS
	cCmov                      // dst ← src, dst, FLAGS
	cLea                       // dst ← the address's registers (no memory is read)
	cJcxz                      // branches on CX (ECX, RCX)
	cLoop                      // CX ← CX; branches on CX
	cLoopcc                    // CX ← CX; branches on CX and FLAGS
	cDiv                       // AX, DX ← AX, DX, src: variable latency, a finding on a secret
	cVarLat                    // dst ← srcs: variable latency, a finding on a secret
)

// amd64Table is every amd64 instruction the source model knows: those the
// generated kernels use, the other condition codes of their branches and
// selects, and the instructions whose leaks the model must see (the
// branches on CX, carry chains, bit tests, and the variable-latency
// instructions). TestAMD64Table has a row for each.
var amd64Table = classes(
	cNone, "VZEROUPPER", "NOP", "PCALIGN",
	cRet, "RET",
	cJmp, "JMP",
	cJcc, "JA", "JAE", "JB", "JBE", "JC", "JCC", "JCS", "JE", "JEQ", "JG", "JGE", "JGT", "JHI", "JHS", "JL", "JLE",
	"JLO", "JLS", "JLT", "JMI", "JNE", "JNC", "JNO", "JNP", "JNS", "JNZ", "JOC", "JOS", "JPC", "JPE", "JPL", "JPS", "JZ",
	cSetcc, "SETCC", "SETCS", "SETEQ", "SETGE", "SETGT", "SETHI", "SETLE", "SETLS", "SETLT", "SETMI", "SETNE",
	"SETOC", "SETOS", "SETPC", "SETPL", "SETPS",
	cCmov, "CMOVQCC", "CMOVQCS", "CMOVQEQ", "CMOVQGE", "CMOVQGT", "CMOVQHI", "CMOVQLE", "CMOVQLS", "CMOVQLT",
	"CMOVQMI", "CMOVQNE", "CMOVQOC", "CMOVQOS", "CMOVQPC", "CMOVQPL", "CMOVQPS",
	cMove, "MOVQ", "MOVL", "MOVBQZX", "MOVBLZX", "MOVWLZX", "MOVOU", "VMOVDQU", "VMOVDQU64", "VMOVQ",
	cALU, "ADDQ", "ADDL", "ANDQ", "ANDL", "ORQ", "ORL",
	cALUZero, "XORQ", "XORL", "XORW", "XORB", "SUBQ", "SUBL",
	cShift, "SHLQ", "SHRQ",
	cCarry, "ADCQ", "ADCL", "SBBQ", "SBBL", "RCLQ", "RCRQ",
	cUnary, "NEGQ", "NEGL",
	cTest, "CMPQ", "CMPL", "CMPB", "TESTQ", "TESTL", "TESTB", "PTEST", "VPTEST", "KORTESTW",
	cBitTest, "BTQ", "BTL",
	cBitSet, "BTSQ", "BTSL", "BTRQ", "BTRL", "BTCQ", "BTCL",
	cVec, "POR", "PSHUFD",
	cVecZero, "PXOR",
	cVec3, "VPOR", "VPORQ", "VPTESTMD",
	cVec3Zero, "VPXOR", "VPXORQ",
	cVec3Acc, "VPTERNLOGD",
	cLea, "LEAQ",
	cJcxz, "JCXZL", "JCXZQ", "JCXZW",
	cLoop, "LOOP",
	cLoopcc, "LOOPEQ", "LOOPNE",
	cDiv, "DIVQ", "DIVL", "IDIVQ", "IDIVL",
	cVarLat, "SQRTSD", "SQRTSS", "SQRTPD", "SQRTPS", "VSQRTPD", "VSQRTPS", "DIVSD", "DIVSS", "DIVPD", "DIVPS",
	"VDIVPD", "VDIVPS", "PDEPQ", "PDEPL", "PEXTQ", "PEXTL",
)

// classes builds a table from classes, each followed by its opcodes.
func classes(list ...any) map[string]class {
	t := map[string]class{}
	var c class
	for _, x := range list {
		switch x := x.(type) {
		case class:
			c = x
		case string:
			if _, dup := t[x]; dup {
				panic("ctcheck: " + x + " in two classes")
			}
			t[x] = c
		}
	}
	return t
}

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

// isTarget reports whether a branch target names a label or a symbol, not
// a register or a computed address.
func (m *machine) isTarget(s string) bool {
	if _, _, isReg := m.reg(s); isReg {
		return false
	}
	return isIdent(s) || strings.HasSuffix(s, "(SB)") && !strings.ContainsAny(strings.TrimSuffix(s, "(SB)"), "()")
}

func amd64Step(in instr, st state) effect {
	m := &machine{st: st, reg: amd64Reg}
	var e effect
	args := in.args
	n := len(args)
	c := amd64Table[in.op]
	last := func() string { return args[n-1] }
	branch := func(target string) {
		e.branch, e.cond, e.target = true, true, target
		if !m.isTarget(target) {
			m.find("indirect jump")
		}
	}
	ok := true
	switch {
	case c == cNone && n <= 1:
	case c == cRet && n == 0:
		e.terminal = true
	case c == cJmp && n == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
		if !m.isTarget(args[0]) {
			m.find("indirect jump")
		}
	case c == cJcc && n == 1:
		branch(args[0])
		if st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case c == cJcxz && n == 1, c == cLoop && n == 1, c == cLoopcc && n == 1:
		branch(args[0])
		if st["CX"] {
			m.find("conditional branch on secret CX")
		}
		if c == cLoopcc && st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case c == cSetcc && n == 1:
		m.write(args[0], st["FLAGS"])
	case c == cCmov && n == 2 && !isMem(args[1]):
		m.write(args[1], m.any(args...) || st["FLAGS"])
	case c == cLea && n == 2 && isMem(args[0]):
		regs, _ := memRegs(args[0])
		secret := false
		for _, r := range regs {
			loc, _, ok := amd64Reg(r)
			if !ok {
				m.find("unknown register %s in address %s", r, args[0])
			}
			secret = secret || st[loc]
		}
		m.write(args[1], secret)
	case c == cMove && n == 2:
		m.write(args[1], m.read(args[0]))
	case c == cUnary && n == 1:
		secret := m.read(args[0])
		m.write(args[0], secret)
		m.setFlags(secret)
	case (c == cALU || c == cALUZero) && n == 2:
		if c == cALUZero && sameReg(amd64Reg, args...) {
			m.write(args[1], false)
			m.setFlags(false)
			break
		}
		secret := m.any(args...)
		m.write(last(), secret)
		m.setFlags(secret)
	case c == cShift && n == 2:
		secret := m.any(args...) || st["FLAGS"]
		m.write(last(), m.any(args...))
		m.setFlags(secret)
	case c == cCarry && n == 2:
		secret := m.any(args...) || st["FLAGS"]
		m.write(last(), secret)
		m.setFlags(secret)
	case c == cTest && n == 2:
		m.setFlags(m.any(args...))
	case (c == cBitTest || c == cBitSet) && n == 2 && !isMem(args[0]):
		secret := m.any(args...)
		if isMem(args[1]) && !isImm(args[0]) {
			// BT r, mem tests bit r of the bytes from mem on: the
			// address depends on r.
			if m.read(args[0]) {
				m.find("memory address depends on secret %s", args[0])
			}
		}
		if c == cBitSet {
			m.write(args[1], secret)
		}
		m.setFlags(secret)
	case (c == cVec || c == cVecZero) && n == 2:
		if c == cVecZero && sameReg(amd64Reg, args...) {
			m.write(args[1], false)
			break
		}
		m.write(last(), m.any(args...))
	case c == cVec && n == 3 && isImm(args[0]): // PSHUFD $imm, src, dst
		m.write(last(), m.read(args[1]))
	case (c == cVec3 || c == cVec3Zero) && (n == 3 || n == 4):
		if c == cVec3Zero && n == 3 && sameReg(amd64Reg, args[0], args[1]) { // VPXOR r, r, dst
			m.write(last(), false)
			break
		}
		m.write(last(), m.any(args[:n-1]...))
	case c == cVec3Acc && n >= 4:
		m.write(last(), m.any(args...))
	case c == cDiv && n == 1:
		secret := m.read(args[0]) || st["AX"] || st["DX"]
		if secret {
			m.find("variable-latency instruction on secret data")
		}
		m.write("AX", secret)
		m.write("DX", secret)
	case c == cVarLat && (n == 2 || n == 3):
		// DIVSD src, dst divides dst; SQRTSD src, dst keeps the upper lane
		// of dst; the VEX forms write all of dst.
		srcs := args[:n-1]
		if n == 2 && strings.Contains(in.op, "DIV") {
			srcs = args
		}
		secret := m.any(srcs...)
		if secret {
			m.find("variable-latency instruction on secret data")
		}
		if n == 2 && !strings.HasPrefix(in.op, "V") {
			secret = secret || m.read(last())
		}
		m.write(last(), secret)
	default:
		ok = false
	}
	if !ok {
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
