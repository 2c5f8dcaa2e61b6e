// Package ctcheck checks Go assembly for code whose timing could depend on
// secret data. It reads a .s file as text and runs, over each function's
// control-flow graph, a forward taint analysis to a fixpoint:
//
//   - secret: every byte loaded through a register (the inputs), and
//     everything computed from it, flags included;
//   - public: arguments read from FP, globals read from SB, constants, and
//     whatever is computed from those only (the length, the pointers);
//   - XOR (or VEOR) of a register with itself is public zero.
//
// A finding is a conditional branch on secret flags or a secret register
// (JCXZ and LOOP on CX, CBZ and TBZ on theirs), a memory address built
// from a secret register (BT with a memory operand is addressed by its bit
// offset too), a variable-latency instruction (division, square root, and
// on amd64 PDEP and PEXT, microcoded on AMD before Zen 3) on a secret, or
// an instruction the analysis does not model: it fails closed. SETcc,
// CMOVcc and CSET are not branches and may take secret flags; SBB, ADC,
// RCL and RCR (SBC, ADC on arm64) read them, so SBB r, r is no zeroing
// idiom.
//
// What each instruction reads and writes is in one table per architecture
// (amd64Table, arm64Table), which holds only what the generated kernels
// use, their conditions' other forms, and the instructions above; each row
// is tested (table_test.go; objtable_test.go does the same for the
// compiled-code model of each GOARCH). Leak gadgets planted at every basic block of the
// shipped kernels, and of the compiled code on x86, test the whole
// (gadget_test.go, gadget_compiled_test.go): CTEQUAL_GADGETS=all plants
// every gadget at every site, go test a fixed sample.
//
// The analysis is of these kernels' style, not of all assembly: it tracks
// registers and flags, not memory, so a secret stored and loaded back
// through FP or SB would be missed; the kernels never do that.
//
// CheckBinary runs a taint analysis of the same kind, with the stack frame
// tracked too, over the machine code of a build of a driver program that calls the API,
// as go tool objdump prints it, on every GOARCH the disassembler knows:
// what the compiler made of the Go code on the path is checked, not only
// the assembly as written. See compiled.go.
package ctcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Finding is one instruction whose timing may depend on secret data.
type Finding struct {
	File   string
	Line   int
	Func   string
	Text   string // the instruction as written
	Reason string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s: %s: %s", f.File, f.Line, f.Func, f.Text, f.Reason)
}

// CheckFile checks one assembly file; its architecture comes from its name
// (_amd64.s, _arm64.s or _riscv64.s).
func CheckFile(path string) ([]Finding, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var a *arch
	switch {
	case strings.HasSuffix(path, "_amd64.s"):
		a = amd64
	case strings.HasSuffix(path, "_arm64.s"):
		a = arm64
	case strings.HasSuffix(path, "_riscv64.s"):
		a = riscv64
	case strings.HasSuffix(path, "_ppc64le.s"):
		a = ppc64
	case strings.HasSuffix(path, "_s390x.s"):
		a = s390x
	default:
		return nil, fmt.Errorf("%s: no _amd64.s, _arm64.s, _riscv64.s, _ppc64le.s or _s390x.s suffix: architecture unknown", path)
	}
	return check(filepath.Base(path), string(src), a)
}

// instr is one parsed instruction.
type instr struct {
	line     int
	text     string
	op       string
	args     []string
	function string
}

type function struct {
	name   string
	instrs []instr
	labels map[string]int // label -> index of the instruction it precedes
}

// parse splits a file into functions of instructions.
func parse(src string) ([]*function, error) {
	var funcs []*function
	var cur *function
	pending := []string{}
	for i, raw := range strings.Split(src, "\n") {
		line := strings.TrimSpace(stripComment(raw))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "TEXT ") || strings.HasPrefix(line, "TEXT\t") {
			name := strings.TrimSpace(strings.TrimPrefix(line, "TEXT"))
			if j := strings.Index(name, "(SB)"); j >= 0 {
				name = name[:j]
			}
			cur = &function{name: name, labels: map[string]int{}}
			funcs = append(funcs, cur)
			pending = pending[:0]
			continue
		}
		if strings.HasPrefix(line, "DATA") || strings.HasPrefix(line, "GLOBL") {
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: instruction outside a TEXT block: %s", i+1, line)
		}
		if j := strings.Index(line, ":"); j > 0 && isIdent(line[:j]) {
			pending = append(pending, line[:j])
			line = strings.TrimSpace(line[j+1:])
			if line == "" {
				continue
			}
		}
		fields := strings.Fields(line)
		in := instr{line: i + 1, text: line, op: fields[0], function: cur.name}
		if rest := strings.TrimSpace(line[len(fields[0]):]); rest != "" {
			in.args = SplitOperands(rest)
		}
		for _, l := range pending {
			cur.labels[l] = len(cur.instrs)
		}
		pending = pending[:0]
		cur.instrs = append(cur.instrs, in)
	}
	if cur != nil {
		for _, l := range pending {
			cur.labels[l] = len(cur.instrs) // a label at the very end
		}
	}
	return funcs, nil
}

func stripComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		return s[:i]
	}
	return s
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// SplitOperands splits an instruction's operands at the commas that are not
// inside () or []: internal/mutate reads the assembly with it too.
func SplitOperands(s string) []string {
	var args []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				args = append(args, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(args, strings.TrimSpace(s[start:]))
}

// state is the taint of every location: canonical register names and
// "FLAGS". Absent means public.
type state map[string]bool

func (s state) clone() state {
	c := make(state, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// join adds o's secrets to s and reports whether s changed.
func (s state) join(o state) bool {
	changed := false
	for k, v := range o {
		if v && !s[k] {
			s[k] = true
			changed = true
		}
	}
	return changed
}

// effect is what one instruction does to the state, and what it reports.
type effect struct {
	findings []string
	target   string // the label (or symbol) a branch jumps to
	branch   bool   // conditional or not, the instruction may jump to target
	cond     bool   // it may also fall through
	terminal bool   // it never falls through (RET, JMP, tail call)
}

// arch models one instruction set.
type arch struct {
	// step applies in to st and returns its effect. It must set findings
	// for what it cannot model.
	step func(in instr, st state) effect
}

// fixpoint returns the state before each instruction of f (and after its
// last), the taint analysis run to a fixpoint.
func fixpoint(f *function, a *arch) []state {
	n := len(f.instrs)
	in := make([]state, n+1)
	for i := range in {
		in[i] = state{}
	}
	succ := make([][]int, n)
	for i, ins := range f.instrs {
		e := a.step(ins, in[i].clone())
		if e.branch {
			if t, ok := f.labels[e.target]; ok {
				succ[i] = append(succ[i], t)
			}
		}
		if !e.terminal && (!e.branch || e.cond) {
			succ[i] = append(succ[i], i+1)
		}
	}
	// Every instruction is visited once; after that, only those whose
	// in-state grew.
	work := make([]int, n)
	queued := map[int]bool{}
	for i := range work {
		work[i] = i
		queued[i] = true
	}
	for len(work) > 0 {
		i := work[0]
		work = work[1:]
		queued[i] = false
		if i >= n {
			continue
		}
		out := in[i].clone()
		a.step(f.instrs[i], out)
		for _, s := range succ[i] {
			if in[s].join(out) && !queued[s] {
				work = append(work, s)
				queued[s] = true
			}
		}
	}
	return in
}

func check(file, src string, a *arch) ([]Finding, error) {
	funcs, err := parse(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	var findings []Finding
	for _, f := range funcs {
		findings = append(findings, analyse(file, f, a)...)
	}
	return findings, nil
}

// analyse runs the taint analysis of one function to a fixpoint, then
// reports each instruction's findings once, under the final states.
func analyse(file string, f *function, a *arch) []Finding {
	in := fixpoint(f, a)
	var findings []Finding
	for i, ins := range f.instrs {
		e := a.step(ins, in[i].clone())
		if e.branch {
			if _, ok := f.labels[e.target]; !ok && !strings.HasSuffix(e.target, "(SB)") {
				e.findings = append(e.findings, "branch to unknown label "+e.target)
			}
		}
		for _, r := range e.findings {
			findings = append(findings, Finding{File: file, Line: ins.line, Func: f.name, Text: ins.text, Reason: r})
		}
	}
	return findings
}

// operand helpers shared by both architectures.

func isImm(s string) bool { return strings.HasPrefix(s, "$") }
func isMem(s string) bool { return strings.Contains(s, "(") }

// memRegs returns the registers a memory operand's address is built from,
// and whether it reads the frame or a global (public data): "-16(AX)(DX*1)"
// gives AX and DX, "x_base+0(FP)" none and public.
func memRegs(s string) (regs []string, public bool) {
	for _, part := range strings.Split(s, "(")[1:] {
		r, _, _ := strings.Cut(strings.TrimRight(part, ") "), "*")
		r, _, _ = strings.Cut(r, "<<") // arm64: (R1)(R2<<3)
		switch r {
		case "FP", "SB":
			public = true
		case "SP", "":
		default:
			regs = append(regs, r)
		}
	}
	return regs, public
}

// machine is the part of an instruction's semantics both architectures
// share: reading and writing operands, with the address check.
type machine struct {
	st       state
	findings []string
	reg      func(string) (loc string, partial bool, ok bool)
}

func (m *machine) find(format string, args ...any) {
	m.findings = append(m.findings, fmt.Sprintf(format, args...))
}

// address checks that a memory operand's address registers are public.
func (m *machine) address(op string) (public bool) {
	regs, public := memRegs(op)
	for _, r := range regs {
		loc, _, ok := m.reg(r)
		if !ok {
			m.find("unknown register %s in address %s", r, op)
			continue
		}
		if m.st[loc] {
			m.find("memory address depends on secret %s", r)
		}
	}
	return public
}

// read returns whether reading op yields secret data: a load through a
// register does, a load from FP or SB and a constant do not.
func (m *machine) read(op string) bool {
	switch {
	case isImm(op):
		return false
	case isMem(op):
		return !m.address(op)
	}
	loc, _, ok := m.reg(op)
	if !ok {
		m.find("unknown operand %s", op)
		return true
	}
	return m.st[loc]
}

// write sets op's taint; a write to part of a register keeps the rest's.
// A store only has its address checked: memory is not tracked.
func (m *machine) write(op string, secret bool) {
	if isMem(op) {
		m.address(op)
		return
	}
	loc, partial, ok := m.reg(op)
	if !ok {
		m.find("unknown operand %s", op)
		return
	}
	if loc == "" { // the zero register
		return
	}
	if partial {
		secret = secret || m.st[loc]
	}
	if secret {
		m.st[loc] = true
	} else {
		delete(m.st, loc)
	}
}

func (m *machine) any(ops ...string) bool {
	secret := false
	for _, op := range ops {
		secret = m.read(op) || secret
	}
	return secret
}
