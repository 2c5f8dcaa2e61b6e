// Package rowtest runs an ISA's table of rows through both of the
// checker's front ends: each ISA package's rows_test.go holds the table.
package rowtest

import (
	"fmt"
	"go/version"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// The models, tested row by row through both front ends. Each row is one
// instruction (or a few) in Go assembly, written by hand from the
// architecture's manual, apart from the model: where secrets flow through
// it ("srcs -> dsts; ..." clauses, MEM for the bytes a load through a
// register reads, which are secret whatever the state), and which secret
// locations make it a finding. An instruction set's rows are assembled
// into one function each, linked into a program, and read back twice:
// from the assembler's listing (the source check) and from the
// disassembly of the binary (the compiled check). Every opcode the model
// knows must have a row.
//
// A row runs as the engine runs code: to a fixpoint over its function,
// from the row's first instruction (a prologue, where the TEXT line gives
// a frame, runs before it with nothing secret), once with nothing secret
// and once with each probe location secret there. The test requires
// exactly the row's flows in the state the row leaves by (to the
// instruction after it, or out of the function: a return, a jump, a
// call through a register), and exactly the row's findings among those of
// its own instructions, with the engine's part of a call or a return.
//
// The disassembler's own forms, which the assembler cannot produce (the
// objOnly opcodes), are rows of "HEX TEXT" as go tool objdump prints
// them, read by the compiled front end's parser and run the same way.

// A tableRow is one row of a model's table.
type Row struct {
	Ins string
	// Flow: "srcs -> dsts; srcs -> dsts". A dst written from no source is
	// public; +dst is merged into, not overwritten: it keeps its level
	// too. A name stands for each of its lanes.
	Flow string
	// Leak: the locations whose secrecy makes the instruction a finding
	// with reason want (leak2, want2: a second kind).
	Leak, Want   string
	Leak2, Want2 string
	Always       string // a finding whatever the state
	// Op is the canonical opcode the row covers, where the instruction's
	// name is not it.
	Op string
	// Text is the TEXT line's flags and frame (rowText if empty); pre
	// names the pseudo-locations the table's pre sets before the row.
	Text, Pre string
	// SourceOnly says why the linked binary cannot hold the row's
	// instruction: the compiled check does not run it.
	SourceOnly string
	// Needs are the CPU features the instruction needs (of
	// Arch.Features): a finding where the code may not assume them.
	Needs string
}

const rowText = "NOSPLIT|NOFRAME, $0-64"

// The findings' reasons, as far as the rows name them.
const (
	Branch  = "conditional branch on secret"
	Addr    = "memory address depends on secret"
	Latency = "variable-latency instruction on secret data"
	Closed  = "instruction not modelled (fail closed)"
	Jump    = "indirect call or jump"
	Store   = "store outside the stack frame"
	SP      = "stack pointer set from secret data"
	Needs   = "instruction needs CPU feature "
	Masked  = "masked memory access under a secret mask"
)

// An isaTable is one instruction set's rows and what running them needs.
type Table struct {
	Arch *engine.Arch // the model, as the newest release passes arguments
	Env  []string     // the level the rows are built at: GOPPC64=power10
	// MinGo is the first release whose assembler takes every row.
	MinGo string
	Rows  func() []Row
	// ObjRows are the disassembler's own forms: "HEX TEXT".
	ObjRows func() []Row
	// Probes are the locations made secret one at a time (objProbes for
	// objRows, where they differ).
	Probes, ObjProbes []string
	// Lanes expands a location name of the rows into engine locations;
	// nil: a name is itself if it is a probe, else the probes name.i.
	Lanes func(name string) []string
	// Pre sets a row's pseudo-locations.
	Pre func(st *engine.State, pre string)
	// Ops is every opcode the model knows; op names the one a record
	// covers (nil: its own). extra need no row (other spellings,
	// pseudo-instructions), and only objRows cover objOnly.
	Ops            map[string]bool
	Op             func(op string) string
	Extra, ObjOnly string
}

// testRows runs every row of tab through both front ends.
func Run(t *testing.T, tab *Table) {
	t.Parallel()
	if tab.MinGo != "" && version.Compare(runtime.Version(), tab.MinGo) < 0 {
		t.Skipf("the rows are written for the assembler of %s; this is %s", tab.MinGo, runtime.Version())
	}
	rows := tab.Rows()
	progs, spans := LinkRows(t, tab, rows)
	covered := map[string]bool{}
	sourceOnly := 0
	for _, check := range []Check{Source, Compiled} {
		p := progs[check]
		for i, r := range rows {
			if check == Compiled && r.SourceOnly != "" {
				sourceOnly++
				continue
			}
			f, start, end, err := spans(p, i)
			if err != nil {
				t.Errorf("%s: %s: %v", check, r.Ins, err)
				continue
			}
			runRow(t, check, tab, tab.Probes, p, f, start, end, r)
			if check == Source {
				for _, op := range strings.Fields(rowOp(tab, r, &f.Insts[start])) {
					covered[op] = true
				}
			}
		}
	}
	var missing []string
	for op := range tab.Ops {
		if !covered[op] && !slices.Contains(strings.Fields(tab.Extra+" "+tab.ObjOnly), op) {
			missing = append(missing, op)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("opcodes the model knows with no row: %v", missing)
	}
	t.Logf("%s: %d rows, %d opcodes covered; %d rows through both front ends, %d through the listing alone",
		tab.Arch.GOARCH, len(rows), len(covered), len(rows)-sourceOnly, sourceOnly)
}

// testObjdumpForms runs tab's objRows through the compiled front end's
// parser, and checks that they cover the table's objOnly opcodes.
func RunObjdumpForms(t *testing.T, tab *Table) {
	probes := tab.ObjProbes
	if probes == nil {
		probes = tab.Probes
	}
	covered := map[string]bool{}
	rows := tab.ObjRows()
	for _, r := range rows {
		p, err := engine.ParseGoObjdump(tab.Arch, objdumpLine(r.Ins))
		if err != nil {
			t.Fatalf("%s: %v", r.Ins, err)
		}
		f := p.Funcs["main.f"]
		runRow(t, Compiled, tab, probes, p, f, 0, len(f.Insts), r)
		covered[rowOp(tab, r, &f.Insts[0])] = true
	}
	for _, op := range strings.Fields(tab.ObjOnly) {
		if !covered[op] {
			t.Errorf("no row of the disassembler's %s", op)
		}
	}
	t.Logf("%s: %d rows of the disassembler's forms, through the compiled front end", tab.Arch.GOARCH, len(rows))
}

// objdumpLine is a function of one instruction, "HEX TEXT", as go tool
// objdump prints it; a prefixed instruction has two words of hex.
func objdumpLine(ins string) string {
	hex, text, _ := strings.Cut(ins, " ")
	if w, rest, ok := strings.Cut(text, " "); ok && len(w) == 8 && strings.Trim(w, "0123456789abcdef") == "" {
		hex, text = hex+" "+w, rest
	}
	return fmt.Sprintf("TEXT main.f(SB) f.go\n  f.go:1\t0x1000\t\t%s\t\t%s\t\n", hex, text)
}

// rowOp is the opcodes of the table a row covers: none where the model
// does not know it.
func rowOp(tab *Table, r Row, in *engine.Inst) string {
	switch {
	case r.Op != "":
		return r.Op
	case r.Always == Closed:
		return ""
	case tab.Op != nil:
		return tab.Op(in.Op)
	}
	return in.Op
}

// LinkRows assembles the rows into one function each, row0, row1, ...,
// links them into a program with rowTarget (a function that returns) and
// rtTable (read-only data), and reads it with both front ends. spans
// returns row i's function in p and the span [start, end) of its
// instructions there: those at its lines.
func LinkRows(t *testing.T, tab *Table, rows []Row) (map[Check]*engine.Program, func(p *engine.Program, i int) (*engine.Func, int, int, error)) {
	t.Helper()
	var asm strings.Builder
	var names []string
	lines := make([][2]int, len(rows))
	line := strings.Count(AsmHeader, "\n") + 1
	for i, r := range rows {
		text := r.Text
		if text == "" {
			text = rowText
		}
		name := fmt.Sprintf("row%d", i)
		names = append(names, name)
		fmt.Fprintf(&asm, "TEXT ·%s(SB), %s\n\t%s\nl:\n\tRET\n\n", name, text, r.Ins)
		lines[i] = [2]int{line + 1, line + 1 + strings.Count(r.Ins, "\n")}
		line = lines[i][1] + 4
	}
	names = append(names, "rowTarget")
	asm.WriteString("TEXT ·rowTarget(SB), " + rowText + "\n\tRET\n\n")
	asm.WriteString("DATA ·rtTable+0(SB)/8, $0\nGLOBL ·rtTable(SB), RODATA, $64\n")
	src, bin := BuildAsm(t, tab.Arch, tab.Env, asm.String(), names)
	spans := func(p *engine.Program, i int) (*engine.Func, int, int, error) {
		f := p.Funcs["main."+names[i]+".abi0"]
		if f == nil {
			f = p.Funcs["main."+names[i]] // arm's binary: ABI0 is its only ABI
		}
		if f == nil {
			return nil, 0, 0, fmt.Errorf("%s is not in the program", names[i])
		}
		atRow := func(in engine.Inst) bool {
			_, l := engine.SplitPos(in.Pos)
			return l >= lines[i][0] && l <= lines[i][1]
		}
		start := slices.IndexFunc(f.Insts, atRow)
		if start < 0 {
			return nil, 0, 0, fmt.Errorf("no instruction of %s at lines %d-%d", names[i], lines[i][0], lines[i][1])
		}
		end := start + 1
		for end < len(f.Insts) && atRow(f.Insts[end]) {
			end++
		}
		return f, start, end, nil
	}
	return map[Check]*engine.Program{Source: src, Compiled: bin}, spans
}

// lanesOf is the tab's expansion of a location name, where the probes
// are the locations.
func lanesOf(tab *Table, probes []string) func(string) []string {
	if tab.Lanes != nil {
		return tab.Lanes
	}
	return func(name string) []string {
		if slices.Contains(probes, name) {
			return []string{name}
		}
		var out []string
		for _, p := range probes {
			if strings.HasPrefix(p, name+".") {
				out = append(out, p)
			}
		}
		if out == nil {
			return []string{name}
		}
		return out
	}
}

// parseFlow reads a row's flow: each clause's sources and destinations,
// as engine locations, and the locations written (not merged into).
func parseFlow(t *testing.T, lanes func(string) []string, flow string) (clauses [][2][]string, written map[string]bool) {
	t.Helper()
	written = map[string]bool{}
	if strings.TrimSpace(flow) == "" {
		return nil, written
	}
	for _, clause := range strings.Split(flow, ";") {
		srcs, dsts, ok := strings.Cut(clause, "->")
		if !ok {
			t.Fatalf("flow %q: no ->", flow)
		}
		var c [2][]string
		for _, s := range strings.Fields(srcs) {
			c[0] = append(c[0], lanes(s)...)
		}
		for _, d := range strings.Fields(dsts) {
			merged := strings.HasPrefix(d, "+")
			for _, l := range lanes(strings.TrimPrefix(d, "+")) {
				c[1] = append(c[1], l)
				written[l] = written[l] || !merged
			}
		}
		clauses = append(clauses, c)
	}
	return clauses, written
}

// leakSet is the probes that make a row a finding: the names of leak,
// and their lanes.
func leakSet(lanes func(string) []string, leak string) map[string]bool {
	s := map[string]bool{}
	for _, name := range strings.Fields(leak) {
		s[name] = true
		for _, l := range lanes(name) {
			s[l] = true
		}
	}
	return s
}

// runRow runs the row r, the instructions f.Insts[start:end] of p, from
// the state where nothing is secret and from each where one of probes
// is, and checks its flows and findings.
func runRow(t *testing.T, check Check, tab *Table, probes []string, p *engine.Program, f *engine.Func, start, end int, r Row) {
	t.Helper()
	a := p.Arch
	text := f.Insts[start].Text
	errs := 0
	errorf := func(format string, args ...any) {
		t.Helper()
		if errs++; errs <= 3 {
			t.Errorf("%s: %s (%s): "+format, append([]any{check, r.Ins, text}, args...)...)
		}
	}
	defer func() {
		if errs > 3 {
			t.Errorf("%s: %s (%s): %d more", check, r.Ins, text, errs-3)
		}
	}()
	lanes := lanesOf(tab, probes)
	clauses, written := parseFlow(t, lanes, r.Flow)
	leaks, leaks2 := leakSet(lanes, r.Leak), leakSet(lanes, r.Leak2)
	follow := func(sym string) bool { return strings.HasPrefix(sym, "main.") }

	entry := engine.NewEntry(a)
	level := a.LevelFeatures(p.Level)
	if err := entry.Assume(a, level); err != nil {
		t.Fatal(err)
	}
	if tab.Pre != nil {
		tab.Pre(entry, r.Pre)
	}
	if start > 0 {
		an, err := engine.NewAnalysis(p, follow)
		if err != nil {
			t.Fatal(err)
		}
		in := an.Flow(f, entry)
		if !in[start].Reached() {
			errorf("the prologue does not reach the row")
			return
		}
		entry = in[start]
	}
	// The row and what follows it, as a function of its own: the probe is
	// secret where the row starts.
	body := &engine.Func{Name: f.Name, Source: f.Source, Insts: f.Insts[start:], Frame: f.Frame, FromListing: f.FromListing}
	body.Index()
	end -= start

	for _, probe := range append([]string{""}, probes...) {
		st := entry.Clone()
		var secret []string
		if probe != "" {
			secret = lanes(probe)
			for _, l := range secret {
				st.SetLevel(l, engine.Secret)
			}
		}
		an, err := engine.NewAnalysis(p, follow)
		if err != nil {
			t.Fatal(err)
		}
		in := an.Flow(body, st)
		left := &engine.State{} // what the row leaves by
		var findings []string
		for i := range end {
			if !in[i].Reached() {
				continue
			}
			out := in[i].Clone()
			m := an.Step(body, i, out)
			after := an.Exit(m, out)
			findings = append(findings, m.Findings()...)
			if m.Falls() && i+1 >= end {
				left.Join(after)
			}
			for _, target := range m.Jumps() {
				if j, ok := body.At(target); !ok || j >= end {
					left.Join(out)
				}
			}
			if !m.Falls() && len(m.Jumps()) == 0 {
				left.Join(out) // a return, a tail jump, an indirect jump
			}
		}

		want := map[string]bool{}
		for _, l := range secret {
			if !written[l] {
				want[l] = true // not written: it keeps its secret
			}
		}
		for _, c := range clauses {
			if slices.ContainsFunc(c[0], func(s string) bool { return s == "MEM" || slices.Contains(secret, s) }) {
				for _, d := range c[1] {
					want[d] = true
				}
			}
		}
		got := map[string]bool{}
		for _, k := range left.Secrets() {
			got[k] = true
		}
		name := probe
		if probe == "" {
			name = "nothing"
		}
		if left.Reached() && !maps.Equal(got, want) {
			errorf("with %s secret: secret after: %v, want %v", name, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}

		var wants []string
		if r.Always != "" {
			wants = append(wants, r.Always)
		}
		for _, f := range strings.Fields(r.Needs) {
			if !slices.Contains(level, f) {
				wants = append(wants, Needs+f+",")
			}
		}
		if leaks[probe] {
			wants = append(wants, r.Want)
		}
		if leaks2[probe] {
			wants = append(wants, r.Want2)
		}
		for _, w := range wants {
			if !slices.ContainsFunc(findings, func(f string) bool { return strings.Contains(f, w) }) {
				errorf("with %s secret: want a finding %q, got %q", name, w, findings)
			}
		}
		for _, fd := range findings {
			if !slices.ContainsFunc(wants, func(w string) bool { return strings.Contains(fd, w) }) {
				errorf("with %s secret: unexpected finding %q", name, fd)
			}
		}
	}

	// Where the code may assume no feature, it needs exactly the row's;
	// where it may assume those, none.
	needs := slices.Sorted(slices.Values(strings.Fields(r.Needs)))
	needs = slices.Compact(needs)
	runs := [][]string{nil}
	if len(needs) > 0 {
		runs = append(runs, needs)
	}
	for _, assumed := range runs {
		st := entry.Clone()
		if err := st.Assume(a, assumed); err != nil {
			errorf("%v", err)
			return
		}
		an, err := engine.NewAnalysis(p, follow)
		if err != nil {
			t.Fatal(err)
		}
		in := an.Flow(body, st)
		var got []string
		for i := range end {
			if in[i].Reached() {
				for _, fd := range an.Step(body, i, in[i].Clone()).Findings() {
					if f, ok := strings.CutPrefix(fd, Needs); ok {
						got = append(got, f[:strings.Index(f, ",")])
					}
				}
			}
		}
		var want []string
		if assumed == nil {
			want = needs
		}
		slices.Sort(got)
		if !slices.Equal(slices.Compact(got), want) {
			errorf("with %v assumed: needs %v, want %v", assumed, got, want)
		}
	}
}

// RowsOf makes a row of each op by a pattern: OP stands for the opcode.
// An op written op/f+g needs the CPU features f and g besides the
// pattern's.
func RowsOf(ops string, r Row) []Row {
	var rows []Row
	for _, field := range strings.Fields(ops) {
		op, needs, _ := strings.Cut(field, "/")
		x := r
		x.Ins = strings.ReplaceAll(r.Ins, "OP", op)
		x.Needs = strings.TrimSpace(r.Needs + " " + strings.ReplaceAll(needs, "+", " "))
		rows = append(rows, x)
	}
	return rows
}
