package engine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The models, tested row by row through both front ends. Each row is one
// instruction in Go assembly, written by hand from the architecture's
// manual, apart from the model: where secrets flow through it ("srcs ->
// dsts; ..." clauses, MEM for the bytes a load through a register reads,
// which are secret whatever the state), and which secret locations make
// it a finding. The rows of an architecture are assembled into one
// function each, linked into the driver, and read back twice: from the
// assembler's listing and from the disassembly of the binary. The test
// runs the engine on each from the state where nothing is secret and from
// each state where one location is, and requires exactly the row's flows
// and findings, from both: every location that becomes secret must be a
// destination of a secret source, every destination of a secret source
// must become secret, every finding must be the row's. Every opcode the
// model knows must have a row.

type tableRow struct {
	ins  string
	flow string // "srcs -> dsts; srcs -> dsts": a dst written from no source is public
	// leak: the locations whose secrecy makes the instruction a finding
	// with reason want.
	leak, want string
	always     string // a finding whatever the state
	// op is the canonical opcode the row covers, where the instruction's
	// name is not it.
	op string
}

const (
	wBranch  = "conditional branch on secret"
	wAddr    = "memory address depends on secret"
	wLatency = "variable-latency instruction on secret data"
	wClosed  = "not modelled (fail closed)"
	wJump    = "indirect call or jump"
	wStore   = "store outside the stack frame"
	wSP      = "stack pointer set from secret data"
	wReturn  = "does not hold the address the function was called from"
)

// rowEntry is the state a row runs from: every register public, and the
// return address in LR, and at the stack pointer for arm's RET #n, which
// pops it (a frame's bottom slot, where the prologue saved it).
func rowEntry(a *Arch) *State {
	st := NewState()
	if a.LR != "" {
		st.links = map[string]int{a.LR: 0}
		st.linkSlots = map[int64]int{0: 0}
	}
	return st
}

// A tableArch is what the table test needs of an architecture.
type tableArch struct {
	goarch string
	rows   func() []tableRow
	// lanes expands a location name of the rows into engine locations.
	lanes func(name string) []string
	// probes are the locations made secret one at a time.
	probes []string
	// ops is every opcode the model knows; extra the ones that need no
	// row (other spellings, pseudo-instructions).
	ops   map[string]bool
	extra string
}

func x86RowLanes(name string) []string {
	groups := map[byte][2]int{'X': {0, 2}, 'Y': {0, 4}, 'Z': {0, 8}, 'U': {2, 8}, 'H': {4, 8}}
	if g, ok := groups[name[0]]; ok && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
		num, lanePart, hasLane := strings.Cut(name[1:], ".")
		if _, err := strconv.Atoi(num); err == nil {
			if hasLane {
				return []string{"X" + num + "." + lanePart}
			}
			var out []string
			for i := g[0]; i < g[1]; i++ {
				out = append(out, Lane("X"+num, i))
			}
			return out
		}
	}
	return []string{name}
}

func arm64RowLanes(name string) []string {
	if name[0] == 'V' && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
		num, lanePart, hasLane := strings.Cut(name[1:], ".")
		if hasLane {
			return []string{"V" + num + "." + lanePart}
		}
		return []string{Lane("V"+num, 0), Lane("V"+num, 1)}
	}
	return []string{name}
}

var tableArchs = []tableArch{
	{goarch: "amd64", rows: x86Rows, lanes: x86RowLanes, ops: X86Ops(),
		probes: append(strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R15 FLAGS K1 K2 U1 H1 U5"), numberedNames("Z", 0, 15)...),
		extra:  "SAL INT3 UD2 MOVABS CDQE CWDE CWD VZEROALL XGETBV RDTSC"},
	{goarch: "arm64", rows: arm64Rows, lanes: arm64RowLanes, ops: Arm64Ops(),
		probes: append(append(numberedNames("R", 0, 12), "FLAGS"), numberedNames("V", 0, 17)...),
		extra:  "B BNV BAL BHS BLO ADR ADRP DMB"},
}

func numberedNames(prefix string, lo, hi int) []string {
	var out []string
	for i := lo; i <= hi; i++ {
		out = append(out, prefix+strconv.Itoa(i))
	}
	return out
}

// TestModels runs every row of every table through both front ends.
func TestModels(t *testing.T) {
	for _, ta := range tableArchs {
		t.Run(ta.goarch, func(t *testing.T) {
			rows := ta.rows()
			var asm strings.Builder
			var names []string
			for i, r := range rows {
				name := fmt.Sprintf("row%d", i)
				names = append(names, name)
				fmt.Fprintf(&asm, "TEXT ·%s(SB), NOSPLIT|NOFRAME, $0-56\n\t%s\nl:\n\tRET\n\n", name, r.ins)
			}
			names = append(names, "rowTarget")
			asm.WriteString("TEXT ·rowTarget(SB), NOSPLIT|NOFRAME, $0-56\n\tRET\n\n")
			asm.WriteString("DATA ·rtTable+0(SB)/8, $0\nGLOBL ·rtTable(SB), RODATA, $64\n")
			src, bin := buildAsm(t, ta.goarch, nil, asm.String(), names)
			covered := map[string]bool{}
			for _, p := range []*Program{src, bin} {
				check := sourceCheck
				if p == bin {
					check = compiledCheck
				}
				for i, r := range rows {
					f := p.Funcs["main."+names[i]+".abi0"]
					if f == nil {
						t.Fatalf("%s: %s is not in the program", check, names[i])
					}
					if c := checkRow(t, check, ta, p, f, r); p == src {
						for _, op := range strings.Fields(c) {
							covered[op] = true
						}
					}
				}
			}
			var missing []string
			for op := range ta.ops {
				if !covered[op] && !slices.Contains(strings.Fields(ta.extra), op) {
					missing = append(missing, op)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%s: opcodes the model knows with no row: %v", ta.goarch, missing)
			}
			t.Logf("%s: %d rows, %d opcodes covered, each through both front ends", ta.goarch, len(rows), len(covered))
		})
	}
}

// parseFlow reads a row's flow: each source's destinations, and every
// destination.
func parseFlow(t *testing.T, ta tableArch, flow string) (clauses [][2][]string, written map[string]bool) {
	written = map[string]bool{}
	if flow == "" {
		return nil, written
	}
	for _, clause := range strings.Split(flow, ";") {
		srcs, dsts, ok := strings.Cut(clause, "->")
		if !ok {
			t.Fatalf("flow %q: no ->", flow)
		}
		var c [2][]string
		for _, s := range strings.Fields(srcs) {
			c[0] = append(c[0], ta.lanes(s)...)
		}
		for _, d := range strings.Fields(dsts) {
			// +d: merged into, not overwritten: it keeps its level too.
			merged := strings.HasPrefix(d, "+")
			for _, l := range ta.lanes(strings.TrimPrefix(d, "+")) {
				c[1] = append(c[1], l)
				written[l] = written[l] || !merged
			}
		}
		clauses = append(clauses, c)
	}
	return clauses, written
}

// checkRow runs the row's function from every probe and compares. It
// returns the opcode the row covers.
func checkRow(t *testing.T, check checkName, ta tableArch, p *Program, f *Func, r tableRow) string {
	t.Helper()
	if len(f.Insts) < 2 {
		t.Errorf("%s: %s: %d instructions, want the row's and RET", check, r.ins, len(f.Insts))
		return ""
	}
	a, err := archFor(p)
	if err != nil {
		t.Fatal(err)
	}
	clauses, written := parseFlow(t, ta, r.flow)
	leaks := set(strings.Fields(r.leak)...)
	last := len(f.Insts) - 1
	for last > 0 && f.Insts[last].Op != "RET" {
		last-- // padding after the RET
	}
	errs := 0
	errorf := func(format string, args ...any) {
		t.Helper()
		if errs++; errs <= 3 {
			t.Errorf(format, args...)
		}
	}
	defer func() {
		if errs > 3 {
			t.Errorf("%s: %s: %d more", check, r.ins, errs-3)
		}
	}()
	for _, probe := range append([]string{""}, ta.probes...) {
		entry := rowEntry(a)
		var secretLanes []string
		if probe != "" {
			secretLanes = ta.lanes(probe)
			for _, l := range secretLanes {
				entry.regs[l] = Secret
			}
		}
		an := newAnalysis(a, p, func(sym string) bool { return strings.HasPrefix(sym, "main.") })
		in, _ := an.fixpoint(f, entry)
		m := an.Step(f, 0, in[0].Clone())
		an.effect(m, in[0].Clone(), &State{})
		want := map[string]bool{}
		for _, l := range secretLanes {
			if !written[l] {
				want[l] = true // not written: it keeps its secret
			}
		}
		for _, c := range clauses {
			fire := false
			for _, s := range c[0] {
				fire = fire || s == "MEM" || slices.Contains(secretLanes, s)
			}
			if fire {
				for _, d := range c[1] {
					want[d] = true
				}
			}
		}
		got := map[string]bool{}
		if in[last].reached {
			for k, v := range in[last].regs {
				if v == Secret && !strings.HasPrefix(k, "DIT") {
					got[k] = true
				}
			}
		}
		probeName := probe
		if probe == "" {
			probeName = "nothing"
		}
		if !maps.Equal(got, want) && in[last].reached {
			errorf("%s: %s (%s) with %s secret: secret after: %v, want %v", check, r.ins, f.Insts[0].Text, probeName,
				slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
		var wants []string
		if r.always != "" {
			wants = append(wants, r.always)
		}
		if slices.Contains(strings.Fields(r.leak), probe) || leaks[probe] {
			wants = append(wants, r.want)
		}
		for _, w := range wants {
			if !slices.ContainsFunc(m.findings, func(f string) bool { return strings.Contains(f, w) }) {
				errorf("%s: %s (%s) with %s secret: want a finding %q, got %q", check, r.ins, f.Insts[0].Text, probeName, w, m.findings)
			}
		}
		for _, fd := range m.findings {
			if !slices.ContainsFunc(wants, func(w string) bool { return strings.Contains(fd, w) }) {
				errorf("%s: %s (%s) with %s secret: unexpected finding %q", check, r.ins, f.Insts[0].Text, probeName, fd)
			}
		}
	}
	if r.op != "" {
		return r.op
	}
	if r.always == wClosed {
		return ""
	}
	return f.Insts[0].Op
}
