package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
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
	// conds are the preprocessor conditions the line is under, outermost
	// first: "NAME" inside #ifdef NAME, "!NAME" inside #ifndef NAME (and
	// the #else of an #ifdef).
	conds []string
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
	arch   string // one of archs, from the name
	lines  []string
	instrs []instr
}

var labelRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*):`)

// archs are the architectures whose kernels the command mutates, in the
// order it reads their files (equal_ARCH.s): internal/archfacts's that
// have assembly kernels.
var archs = archfacts.Names(archfacts.WithKernels())

// archOf returns the architecture a file's name ends in (x_riscv64.s).
func archOf(name string) (string, bool) {
	for _, a := range archs {
		if strings.HasSuffix(name, "_"+a+".s") {
			return a, true
		}
	}
	return "", false
}

// preprocess follows one preprocessor line: #ifdef, #ifndef, #else and
// #endif change conds, the stack of conditions the lines below are under;
// #include and #define change nothing here. An #if with an expression is
// refused: the command could not tell which build a mutant belongs to.
func preprocess(conds []string, line string) ([]string, error) {
	f := strings.Fields(strings.TrimPrefix(line, "#"))
	if len(f) == 0 {
		return conds, nil
	}
	switch f[0] {
	case "ifdef", "ifndef":
		if len(f) != 2 {
			return nil, fmt.Errorf("want one macro name: %s", line)
		}
		if f[0] == "ifndef" {
			return append(conds, "!"+f[1]), nil
		}
		return append(conds, f[1]), nil
	case "else":
		if len(conds) == 0 {
			return nil, fmt.Errorf("#else without #ifdef")
		}
		c := conds[len(conds)-1]
		if n, ok := strings.CutPrefix(c, "!"); ok {
			c = n
		} else {
			c = "!" + c
		}
		return append(conds[:len(conds)-1:len(conds)-1], c), nil
	case "endif":
		if len(conds) == 0 {
			return nil, fmt.Errorf("#endif without #ifdef")
		}
		return conds[: len(conds)-1 : len(conds)-1], nil
	case "if", "elif":
		return nil, fmt.Errorf("#%s is not supported (only #ifdef, #ifndef, #else, #endif): %s", f[0], line)
	}
	return conds, nil
}

// holds reports whether conds hold where exactly the macros in defined
// are defined.
func holds(conds []string, defined []string) bool {
	for _, c := range conds {
		name, neg := strings.CutPrefix(c, "!")
		if slices.Contains(defined, name) == neg {
			return false
		}
	}
	return true
}

// parseAsm splits src into instructions. It knows the subset of Go
// assembly the generators write: one instruction per line, labels on lines
// of their own (or before an instruction), // comments, TEXT, DATA, GLOBL
// and preprocessor lines.
func parseAsm(name, src string) (*asmFile, error) {
	f := &asmFile{name: name, lines: strings.Split(src, "\n")}
	arch, ok := archOf(name)
	if !ok {
		return nil, fmt.Errorf("%s: want a name ending in _ARCH.s, ARCH one of %s", name, strings.Join(archs, ", "))
	}
	f.arch = arch
	fn, label := "", ""
	var conds []string
	seen := map[string]int{} // (fn, label, text) -> count so far
	for i, raw := range f.lines {
		line := raw
		if j := strings.Index(line, "//"); j >= 0 {
			line = line[:j]
		}
		lead := raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			var err error
			if conds, err = preprocess(conds, line); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
			continue
		}
		if line == "" {
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
		in := instr{line: i + 1, fn: fn, label: label, op: op, lead: lead, conds: conds}
		if rest := strings.TrimSpace(line[len(op):]); rest != "" {
			in.args = engine.SplitOperands(rest)
		}
		k := fn + "\x00" + label + "\x00" + in.text()
		in.occ = seen[k]
		seen[k]++
		f.instrs = append(f.instrs, in)
	}
	if len(conds) > 0 {
		return nil, fmt.Errorf("%s: #ifdef without #endif", name)
	}
	if len(f.instrs) == 0 {
		return nil, fmt.Errorf("%s: no instructions", name)
	}
	return f, nil
}
