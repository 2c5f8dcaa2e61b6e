package ctcheck

import (
	"regexp"
	"strings"
)

var arm64 = &arch{step: arm64Step}

var (
	arm64GP   = regexp.MustCompile(`^R([0-9]|[12][0-9]|30)$`)
	arm64Vec  = regexp.MustCompile(`^[VF]([0-9]|[12][0-9]|3[01])(\.[A-Z0-9]+)?(\[[0-9]+\])?$`)
	arm64Bcc  = regexp.MustCompile(`^B(EQ|NE|CS|HS|CC|LO|MI|PL|VS|VC|HI|LS|GE|LT|GT|LE)$`)
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

// arm64 instruction classes, by opcode (without the .P/.W suffix of
// post- and pre-indexed loads and stores).
var (
	arm64Move = set("MOVD", "MOVW", "MOVWU", "MOVH", "MOVHU", "MOVB", "MOVBU", "FMOVD", "FMOVQ", "VMOV", "VMOVQ", "VMOVD", "VDUP")
	// Two forms: op a, b, dst (dst = a op b) and op a, dst (dst op= a).
	arm64Op = set("ADD", "SUB", "AND", "ORR", "EOR", "BIC", "ORN", "EON", "ADDW", "SUBW", "ANDW", "ORRW", "EORW",
		"LSL", "LSR", "ASR", "ROR", "MUL", "VEOR", "VORR", "VAND", "VBIT", "VBSL", "VADD", "VSUB", "VCMEQ", "VUADDLV")
	// Set flags from both operands.
	arm64Test = set("CMP", "CMN", "TST", "CMPW", "CMNW", "TSTW")
	// Set flags and write a result.
	arm64OpFlags = set("ADDS", "SUBS", "ANDS", "ADDSW", "SUBSW", "ANDSW")
	// Zeroing idioms: op r, r, r.
	arm64Zeroing = set("EOR", "EORW", "VEOR", "SUB", "SUBW")
	// Variable latency: division and square roots.
	arm64VarLatency = set("UDIV", "SDIV", "UDIVW", "SDIVW", "FDIVD", "FDIVS", "FSQRTD", "FSQRTS")
	arm64None       = set("NOP", "PCALIGN", "DMB")
	// Loads of a register pair: op mem, (Ra, Rb).
	arm64LoadPair = set("LDP", "LDPW", "FLDPD", "FLDPQ", "FLDPS")
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
	switch {
	case arm64Barrier(m, op, args):
	case op == "RET":
		e.terminal = true
	case (op == "B" || op == "JMP") && len(args) == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
	case arm64Bcc.MatchString(op) && len(args) == 1:
		e.branch, e.cond, e.target = true, true, args[0]
		if st["FLAGS"] {
			m.find("conditional branch on secret flags")
		}
	case (op == "CBZ" || op == "CBNZ" || op == "CBZW" || op == "CBNZW") && len(args) == 2:
		e.branch, e.cond, e.target = true, true, args[1]
		if m.read(args[0]) {
			m.find("conditional branch on secret register %s", args[0])
		}
	case (op == "TBZ" || op == "TBNZ") && len(args) == 3:
		e.branch, e.cond, e.target = true, true, args[2]
		if m.read(args[1]) {
			m.find("conditional branch on secret register %s", args[1])
		}
	case arm64None[op]:
	case (op == "CSET" || op == "CSETM") && len(args) == 2 && arm64Cond[args[0]]:
		m.write(args[1], st["FLAGS"])
	case (op == "CSEL" || op == "CSINC" || op == "CSNEG") && len(args) == 4 && arm64Cond[args[0]]:
		m.write(args[3], m.any(args[1], args[2]) || st["FLAGS"])
	case op == "MRS" && len(args) == 2:
		m.write(args[1], false) // a system register: public
	case op == "MSR" && len(args) == 2:
		if m.read(args[0]) {
			m.find("system register written from secret data")
		}
	case op == "VLD1" && len(args) == 2:
		secret := m.read(args[0])
		for _, r := range SplitOperands(strings.Trim(args[1], "[]")) {
			m.write(r, secret)
		}
	case arm64LoadPair[op] && len(args) == 2 && strings.HasPrefix(args[1], "(") && strings.HasSuffix(args[1], ")"):
		secret := m.read(args[0])
		pair := SplitOperands(args[1][1 : len(args[1])-1])
		if len(pair) != 2 {
			m.find("instruction not modelled (fail closed)")
			break
		}
		for _, r := range pair {
			m.write(r, secret)
		}
	case op == "VST1" && len(args) == 2:
		m.address(args[1])
	case (op == "UBFX" || op == "SBFX" || op == "UBFIZ") && len(args) == 4:
		m.write(args[3], m.read(args[1]))
	case arm64Move[op] && len(args) == 2:
		m.write(args[1], m.read(args[0]))
	case arm64Test[op] && len(args) == 2:
		m.setFlags(m.any(args...))
	case (arm64Op[op] || arm64OpFlags[op]) && (len(args) == 2 || len(args) == 3):
		var secret bool
		if arm64Zeroing[op] && len(args) == 3 && sameReg(arm64Reg, args...) {
			secret = false
		} else {
			secret = m.any(args...) // the two-operand form reads its destination
			if len(args) == 3 {
				secret = m.any(args[0], args[1])
			}
		}
		m.write(last(), secret)
		if arm64OpFlags[op] {
			m.setFlags(secret)
		}
	case arm64VarLatency[op]:
		if m.any(args...) {
			m.find("variable-latency instruction on secret data")
		}
	default:
		m.find("instruction not modelled (fail closed)")
	}
	e.findings = m.findings
	return e
}
