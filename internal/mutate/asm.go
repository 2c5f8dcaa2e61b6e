package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ctequal/ctequal/internal/ctcheck"
)

// An instr is one instruction of a Go assembly file, as written.
type instr struct {
	line  int    // 1-based line number in the file
	fn    string // the TEXT symbol it belongs to, without "·" and "(SB)"
	label string // the nearest label above it in fn, "" at fn's entry
	occ   int    // how many instructions of the same text come before it under (fn, label)
	op    string
	args  []string
	lead  string // the whitespace the line starts with, kept when it is rewritten
}

// text is the instruction in a normal form: the opcode, one space, the
// operands joined by ", ". Generated files align operands with runs of
// spaces that change whenever a neighbour changes: keys use this form.
func (in instr) text() string { return format(in.op, in.args) }

func format(op string, args []string) string {
	if len(args) == 0 {
		return op
	}
	return op + " " + strings.Join(args, ", ")
}

// where names the instruction's place independently of line numbers and
// alignment: function, label block and occurrence.
func (in instr) where() string {
	s := in.fn
	if in.label != "" {
		s += "/" + in.label
	}
	if in.occ > 0 {
		s += fmt.Sprintf("#%d", in.occ)
	}
	return s
}

// asmFile is a parsed assembly file: its lines, and the instructions among them.
type asmFile struct {
	name   string // base name, e.g. equal_amd64.s
	arch   string // amd64 or arm64, from the name
	lines  []string
	instrs []instr
}

var labelRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*):`)

// parseAsm splits src into instructions. It knows the subset of Go
// assembly the generators write: one instruction per line, labels on lines
// of their own (or before an instruction), // comments, TEXT, DATA, GLOBL
// and preprocessor lines.
func parseAsm(name, src string) (*asmFile, error) {
	f := &asmFile{name: name, lines: strings.Split(src, "\n")}
	switch {
	case strings.HasSuffix(name, "_amd64.s"):
		f.arch = "amd64"
	case strings.HasSuffix(name, "_arm64.s"):
		f.arch = "arm64"
	default:
		return nil, fmt.Errorf("%s: want a name ending in _amd64.s or _arm64.s", name)
	}
	fn, label := "", ""
	seen := map[string]int{} // (fn, label, text) -> count so far
	for i, raw := range f.lines {
		line := raw
		if j := strings.Index(line, "//"); j >= 0 {
			line = line[:j]
		}
		lead := raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		first := strings.Fields(line)[0]
		switch first {
		case "TEXT":
			rest := strings.TrimSpace(strings.TrimPrefix(line, "TEXT"))
			sym, _, ok := strings.Cut(rest, "(SB)")
			if !ok {
				return nil, fmt.Errorf("%s:%d: TEXT without (SB): %s", name, i+1, line)
			}
			fn, label = strings.TrimPrefix(sym, "·"), ""
			continue
		case "DATA", "GLOBL":
			continue
		}
		if m := labelRE.FindStringSubmatch(line); m != nil {
			label = m[1]
			line = strings.TrimSpace(line[len(m[0]):])
			if line == "" {
				continue
			}
		}
		if fn == "" {
			return nil, fmt.Errorf("%s:%d: instruction outside a TEXT block: %s", name, i+1, line)
		}
		op := strings.Fields(line)[0]
		in := instr{line: i + 1, fn: fn, label: label, op: op, lead: lead}
		if rest := strings.TrimSpace(line[len(op):]); rest != "" {
			in.args = ctcheck.SplitOperands(rest)
		}
		k := fn + "\x00" + label + "\x00" + in.text()
		in.occ = seen[k]
		seen[k]++
		f.instrs = append(f.instrs, in)
	}
	if len(f.instrs) == 0 {
		return nil, fmt.Errorf("%s: no instructions", name)
	}
	return f, nil
}
