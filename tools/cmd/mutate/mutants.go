package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

// The mutation operators.
const (
	opDelete = "del"  // delete the instruction
	opImm    = "imm"  // an immediate (or a lane index) ±1, ±8, ±16, ±32
	opDisp   = "disp" // a memory operand's displacement ±1, ±8, ±16, ±32
	opReg    = "reg"  // a register replaced by another of its class
	opCond   = "cond" // a conditional branch, SETcc, CMOVcc or CSET-style condition inverted
	opSwap   = "swap" // the instruction swapped with the next one of its block
)

// operators lists them in the order a line's mutants are made.
var operators = []string{opDelete, opImm, opDisp, opReg, opCond, opSwap}

var deltas = []int{1, -1, 8, -8, 16, -16, 32, -32}

// A mutant is a copy of an assembly file with one mutation applied.
type mutant struct {
	file *asmFile
	op   string
	at   instr  // the instruction mutated (for a swap, the first of the two)
	desc string // the mutation, from the instruction texts only
	// edits maps a 0-based line index to its new content.
	edits map[int]string
	// variant, where not "", is the one build the mutant is tested in (the
	// controls test each build of a file on its own).
	variant string
}

// id names the mutant for people: file, line, operator and mutation.
func (m *mutant) id() string {
	return fmt.Sprintf("%s:%d %s: %s", m.file.name, m.at.line, m.op, m.desc)
}

// key names the mutant in the equivalents file. It leaves out line numbers
// and alignment, so that it survives edits elsewhere in the file: file,
// function, label block, occurrence of the same text in that block, and the
// mutation as instruction texts.
func (m *mutant) key() string {
	return normalizeKey(fmt.Sprintf("%s %s: %s", m.file.name, m.at.where(), m.desc))
}

// source returns the mutated file. Every line keeps its number: a deleted
// instruction leaves an empty line.
func (m *mutant) source() string {
	lines := slices.Clone(m.file.lines)
	for i, s := range m.edits {
		lines[i] = s
	}
	return strings.Join(lines, "\n")
}

// enumerate returns every mutant of f, in a fixed order (line, then
// operator, then operand, then replacement), without duplicates: of two
// mutations that give the same file, the first is kept.
func enumerate(f *asmFile) []*mutant {
	used := usedRegs(f)
	var out []*mutant
	seen := map[string]bool{}
	add := func(m *mutant) {
		s := m.source()
		if s == strings.Join(f.lines, "\n") || seen[s] {
			return
		}
		seen[s] = true
		out = append(out, m)
	}
	for i, in := range f.instrs {
		one := func(op string, args []string, newOp string) {
			nt := format(newOp, args)
			add(&mutant{file: f, op: op, at: in, desc: in.text() + " => " + nt,
				edits: map[int]string{in.line - 1: in.lead + nt}})
		}
		for _, op := range operators {
			switch op {
			case opDelete:
				add(&mutant{file: f, op: op, at: in, desc: "delete " + in.text(),
					edits: map[int]string{in.line - 1: in.lead}})
			case opImm:
				for ai, a := range in.args {
					for _, na := range immMutations(a) {
						one(op, replaced(in.args, ai, na), in.op)
					}
				}
			case opDisp:
				if isBranch(f.arch, in.op) {
					continue // a branch target is not a memory operand
				}
				for ai, a := range in.args {
					for _, na := range dispMutations(a) {
						one(op, replaced(in.args, ai, na), in.op)
					}
				}
			case opReg:
				inInstr := regsOf(f.arch, in.args)
				for ai, a := range in.args {
					for _, na := range regMutations(f.arch, a, used[in.fn], inInstr) {
						one(op, replaced(in.args, ai, na), in.op)
					}
				}
			case opCond:
				if nop, ok := invertOp(f.arch, in.op); ok {
					one(op, in.args, nop)
				}
				if f.arch == "arm64" && len(in.args) > 0 && arm64CondOps[in.op] {
					if c, ok := arm64InvCond[in.args[0]]; ok {
						one(op, replaced(in.args, 0, c), in.op)
					}
				}
			case opSwap:
				if i+1 >= len(f.instrs) {
					continue
				}
				next := f.instrs[i+1]
				if next.fn != in.fn || next.label != in.label || next.text() == in.text() || !slices.Equal(next.conds, in.conds) {
					continue // a label or an #ifdef's edge between them, or nothing to swap
				}
				add(&mutant{file: f, op: op, at: in, desc: "swap " + in.text() + " / " + next.text(),
					edits: map[int]string{
						in.line - 1:   in.lead + next.text(),
						next.line - 1: next.lead + in.text(),
					}})
			}
		}
	}
	return out
}

func replaced(args []string, i int, s string) []string {
	c := slices.Clone(args)
	c[i] = s
	return c
}

var (
	immRE  = regexp.MustCompile(`^\$(-?)(0[xX][0-9A-Fa-f]+|[0-9]+)$`)
	laneRE = regexp.MustCompile(`^(V[0-9]+\.[A-Z][0-9]*\[)([0-9]+)(\])$`)
)

// immMutations returns the operand with its immediate (or arm64 lane
// index) changed by each delta. Hex stays hex, with its width, where the
// result is not negative.
func immMutations(a string) []string {
	var out []string
	if m := laneRE.FindStringSubmatch(a); m != nil {
		v, _ := strconv.Atoi(m[2])
		for _, d := range deltas {
			if v+d >= 0 {
				out = append(out, m[1]+strconv.Itoa(v+d)+m[3])
			}
		}
		return out
	}
	m := immRE.FindStringSubmatch(a)
	if m == nil {
		return nil
	}
	hex := strings.HasPrefix(strings.ToLower(m[2]), "0x")
	v, err := strconv.ParseInt(m[2], 0, 64)
	if err != nil {
		return nil
	}
	if m[1] == "-" {
		v = -v
	}
	for _, d := range deltas {
		n := v + int64(d)
		switch {
		case hex && n >= 0:
			out = append(out, fmt.Sprintf("$0x%0*x", len(m[2])-2, n))
		default:
			out = append(out, "$"+strconv.FormatInt(n, 10))
		}
	}
	return out
}

var symOffRE = regexp.MustCompile(`^([^+\-]+)([+\-][0-9]+)?$`)

// dispMutations returns the memory operand with its displacement changed
// by each delta: "-64(AX)(DX*1)", "32(R0)", "(CX)" (displacement 0),
// "x_base+0(FP)", "·useDIT(SB)".
func dispMutations(a string) []string {
	pre, rest, ok := strings.Cut(a, "(")
	if !ok || strings.HasPrefix(a, "$") || strings.HasPrefix(a, "[") || strings.Contains(rest, ",") {
		return nil // a constant, a register list, or a register pair: (F8, F9)
	}
	rest = "(" + rest
	var out []string
	if pre == "" || isInt(pre) {
		v := 0
		if pre != "" {
			v, _ = strconv.Atoi(pre)
		}
		for _, d := range deltas {
			p := ""
			if v+d != 0 {
				p = strconv.Itoa(v + d)
			}
			out = append(out, p+rest)
		}
		return out
	}
	m := symOffRE.FindStringSubmatch(pre)
	if m == nil {
		return nil
	}
	v := 0
	if m[2] != "" {
		v, _ = strconv.Atoi(m[2])
	}
	for _, d := range deltas {
		out = append(out, fmt.Sprintf("%s%+d%s", m[1], v+d, rest))
	}
	return out
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// A reg is one register name as the file writes it, reduced to a class and
// a number: the registers of one class are interchangeable in the operand.
type reg struct {
	class string // "gp", "vec", "k"
	num   int
	style string // how to spell it: "64" or "8" (amd64 gp), "X", "Y", "Z", "V", "F", "R", "K"
}

var (
	amd64GP64 = []string{"AX", "BX", "CX", "DX", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}
	amd64GP8  = []string{"AL", "BL", "CL", "DL", "SIB", "DIB", "R8B", "R9B", "R10B", "R11B", "R12B", "R13B", "R14B", "R15B"}
	amd64Vec  = regexp.MustCompile(`^([XYZ])([0-9]|[12][0-9]|3[01])$`)
	amd64Mask = regexp.MustCompile(`^K([0-7])$`)
	arm64R    = regexp.MustCompile(`^R([0-9]|[12][0-9]|30)$`)
	arm64V    = regexp.MustCompile(`^([VF])([0-9]|[12][0-9]|3[01])$`)
)

// arm64ZR is the number the zero register gets in class gp.
const arm64ZR = 31

// A regClass is a register file of an architecture other than amd64 and
// arm64, whose registers are spelled prefix and number: riscv64's X and V,
// ppc64le's R, V and VS, s390x's R and V, loong64's R, V and X.
type regClass struct {
	class, prefix string
	n             int   // registers 0 to n-1
	reserved      []int // never mutated, never a replacement
}

// regClasses, per architecture. The reserved registers are those the Go
// toolchain gives a fixed role (internal/archfacts's Reserved: g, SP, the
// link register, the zero register, the assembler's temporaries, and on
// riscv64 GP and TP, on ppc64le the TOC and the thread pointer, on s390x
// REGRT1). VS32 to VS63 on ppc64le are V0 to V31 again; they are a class
// of their own here, as each name is written.
var regClasses = map[string][]regClass{
	"riscv64": {
		{class: "gp", prefix: "X", n: 32, reserved: reserved("riscv64", "X")},
		{class: "vec", prefix: "V", n: 32},
	},
	"ppc64le": {
		{class: "gp", prefix: "R", n: 32, reserved: reserved("ppc64le", "R")},
		{class: "vec", prefix: "V", n: 32},
		{class: "vs", prefix: "VS", n: 64},
	},
	"s390x": {
		{class: "gp", prefix: "R", n: 16, reserved: reserved("s390x", "R")},
		{class: "vec", prefix: "V", n: 32},
	},
	// loong64's V0-V31 are the low halves of X0-X31: a class each, as
	// each name is written.
	"loong64": {
		{class: "gp", prefix: "R", n: 32, reserved: reserved("loong64", "R")},
		{class: "vec", prefix: "V", n: 32},
		{class: "xvec", prefix: "X", n: 32},
	},
}

// reserved are the numbers of goarch's reserved registers named prefix
// and a number.
func reserved(goarch, prefix string) []int {
	var out []int
	for _, r := range archfacts.Must(goarch).Reserved() {
		if d, ok := strings.CutPrefix(r, prefix); ok {
			if n, err := strconv.Atoi(d); err == nil {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// parseNumbered recognises "PREFIXn" of one of arch's regClasses.
func parseNumbered(arch, s string) (reg, bool) {
	for _, c := range regClasses[arch] {
		d, ok := strings.CutPrefix(s, c.prefix)
		if !ok || d == "" || d[0] < '0' || d[0] > '9' || len(d) > 1 && d[0] == '0' {
			continue
		}
		n, err := strconv.Atoi(d)
		if err != nil || n >= c.n || slices.Contains(c.reserved, n) {
			continue
		}
		return reg{c.class, n, c.prefix}, true
	}
	return reg{}, false
}

// parseReg recognises a register name of arch. SP, BP, FP, SB, RSP and
// the registers the Go toolchain reserves are left alone.
func parseReg(arch, s string) (reg, bool) {
	switch arch {
	case "amd64":
		if i := slices.Index(amd64GP64, s); i >= 0 {
			return reg{"gp", i, "64"}, true
		}
		if i := slices.Index(amd64GP8, s); i >= 0 {
			return reg{"gp", i, "8"}, true
		}
		if m := amd64Vec.FindStringSubmatch(s); m != nil {
			n, _ := strconv.Atoi(m[2])
			return reg{"vec", n, m[1]}, true
		}
		if m := amd64Mask.FindStringSubmatch(s); m != nil {
			n, _ := strconv.Atoi(m[1])
			return reg{"k", n, "K"}, true
		}
	case "arm64":
		if s == "ZR" {
			return reg{"gp", arm64ZR, "R"}, true
		}
		if m := arm64R.FindStringSubmatch(s); m != nil {
			n, _ := strconv.Atoi(m[1])
			return reg{"gp", n, "R"}, true
		}
		if m := arm64V.FindStringSubmatch(s); m != nil {
			// Fn is the scalar view of Vn (FLDPQ loads Q registers).
			n, _ := strconv.Atoi(m[2])
			return reg{"vec", n, m[1]}, true
		}
	default:
		return parseNumbered(arch, s)
	}
	return reg{}, false
}

func (r reg) String() string {
	switch r.style {
	case "64":
		return amd64GP64[r.num]
	case "8":
		return amd64GP8[r.num]
	case "R":
		if r.num == arm64ZR {
			return "ZR"
		}
	}
	return r.style + strconv.Itoa(r.num)
}

// candidates is the order in which a class's registers are tried when a
// mutant wants one the function does not use. On arm64, the reserved
// registers (R18, the platform register, and R26 to R30: closure context,
// REGTMP, g, FP, LR) are left out; on the others, those of regClasses.
func candidates(arch, class string) []int {
	var c []int
	switch {
	case arch == "amd64" && class == "gp":
		for i := range amd64GP64 {
			c = append(c, i)
		}
	case arch == "amd64" && class == "vec":
		for i := range 16 { // legacy SSE encodes X0 to X15 only
			c = append(c, i)
		}
	case class == "k":
		for i := 1; i < 8; i++ { // K0 means "no mask"
			c = append(c, i)
		}
	case arch == "arm64" && class == "gp":
		res := reserved("arm64", "R")
		for i := range 31 {
			if !slices.Contains(res, i) {
				c = append(c, i)
			}
		}
	case arch == "arm64" && class == "vec":
		for i := range 32 {
			c = append(c, i)
		}
	default:
		for _, rc := range regClasses[arch] {
			if rc.class != class {
				continue
			}
			for i := range rc.n {
				if !slices.Contains(rc.reserved, i) {
					c = append(c, i)
				}
			}
		}
	}
	return c
}

// A token is a register name found in an operand.
type token struct {
	start, end int
	r          reg
	inAddr     bool // inside parentheses: a base or index register
}

// regTokens finds the register names in one operand. An identifier right
// after '.', '$' or a digit is an arrangement, constant or part of a
// symbol, not a register.
func regTokens(arch, a string) []token {
	var out []token
	depth := 0
	rs := []rune(a)
	pos := 0 // byte offset of rs[i]
	for i := 0; i < len(rs); {
		r := rs[i]
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		}
		if isIdentStart(r) && (i == 0 || !isIdentPart(rs[i-1]) && rs[i-1] != '.' && rs[i-1] != '$') {
			j, end := i, pos
			for j < len(rs) && isIdentPart(rs[j]) {
				end += len(string(rs[j]))
				j++
			}
			if rg, ok := parseReg(arch, a[pos:end]); ok {
				out = append(out, token{pos, end, rg, depth > 0})
			}
			for ; i < j; i++ {
				pos += len(string(rs[i]))
			}
			continue
		}
		pos += len(string(r))
		i++
	}
	return out
}

func isIdentStart(r rune) bool {
	return r == '_' || r == '·' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

func isIdentPart(r rune) bool { return isIdentStart(r) || r >= '0' && r <= '9' }

// usedRegs returns, per function, the register numbers each class uses.
func usedRegs(f *asmFile) map[string]map[string]map[int]bool {
	used := map[string]map[string]map[int]bool{}
	for _, in := range f.instrs {
		if used[in.fn] == nil {
			used[in.fn] = map[string]map[int]bool{}
		}
		for class, nums := range regsOf(f.arch, in.args) {
			if used[in.fn][class] == nil {
				used[in.fn][class] = map[int]bool{}
			}
			for n := range nums {
				used[in.fn][class][n] = true
			}
		}
	}
	return used
}

// regsOf returns the register numbers, by class, that operands name.
func regsOf(arch string, args []string) map[string]map[int]bool {
	regs := map[string]map[int]bool{}
	for _, a := range args {
		for _, t := range regTokens(arch, a) {
			if regs[t.r.class] == nil {
				regs[t.r.class] = map[int]bool{}
			}
			regs[t.r.class][t.r.num] = true
		}
	}
	return regs
}

// manyVec is the number of vector registers above which a function's
// vector registers are not all tried in place of each other.
const manyVec = 8

// alternatives returns what register r may become: every other register
// of its class the function uses (the mutant then clobbers or reads a live
// value), and the first one it does not use (the mutant reads garbage or
// writes where nobody looks). On arm64 the zero register is one more,
// except as an address. Where a function uses more than manyVec vector
// registers (NEON's loop uses 24), only those numbered within 2 of r and
// those in the same instruction are tried: registers are numbered by role
// (accumulators, x's data, y's data), so these still reach a register of
// the same role and one of another, at a tenth of the cost.
func alternatives(arch string, r reg, inAddr bool, used, inInstr map[int]bool) []int {
	var out []int
	few := r.class != "vec" || len(used) <= manyVec
	for n := range used {
		if n == r.num || n == arm64ZR && inAddr {
			continue
		}
		if few || inInstr[n] || n >= r.num-2 && n <= r.num+2 {
			out = append(out, n)
		}
	}
	for _, n := range candidates(arch, r.class) {
		if !used[n] {
			out = append(out, n)
			break
		}
	}
	if arch == "arm64" && r.class == "gp" && !inAddr && r.num != arm64ZR && !used[arm64ZR] {
		out = append(out, arm64ZR)
	}
	slices.Sort(out)
	return out
}

// regMutations returns the operand with one register replaced, for every
// register in it and every alternative. An arm64 register list
// ("[V8.B16, V9.B16]") must stay consecutive: it moves as a whole.
func regMutations(arch, a string, used, inInstr map[string]map[int]bool) []string {
	var out []string
	if strings.HasPrefix(a, "[") && strings.HasSuffix(a, "]") {
		elems := engine.SplitOperands(a[1 : len(a)-1])
		var regs []reg
		for _, e := range elems {
			ts := regTokens(arch, e)
			if len(ts) != 1 || ts[0].start != 0 {
				return nil
			}
			regs = append(regs, ts[0].r)
		}
		first := regs[0]
		for _, n := range alternatives(arch, first, false, used[first.class], inInstr[first.class]) {
			if n == arm64ZR || n+len(regs)-1 > 31 {
				continue
			}
			var ne []string
			for i, e := range elems {
				r := regs[i]
				r.num = n + i
				ne = append(ne, r.String()+e[len(regs[i].String()):])
			}
			out = append(out, "["+strings.Join(ne, ", ")+"]")
		}
		return out
	}
	for _, t := range regTokens(arch, a) {
		for _, n := range alternatives(arch, t.r, t.inAddr, used[t.r.class], inInstr[t.r.class]) {
			r := t.r
			r.num = n
			out = append(out, a[:t.start]+r.String()+a[t.end:])
		}
	}
	return out
}

// Conditions and their inverses.
var (
	amd64InvJcc = pairs("JA", "JBE", "JAE", "JB", "JCC", "JCS", "JHS", "JLO", "JEQ", "JNE", "JZ", "JNZ",
		"JG", "JLE", "JGT", "JLE", "JGE", "JLT", "JL", "JGE", "JHI", "JLS", "JMI", "JPL", "JOS", "JOC", "JPS", "JPC")
	amd64InvSet = pairs("SETEQ", "SETNE", "SETCS", "SETCC", "SETHI", "SETLS", "SETGT", "SETLE", "SETGE", "SETLT",
		"SETMI", "SETPL", "SETOS", "SETOC", "SETPS", "SETPC")
	arm64InvCond = pairs("EQ", "NE", "CS", "CC", "HS", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE")
	arm64InvOp   = pairs("CBZ", "CBNZ", "CBZW", "CBNZW", "TBZ", "TBNZ")
	// arm64CondOps take a condition as their first operand.
	arm64CondOps = map[string]bool{"CSET": true, "CSETM": true, "CSEL": true, "CSINC": true, "CSINV": true, "CSNEG": true, "CINC": true, "CCMP": true, "CCMN": true}

	// The conditional branches of the other architectures, each with its
	// inverse (a branch with no inverse, s390x's BRCTG or riscv64's none,
	// is not in the table: its cond mutant is not made).
	invBranch = map[string]map[string]string{
		"riscv64": pairs("BEQZ", "BNEZ", "BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BGT", "BLE", "BGTU", "BLEU",
			"BLTZ", "BGEZ", "BGTZ", "BLEZ"),
		// BDNZ decrements CTR and branches while it is not zero, BDZ while it is.
		"ppc64le": pairs("BEQ", "BNE", "BLT", "BGE", "BGT", "BLE", "BVS", "BVC", "BDNZ", "BDZ"),
		"s390x": pairs("BEQ", "BNE", "BLT", "BGE", "BGT", "BLE", "BLTU", "BGEU", "BGTU", "BLEU", "BVS", "BVC",
			"CMPBEQ", "CMPBNE", "CMPBLT", "CMPBGE", "CMPBGT", "CMPBLE",
			"CMPUBEQ", "CMPUBNE", "CMPUBLT", "CMPUBGE", "CMPUBGT", "CMPUBLE",
			"CMPWBEQ", "CMPWBNE", "CMPWBLT", "CMPWBGE", "CMPWBGT", "CMPWBLE",
			"CMPWUBEQ", "CMPWUBNE", "CMPWUBLT", "CMPWUBGE", "CMPWUBGT", "CMPWUBLE"),
		"loong64": pairs("BEQ", "BNE", "BLT", "BGE", "BLTU", "BGEU", "BLTZ", "BGEZ", "BGTZ", "BLEZ", "BFPT", "BFPF"),
	}
	// invSet: the instructions that turn a condition into a value, not a
	// jump (amd64's SETcc and CMOVcc are found by their prefixes).
	invSet = map[string]map[string]string{
		"riscv64": pairs("SEQZ", "SNEZ", "SLTZ", "SGTZ"),
	}
	// jumps are the unconditional branches and calls: their operand is a
	// target, not a memory operand.
	jumps = map[string][]string{
		"amd64":   {"JMP", "CALL"},
		"arm64":   {"JMP", "CALL", "B", "BL"},
		"riscv64": {"JMP", "CALL", "JAL", "JALR"},
		"ppc64le": {"JMP", "CALL", "BR", "BL"},
		"s390x":   {"JMP", "CALL", "BR", "BL", "BRCT", "BRCTG"},
		"loong64": {"JMP", "CALL"},
	}
)

// pairs builds a map that sends each of a pair to the other; the first
// mention wins, so a synonym ("JGT", "JLE" after "JG", "JLE") only adds
// its own direction.
func pairs(s ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(s); i += 2 {
		if _, ok := m[s[i]]; !ok {
			m[s[i]] = s[i+1]
		}
		if _, ok := m[s[i+1]]; !ok {
			m[s[i+1]] = s[i]
		}
	}
	return m
}

// invertOp returns the opcode with its condition inverted: Jcc, SETcc and
// CMOVxcc on amd64; B.cond, CBZ/CBNZ and TBZ/TBNZ on arm64; the branches
// of invBranch and the sets of invSet on the others.
func invertOp(arch, op string) (string, bool) {
	switch arch {
	case "amd64":
		if n, ok := amd64InvJcc[op]; ok {
			return n, true
		}
		if n, ok := amd64InvSet[op]; ok {
			return n, true
		}
		if len(op) > 5 && strings.HasPrefix(op, "CMOV") {
			if c, ok := arm64InvCond[op[5:]]; ok { // CMOVQEQ: the same condition names
				return op[:5] + c, true
			}
		}
	case "arm64":
		if n, ok := arm64InvOp[op]; ok {
			return n, true
		}
		if len(op) == 3 && op[0] == 'B' {
			if c, ok := arm64InvCond[op[1:]]; ok {
				return "B" + c, true
			}
		}
	default:
		if n, ok := invBranch[arch][op]; ok {
			return n, true
		}
		if n, ok := invSet[arch][op]; ok {
			return n, true
		}
	}
	return "", false
}

// isBranch reports whether op's operands include a branch target.
func isBranch(arch, op string) bool {
	if slices.Contains(jumps[arch], op) {
		return true
	}
	if _, ok := invSet[arch][op]; ok {
		return false
	}
	_, ok := invertOp(arch, op)
	return ok && !strings.HasPrefix(op, "SET") && !strings.HasPrefix(op, "CMOV")
}
