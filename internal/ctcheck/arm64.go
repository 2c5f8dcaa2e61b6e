package ctcheck

import (
	"regexp"
	"strings"
)

var arm64 = &arch{step: arm64Step}

var (
	arm64GP   = regexp.MustCompile(`^R([0-9]|[12][0-9]|30)$`)
	arm64Vec  = regexp.MustCompile(`^[VF]([0-9]|[12][0-9]|3[01])(\.[A-Z0-9]+)?(\[[0-9]+\])?$`)
	arm64Cond = set("EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE", "AL")
)

// arm64Reg names a register's location: V3.B16, V3.D[1] and F3 are one.
// partial: a single lane, whose writes keep the others. ZR reads as zero
// and has no location.
func arm64Reg(r string) (loc string, partial, ok bool) {
	switch {
	case r == "ZR" || r == "RSP":
		return "", false, true
	case arm64GP.MatchString(r):
		return r, false, true
	case arm64Vec.MatchString(r):
		name, _, _ := strings.Cut(r, ".")
		return "V" + name[1:], strings.Contains(r, "["), true
	}
	return "", false, false
}

// arm64Table is every arm64 instruction the source model knows, with its
// class (see class in amd64.go; on arm64 a 3-operand op a, b, dst reads a
// and b, a 2-operand op a, dst reads both): those the generated kernel
// uses, the other conditions and forms of its branches and selects, the
// carry chains and the variable-latency instructions. The opcode is
// without the .P or .W suffix of post- and pre-indexed loads, whose base
// update is public arithmetic. TestARM64Table has a row for each.
var arm64Table = classes(
	cNone, "NOP", "PCALIGN",
	cRet, "RET",
	cJmp, "JMP", "B",
	cJcc, "BEQ", "BNE", "BCS", "BHS", "BCC", "BLO", "BMI", "BPL", "BVS", "BVC", "BHI", "BLS", "BGE", "BLT", "BGT", "BLE",
	cMove, "MOVD", "MOVB", "MOVBU", "MOVHU", "MOVWU", "VMOV",
	cALU, "ADD", "ORR", "AND", "LSL", "LSR", "VORR",
	cALUZero, "EOR", "SUB", "SUBS", "VEOR",
	cTest, "CMP", "TST",
	cCarry, "ADC", "ADCS", "SBC", "SBCS",
	cDiv, "UDIV", "SDIV", "UDIVW", "SDIVW",
	cVarLat, "FDIVD", "FDIVS", "FSQRTD", "FSQRTS",
)

// arm64 classes of their own.
var (
	// Flag-setting ALU forms: cALU (or its zeroing idiom) and FLAGS ←
	// the result.
	arm64SetsFlags = set("SUBS", "ADCS", "SBCS")
	arm64Branch    = set("CBZ", "CBNZ", "CBZW", "CBNZW", "TBZ", "TBNZ") // on a register
	arm64Select    = set("CSEL", "CSINC", "CSINV", "CSNEG")             // dst ← a, b, FLAGS
	arm64Cset      = set("CSET", "CSETM")                               // dst ← FLAGS
	arm64BitField  = set("UBFX")                                        // dst ← src
	arm64LoadPair  = set("FLDPQ")                                       // (Ra, Rb) ← mem
)

// The speculation barrier that must follow MSR $1, DIT: until it
// completes, a later instruction may run speculatively without DIT, so no
// load of the inputs may come before it, and the function may not return
// without it (Arm's and Apple's guidance). Two pseudo-locations of the
// state track it, joined like taint (set on any path means set): ditBarrier
// from MSR $1, DIT until SB, or until an ISB that follows a full DSB;
// ditNoDSB from MSR $1, DIT until such a DSB.
const (
	ditBarrier = "DIT: no barrier yet"
	ditNoDSB   = "DIT: no DSB yet"
)

// arm64FullDSB: the DSB options that order all memory accesses (SY, ISH,
// NSH, OSH), which Linux's and Go's runtime's barrier without SB use.
var arm64FullDSB = set("$15", "$11", "$7", "$3")

// arm64Barrier models the barrier instructions, and the rule above.
// It reports whether it handled in.
func arm64Barrier(m *machine, op string, args []string) bool {
	st := m.st
	switch {
	case op == "MSR" && len(args) == 2 && args[1] == "DIT":
		switch args[0] {
		case "$1":
			st[ditBarrier], st[ditNoDSB] = true, true
		case "$0":
		default:
			m.find("instruction not modelled (fail closed)")
		}
	case op == "DSB" && len(args) == 1:
		switch {
		case arm64FullDSB[args[0]]:
			delete(st, ditNoDSB)
		case args[0] == "$14" || args[0] == "$13" || args[0] == "$10" || args[0] == "$9" ||
			args[0] == "$6" || args[0] == "$5" || args[0] == "$2" || args[0] == "$1":
			// Stores only or loads only: not a barrier for DIT.
		default:
			m.find("instruction not modelled (fail closed)")
		}
	case op == "ISB" && len(args) <= 1:
		if len(args) == 1 && args[0] != "$15" {
			m.find("instruction not modelled (fail closed)")
		} else if !st[ditNoDSB] {
			delete(st, ditBarrier)
		}
	case op == "WORD" && len(args) == 1 && strings.ToLower(args[0]) == "$0xd50330ff":
		// SB, which the Go assembler has no mnemonic for: the only WORD
		// modelled.
		delete(st, ditBarrier)
		delete(st, ditNoDSB)
	default:
		return false
	}
	return true
}

func arm64Step(in instr, st state) effect {
	m := &machine{st: st, reg: arm64Reg}
	var e effect
	args := in.args
	op, _, _ := strings.Cut(in.op, ".") // VLD1.P, MOVD.P: the base register's update is public arithmetic
	last := func() string { return args[len(args)-1] }
	if st[ditBarrier] {
		for _, a := range args {
			if regs, _ := memRegs(a); isMem(a) && len(regs) > 0 {
				m.find("load of the inputs before the speculation barrier that must follow MSR $1, DIT")
				break
			}
		}
		if op == "RET" {
			m.find("return without the speculation barrier that must follow MSR $1, DIT")
		}
	}
	c := arm64Table[op]
	n := len(args)
	ok := true
	switch {
	case arm64Barrier(m, op, args):
	case c == cNone && n <= 1:
	case c == cRet && n == 0:
		e.terminal = true
	case c == cJmp && n == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
		if !m.isTarget(args[0]) {
			m.find("indirect jump")
		}
	case c == cJcc && n == 1:
		e.branch, e.cond, e.target = true, true, args[0]
		if !m.isTarget(args[0]) {
			m.find("indirect jump")
		}
		if st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case arm64Branch[op] && (n == 2 && !strings.HasPrefix(op, "T") || n == 3 && strings.HasPrefix(op, "T") && isImm(args[0])):
		e.branch, e.cond, e.target = true, true, last()
		if !m.isTarget(last()) {
			m.find("indirect jump")
		}
		if m.read(args[n-2]) {
			m.find("conditional branch on secret register %s", args[n-2])
		}
	case op == "MRS" && n == 2:
		m.write(args[1], false) // a system register: public
	case op == "MSR" && n == 2:
		if m.read(args[0]) {
			m.find("system register written from secret data")
		}
	case arm64Cset[op] && n == 2 && arm64Cond[args[0]]:
		m.write(args[1], st["FLAGS"])
	case arm64Select[op] && n == 4 && arm64Cond[args[0]]:
		m.write(args[3], m.any(args[1], args[2]) || st["FLAGS"])
	case op == "VLD1" && n == 2 && isMem(args[0]):
		secret := m.read(args[0])
		for _, r := range SplitOperands(strings.Trim(args[1], "[]")) {
			m.write(r, secret)
		}
	case arm64LoadPair[op] && n == 2 && isMem(args[0]) && strings.HasPrefix(args[1], "(") && strings.HasSuffix(args[1], ")"):
		secret := m.read(args[0])
		pair := SplitOperands(args[1][1 : len(args[1])-1])
		if len(pair) != 2 {
			ok = false
			break
		}
		for _, r := range pair {
			m.write(r, secret)
		}
	case arm64BitField[op] && n == 4 && isImm(args[0]) && isImm(args[2]):
		m.write(args[3], m.read(args[1]))
	case c == cMove && n == 2:
		m.write(args[1], m.read(args[0]))
	case c == cTest && n == 2:
		m.setFlags(m.any(args...))
	case (c == cALU || c == cALUZero || c == cCarry) && (n == 2 || n == 3):
		var secret bool
		switch {
		case c == cALUZero && n == 3 && sameReg(arm64Reg, args[0], args[1]): // EOR r, r, dst
			secret = false
		case n == 3:
			secret = m.any(args[0], args[1])
		default:
			secret = m.any(args...) // the two-operand form reads its destination
		}
		if c == cCarry {
			secret = secret || st["FLAGS"] // the carry: SBC r, r, r is not zero
		}
		m.write(last(), secret)
		if arm64SetsFlags[op] {
			m.setFlags(secret)
		}
	case c == cDiv && (n == 2 || n == 3), c == cVarLat && (n == 2 || n == 3):
		secret := m.any(args[:n-1]...)
		if n == 2 && strings.Contains(op, "DIV") {
			secret = m.any(args...) // UDIV a, dst: dst = dst / a
		}
		if secret {
			m.find("variable-latency instruction on secret data")
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
