package main

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// An inst is one instruction as llvm-objdump -d -l prints it.
type inst struct {
	addr     uint64
	mnemonic string
	operands string
	file     string // the source position, from the DWARF line table
	line     int
}

func (in inst) String() string {
	if in.operands == "" {
		return in.mnemonic
	}
	return in.mnemonic + "\t" + in.operands
}

// A function is one disassembled symbol.
type function struct {
	symbol string
	insts  []inst
}

// name is the function's name without its package path and ABI suffix:
// equalNEON for github.com/ctequal/ctequal.equalNEON.abi0.
func (f *function) name() string {
	s := strings.TrimSuffix(f.symbol, ".abi0")
	return s[strings.LastIndex(s, ".")+1:]
}

var (
	symbolRE = regexp.MustCompile(`^[0-9a-f]+ <(.+)>:$`)
	sourceRE = regexp.MustCompile(`^; (.+):(\d+)$`)
	instRE   = regexp.MustCompile(`^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$`)
	// The target is the last operand; s390x prints it without <symbol>.
	targetRE = regexp.MustCompile(`0x([0-9a-f]+)(?: <[^>]*>)?$`)
)

// parseObjdump reads the output of llvm-objdump -d -l --no-show-raw-insn.
func parseObjdump(text string) ([]*function, error) {
	var funcs []*function
	var cur *function
	file, line := "", 0
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if m := symbolRE.FindStringSubmatch(l); m != nil {
			cur = &function{symbol: m[1]}
			funcs = append(funcs, cur)
			file, line = "", 0
			continue
		}
		if m := sourceRE.FindStringSubmatch(l); m != nil {
			file, line = m[1], atoi(m[2])
			continue
		}
		m := instRE.FindStringSubmatch(l)
		if m == nil || cur == nil {
			continue
		}
		addr, err := strconv.ParseUint(m[1], 16, 64)
		if err != nil {
			return nil, fmt.Errorf("bad address in %q", l)
		}
		cur.insts = append(cur.insts, inst{addr: addr, mnemonic: m[2], operands: strings.TrimSpace(m[3]), file: file, line: line})
	}
	return funcs, nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// A loop is one innermost loop of a kernel: the instructions from a
// backward branch's target to the branch.
type loop struct {
	fn    string // the function: equalNEON
	name  string // its label without the function's prefix (loop), or loop1, loop2... where it has none
	insts []inst
	bytes int // bytes compared per iteration: half of what it loads
	vregs int // vector registers it loads, of a length the core sets (RVV)
	width int // its widest memory access, in bytes
	isa   int // the highest instruction-set level it needs
	// nops counts the NOPs left out of the model: the Go compiler pads
	// loops so that their header is aligned, inside the loop, and how much
	// depends on where the linker puts the function. Left in, any change
	// to the code before a Go kernel would move its figures.
	nops int
}

// id names the loop in the table and in floors.txt.
func (l loop) id() string { return l.fn + "/" + l.name }

// findLoops returns f's innermost loops in address order. A branch back to
// the function's first instruction is not one: it is the retry after
// runtime.morestack that every Go function with a stack check ends with;
// nor is a jump back over a return, from a block placed out of line.
// label returns the assembler label at a source position, or "".
func findLoops(a *arch, f *function, label func(file string, line int) string) []loop {
	type span struct{ lo, hi uint64 }
	var spans []span
	if len(f.insts) == 0 {
		return nil
	}
	entry := f.insts[0].addr
	for _, in := range f.insts {
		if !a.branch(in.mnemonic) {
			continue
		}
		m := targetRE.FindStringSubmatch(in.operands)
		if m == nil {
			continue
		}
		t, _ := strconv.ParseUint(m[1], 16, 64)
		if t > entry && t <= in.addr {
			spans = append(spans, span{t, in.addr})
		}
	}
	// A span with a return in it is no loop: it is a jump back from a
	// block placed out of line, over the function's exit.
	returns := func(s span) bool {
		for _, in := range f.insts {
			if in.addr >= s.lo && in.addr < s.hi && strings.HasPrefix(in.mnemonic, "ret") {
				return true
			}
		}
		return false
	}
	spans = slices.DeleteFunc(spans, returns)
	// Keep the spans that contain no other: a loop around a loop would
	// count the inner loop's body once per outer iteration.
	var inner []span
	for i, s := range spans {
		outer := false
		for j, o := range spans {
			if i != j && s.lo <= o.lo && o.hi <= s.hi {
				outer = true
			}
		}
		if !outer {
			inner = append(inner, s)
		}
	}
	sort.Slice(inner, func(i, j int) bool { return inner[i].lo < inner[j].lo })
	var loops []loop
	for k, s := range inner {
		l := loop{fn: f.name()}
		for _, in := range f.insts {
			if in.addr < s.lo || in.addr > s.hi {
				continue
			}
			if in.mnemonic == "nop" || in.mnemonic == "nopr" { // nopr: s390x
				l.nops++
				continue
			}
			l.insts = append(l.insts, in)
			b, w := a.load(in.mnemonic, in.operands)
			l.bytes += b
			l.width = max(l.width, w)
			l.isa = max(l.isa, a.isa(in.mnemonic, in.operands))
		}
		l.bytes /= 2
		if a.vregs != nil {
			l.vregs = a.vregs(l.insts)
		}
		l.name = "loop" + strconv.Itoa(k+1)
		if lab := label(l.insts[0].file, l.insts[0].line); lab != "" {
			l.name = strings.TrimPrefix(lab, l.fn+"_")
		}
		loops = append(loops, l)
	}
	return loops
}

// mcaInput is the loop as llvm-mca reads it: every branch target becomes
// the loop's own label (llvm-mca ignores where branches go, but the
// assembler needs a symbol), and llvm-objdump's comments go.
func mcaInput(a *arch, l loop) string {
	var b strings.Builder
	if a.header != "" {
		b.WriteString(a.header + "\n")
	}
	b.WriteString(".Lloop:\n")
	for _, in := range l.insts {
		ops := in.operands
		if a.branch(in.mnemonic) {
			ops = targetRE.ReplaceAllString(ops, ".Lloop")
		}
		for _, c := range []string{" //", " #"} {
			if c == " #" && a.goarch == "arm64" {
				continue // immediates, not comments
			}
			if i := strings.Index(ops, c); i >= 0 {
				ops = strings.TrimSpace(ops[:i])
			}
		}
		fmt.Fprintf(&b, "\t%s\n", inst{mnemonic: in.mnemonic, operands: ops})
	}
	return b.String()
}

var labelRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*):\s*(//.*)?$`)

// labelAt returns the label that the instruction at line (1-based) of an
// assembly file's lines follows, looking back over blank and comment lines.
func labelAt(lines []string, line int) string {
	for i := line - 2; i >= 0 && i < len(lines); i-- {
		l := strings.TrimSpace(lines[i])
		if m := labelRE.FindStringSubmatch(l); m != nil {
			return m[1]
		}
		if strings.HasPrefix(l, "#else") {
			// The instruction opens an #else branch (the POWER10 loop
			// of equal_ppc64le.s): the label is above the #if's.
			for depth := 0; i > 0; i-- {
				t := strings.TrimSpace(lines[i-1])
				if strings.HasPrefix(t, "#endif") {
					depth++
				} else if strings.HasPrefix(t, "#if") {
					if depth == 0 {
						i--
						break
					}
					depth--
				}
			}
			continue
		}
		if l != "" && !strings.HasPrefix(l, "//") && !strings.HasPrefix(l, "#") { // #ifndef GOPPC64_power10
			return ""
		}
	}
	return ""
}

// compares returns the bytes the loop compares per iteration on core c:
// half of what it loads, its vector registers VLEN/8 bytes each.
func (l loop) compares(c core) int { return l.bytes + l.vregs*c.vlen/16 }
