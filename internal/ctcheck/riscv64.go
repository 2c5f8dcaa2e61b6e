package ctcheck

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The riscv64 source model: the scalar instructions of the kernels'
// style and the RVV 1.0 instructions of equal_riscv64.s, nothing else
// (fail closed).
//
// A vector instruction writes a register group: LMUL registers from the
// one it names, LMUL as the last VSETVLI set it. The model tracks LMUL and
// whether vl may be less than VLMAX in pseudo-locations of the state,
// joined like taint, so that where paths meet with different settings it
// reads the widest group, and a write is partial (keeps the old taint)
// unless every path has one LMUL and vl = VLMAX:
//
//   - a write of a group with vl < VLMAX leaves the elements from vl on as
//     they were (tail undisturbed) or unspecified (tail agnostic, which
//     may also leave them): their taint stays, so the XOR of a register
//     with itself is public zero only after a VSETVLI with an AVL of X0,
//     which sets vl = VLMAX;
//   - a vector instruction before any VSETVLI, a VSETVLI whose AVL is
//     secret (the number of bytes loaded would be), and a masked form are
//     findings.
var riscv64 = &arch{step: riscv64Step}

// The pseudo-locations: rvvLMUL+"1".."8" for each LMUL some path set,
// rvvPartial where some path may have vl < VLMAX.
const (
	rvvLMUL    = "vtype: LMUL "
	rvvPartial = "vl: less than VLMAX"
)

var (
	riscvGP  = regexp.MustCompile(`^X([0-9]|[12][0-9]|3[01])$`)
	riscvVec = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)
	// dst = f(srcs): op a, b, dst and op a, dst (dst = dst op a).
	riscvALU = set("ADD", "SUB", "AND", "OR", "XOR", "SLL", "SRL", "SRA", "ADDW", "SUBW", "MUL",
		"ADDI", "ANDI", "ORI", "XORI", "SLLI", "SRLI", "SRAI", "SLT", "SLTU", "SEQZ", "SNEZ", "NEG", "NOT")
	riscvZeroing = set("XOR", "SUB")
	riscvDiv     = set("DIV", "DIVU", "REM", "REMU", "DIVW", "DIVUW", "REMW", "REMUW")
	riscvMove    = set("MOV", "MOVW", "MOVWU", "MOVH", "MOVHU", "MOVB", "MOVBU")
	riscvB2      = set("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGT", "BLE", "BGTU", "BLEU")
	riscvB1      = set("BEQZ", "BNEZ", "BLTZ", "BGEZ", "BLEZ", "BGTZ")
	rvvLMULs     = map[string]int{"M1": 1, "M2": 2, "M4": 4, "M8": 8}
	// Vector-vector operations, op vs1, vs2, vd: vd's group from vs1's and
	// vs2's groups, element by element.
	rvvVV = set("VXORVV", "VORVV", "VANDVV")
)

// riscvReg names a register's location; X0 (ZERO) reads as zero and has
// none.
func riscvReg(r string) (loc string, partial, ok bool) {
	switch {
	case r == "X0" || r == "ZERO":
		return "", false, true
	case riscvGP.MatchString(r), riscvVec.MatchString(r):
		return r, false, true
	}
	return "", false, false
}

// rvvState returns the widest LMUL of the paths that reach an instruction,
// whether every path has that LMUL and vl = VLMAX (a write of the group
// is then whole), and whether any VSETVLI came before.
func rvvState(st state) (lmul int, whole, set bool) {
	n := 0
	for _, l := range []int{1, 2, 4, 8} {
		if st[rvvLMUL+strconv.Itoa(l)] {
			lmul, n = l, n+1
		}
	}
	return lmul, n == 1 && !st[rvvPartial], n > 0
}

// rvvGroup returns the registers of the group that v names at LMUL lmul.
func rvvGroup(v string, lmul int) ([]string, bool) {
	if !riscvVec.MatchString(v) {
		return nil, false
	}
	n, _ := strconv.Atoi(v[1:])
	if n%lmul != 0 || n+lmul > 32 {
		return nil, false // not a group at this LMUL: the instruction is illegal
	}
	var g []string
	for i := n; i < n+lmul; i++ {
		g = append(g, "V"+strconv.Itoa(i))
	}
	return g, true
}

func riscv64Step(in instr, st state) effect {
	m := &machine{st: st, reg: riscvReg}
	var e effect
	op, args := in.op, in.args
	n := len(args)
	last := func() string { return args[n-1] }
	switch {
	case op == "RET" && n == 0:
		e.terminal = true
	case op == "JMP" && n == 1:
		e.branch, e.terminal, e.target = true, true, args[0]
	case riscvB1[op] && n == 2:
		e.branch, e.cond, e.target = true, true, args[1]
		if m.read(args[0]) {
			m.find("conditional branch on secret register %s", args[0])
		}
	case riscvB2[op] && n == 3:
		e.branch, e.cond, e.target = true, true, args[2]
		if m.any(args[0], args[1]) {
			m.find("conditional branch on secret register %s or %s", args[0], args[1])
		}
	case op == "NOP" || op == "PCALIGN":
	case riscvMove[op] && n == 2:
		m.write(args[1], m.read(args[0]))
	case riscvALU[op] && (n == 2 || n == 3):
		var secret bool
		switch {
		case riscvZeroing[op] && n == 3 && sameReg(riscvReg, args[0], args[1]):
		case n == 3 || op == "SEQZ" || op == "SNEZ" || op == "NEG" || op == "NOT":
			secret = m.any(args[:n-1]...)
		default: // op a, dst: dst = dst op a
			secret = m.any(args...)
		}
		m.write(last(), secret)
	case riscvDiv[op] && (n == 2 || n == 3):
		if m.any(args...) {
			m.find("variable-latency instruction on secret data")
		}
		m.write(last(), m.any(args...))
	case strings.HasPrefix(op, "V"):
		rvvStep(m, op, args)
	default:
		m.find("instruction not modelled (fail closed)")
	}
	e.findings = m.findings
	return e
}

// rvvStep models the vector instructions.
func rvvStep(m *machine, op string, args []string) {
	st := m.st
	n := len(args)
	if op == "VSETVLI" {
		// VSETVLI avl, E8, Mn, TU|TA, MU|MA, rd: vl = min(avl, VLMAX), or
		// VLMAX where avl is X0 (and rd is not).
		lmul, ok := rvvLMULs[argAt(args, 2)]
		if n != 6 || argAt(args, 1) != "E8" || !ok || !set("TU", "TA")[args[3]] || !set("MU", "MA")[args[4]] {
			m.find("instruction not modelled (fail closed)")
			return
		}
		secret := m.read(args[0])
		if secret {
			m.find("vector length depends on secret %s", args[0])
		}
		for _, l := range []int{1, 2, 4, 8} {
			delete(st, rvvLMUL+strconv.Itoa(l))
		}
		st[rvvLMUL+strconv.Itoa(lmul)] = true
		if loc, _, ok := riscvReg(args[0]); ok && loc == "" && args[5] != "X0" && args[5] != "ZERO" {
			delete(st, rvvPartial)
		} else {
			st[rvvPartial] = true
		}
		m.write(args[5], secret)
		return
	}
	lmul, whole, isSet := rvvState(st)
	if !isSet {
		m.find("vector instruction before any VSETVLI: LMUL and vl unknown")
		return
	}
	group := func(v string) []string {
		g, ok := rvvGroup(v, lmul)
		if !ok {
			m.find("%s is not a vector register group at LMUL %d", v, lmul)
		}
		return g
	}
	readGroup := func(v string) bool {
		secret := false
		for _, r := range group(v) {
			secret = secret || st[r]
		}
		return secret
	}
	writeGroup := func(v string, secret bool, whole bool) {
		for _, r := range group(v) {
			if secret {
				st[r] = true
			} else if whole {
				delete(st, r)
			}
		}
	}
	switch {
	case op == "VLE8V" && n == 2 && isMem(args[0]) && riscvVec.MatchString(args[1]):
		// A load through a register: the inputs, secret.
		m.address(args[0])
		writeGroup(args[1], true, whole)
	case rvvVV[op] && n == 3:
		if op == "VXORVV" && args[0] == args[1] {
			writeGroup(args[2], false, whole)
			break
		}
		writeGroup(args[2], readGroup(args[0]) || readGroup(args[1]), whole)
	case op == "VMSNEVI" && n == 3 && isImm(args[0]) && riscvVec.MatchString(args[2]):
		// A mask: one register, of one bit per element of the source group.
		// Its bits from vl on are tail, always agnostic: only at LMUL 8 and
		// vl = VLMAX (VLEN elements of a byte) is the whole register written.
		secret := readGroup(args[1])
		if secret {
			st[args[2]] = true
		} else if whole && lmul == 8 {
			delete(st, args[2])
		}
	case op == "VCPOPM" && n == 2 && riscvVec.MatchString(args[0]):
		// The number of set bits of the mask's first vl bits.
		m.write(args[1], st[args[0]])
	case op == "VREDORVS" && n == 3 && riscvVec.MatchString(args[0]) && riscvVec.MatchString(args[2]):
		// vd[0] = vs1[0] | OR of vs2's group; the rest of vd is tail.
		secret := st[args[0]] || readGroup(args[1])
		if secret {
			st[args[2]] = true
		}
	default:
		// Masked forms (a V0.t operand), other element widths, and every
		// other vector instruction.
		m.find("instruction not modelled (fail closed)")
	}
}

func argAt(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return fmt.Sprint("missing operand ", i)
}
