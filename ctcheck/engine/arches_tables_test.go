package engine

import (
	"fmt"
	"go/version"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The models of riscv64, ppc64le, s390x, loong64 and arm, tested row by
// row. Each row is an instruction in Go assembly, written once and read
// through the listing front end (all rows of an architecture in one file,
// one TEXT each, assembled by go tool asm -S), so that the row tests the
// model on the record the assembler's own listing gives. A row says where
// secrets flow through the instruction ("srcs -> dsts; ..." clauses, MEM
// for the bytes a load through a register reads, which are secret
// whatever the state; a register name stands for all its lanes), and
// which secret locations make it a finding. The test runs the model's
// step from the state where nothing is secret and from each state where
// one location of the architecture's universe is, and requires exactly
// the row's flows and findings. Every opcode of a model's table must have
// a row; what is outside the tables fails closed.

type archRow struct {
	ins  string
	flow string // "srcs -> dsts; srcs -> dsts": a dst written from no source is not secret
	// leak: the locations whose secrecy makes the instruction a finding
	// with reason want (leak2, want2: a second kind).
	leak, want   string
	leak2, want2 string
	always       string // a finding whatever the state
	// text is the TEXT line's flags and frame ("NOSPLIT|NOFRAME, $0-64"
	// if empty); pre names pseudo-locations set before the instruction.
	text, pre string
}

const (
	awAddr    = "memory address depends on secret"
	awClosed  = "instruction not modelled (fail closed)"
	awBranch  = "conditional branch on secret"
	awLatency = "variable-latency instruction on secret data"
	awStore   = "store outside the stack frame"
	awInd     = "indirect call or jump"
)

// archTable is one architecture's table test.
type archTable struct {
	goarch   string
	variant  []string // the environment of a level: GOPPC64=power10
	universe []string // the locations probed, one at a time
	ops      map[string]bool
	// base names the opcode of the table a canonical record covers.
	base func(op string) string
	// pre sets a row's pseudo-locations.
	pre func(st *State, pre string)
	// objOnly are the opcodes of the table that only the disassembler
	// prints (the assembler has no such mnemonic): TestArchObjdumpForms
	// has their rows.
	objOnly string
}

// assembleRows writes the rows as one assembly file, one TEXT per row,
// assembles it, and returns each row's instruction record.
func assembleRows(t *testing.T, at archTable, rows []archRow) []*Inst {
	t.Helper()
	var b strings.Builder
	b.WriteString("#include \"textflag.h\"\n\n")
	line := 3
	lines := make([]int, len(rows))
	for i, r := range rows {
		text := r.text
		if text == "" {
			text = "NOSPLIT|NOFRAME, $0-64"
		}
		fmt.Fprintf(&b, "TEXT ·row%d(SB), %s\n\t%s\nl:\n\tRET\n\n", i, text, r.ins)
		lines[i] = line + 1
		line += 5
	}
	path := filepath.Join(t.TempDir(), "rows_"+at.goarch+".s")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := AssembleListing(path, at.goarch, at.variant)
	if err != nil {
		t.Fatal(err)
	}
	ins := make([]*Inst, len(rows))
	for _, f := range p.Funcs {
		m := regexp.MustCompile(`\.row(\d+)\.abi0$`).FindStringSubmatch(f.Name)
		if m == nil {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		for j := range f.Insts {
			if _, l := splitPos(f.Insts[j].Pos); l == lines[i] {
				ins[i] = &f.Insts[j]
				break
			}
		}
	}
	for i, in := range ins {
		if in == nil {
			t.Fatalf("row %q: no instruction at line %d of the listing", rows[i].ins, lines[i])
		}
	}
	return ins
}

// expand returns the universe's locations a name stands for: itself, or
// its lanes.
func expand(universe []string, name string) []string {
	if slices.Contains(universe, name) {
		return []string{name}
	}
	var out []string
	for _, u := range universe {
		if strings.HasPrefix(u, name+".") {
			out = append(out, u)
		}
	}
	if out == nil {
		return []string{name}
	}
	return out
}

// parseArchFlow reads a row's flow into, for each source, its
// destinations, and the locations written.
func parseArchFlow(t *testing.T, universe []string, flow string) (map[string][]string, map[string]bool) {
	t.Helper()
	to, written := map[string][]string{}, map[string]bool{}
	if strings.TrimSpace(flow) == "" {
		return to, written
	}
	for _, clause := range strings.Split(flow, ";") {
		srcs, dsts, ok := strings.Cut(clause, "->")
		if !ok {
			t.Fatalf("flow %q: no ->", flow)
		}
		var ds []string
		for _, d := range strings.Fields(dsts) {
			ds = append(ds, expand(universe, d)...)
		}
		for _, d := range ds {
			written[d] = true
		}
		for _, s := range strings.Fields(srcs) {
			for _, e := range expand(universe, s) {
				to[e] = append(to[e], ds...)
			}
		}
	}
	return to, written
}

// isPseudo reports whether a location is a model's pseudo-location (the
// vector unit's state), not a register.
func isPseudo(loc string) bool { return strings.ContainsAny(loc, " :") }

// checkArchTable runs the rows against the model of at and checks that
// they cover its table.
func checkArchTable(t *testing.T, at archTable, rows []archRow) {
	toolchain(t)
	if version.Compare(runtime.Version(), "go1.26") < 0 {
		t.Skipf("the rows are written for Go 1.26's assemblers (RVV, POWER10, loong64's forms); this is %s", runtime.Version())
	}
	ins := assembleRows(t, at, rows)
	covered := map[string]bool{}
	for i, row := range rows {
		in := ins[i]
		t.Run(row.ins, func(t *testing.T) {
			if row.always != awClosed {
				covered[at.base(in.Op)] = true
			}
			probeRow(t, at, row, in)
		})
	}
	var missing []string
	for op := range at.ops {
		if !covered[op] && !slices.Contains(strings.Fields(at.objOnly), op) {
			missing = append(missing, op)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("opcodes of the table with no row: %v", missing)
	}
}

// probeRow runs the model on in from the state where nothing is secret
// and from each where one location of at's universe is, and checks the
// row's flows and findings.
func probeRow(t *testing.T, at archTable, row archRow, in *Inst) {
	t.Helper()
	a := ArchOf(at.goarch)
	to, written := parseArchFlow(t, at.universe, row.flow)
	leaks, leaks2 := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Fields(row.leak) {
		for _, e := range expand(at.universe, l) {
			leaks[e] = true
		}
	}
	for _, l := range strings.Fields(row.leak2) {
		for _, e := range expand(at.universe, l) {
			leaks2[e] = true
		}
	}
	for _, loc := range append([]string{""}, at.universe...) {
		st := rowEntry(a)
		if at.pre != nil {
			at.pre(st, row.pre)
		}
		if loc != "" {
			st.regs[loc] = Secret
		}
		f := &Func{Name: "row", Insts: []Inst{*in}}
		f.Index()
		m := &Mach{a: a, f: f, in: &f.Insts[0], st: st, fall: true}
		a.Step(m)
		if m.ret {
			newAnalysis(a, &Program{GOARCH: a.GOARCH}, nil).returnAddress(m, st) // the engine's part of a return
		}
		want := map[string]bool{}
		if loc != "" && !written[loc] {
			want[loc] = true // not written: it keeps its secret
		}
		for _, d := range to["MEM"] {
			want[d] = true
		}
		for _, d := range to[loc] {
			want[d] = true
		}
		got := map[string]bool{}
		for k, l := range st.regs {
			if l == Secret && !isPseudo(k) {
				got[k] = true
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s (%s) with %s secret: secret after: %v, want %v", row.ins, in.Text, orNone(loc),
				slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
		var wants []string
		if row.always != "" {
			wants = append(wants, row.always)
		}
		if leaks[loc] {
			wants = append(wants, row.want)
		}
		if leaks2[loc] {
			wants = append(wants, row.want2)
		}
		for _, w := range wants {
			if !slices.ContainsFunc(m.findings, func(f string) bool { return strings.Contains(f, w) }) {
				t.Errorf("%s (%s) with %s secret: want a finding %q, got %q", row.ins, in.Text, orNone(loc), w, m.findings)
			}
		}
		for _, f := range m.findings {
			if !slices.ContainsFunc(wants, func(w string) bool { return strings.Contains(f, w) }) {
				t.Errorf("%s (%s) with %s secret: unexpected finding %q", row.ins, in.Text, orNone(loc), f)
			}
		}
	}
}

func orNone(loc string) string {
	if loc == "" {
		return "nothing"
	}
	return loc
}

func same(op string) string { return op }

// rowsOf makes a row of each op by a pattern: OP stands for the opcode.
func rowsOf(ops string, r archRow) []archRow {
	var rows []archRow
	for _, op := range strings.Fields(ops) {
		x := r
		x.ins = strings.ReplaceAll(r.ins, "OP", op)
		rows = append(rows, x)
	}
	return rows
}

// riscv64.

func riscv64Rows() []archRow {
	rows := []archRow{
		{ins: "RET", leak: "X1", want: "return to an address that depends on secret data (X1)"}, {ins: "JMP l"},
		{ins: "JMP (X5)", always: awInd},
		{ins: "JALR X1, (X5)", always: awInd, flow: "-> X1"},
		{ins: "CALL ·f(SB)", flow: "-> X1"},
		{ins: "JAL X5, ·f(SB)", flow: "-> X5", always: "call linking X5"}, {ins: "JAL X5, runtime·morestack_noctxt(SB)", flow: "-> X5"},
		{ins: "LUI $167, X5", flow: "-> X5"},
		{ins: "AUIPC $167, X5", flow: "-> X5"},
		{ins: "MOV X5, X6", flow: "X5 -> X6"},
		{ins: "MOV $8(X5), X6", flow: "X5 -> X6"},
		{ins: "MOV $0(X5), X6", flow: "X5 -> X6"},
		{ins: "MOV $1, X6", flow: "-> X6"},
		{ins: "MOV (X5), X6", flow: "MEM -> X6", leak: "X5", want: awAddr},
		{ins: "MOV 8(X2), X6", flow: "-> X6"},
		{ins: "MOV 8(SP), X6", flow: "-> X6"},
		{ins: "MOV x+0(FP), X6", flow: "-> X6"},
		{ins: "MOV X6, 8(X2)"},
		{ins: "MOV X6, ret+8(FP)"},
		{ins: "MOV X6, (X5)", always: awStore, leak: "X5", want: awAddr},
		{ins: "MOV ·tab(SB), X6", flow: "-> X6"},
		{ins: "MOVD (X5), F1", flow: "MEM -> F1", leak: "X5", want: awAddr},
		{ins: "MOVF F1, F2", flow: "F1 -> F2"},
		{ins: "MOVD F1, F2", flow: "F1 -> F2"},
		{ins: "ADDI $-16, X2, X2"},
		{ins: "ADDI $8, X5, X2", flow: "X5 -> X2", leak: "X5", want: "stack pointer set from secret data"},
		{ins: "XOR X5, X5, X6", flow: "-> X6"},
		{ins: "SUB X5, X5, X6", flow: "-> X6"},
		{ins: "ADD X0, X5, X6", flow: "X5 -> X6"},
		{ins: "ADD X5, X6", flow: "X5 X6 -> X6"},
		{ins: "CPOP X5, X6", always: awClosed},
		{ins: "FADDD F1, F2, F3", always: awClosed},
		{ins: "FSQRTD F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "FDIVD F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		{ins: "FDIVS F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		{ins: "FSQRTS F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "MULHSU X5, X6, X7", flow: "X5 X6 -> X7"},
		// The vector unit: VSETVLI sets LMUL and whether vl = VLMAX.
		{ins: "VSETVLI X5, E8, M8, TU, MU, X6", flow: "X5 -> X6", leak: "X5", want: "vector length depends on secret X5"},
		{ins: "VSETVLI X0, E8, M8, TA, MA, X6", flow: "-> X6"},
		{ins: "VSETVLI X5, E16, M8, TA, MA, X6", always: awClosed},
		{ins: "VXORVV V1, V2, V3", always: "vector instruction before any VSETVLI"},
		{ins: "VXORVV V1, V2, V3", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VXORVV V1, V1, V3", pre: "M1", flow: "-> V3"},
		{ins: "VXORVV V1, V1, V3", pre: "M1 partial", flow: "V3 -> V3"},
		{ins: "VXORVV V2, V2, V4", pre: "M1 M2", flow: "V4 -> V4; V5 -> V5"},
		{ins: "VORVV V1, V2, V3", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VANDVV V1, V2, V3", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VORVV V8, V16, V24", pre: "M8", flow: "V8 V9 V10 V11 V12 V13 V14 V15 V16 V17 V18 V19 V20 V21 V22 V23 -> " +
			"V24 V25 V26 V27 V28 V29 V30 V31"},
		{ins: "VXORVV V1, V2, V4", pre: "M2", always: "V1 is not a vector register group at LMUL 2", flow: "V2 V3 -> V4 V5"},
		{ins: "VLE8V (X10), V1", pre: "M1", flow: "MEM -> V1", leak: "X10", want: awAddr},
		{ins: "VLE8V (X10), V1", pre: "M1 partial", flow: "MEM -> V1", leak: "X10", want: awAddr},
		{ins: "VLE8V (X2), V1", pre: "M1", always: awClosed},
		{ins: "VMSNEVI $0, V1, V3", pre: "M1", flow: "V1 V3 -> V3"},
		{ins: "VMSNEVI $0, V8, V3", pre: "M8", flow: "V8 V9 V10 V11 V12 V13 V14 V15 -> V3"},
		{ins: "VCPOPM V1, X6", pre: "M1", flow: "V1 -> X6"},
		{ins: "VREDORVS V1, V2, V3", pre: "M1", flow: "V1 V2 V3 -> V3"},
		{ins: "VADDVV V1, V2, V3", pre: "M1", always: awClosed},
	}
	rows = append(rows, rowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", archRow{ins: "OP (X5), X6", flow: "MEM -> X6", leak: "X5", want: awAddr})...)
	rows = append(rows, rowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", archRow{ins: "OP X5, X6", flow: "X5 -> X6"})...)
	rows = append(rows, rowsOf("MOV MOVW MOVH MOVB", archRow{ins: "OP X5, 16(X2)"})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL MULH MULHU ADDW SUBW SLLW SRLW SRAW MULW "+
		"ADDUW SH1ADD SH2ADD SH3ADD SH1ADDUW SH2ADDUW SH3ADDUW ANDN ORN XNOR ROL ROR ROLW RORW MIN MAX MINU MAXU "+
		"CZEROEQZ CZERONEZ", archRow{ins: "OP X5, X6, X7", flow: "X5 X6 -> X7"})...)
	rows = append(rows, rowsOf("ADDI ANDI ORI XORI SLLI SRLI SRAI SLTI SLTIU ADDIW SLLIW SRLIW SRAIW SLLIUW RORI RORIW",
		archRow{ins: "OP $3, X6, X7", flow: "X6 -> X7"})...)
	rows = append(rows, rowsOf("NEG NEGW NOT SEQZ SNEZ ZEXTH SEXTB SEXTH REV8 ORCB",
		archRow{ins: "OP X5, X6", flow: "X5 -> X6"})...)
	rows = append(rows, rowsOf("DIV DIVU REM REMU DIVW DIVUW REMW REMUW",
		archRow{ins: "OP X5, X6, X7", flow: "X5 X6 -> X7", leak: "X5 X6", want: awLatency})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BGE BLTU BGEU BGT BLE BGTU BLEU",
		archRow{ins: "OP X5, X6, l", leak: "X5 X6", want: "conditional branch on secret X5, X6"})...)
	rows = append(rows, rowsOf("BEQZ BNEZ BLTZ BGEZ BLEZ BGTZ",
		archRow{ins: "OP X5, l", leak: "X5", want: "conditional branch on secret X5"})...)
	return rows
}

// TestRISCV64Rows tests every row of the riscv64 model's table.
func TestRISCV64Rows(t *testing.T) {
	universe := append(append(numbered("X", 5, 12), "X1", "F1", "F2"), numbered("V", 0, 31)...)
	checkArchTable(t, archTable{goarch: "riscv64", universe: universe, ops: RISCV64Ops(), base: same, objOnly: "NOP SLTZ SGTZ ZEXTW",
		pre: func(st *State, pre string) {
			for _, p := range strings.Fields(pre) {
				if p == "partial" {
					st.regs[rvvPartial] = Secret
				} else {
					st.regs[rvvLMUL+strings.TrimPrefix(p, "M")] = Secret
				}
			}
		}}, riscv64Rows())
}

// ppc64le.

func ppc64Rows() []archRow {
	rows := []archRow{
		{ins: "RET", leak: "LR", want: "return to an address that depends on secret data (LR)"}, {ins: "JMP l"}, {ins: "BR l"}, {ins: "SYNC"}, {ins: "ISYNC"}, {ins: "LWSYNC"},
		{ins: "BR (CTR)", always: awInd},
		{ins: "CALL (CTR)", always: awInd, flow: "-> LR"},
		{ins: "CALL ·f(SB)", flow: "-> LR"},
		{ins: "CMP R3, R4", flow: "R3 R4 -> CR0"},
		{ins: "CMP R3, $8, CR1", flow: "R3 -> CR1"},
		{ins: "ISEL $2, R3, R4, R5", flow: "R3 R4 CR0 -> R5"},
		{ins: "ISEL $6, R3, R4, R5", flow: "R3 R4 CR1 -> R5"},
		{ins: "SETBC CR0EQ, R3", flow: "CR0 -> R3"},
		{ins: "SETBCR CR1EQ, R3", flow: "CR1 -> R3"},
		{ins: "SETNBC CR0EQ, R3", flow: "CR0 -> R3"},
		{ins: "SETNBCR CR0EQ, R3", flow: "CR0 -> R3"},
		{ins: "MOVD R3, R4", flow: "R3 -> R4"},
		{ins: "MOVD $8(R3), R4", flow: "R3 -> R4"},
		// XER holds the carry: mfxer and mtxer.
		{ins: "MOVD XER, R3", flow: "CA -> R3"},
		{ins: "MOVD R3, XER", flow: "R3 -> CA"},
		{ins: "MOVD $8, R4", flow: "-> R4"},
		{ins: "MOVD $·tab(SB), R4", flow: "-> R4"},
		{ins: "MOVD ·tab(SB), R4", flow: "-> R4"},
		{ins: "MOVD (R3), R4", flow: "MEM -> R4", leak: "R3", want: awAddr},
		{ins: "MOVD (R3)(R5), R4", flow: "MEM -> R4", leak: "R3 R5", want: awAddr},
		{ins: "MOVDU 8(R3), R4", flow: "MEM -> R4", leak: "R3", want: awAddr},
		{ins: "MOVD 40(R1), R4", flow: "-> R4"},
		{ins: "MOVD R4, 40(R1)"},
		{ins: "MOVDU R31, -32(R1)"},
		{ins: "MOVD R4, (R3)", always: awStore, leak: "R3", want: awAddr},
		{ins: "MOVD LR, R3", flow: "LR -> R3"},
		{ins: "MOVD R3, LR", flow: "R3 -> LR"},
		{ins: "MOVD R3, CTR", flow: "R3 -> CTR"},
		// Frame slots: an argument and, in a function with a frame, a local.
		{ins: "MOVD x+0(FP), R3", flow: "-> R3"},
		{ins: "MOVD R3, ret+8(FP)"},
		{ins: "MOVD R3, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVD t-8(SP), R3", flow: "-> R3", text: "NOSPLIT, $16-64"},
		{ins: "MOVD x+0(FP), R3", flow: "-> R3", text: "NOSPLIT, $16-64"},
		{ins: "ADD $-32, R1"},
		{ins: "ADD R3, R4", flow: "R3 R4 -> R4"},
		{ins: "XOR R3, R3, R4", flow: "-> R4"},
		{ins: "SUB R3, R3, R4", flow: "-> R4"},
		{ins: "ANDN R3, R3, R4", flow: "-> R4"},
		{ins: "RLDICL $0, R3, $32, R4", flow: "R3 -> R4"},
		{ins: "RLDIMI $0, R3, $32, R4", flow: "R3 R4 -> R4"},
		{ins: "RLWMI $0, R3, $24, R4", flow: "R3 R4 -> R4"},
		{ins: "ADDIS $1, R3, R4", flow: "R3 -> R4"},
		{ins: "BDNZ l", leak: "CTR", want: "conditional branch on secret CTR"},
		{ins: "BDZ l", leak: "CTR", want: "conditional branch on secret CTR"},
		// Scalar floating point: F1 is lane 0 of VS1.
		{ins: "FMUL F1, F2", flow: "VS1.0 VS2.0 -> VS2.0", leak: "VS1.0 VS2.0", want: awLatency},
		{ins: "FCMPU F1, F2", flow: "VS1.0 VS2.0 -> CR0"},
		{ins: "FCMPU F1, F2, CR1", flow: "VS1.0 VS2.0 -> CR1"},
		{ins: "FCMPO F1, F2", flow: "VS1.0 VS2.0 -> CR0"},
		{ins: "XXSPLTIB $1, VS32", flow: "-> VS32"},
		{ins: "XXSPLTIDP $1065353216, VS33", flow: "-> VS33"},
		{ins: "FRES F1, F2", always: awClosed},
		{ins: "FADDCC F1, F2, F3", always: awClosed},
		// Vectors and VSX: VS32-VS63 are V0-V31, F1 is lane 0 of VS1.
		{ins: "VXOR V0, V1, V2", flow: "VS32 VS33 -> VS34"},
		{ins: "VXOR V0, V0, V2", flow: "-> VS34"},
		{ins: "XXLXOR VS32, VS32, VS34", flow: "-> VS34"},
		{ins: "LXVD2X (R3)(R4), V0", flow: "MEM -> VS32", leak: "R3 R4", want: awAddr},
		{ins: "LXVD2X (R1)(R4), V0", flow: "MEM -> VS32", leak: "R4", want: awAddr},
		{ins: "STXVD2X V0, (R3)(R4)", always: awStore, leak: "R3 R4", want: awAddr},
		{ins: "LXVP 32(R3), VS32", flow: "MEM -> VS32 VS33", leak: "R3", want: awAddr},
		{ins: "STXVP VS32, 32(R3)", always: awStore, leak: "R3", want: awAddr},
		{ins: "XXEVAL VS32, VS33, VS34, $111, VS35", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "MFVSRD V0, R3", flow: "VS32.0 -> R3"},
		{ins: "MFVSRWZ V0, R3", flow: "VS32.0 -> R3"},
		{ins: "MFVSRLD V0, R3", flow: "VS32.1 -> R3"},
		{ins: "MTVSRD R3, V0", flow: "R3 -> VS32.0"},
		{ins: "MTVSRWZ R3, V0", flow: "R3 -> VS32.0"},
		{ins: "MTVSRDD R3, R4, V0", flow: "R3 -> VS32.0; R4 -> VS32.1"},
		{ins: "VSLDOI $8, V0, V1, V2", flow: "VS32 VS33 -> VS34"},
		{ins: "XXPERMDI VS32, VS33, $2, VS34", flow: "VS32 VS33 -> VS34"},
		{ins: "VPERM V0, V1, V2, V3", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "XXSEL VS32, VS33, VS34, VS35", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "VSEL V0, V1, V2, V3", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "LXVL R3, R4, VS32", flow: "MEM -> VS32", leak: "R3", want: awAddr, leak2: "R4", want2: "load length depends on secret R4"},
		{ins: "LXVLL R3, R4, VS32", flow: "MEM -> VS32", leak: "R3", want: awAddr, leak2: "R4", want2: "load length depends on secret R4"},
		{ins: "FMOVD (R3), F1", flow: "MEM -> VS1.0", leak: "R3", want: awAddr},
		{ins: "FMOVD F1, (R3)", always: awStore, leak: "R3", want: awAddr},
	}
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ MOVDBR MOVWBR MOVHBR",
		archRow{ins: "OP (R3), R4", flow: "MEM -> R4", leak: "R3", want: awAddr})...)
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", archRow{ins: "OP R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("FMOVS", archRow{ins: "OP (R3), F1", flow: "MEM -> VS1.0", leak: "R3", want: awAddr})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR NOR ANDN ORN NAND EQV MULLD MULLW MULHD MULHDU MULHW MULHWU "+
		"SLD SRD SRAD SLW SRW SRAW CMPB ADDC SUBC", archRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5"})...)
	for i := range rows {
		if strings.HasPrefix(rows[i].ins, "ADDC ") || strings.HasPrefix(rows[i].ins, "SUBC ") {
			rows[i].flow = "R3 R4 -> R5 CA"
		}
	}
	rows = append(rows, rowsOf("RLDICL RLDICR RLDIC", archRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("RLWNM", archRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("ANDCC ORCC XORCC ADDCC SUBCC NORCC NANDCC EQVCC ANDNCC ORNCC MULLDCC SLDCC SRDCC SRADCC "+
		"SLWCC SRWCC SRAWCC MULLWCC MULHDCC MULHDUCC MULHWCC MULHWUCC",
		archRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5 CR0"})...)
	rows = append(rows, rowsOf("RLDICLCC RLDICRCC RLDICCC RLWNMCC",
		archRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4 CR0"})...)
	rows = append(rows, rowsOf("NEG EXTSB EXTSH EXTSW CNTLZD CNTLZW CNTTZD CNTTZW POPCNTD POPCNTW POPCNTB",
		archRow{ins: "OP R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("NEGCC EXTSBCC EXTSHCC EXTSWCC CNTLZDCC CNTLZWCC CNTTZDCC CNTTZWCC",
		archRow{ins: "OP R3, R4", flow: "R3 -> R4 CR0"})...)
	rows = append(rows, rowsOf("ADDE SUBE", archRow{ins: "OP R3, R4, R5", flow: "R3 R4 CA -> R5 CA"})...)
	rows = append(rows, rowsOf("ADDZE SUBZE ADDME SUBME", archRow{ins: "OP R3, R4", flow: "R3 CA -> R4 CA"})...)
	rows = append(rows, rowsOf("CMPU CMPW CMPWU", archRow{ins: "OP R3, R4", flow: "R3 R4 -> CR0"})...)
	rows = append(rows, rowsOf("BLT BGT BEQ BNE BGE BLE BVS BVC",
		archRow{ins: "OP l", leak: "CR0", want: "conditional branch on secret CR0"})...)
	rows = append(rows, rowsOf("BLT BEQ", archRow{ins: "OP CR1, l", leak: "CR1", want: "conditional branch on secret CR1"})...)
	rows = append(rows, rowsOf("DIVD DIVDU DIVW DIVWU DIVDE DIVDEU MODUD MODSD MODUW MODSW",
		archRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5", leak: "R3 R4", want: awLatency})...)
	rows = append(rows, rowsOf("FDIV FDIVS", archRow{ins: "OP F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0", leak: "VS1.0 VS2.0", want: awLatency})...)
	rows = append(rows, rowsOf("FADD FADDS FSUB FSUBS FMUL FMULS",
		archRow{ins: "OP F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0", leak: "VS1.0 VS2.0", want: awLatency})...)
	rows = append(rows, archRow{ins: "FCPSGN F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0"})
	rows = append(rows, rowsOf("FNEG FABS FNABS FRSP FRIM FRIN FRIP FRIZ FCFID FCFIDU FCFIDS FCTID FCTIDZ FCTIW FCTIWZ",
		archRow{ins: "OP F1, F2", flow: "VS1.0 -> VS2.0"})...)
	rows = append(rows, rowsOf("FMADD FMADDS FMSUB FMSUBS FNMADD FNMADDS FNMSUB FNMSUBS",
		archRow{ins: "OP F1, F2, F3, F1", flow: "VS1.0 VS2.0 VS3.0 -> VS1.0", leak: "VS1.0 VS2.0 VS3.0", want: awLatency})...)
	rows = append(rows, archRow{ins: "FSEL F1, F2, F3, F1", flow: "VS1.0 VS2.0 VS3.0 -> VS1.0"})
	rows = append(rows, rowsOf("FSQRT FSQRTS", archRow{ins: "OP F1, F3", flow: "VS1.0 -> VS3.0", leak: "VS1.0", want: awLatency})...)
	rows = append(rows, rowsOf("VOR VAND VNOR VANDC VORC VNAND VEQV VADDUBM VADDUHM VADDUWM VADDUDM VSUBUHM VSUBUWM "+
		"VSUBUDM VCMPEQUB VCMPEQUH VCMPEQUW VCMPEQUD VCMPGTUB VCMPGTUD VCMPNEB",
		archRow{ins: "OP V0, V1, V2", flow: "VS32 VS33 -> VS34"})...)
	rows = append(rows, archRow{ins: "VSUBUBM V0, V0, V2", flow: "-> VS34"})
	rows = append(rows, rowsOf("XXLOR XXLAND XXLNOR XXLANDC XXLORC XXLNAND XXLEQV",
		archRow{ins: "OP VS32, VS33, VS34", flow: "VS32 VS33 -> VS34"})...)
	rows = append(rows, rowsOf("VCMPEQUBCC VCMPEQUHCC VCMPEQUWCC VCMPEQUDCC VCMPGTUBCC VCMPGTUDCC VCMPNEBCC",
		archRow{ins: "OP V0, V1, V2", flow: "VS32 VS33 -> VS34 CR6"})...)
	rows = append(rows, rowsOf("LXVW4X LXVB16X LXVH8X", archRow{ins: "OP (R3)(R4), VS32", flow: "MEM -> VS32", leak: "R3 R4", want: awAddr})...)
	rows = append(rows, rowsOf("LXV", archRow{ins: "OP 16(R3), VS32", flow: "MEM -> VS32", leak: "R3", want: awAddr})...)
	rows = append(rows, rowsOf("STXVW4X STXVB16X STXVH8X", archRow{ins: "OP VS32, (R3)(R4)", always: awStore, leak: "R3 R4", want: awAddr})...)
	rows = append(rows, rowsOf("STXV", archRow{ins: "OP VS32, 16(R3)", always: awStore, leak: "R3", want: awAddr})...)
	rows = append(rows, rowsOf("EIEIO", archRow{ins: "OP"})...)
	return rows
}

// TestPPC64Rows tests every row of the ppc64le model's table, at POWER10
// (the assembler takes every instruction there).
func TestPPC64Rows(t *testing.T) {
	universe := append(append(numbered("R", 3, 10), "R31", "CR0", "CR1", "CR6", "CA", "CTR", "LR"),
		withLanes(nil, []string{"VS1", "VS2", "VS3", "VS32", "VS33", "VS34", "VS35"})...)
	checkArchTable(t, archTable{goarch: "ppc64le", variant: []string{"GOPPC64=power10"}, universe: universe, ops: PPC64Ops(),
		base: same, objOnly: "NOP SUBF RLWINM RLWINMCC BSO BNS"}, ppc64Rows())
}

// s390x.

func s390xRows() []archRow {
	cc := "conditional branch on secret condition code"
	rows := []archRow{
		{ins: "RET", leak: "R14", want: "return to an address that depends on secret data (R14)"}, {ins: "JMP l"}, {ins: "NOPH"},
		{ins: "BR R1", always: awInd},
		{ins: "BL R1", always: awInd, flow: "-> R14"},
		{ins: "CALL ·f(SB)", flow: "-> R14"},
		{ins: "BRC $8, l", leak: "FLAGS", want: cc},
		{ins: "BRC $15, l"},
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMP R1, $8", flow: "R1 -> FLAGS"},
		{ins: "MOVD 8(R15), R1", flow: "-> R1"},
		{ins: "MOVD 8(R2), R1", flow: "MEM -> R1", leak: "R2", want: awAddr},
		{ins: "MOVD $·tab(SB), R1", flow: "-> R1"},
		{ins: "MOVD ·tab(SB), R1", flow: "-> R1"},
		{ins: "MOVD R1, R2", flow: "R1 -> R2"},
		{ins: "MOVD $1, R2", flow: "-> R2"},
		{ins: "MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr},
		{ins: "MOVD 3(R1)(R3*1), R2", flow: "MEM -> R2", leak: "R1 R3", want: awAddr},
		{ins: "MOVD R2, 8(R15)"},
		{ins: "MOVD R2, (R1)", always: awStore, leak: "R1", want: awAddr},
		{ins: "MOVD x+0(FP), R2", flow: "-> R2"},
		{ins: "MOVD R2, ret+8(FP)"},
		{ins: "MOVD R2, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVD t-8(SP), R2", flow: "-> R2", text: "NOSPLIT, $16-64"},
		{ins: "FMOVD F1, F2", flow: "V1.0 -> V2.0"},
		{ins: "FMOVD (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: awAddr},
		// XG and the like: R = R op mem.
		{ins: "XOR (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: awAddr},
		{ins: "AND 8(R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: awAddr},
		{ins: "SRAD $3, R2, R3", flow: "R2 -> R3 FLAGS"},
		{ins: "SLD R4, R2, R3", flow: "R4 R2 -> R3 FLAGS"},
		{ins: "ADD R1, R2", flow: "R1 R2 -> R2 FLAGS"},
		{ins: "ADD $64, R15"},
		{ins: "SUB $64, R15"},
		{ins: "XOR R1, R1", flow: "-> R1 FLAGS"},
		{ins: "SUB R1, R1", flow: "-> R1 FLAGS"},
		{ins: "XORW R1, R1", flow: "-> R1 FLAGS"},
		{ins: "NEG R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "NEG R1", flow: "R1 -> R1 FLAGS"},
		{ins: "MULLD R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "RISBGZ $56, $63, $0, R1, R2", flow: "R1 -> R2"},
		{ins: "RISBG $56, $63, $0, R1, R2", flow: "R1 R2 -> R2"},
		{ins: "MOVD $-8(R15), R15"},
		{ins: "MOVD $8(R2), R3", flow: "R2 -> R3"},
		{ins: "MOVD $8(R2)(R4*1), R3", flow: "R2 R4 -> R3"},
		{ins: "LOCGR $8, R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "STMG R1, R4, 8(R15)"},
		{ins: "STMG R1, R4, (R5)", always: awStore, leak: "R5", want: awAddr},
		{ins: "LMG 8(R15), R1, R2", flow: "-> R1 R2"},
		{ins: "LMG (R5), R1, R2", flow: "MEM -> R1 R2", leak: "R5", want: awAddr},
		{ins: "BRCTG R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "BRCT R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "FSQRT F1, F2", flow: "V1.0 -> V2.0", leak: "V1.0", want: awLatency},
		{ins: "FADD F1, F2", always: awClosed},
		// The vector facility: F1 is lane 0 of V1.
		{ins: "VZERO V1", flow: "-> V1"},
		{ins: "VONE V1", flow: "-> V1"},
		{ins: "VL (R1), V1", flow: "MEM -> V1", leak: "R1", want: awAddr},
		{ins: "VST V1, (R1)", always: awStore, leak: "R1", want: awAddr},
		{ins: "VST V1, 16(R15)"},
		{ins: "VLM (R1), V1, V3", flow: "MEM -> V1 V2 V3", leak: "R1", want: awAddr},
		{ins: "VSTM V1, V2, (R1)", always: awStore, leak: "R1", want: awAddr},
		{ins: "VLL R1, (R2), V1", flow: "MEM -> V1", leak: "R2", want: awAddr, leak2: "R1", want2: "load length depends on secret R1"},
		{ins: "VX V1, V1, V3", flow: "-> V3"},
		{ins: "VLGVG $1, V1, R1", flow: "V1.1 -> R1"},
		{ins: "VLGVG $0, V1, R1", flow: "V1.0 -> R1"},
		{ins: "VLGVB $9, V1, R1", flow: "V1.1 -> R1"},
		{ins: "VLGVH $3, V1, R1", flow: "V1.0 -> R1"},
		{ins: "VLGVF $2, V1, R1", flow: "V1.1 -> R1"},
		{ins: "VPERM V1, V2, V3, V4", flow: "V1 V2 V3 -> V4"},
		{ins: "VSEL V1, V2, V3, V4", flow: "V1 V2 V3 -> V4"},
	}
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", archRow{ins: "OP (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr})...)
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", archRow{ins: "OP R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("FMOVS", archRow{ins: "OP (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: awAddr})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR ADDW SUBW ANDW ORW XORW SLD SRD SRAD SLW SRW SRAW RLL RLLG ADDC SUBC",
		archRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("ADDE SUBE", archRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("MULLW MULHD MULHDU", archRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3"})...)
	rows = append(rows, rowsOf("NEGW", archRow{ins: "OP R1, R2", flow: "R1 -> R2 FLAGS"})...)
	rows = append(rows, rowsOf("CMPU CMPW CMPWU", archRow{ins: "OP R1, R2", flow: "R1 R2 -> FLAGS"})...)
	rows = append(rows, rowsOf("RISBGN RISBHG RISBLG", archRow{ins: "OP $56, $63, $0, R1, R2", flow: "R1 R2 -> R2"})...)
	rows = append(rows, rowsOf("RISBHGZ RISBLGZ", archRow{ins: "OP $56, $63, $0, R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BLE BGT BGE BLTU BLEU BVS BVC", archRow{ins: "OP l", leak: "FLAGS", want: cc})...)
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			archRow{ins: "CMPB" + c + " R1, R2, l", leak: "R1 R2", want: "conditional branch on secret R1, R2"},
			archRow{ins: "CMPUB" + c + " R1, $8, l", leak: "R1", want: "conditional branch on secret R1, $8"})
	}
	rows = append(rows, rowsOf("CRJ CGRJ CLRJ CLGRJ", archRow{ins: "OP $8, R1, R2, l", leak: "R1 R2", want: "conditional branch on secret R1, R2"})...)
	rows = append(rows, rowsOf("CIJ CGIJ CLIJ CLGIJ", archRow{ins: "OP $8, R1, $5, l", leak: "R1", want: "conditional branch on secret R1, $5"})...)
	rows = append(rows, rowsOf("DIVD DIVDU DIVW DIVWU MODD MODDU MODW MODWU",
		archRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: awLatency})...)
	rows = append(rows, rowsOf("DIVD MODWU", archRow{ins: "OP R1, R2", flow: "R1 R2 -> R2", leak: "R1 R2", want: awLatency})...)
	rows = append(rows, rowsOf("FDIV FDIVS", archRow{ins: "OP F1, F2", flow: "V1.0 V2.0 -> V2.0", leak: "V1.0 V2.0", want: awLatency})...)
	rows = append(rows, rowsOf("FSQRTS", archRow{ins: "OP F1, F2", flow: "V1.0 -> V2.0", leak: "V1.0", want: awLatency})...)
	rows = append(rows, rowsOf("WFDDB", archRow{ins: "OP V1, V2, V3", flow: "V1 V2 -> V3", leak: "V1 V2", want: awLatency})...)
	rows = append(rows, rowsOf("WFSQDB VFSQDB", archRow{ins: "OP V1, V3", flow: "V1 -> V3", leak: "V1", want: awLatency})...)
	rows = append(rows, rowsOf("VFDDB", archRow{ins: "OP V1, V2, V3", flow: "V1 V2 -> V3", leak: "V1 V2", want: awLatency})...)
	rows = append(rows, rowsOf("VX VO VN VNO VNC VAQ VSQ VAB VAG VSB VSG VCEQB VCEQH VCEQF VCEQG VMXLB VMNLB",
		archRow{ins: "OP V1, V2, V3", flow: "V1 V2 -> V3"})...)
	rows = append(rows, rowsOf("VCEQBS VCEQHS VCEQFS VCEQGS", archRow{ins: "OP V1, V2, V3", flow: "V1 V2 -> V3 FLAGS"})...)
	return rows
}

// TestS390XRows tests every row of the s390x model's table.
func TestS390XRows(t *testing.T) {
	universe := append(append(numbered("R", 1, 9), "R14", "FLAGS"), withLanes(nil, numbered("V", 1, 4))...)
	checkArchTable(t, archTable{goarch: "s390x", universe: universe, ops: S390XOps(), base: same,
		objOnly: "NOP NOT NOTW MVGHI VTM BGTU BGEU " + "CMPWBEQ CMPWBNE CMPWBLT CMPWBLE CMPWBGT CMPWBGE " +
			"CMPWUBEQ CMPWUBNE CMPWUBLT CMPWUBLE CMPWUBGT CMPWUBGE DSGR DSGFR DLGR DLR"}, s390xRows())
}

// loong64.

func loong64Rows() []archRow {
	rows := []archRow{
		{ins: "RET", leak: "R1", want: "return to an address that depends on secret data (R1)"}, {ins: "JMP l"}, {ins: "NOOP"},
		{ins: "JMP (R5)", always: awInd},
		{ins: "CALL ·f(SB)", flow: "-> R1"},
		{ins: "BEQ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BNE R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "MOVV R4, R5", flow: "R4 -> R5"},
		{ins: "MOVV $1, R5", flow: "-> R5"},
		{ins: "MOVV (R4), R5", flow: "MEM -> R5", leak: "R4", want: awAddr},
		{ins: "MOVV (R4)(R6), R5", flow: "MEM -> R5", leak: "R4 R6", want: awAddr},
		{ins: "MOVV 8(R3), R5", flow: "-> R5"},
		{ins: "MOVV R5, 8(R3)"},
		{ins: "MOVV R5, (R4)", always: awStore, leak: "R4", want: awAddr},
		{ins: "MOVV ·tab(SB), R5", flow: "-> R5"},
		{ins: "MOVV $·tab(SB), R5", flow: "-> R5"},
		{ins: "MOVV x+0(FP), R5", flow: "-> R5"},
		{ins: "MOVV R5, ret+8(FP)"},
		{ins: "MOVV R5, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVV t-8(SP), R5", flow: "-> R5", text: "NOSPLIT, $16-64"},
		{ins: "ADDV $-16, R3"},
		{ins: "ADDV $-16, R3, R3"},
		{ins: "XOR R4, R4, R5", flow: "-> R5"},
		{ins: "SUBV R4, R4, R5", flow: "-> R5"},
		{ins: "ADDV R4, R5", flow: "R4 R5 -> R5"},
		{ins: "ADDV16 $65536, R11, R9", flow: "R11 -> R9"},
		{ins: "BSTRPICKV $31, R4, $0, R5", flow: "R4 -> R5"},
		{ins: "BSTRPICKW $31, R4, $0, R5", flow: "R4 -> R5"},
		{ins: "CPUCFG R4, R5", always: awClosed},
		{ins: "SQRTD F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "SQRTF F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "DIVD F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		{ins: "DIVF F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		// Floating point: a 32-bit result keeps the upper half's level.
		{ins: "BFPT l", leak: "FCC0", want: "conditional branch on secret FCC0"},
		{ins: "BFPF l", leak: "FCC0", want: "conditional branch on secret FCC0"},
		{ins: "BFPT FCC1, l", leak: "FCC1", want: "conditional branch on secret FCC1"},
		{ins: "MULD F1, F2", flow: "F1 F2 -> F2", leak: "F1 F2", want: awLatency},
		{ins: "MOVW R4, F1", flow: "R4 F1 -> F1"},
		{ins: "MOVV R4, F1", flow: "R4 -> F1"},
		{ins: "MOVV F1, R4", flow: "F1 -> R4"},
		{ins: "MOVF F1, F2", flow: "F1 F2 -> F2"},
		{ins: "MOVF (R4), F1", flow: "MEM -> F1", leak: "R4", want: awAddr},
		{ins: "FMADDD F1, F2, F3", always: awClosed},
	}
	rows = append(rows, rowsOf("CMPEQD CMPEQF CMPGED CMPGEF CMPGTD CMPGTF", archRow{ins: "OP F1, F2, FCC1", flow: "F1 F2 -> FCC1"})...)
	rows = append(rows, rowsOf("ADDD SUBD MULD", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency})...)
	rows = append(rows, rowsOf("FMIND FMAXD", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3"})...)
	rows = append(rows, rowsOf("ADDF SUBF MULF", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2", want: awLatency})...)
	rows = append(rows, rowsOf("FMINF FMAXF", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3"})...)
	rows = append(rows, rowsOf("NEGD ABSD MOVFD MOVWD MOVVD MOVFV MOVDV TRUNCFV TRUNCDV FFINTDW FFINTDV FTINTRZVF "+
		"FTINTRZVD FTINTVF FTINTVD", archRow{ins: "OP F1, F3", flow: "F1 -> F3"})...)
	rows = append(rows, rowsOf("NEGF ABSF MOVDF MOVWF MOVVF MOVDW MOVFW TRUNCDW TRUNCFW FFINTFW FFINTFV FTINTRZWD "+
		"FTINTRZWF FTINTWD FTINTWF", archRow{ins: "OP F1, F3", flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", archRow{ins: "OP (R4), R5", flow: "MEM -> R5", leak: "R4", want: awAddr})...)
	rows = append(rows, rowsOf("MOVD", archRow{ins: "OP (R4), F1", flow: "MEM -> F1", leak: "R4", want: awAddr})...)
	rows = append(rows, rowsOf("ADDV SUBV ADD SUB AND OR XOR NOR ANDN ORN SLLV SRLV SRAV ROTRV SLL SRL SRA ROTR "+
		"MULV MULVU MULHV MULHVU MUL SGT SGTU MASKEQZ MASKNEZ", archRow{ins: "OP R4, R5, R6", flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowsOf("ALSLV ALSLW ALSLWU", archRow{ins: "OP $2, R4, R5, R6", flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowsOf("NEGV NEGW", archRow{ins: "OP R4, R5", flow: "R4 -> R5"})...)
	rows = append(rows, rowsOf("DIVV DIVVU REMV REMVU DIV DIVU REM REMU",
		archRow{ins: "OP R4, R5, R6", flow: "R4 R5 -> R6", leak: "R4 R5", want: awLatency})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BGE BLTU BGEU", archRow{ins: "OP R4, R5, l", leak: "R4 R5", want: "conditional branch on secret R4, R5"})...)
	return rows
}

// TestLOONG64Rows tests every row of the loong64 model's table.
func TestLOONG64Rows(t *testing.T) {
	universe := append(numbered("R", 4, 12), "R1", "F1", "F2", "F3", "FCC0", "FCC1")
	checkArchTable(t, archTable{goarch: "loong64", universe: universe, ops: LOONG64Ops(), base: same,
		objOnly: "LU12IW LU32ID LU52ID PCALAU12I PCADDU12I"}, loong64Rows())
}

// arm.

func armRows() []archRow {
	rows := []archRow{
		{ins: "RET", leak: "R14", want: "return to an address that depends on secret data (R14)"},
		{ins: "MOVW.P 4(R13), R15"},
		{ins: "JMP l"}, {ins: "B l"},
		{ins: "BEQ l", leak: "FLAGS", want: "conditional branch on secret flags"},
		{ins: "B (R1)", always: awInd},
		{ins: "BL (R1)", always: awInd, flow: "-> R14"},
		{ins: "BL ·f(SB)", flow: "-> R14"},
		{ins: "MOVW R1, R2", flow: "R1 -> R2"},
		{ins: "MOVW $8, R2", flow: "-> R2"},
		{ins: "MOVW $·tab(SB), R2", flow: "-> R2"},
		{ins: "MOVW ·tab(SB), R2", flow: "-> R2"},
		{ins: "MOVW (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr},
		{ins: "MOVW R3<<2(R1), R2", flow: "MEM -> R2", leak: "R1 R3", want: awAddr},
		{ins: "MOVW 4(R13), R2", flow: "-> R2"},
		{ins: "MOVW R2, 4(R13)"},
		{ins: "MOVW.W R14, -8(R13)"},
		{ins: "MOVW.P 4(R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr},
		{ins: "MOVW R2, (R1)", always: awStore, leak: "R1", want: awAddr},
		{ins: "MOVW x+0(FP), R2", flow: "-> R2"},
		{ins: "MOVW R2, ret+4(FP)"},
		{ins: "MOVW R2, t-4(SP)", text: "NOSPLIT, $8-64"},
		{ins: "MOVW t-4(SP), R2", flow: "-> R2", text: "NOSPLIT, $8-64"},
		{ins: "MOVW.EQ R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "MOVW.EQ (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr, leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "MOVW.NE R2, 4(R13)", leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "ADD $1, R2", flow: "R2 -> R2"},
		{ins: "ADD R1<<R4, R2, R3", flow: "R1 R4 R2 -> R3"},
		{ins: "ADD R1<<3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD R1->3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD R1@>3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD.S R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "ADD.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3"},
		{ins: "ADD.S.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3; R1 R2 FLAGS -> FLAGS"},
		{ins: "EOR R1, R1, R2", flow: "-> R2"},
		{ins: "SUB R1, R1, R2", flow: "-> R2"},
		{ins: "MVN R1, R2", flow: "R1 -> R2"},
		{ins: "SUB $8, R13"},
		{ins: "ADD $8, R13, R13"},
		{ins: "ADD R1, R13", flow: "R1 -> R13", leak: "R1", want: "stack pointer set from secret data"},
		{ins: "MOVBU R4@>8, R4", flow: "R4 -> R4"},
		{ins: "CLZ R1, R2", always: awClosed},
		{ins: "MOVM.IA [R1,R2], (R3)", always: awClosed},
		{ins: "SQRTD F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "SQRTF F1, F2", flow: "F1 -> F2", leak: "F1", want: awLatency},
		{ins: "DIVD F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		{ins: "DIVF F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency},
		{ins: "MOVD (R1), F1", flow: "MEM -> F1", leak: "R1", want: awAddr},
		{ins: "MOVF (R1), F1", flow: "MEM -> F1", leak: "R1", want: awAddr},
		{ins: "MOVW R1, F2", flow: "R1 F2 -> F2"},
		{ins: "MOVW F1, R2", flow: "F1 -> R2"},
		{ins: "MOVW FPCR, R1", flow: "FPSCR -> R1"},
		{ins: "ADD $0, R14, R15", leak: "R14", want: "return to an address that depends on secret data (R14)"},
		{ins: "ADD $4, R1, R15", always: awInd},
		// VFP: CMPD is VCMP and VMRS, to the FPSCR and the flags.
		{ins: "CMPD F1, F2", flow: "F1 F2 -> FPSCR FLAGS"},
		{ins: "CMPF F1, F2", flow: "F1 F2 -> FPSCR FLAGS"},
		{ins: "CMPD F1", flow: "F1 -> FPSCR FLAGS"},
		{ins: "MULD F1, F2", flow: "F1 F2 -> F2", leak: "F1 F2", want: awLatency},
		{ins: "MOVWD R1, F2", flow: "R1 -> F2 F15"},
		{ins: "MOVWF R1, F2", flow: "R1 F2 -> F2; R1 -> F15"},
		{ins: "MOVWD F1, F2", flow: "F1 -> F2"},
		{ins: "MOVWF F1, F2", flow: "F1 F2 -> F2"},
		{ins: "MOVDW F1, R2", flow: "F1 -> R2 F15"},
		{ins: "MOVFW F1, R2", flow: "F1 -> R2 F15"},
		{ins: "MOVDW F1, F2", flow: "F1 F2 -> F2"},
	}
	rows = append(rows, rowsOf("ADDD SUBD MULD NMULD", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: awLatency})...)
	rows = append(rows, rowsOf("ADDF SUBF MULF NMULF", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2", want: awLatency})...)
	rows = append(rows, rowsOf("MULAD MULAF MULSD MULSF NMULAD NMULAF NMULSD NMULSF FMULAD FMULAF FMULSD FMULSF "+
		"FNMULAD FNMULAF FNMULSD FNMULSF", archRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2 F3", want: awLatency})...)
	rows = append(rows, rowsOf("NEGD ABSD MOVFD", archRow{ins: "OP F1, F3", flow: "F1 -> F3"})...)
	rows = append(rows, rowsOf("NEGF ABSF MOVDF", archRow{ins: "OP F1, F3", flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowsOf("MOVH MOVHU MOVB MOVBU", archRow{ins: "OP (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr})...)
	rows = append(rows, rowsOf("MOVH MOVHU MOVB MOVBU", archRow{ins: "OP R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("ADD SUB RSB AND ORR EOR BIC MUL MULU SLL SRL SRA", archRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3"})...)
	rows = append(rows, rowsOf("ADC SBC RSC", archRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3"})...)
	rows = append(rows, rowsOf("ADC.S", archRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("CMP CMN TST TEQ", archRow{ins: "OP R1, R2", flow: "R1 R2 -> FLAGS"})...)
	for _, c := range strings.Fields("NE CS CC MI PL VS VC HI LS GE LT GT LE HS LO") {
		rows = append(rows, archRow{ins: "B" + c + " l", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	return rows
}

// TestARMRows tests every row of the arm model's table.
func TestARMRows(t *testing.T) {
	universe := append(numbered("R", 0, 9), "R14", "FLAGS", "FPSCR", "F1", "F2", "F3")
	checkArchTable(t, archTable{goarch: "arm", universe: universe, ops: ARMOps(), objOnly: "NOP", base: func(op string) string {
		b, _, _ := strings.Cut(op, ".")
		return b
	}}, armRows())
}

// The disassembler's own forms: what go tool objdump prints that the
// assembler has no mnemonic for (the objOnly opcodes of the tables), the
// forms of older releases' disassemblers (Go 1.24 and 1.25 on s390x), and
// the branch targets decoded from the encoding. Each row is "HEX TEXT" as
// objdump prints it, read by the compiled front end.

func objRows() map[string][]archRow {
	cc := "conditional branch on secret condition code"
	rows := map[string][]archRow{
		"riscv64": {
			{ins: "00000013 NOP"},
			{ins: "0005a313 SLTZ X5, X6", flow: "X5 -> X6"},
			{ins: "0005a313 SGTZ X5, X6", flow: "X5 -> X6"},
			{ins: "0805033b ZEXTW X5, X6", flow: "X5 -> X6"},
			{ins: "0080006f JMP 2(PC)"},
			{ins: "00000463 BEQ X5, X6, 2(PC)", leak: "X5 X6", want: "conditional branch on secret X5, X6"},
			{ins: "00000463 BEQ X5, X6, 3(PC)", always: awClosed}, // the text and the encoding disagree
			{ins: "21a0 JMP 2(PC)"},
			{ins: "ffc50293 CALL (X5)", always: awInd, flow: "-> X1"},
		},
		"ppc64le": {
			{ins: "60000000 NOP"},
			{ins: "7ca42050 SUBF R3,R4,R5", flow: "R3 R4 -> R5"},
			{ins: "5464063e RLWINM R3,$0,$24,$31,R4", flow: "R3 -> R4"},
			{ins: "5464063f RLWINMCC R3,$0,$24,$31,R4", flow: "R3 -> R4 CR0"},
			{ins: "41830008 BSO 0x1008", leak: "CR0", want: "conditional branch on secret CR0"},
			{ins: "40830008 BNS 0x1008", leak: "CR0", want: "conditional branch on secret CR0"},
			{ins: "42000008 BC $16,LT,0x1008", leak: "CTR", want: "conditional branch on secret CTR"},
			{ins: "06100000 88e00000 PLBZ 33120(0),$1,R7", flow: "-> R7"},
			{ins: "38830008 ADD R3,$8,R4", flow: "R3 -> R4"},
			{ins: "3821ffe0 ADD R1,$-32,R1"},
			{ins: "7c070066 MFVSRD VS32,R7", flow: "VS32.0 -> R7"},
			{ins: "20a40008 SUBFIC R4,$8,R5", flow: "R4 -> R5 CA"},
			{ins: "0410000d f460b550 PSTD 898384(0),$1,R3", always: awStore},
			{ins: "0410000d f460b550 PSTD 898384(0),$0,R3", always: awClosed}, // not relative to the program counter
			{ins: "3fe00014 ADDIS $0,$20,R31", flow: "-> R31"},
			{ins: "4e800020 RET", leak: "LR", want: "return to an address that depends on secret data (LR)"},
			{ins: "4e800420 BR (CTR)", always: awInd},
			{ins: "4e800421 BL (CTR)", always: awInd, flow: "-> LR"},
			{ins: "2ca50010 CMP R5,$16,CR1", flow: "R5 -> CR1"},
		},
		"s390x": {
			{ins: "0707 NOP"},
			{ins: "07fe JMP R14", leak: "R14", want: "return to an address"}, // BR R14, as Go 1.24 prints it
			{ins: "07f1 JMP R1", always: awInd},
			{ins: "a7f40004 JMP 2(PC)"},
			{ins: "a7840004 BRC $8, 2(PC)", leak: "FLAGS", want: cc},
			{ins: "e3f0ffc0ff71 MOVD -64(R15), R15"},
			{ins: "e3f0ffc8ff71 MOVD -56(R0)(R15*1), R15"},
			{ins: "e31020080071 MOVD 8(R2), R1", flow: "R2 -> R1"}, // LAY: an address, not a load
			{ins: "c01000000010 MOVD p.x(SB), R1", flow: "-> R1"},  // LARL
			{ins: "c41800000010 MOVD R1, 16(PC)", flow: "-> R1"},   // LGRL, as Go 1.24 prints it
			{ins: "c41b00000010 STGRL R1, p.x(SB)", always: awStore},
			{ins: "c41f00000010 STRL R1, p.x(SB)", always: awStore},
			{ins: "c41700000010 STHRL R1, p.x(SB)", always: awStore},
			{ins: "c41c00000010 LGFRL R1, p.x(SB)", flow: "-> R1"},
			{ins: "c41e00000010 LLGFRL R1, p.x(SB)", flow: "-> R1"},
			{ins: "c41400000010 LGHRL R1, p.x(SB)", flow: "-> R1"},
			{ins: "c41600000010 LLGHRL R1, p.x(SB)", flow: "-> R1"},
			{ins: "c41d00000010 LRL R1, p.x(SB)", always: awClosed},
			{ins: "e32010000004 MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: awAddr},
			{ins: "e32010000004 MOVW (R1), R2", always: awClosed}, // LG printed as MOVW
			{ins: "e32010000082 XOR R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: awAddr},
			{ins: "e32010000081 OR (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: awAddr}, // Go 1.25's order
			{ins: "e32010000024 XOR R2, (R1)", always: awClosed},                                    // STG is no XOR
			{ins: "eb14f0080024 STMG R1, R4, 8(R15)"},
			{ins: "e548f0080001 MVGHI 8(R15), $1"},
			{ins: "4210f008 STC R1, 8(R15)"},
			{ins: "4210f008 MOVB R1, 8(R15)"},
			{ins: "e75000003021 VLGV R5, V0, (R0), $3", flow: "V0.0 -> R5"},
			{ins: "e75000013021 VLGV R5, V0, 1(R0), $3", flow: "V0.1 -> R5"},
			{ins: "eb640007000c SRD 7(R0), R4, R6", flow: "R4 -> R6 FLAGS"},
			{ins: "eb645000000c SRD (R5), R4, R6", flow: "R4 R5 -> R6 FLAGS"},
			{ins: "b9e28020 MOVDEQ R1, R2", flow: "R1 R2 FLAGS -> R2"},
			{ins: "b9f71012 NOT R1, R2", flow: "R1 -> R2 FLAGS"},
			{ins: "b9f71012 NOTW R1, R2", flow: "R1 -> R2 FLAGS"},
			{ins: "a7240004 BGTU 2(PC)", leak: "FLAGS", want: cc},
			{ins: "a7a40004 BGEU 2(PC)", leak: "FLAGS", want: cc},
			{ins: "e7120000d8 VTM V1, V2", flow: "V1 V2 -> FLAGS"},
			{ins: "c0f4fffffff0 BR 0(PC)"},
			// BCR 15, Rn: Go 1.26's disassembler prints RET for every n.
			{ins: "07fe RET", leak: "R14", want: "return to an address"},
			{ins: "07fc RET", always: awInd},
			{ins: "0dec BASR R14, R12", always: awInd, flow: "-> R14"},
			{ins: "ec170003007c CGIJ R1, $0, $7, 1(PC)", leak: "R1", want: "conditional branch on secret R1, $0"},
			{ins: "41534000 MOVD (R4)(R3*1), R5", flow: "R3 R4 -> R5"}, // LA
			// The float loads and stores: LDY, LD, STD, LE; LD is no FMOVS.
			{ins: "ed20f0080065 FMOVD 8(R15), F2", flow: "-> V2.0"},
			{ins: "ed2010000065 FMOVD (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: awAddr},
			{ins: "6820f008 FMOVD 8(R15), F2", flow: "-> V2.0"},
			{ins: "6020f008 FMOVD F2, 8(R15)"},
			{ins: "7820f008 FMOVS 8(R15), F2", flow: "-> V2.0"},
			{ins: "6820f008 FMOVS 8(R15), F2", always: awClosed},
			// The pair divisions of DIVD and its kin: R11 (and R10) by R1.
			{ins: "b90d00a1 DSGR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: awLatency},
			{ins: "b91d00a1 DSGFR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: awLatency},
			{ins: "b98700a1 DLGR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: awLatency},
			{ins: "b99700a1 DLR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: awLatency},
			{ins: "b90d00b1 DSGR R11, R1", always: awClosed},
			{ins: "e721000830e5 VFD V2, V1, V0, $3, $8", flow: "V0 V1 -> V2", leak: "V0 V1", want: awLatency},
			{ins: "e721000030ce VFSQ V2, V1, $3, $0", flow: "V1 -> V2", leak: "V1", want: awLatency},
		},
		"loong64": {
			{ins: "14000a04 LU12IW $80, R4", flow: "-> R4"},
			{ins: "16000a04 LU32ID $80, R4", flow: "R4 -> R4"},
			{ins: "03000084 LU52ID $0, R4, R4", flow: "R4 -> R4"},
			{ins: "1a000004 PCALAU12I $0, R4", flow: "-> R4"},
			{ins: "1c000004 PCADDU12I $0, R4", flow: "-> R4"},
			{ins: "13fffd69 Unknown ADDU16I.D $-1, R11, R9", flow: "R11 -> R9"},
			{ins: "58000885 BEQ R4, R5, 2(PC)", leak: "R4 R5", want: "conditional branch on secret R4, R5"},
			{ins: "40000880 BEQ R4, 2(PC)", leak: "R4", want: "conditional branch on secret R4"},
			{ins: "40000880 BEQ R4, 3(PC)", always: awClosed},
			{ins: "00128e94 SGTU R3, R20", flow: "R20 -> R20"},
			{ins: "0340fca5 MOVBU R5", flow: "R5 -> R5"},
			{ins: "48000800 BFPF 2(PC)", leak: "FCC0", want: "conditional branch on secret FCC0"},
			{ins: "48000920 BFPT 2(PC)", leak: "FCC1", want: "conditional branch on secret FCC1"},
			{ins: "48000800 BFPF 3(PC)", always: awClosed},
			{ins: "0c238020 CMPGED F0, F1, FCC0", flow: "F0 F1 -> FCC0"},
			{ins: "011d2020 FFINTDW F1, F0", flow: "F1 -> F0"},
			{ins: "01050800 MULD F2, F0", flow: "F2 F0 -> F0", leak: "F2 F0", want: awLatency},
		},
		"arm": {
			{ins: "e320f000 NOP"},
			{ins: "e49df020 RET #32"},
			{ins: "0a000001 B.EQ 0x1010", leak: "FLAGS", want: "conditional branch on secret flags"},
			{ins: "ea000001 B 0x1010"},
			{ins: "e1a03000 MOVW R0<<$0, R3", flow: "R0 -> R3"},
			{ins: "e59f1008 MOVW 0x8(R15), R1", flow: "-> R1"},
			// The literal pool is text: a secret stored to a global does not
			// reach it.
			{ins: "e59f1008 MOVW 0x8(R15), R1", flow: "-> R1", pre: "mem"},
			{ins: "e58f1008 MOVW R1, 0x8(R15)", always: awStore},
			{ins: "e7d10000 MOVBU (R1)(R0), R0", flow: "MEM -> R0", leak: "R1", want: awAddr, leak2: "R0", want2: awAddr},
			{ins: "e1a02231 LSR R1>>$4, R2", flow: "R1 R2 -> R2"},
			{ins: "e1a02231 LSR $4, R1, R2", flow: "R1 -> R2"},
			{ins: "e28ef000 ADD $0, R14, R15", leak: "R14", want: "return to an address that depends on secret data (R14)"},
			{ins: "eeb40bc1 CMPD F1, F0", flow: "F1 F0 -> FPSCR"},
			{ins: "eef1fa10 MOVW FPSCR, APSR_NZCV", flow: "FPSCR -> FLAGS"},
			{ins: "ee0f0b10 MOVW R0, F15", flow: "R0 -> F15"},
			{ins: "eeb80bcf MOVWD F15, F0", flow: "F15 -> F0"},
		},
	}
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows["s390x"] = append(rows["s390x"],
			archRow{ins: "ec120004007e CMPWB" + c + " R1, R2, 2(PC)", leak: "R1 R2", want: "conditional branch on secret R1, R2"},
			archRow{ins: "ec120004007f CMPWUB" + c + " R1, R2, 2(PC)", leak: "R1 R2", want: "conditional branch on secret R1, R2"})
	}
	return rows
}

// TestArchObjdumpForms tests the compiled front end's reading of the
// disassembler's own forms, and covers the tables' objOnly opcodes.
func TestArchObjdumpForms(t *testing.T) {
	tables := map[string]archTable{
		"riscv64": {goarch: "riscv64", universe: append(numbered("X", 1, 12), "F1"), objOnly: "NOP SLTZ SGTZ ZEXTW"},
		"ppc64le": {goarch: "ppc64le", universe: append(append(numbered("R", 3, 10), "R31", "CR0", "CTR", "LR", "CA"),
			withLanes(nil, []string{"VS32"})...), objOnly: "NOP SUBF RLWINM RLWINMCC BSO BNS"},
		"s390x": {goarch: "s390x", universe: append(append(numbered("R", 1, 9), "R14", "FLAGS"), withLanes(nil, numbered("V", 0, 2))...),
			objOnly: "NOP NOT NOTW MVGHI VTM BGTU BGEU CMPWBEQ CMPWBNE CMPWBLT CMPWBLE CMPWBGT CMPWBGE " +
				"CMPWUBEQ CMPWUBNE CMPWUBLT CMPWUBLE CMPWUBGT CMPWUBGE DSGR DSGFR DLGR DLR"},
		"loong64": {goarch: "loong64", universe: append(numbered("R", 4, 12), "R20", "F0", "F1", "F2", "FCC0", "FCC1"), objOnly: "LU12IW LU32ID LU52ID PCALAU12I PCADDU12I"},
		"arm": {goarch: "arm", universe: append(numbered("R", 0, 4), "FLAGS", "FPSCR", "F0", "F1"), objOnly: "NOP",
			pre: func(st *State, pre string) {
				if pre == "mem" {
					st.mem = Secret // a secret stored outside the frame before
				}
			}},
	}
	for goarch, rows := range objRows() {
		at := tables[goarch]
		t.Run(goarch, func(t *testing.T) {
			covered := map[string]bool{}
			for _, row := range rows {
				hex, text, _ := strings.Cut(row.ins, " ")
				if w, rest, ok := strings.Cut(text, " "); ok && regexp.MustCompile(`^[0-9a-f]{8}$`).MatchString(w) {
					// a prefixed instruction: two words of hex
					hex, text = hex+" "+w, rest
				}
				dump := fmt.Sprintf("TEXT main.f(SB) f.go\n  f.go:1\t0x1000\t\t%s\t\t%s\t\n", hex, text)
				p, err := ParseGoObjdump(goarch, dump)
				if err != nil {
					t.Fatalf("%s: %v", row.ins, err)
				}
				in := &p.Funcs["main.f"].Insts[0]
				t.Run(row.ins, func(t *testing.T) { probeRow(t, at, row, in) })
				if row.always != awClosed {
					b, _, _ := strings.Cut(in.Op, ".")
					covered[b] = true
				}
			}
			for _, op := range strings.Fields(at.objOnly) {
				if !covered[op] {
					t.Errorf("%s: no row of the disassembler's %s", goarch, op)
				}
			}
		})
	}
}

// TestS390XVectorDisplacement: the s390x assembler encodes a negative
// displacement of a vector load or store (12 bits, unsigned) as 4096
// plus it, and the listing prints the one written; the source check
// takes the encoding's, which is what runs.
func TestS390XVectorDisplacement(t *testing.T) {
	toolchain(t)
	if version.Compare(runtime.Version(), "go1.26") < 0 {
		t.Skipf("the assembler of %s has no vector facility", runtime.Version())
	}
	at := archTable{goarch: "s390x"}
	ins := assembleRows(t, at, []archRow{{ins: "VL -16(R15), V1"}, {ins: "VST V1, 32(R15)"}, {ins: "VLM -32(R2), V1, V2"}})
	for i, want := range []int64{4080, 32, 4064} {
		var got []int64
		for _, x := range ins[i].Args {
			if x.Kind == ArgMem {
				got = append(got, x.Imm)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: displacement %v, want %d (the encoding's)", ins[i].Text, got, want)
		}
	}
}
