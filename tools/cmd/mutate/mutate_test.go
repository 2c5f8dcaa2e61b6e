package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

const sampleAMD64 = `// header

#include "textflag.h"

// func f(x []byte) int
TEXT ·f(SB), NOSPLIT, $0-32
	MOVQ  x_base+0(FP), AX
	MOVQ  x_len+8(FP), DX
	CMPQ  DX, $0x00000010
	JB    f_short
	VPXOR Y0, Y0, Y0

f_loop:
	VMOVDQU -32(AX)(DX*1), Y1 // comment
	VPOR    Y1, Y0, Y0
	VPOR    Y1, Y0, Y0
	SUBQ    $0x20, DX
	JAE     f_loop

f_short:
	SETEQ AL
	MOVQ  AX, ret+24(FP)
	RET
`

func parse(t *testing.T, name, src string) *asmFile {
	t.Helper()
	f, err := parseAsm(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestParse(t *testing.T) {
	f := parse(t, "x_amd64.s", sampleAMD64)
	if f.arch != "amd64" || len(f.instrs) != 13 {
		t.Fatalf("arch %s, %d instructions, want amd64, 13", f.arch, len(f.instrs))
	}
	in := f.instrs[5]
	if in.line != 14 || in.fn != "f" || in.label != "f_loop" || in.text() != "VMOVDQU -32(AX)(DX*1), Y1" {
		t.Errorf("instruction 5: line %d, fn %q, label %q, text %q", in.line, in.fn, in.label, in.text())
	}
	if a, b := f.instrs[6], f.instrs[7]; a.where() != "f/f_loop" || b.where() != "f/f_loop#1" {
		t.Errorf("the two VPORs are at %q and %q, want f/f_loop and f/f_loop#1", a.where(), b.where())
	}
	if _, err := parseAsm("x.s", sampleAMD64); err == nil {
		t.Error("a file without an architecture's suffix was accepted")
	}
	if _, err := parseAsm("x_mips64.s", sampleAMD64); err == nil {
		t.Error("a file of an architecture the command does not know was accepted")
	}
	if _, err := parseAsm("x_amd64.s", "\tRET\n"); err == nil {
		t.Error("an instruction outside TEXT was accepted")
	}
}

func TestOperandMutations(t *testing.T) {
	for _, c := range []struct {
		got  []string
		want []string
	}{
		{immMutations("$0x00000010"), []string{"$0x00000011", "$0x0000000f", "$0x00000018", "$0x00000008", "$0x00000020", "$0x00000000", "$0x00000030", "$-16"}},
		{immMutations("$5"), []string{"$6", "$4", "$13", "$-3", "$21", "$-11", "$37", "$-27"}},
		{immMutations("V0.D[0]"), []string{"V0.D[1]", "V0.D[8]", "V0.D[16]", "V0.D[32]"}},
		{immMutations("AX"), nil},
		{dispMutations("-32(AX)(DX*1)"), []string{"-31(AX)(DX*1)", "-33(AX)(DX*1)", "-24(AX)(DX*1)", "-40(AX)(DX*1)", "-16(AX)(DX*1)", "-48(AX)(DX*1)", "(AX)(DX*1)", "-64(AX)(DX*1)"}},
		{dispMutations("(CX)")[:2], []string{"1(CX)", "-1(CX)"}},
		{dispMutations("x_len+8(FP)")[:3], []string{"x_len+9(FP)", "x_len+7(FP)", "x_len+16(FP)"}},
		{dispMutations("·useDIT(SB)")[:2], []string{"·useDIT+1(SB)", "·useDIT-1(SB)"}},
		{dispMutations("$0x10"), nil},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestRegisters(t *testing.T) {
	toks := regTokens("amd64", "-32(AX)(DX*1)")
	if len(toks) != 2 || toks[0].r.String() != "AX" || toks[1].r.String() != "DX" || !toks[0].inAddr {
		t.Errorf("regTokens(-32(AX)(DX*1)) = %+v", toks)
	}
	for _, a := range []string{"x_base+0(FP)", "$0x0000003f", "·useAVX2+0(SB)", "equalAVX2_loop", "DIT", "EQ"} {
		if toks := regTokens("amd64", a); len(toks) != 0 {
			t.Errorf("regTokens(%q) found registers %+v", a, toks)
		}
		if toks := regTokens("arm64", a); len(toks) != 0 {
			t.Errorf("arm64: regTokens(%q) found registers %+v", a, toks)
		}
	}
	used := map[string]map[int]bool{"gp": {0: true, 2: true}, "vec": {0: true, 1: true, 8: true, 9: true}}
	if got, want := regMutations("amd64", "AL", used, nil), []string{"BL", "CL"}; !slices.Equal(got, want) {
		t.Errorf("AL becomes %q, want %q (the first unused register, and the other used one)", got, want)
	}
	if got, want := regMutations("arm64", "R0", used, nil), []string{"R1", "R2", "ZR"}; !slices.Equal(got, want) {
		t.Errorf("R0 becomes %q, want %q", got, want)
	}
	if got := regMutations("arm64", "(R0)", used, nil); slices.Contains(got, "(ZR)") {
		t.Errorf("(R0) becomes %q: ZR is no base register", got)
	}
	if got, want := regMutations("arm64", "(F8, F9)", map[string]map[int]bool{"vec": {8: true, 9: true}}, nil), []string{"(F0, F9)", "(F9, F9)", "(F8, F0)", "(F8, F8)"}; !slices.Equal(got, want) {
		t.Errorf("a register pair becomes %q, want %q", got, want)
	}
	if got := dispMutations("(F8, F9)"); got != nil {
		t.Errorf("a register pair has displacement mutants %q", got)
	}
	// Many vector registers: the neighbours, those of the instruction, and
	// the first unused.
	many := map[string]map[int]bool{"vec": {}}
	for i := range 24 {
		many["vec"][i] = true
	}
	inInstr := map[string]map[int]bool{"vec": {16: true, 8: true}}
	if got, want := regMutations("arm64", "V16.B16", many, inInstr), []string{"V8.B16", "V14.B16", "V15.B16", "V17.B16", "V18.B16", "V24.B16"}; !slices.Equal(got, want) {
		t.Errorf("with 24 vector registers, V16 becomes %q, want %q", got, want)
	}
	got := regMutations("arm64", "[V8.B16, V9.B16]", used, nil)
	want := []string{"[V0.B16, V1.B16]", "[V1.B16, V2.B16]", "[V2.B16, V3.B16]", "[V9.B16, V10.B16]"}
	if !slices.Equal(got, want) {
		t.Errorf("a register list becomes %q, want %q: it moves as a whole", got, want)
	}
}

// TestEnumerate: every mutant changes one line (two for a swap), keeps the
// line count, differs from every other, and is keyed uniquely.
func TestEnumerate(t *testing.T) {
	f := parse(t, "x_amd64.s", sampleAMD64)
	ms := enumerate(f)
	ops := map[string]int{}
	seen := map[string]bool{}
	keys := map[string]bool{}
	for _, m := range ms {
		ops[m.op]++
		src := m.source()
		lines := strings.Split(src, "\n")
		if len(lines) != len(f.lines) {
			t.Fatalf("%s: %d lines, want %d", m.id(), len(lines), len(f.lines))
		}
		changed := 0
		for i := range lines {
			if lines[i] != f.lines[i] {
				changed++
			}
		}
		if want := map[bool]int{true: 2, false: 1}[m.op == opSwap]; changed != want {
			t.Errorf("%s changes %d lines, want %d", m.id(), changed, want)
		}
		if seen[src] {
			t.Errorf("%s: a duplicate", m.id())
		}
		seen[src] = true
		if keys[m.key()] {
			t.Errorf("%s: key %q is not unique", m.id(), m.key())
		}
		keys[m.key()] = true
	}
	for _, op := range operators {
		if ops[op] == 0 {
			t.Errorf("no %s mutants", op)
		}
	}
	want := map[string]bool{
		"x_amd64.s f: JB f_short => JAE f_short":                                  true,
		"x_amd64.s f/f_short: SETEQ AL => SETNE AL":                               true,
		"x_amd64.s f/f_loop: swap VMOVDQU -32(AX)(DX*1), Y1 / VPOR Y1, Y0, Y0":    true,
		"x_amd64.s f/f_loop#1: VPOR Y1, Y0, Y0 => VPOR Y2, Y0, Y0":                true,
		"x_amd64.s f/f_loop: delete SUBQ $0x20, DX":                               true,
		"x_amd64.s f/f_loop: VMOVDQU -32(AX)(DX*1), Y1 => VMOVDQU (AX)(DX*1), Y1": true,
	}
	for k := range want {
		if !keys[k] {
			t.Errorf("no mutant %q", k)
		}
	}
	// The two VPORs are the same: swapping them is no mutant.
	if keys["x_amd64.s f/f_loop#1: swap VPOR Y1, Y0, Y0 / VPOR Y1, Y0, Y0"] {
		t.Error("a swap of two equal instructions")
	}
	// No swap across a label.
	for k := range keys {
		if strings.Contains(k, "swap VPXOR Y0, Y0, Y0 / VMOVDQU") || strings.Contains(k, "swap JAE f_loop / SETEQ") {
			t.Errorf("%s swaps across a label", k)
		}
	}
}

// TestKeysSurviveEdits: keys do not change when lines move or operands
// are aligned differently, which is what a retuned kernel does to the
// code around a mutant.
func TestKeysSurviveEdits(t *testing.T) {
	keys := func(src string) []string {
		var ks []string
		for _, m := range enumerate(parse(t, "x_amd64.s", src)) {
			ks = append(ks, m.key())
		}
		return ks
	}
	a := keys(sampleAMD64)
	moved := strings.Replace(sampleAMD64, "// header\n", "// header\n// another comment\n\n", 1)
	realigned := strings.ReplaceAll(sampleAMD64, "VPOR    Y1", "VPOR Y1")
	for _, b := range [][]string{keys(moved), keys(realigned)} {
		if !slices.Equal(a, b) {
			t.Errorf("keys changed with the lines around them")
		}
	}
}

func TestEquivalents(t *testing.T) {
	e, err := parseEquivalents("eq.txt", "# comment\n\nk1  with   spaces\nk2\n\tshared reason,\n\tsecond line\n\nk3\n  own reason\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := e.reason["k1 with spaces"]; got != "shared reason, second line" {
		t.Errorf("k1: reason %q", got)
	}
	if e.reason["k2"] != e.reason["k1 with spaces"] || e.reason["k3"] != "own reason" || len(e.order) != 3 {
		t.Errorf("entries %v", e.reason)
	}
	for _, bad := range []string{"k1\n", "\treason\n", "k1\n\tr\nk1\n\tr\n"} {
		if _, err := parseEquivalents("eq.txt", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestShippedFiles enumerates the real kernels and checks the checked-in
// equivalents file parses.
func TestShippedFiles(t *testing.T) {
	n := 0
	for _, arch := range archs {
		name := "equal_" + arch + ".s"
		src, err := os.ReadFile(library(t).Path(name))
		if err != nil {
			t.Fatal(err)
		}
		ms := enumerate(parse(t, name, string(src)))
		keys := map[string]bool{}
		for _, m := range ms {
			if keys[m.key()] {
				t.Errorf("key %q is not unique", m.key())
			}
			keys[m.key()] = true
		}
		t.Logf("%s: %d mutants", name, len(ms))
		n += len(ms)
	}
	if n < 10000 {
		t.Errorf("%d mutants of the kernels: too few, is the parser missing instructions?", n)
	}
	if _, err := loadEquivalents("equivalent.txt"); err != nil {
		t.Fatal(err)
	}
}

func TestSample(t *testing.T) {
	f := parse(t, "x_amd64.s", sampleAMD64)
	ms := enumerate(f)
	a, b := drawSample(ms, 10, 1), drawSample(ms, 10, 1)
	if !slices.Equal(a, b) {
		t.Error("the same seed drew different samples")
	}
	if c := drawSample(ms, 10, 2); slices.Equal(a, c) {
		t.Error("seeds 1 and 2 drew the same sample")
	}
}

// library describes the library package, as go list does.
func library(t *testing.T) *golist.Package {
	t.Helper()
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

const sampleRISCV64 = `// header

#include "textflag.h"

// func f(x []byte) int
TEXT ·equalF(SB), NOSPLIT, $0-32
	MOV	x_base+0(FP), X10
	MOV	x_len+8(FP), X12
	VSETVLI	X0, E8, M8, TA, MA, X5
	VXORVV	V0, V0, V0
	BEQZ	X12, f_done

f_loop:
	VSETVLI	X12, E8, M8, TU, MU, X5
	VLE8V	(X10), V8
	ADD	X5, X10
	SUB	X5, X12
	VORVV	V8, V0, V0
	BNEZ	X12, f_loop

f_done:
	VMSNEVI	$0, V0, V24
	VCPOPM	V24, X6
	SEQZ	X6, X6
	MOV	X6, ret+24(FP)
	RET
`

// samplePPC64LE has an #ifndef GOPPC64_power10 block, as equal_ppc64le.s.
const samplePPC64LE = `#include "textflag.h"

TEXT ·equalF(SB), NOSPLIT|NOFRAME, $0-32
	MOVD	x_base+0(FP), R3
	MOVD	x_len+8(FP), R5
	MOVD	$16, R14
	VXOR	V0, V0, V0
	SRD	$5, R5, R9
	CMP	R9, $0
	BEQ	f_reduce
	MOVD	R9, CTR

f_loop:
#ifndef GOPPC64_power10
	LXVD2X	(R3)(R0), V8
	LXVD2X	(R3)(R14), V9
	VOR	V8, V0, V0
	VOR	V9, V0, V0
#else
	LXVP	0(R3), VS40
	XXEVAL	VS32, VS40, VS41, $0x6f, VS32
#endif
	ADD	$32, R3
	BDNZ	f_loop

f_reduce:
	MFVSRD	V0, R7
	NEG	R7, R6
	OR	R6, R7, R7
	SRD	$63, R7, R7
	XOR	$1, R7, R7
	MOVD	R7, ret+24(FP)
	RET

TEXT ·equalVector(SB), NOSPLIT|NOFRAME, $0-32
	MOVBZ	·useVSX(SB), R7
	CMP	R7, $0
	BEQ	equalVector_generic
	BR	·equalF(SB)

equalVector_generic:
	BR	·equalGeneric(SB)
`

const sampleS390X = `#include "textflag.h"

TEXT ·equalF(SB), NOSPLIT|NOFRAME, $0-32
	MOVD	x_base+0(FP), R2
	MOVD	x_len+8(FP), R4
	VZERO	V0
	SRD	$4, R4, R6
	CMPBEQ	R6, $0, f_reduce

f_loop:
	VL	(R2), V8
	VO	V8, V0, V0
	ADD	$16, R2
	BRCTG	R6, f_loop

f_reduce:
	VLGVG	$0, V0, R5
	NEG	R5, R6
	OR	R6, R5
	SRD	$63, R5, R5
	XOR	$1, R5
	MOVD	R5, ret+24(FP)
	RET
`

// TestParseIfdef: instructions under #ifndef, #else and #endif carry
// their conditions, preprocessor lines are no instructions, and what the
// parser cannot follow is refused.
func TestParseIfdef(t *testing.T) {
	f := parse(t, "x_ppc64le.s", samplePPC64LE)
	conds := map[string][]string{}
	for _, in := range f.instrs {
		if strings.HasPrefix(in.op, "#") {
			t.Errorf("line %d: a preprocessor line parsed as instruction %q", in.line, in.text())
		}
		conds[in.text()] = in.conds
	}
	for text, want := range map[string][]string{
		"MOVD $16, R14":                        nil,
		"LXVD2X (R3)(R14), V9":                 {"!GOPPC64_power10"},
		"XXEVAL VS32, VS40, VS41, $0x6f, VS32": {"GOPPC64_power10"},
		"ADD $32, R3":                          nil,
	} {
		if got := conds[text]; !slices.Equal(got, want) {
			t.Errorf("%s: conditions %q, want %q", text, got, want)
		}
	}
	if f.arch != "ppc64le" || len(f.instrs) != 28 {
		t.Errorf("arch %s, %d instructions, want ppc64le, 28", f.arch, len(f.instrs))
	}
	nested := "TEXT ·f(SB), $0\n#ifdef A\n#ifndef B\n\tNOP\n#else\n\tRET\n#endif\n#endif\n"
	g := parse(t, "x_s390x.s", nested)
	if !slices.Equal(g.instrs[0].conds, []string{"A", "!B"}) || !slices.Equal(g.instrs[1].conds, []string{"A", "B"}) {
		t.Errorf("nested: conditions %q and %q, want [A !B] and [A B]", g.instrs[0].conds, g.instrs[1].conds)
	}
	for _, bad := range []string{
		"TEXT ·f(SB), $0\n#ifdef A\n\tRET\n",          // no #endif
		"TEXT ·f(SB), $0\n\tRET\n#endif\n",            // no #ifdef
		"TEXT ·f(SB), $0\n#else\n\tRET\n",             // no #ifdef
		"TEXT ·f(SB), $0\n#if A > 1\n\tRET\n#endif\n", // an expression
	} {
		if _, err := parseAsm("x_ppc64le.s", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if !holds([]string{"!GOPPC64_power10"}, []string{"GOPPC64_power8"}) || holds([]string{"!GOPPC64_power10"}, []string{"GOPPC64_power10"}) {
		t.Error("holds: #ifndef GOPPC64_power10 evaluated wrongly")
	}
}

// TestVariants: a mutant inside the power10 branch is tested in the
// power10 build only, one in the other branch in the power8 build only,
// one outside both in both; riscv64 and s390x have one build each.
func TestVariants(t *testing.T) {
	f := parse(t, "x_ppc64le.s", samplePPC64LE)
	names := func(m *mutant) []string {
		var s []string
		for _, v := range variantsOf(m) {
			s = append(s, v.name)
		}
		return s
	}
	want := map[string][]string{
		"x_ppc64le.s equalF/f_loop: delete XXEVAL VS32, VS40, VS41, $0x6f, VS32": {"ppc64le-power10"},
		"x_ppc64le.s equalF/f_loop: delete LXVD2X (R3)(R14), V9":                 {"ppc64le-power8"},
		"x_ppc64le.s equalF/f_loop: delete ADD $32, R3":                          {"ppc64le-power8", "ppc64le-power10"},
	}
	found := 0
	for _, m := range enumerate(f) {
		if w, ok := want[m.key()]; ok {
			found++
			if got := names(m); !slices.Equal(got, w) {
				t.Errorf("%s: tested in %q, want %q", m.key(), got, w)
			}
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d mutants", found, len(want))
	}
	for _, v := range variantsFor("ppc64le") {
		if v.name == "ppc64le-power10" && (!slices.Contains(v.defines, "GOPPC64_power10") || !slices.Contains(v.env, "GOPPC64=power10") || v.stages[0].wrap[2] != "power10") {
			t.Errorf("the power10 build: %+v", v)
		}
	}
	for _, a := range []string{"riscv64", "s390x"} {
		if vs := variantsFor(a); len(vs) != 1 || len(vs[0].stages) == 0 {
			t.Errorf("%s: builds %+v, want one", a, vs)
		}
	}
	if st := variantsFor("riscv64")[0].stages; len(st) != 3 || !strings.Contains(st[0].wrap[2], "vlen=128") || !strings.Contains(st[1].wrap[2], "vlen=512") ||
		st[2].run != "^TestKernelsEveryRegion$" || !strings.Contains(st[2].wrap[2], "vlen=128") {
		t.Errorf("riscv64 stages %+v, want VLEN 128 and 512 without TestKernelsEveryRegion, then it at 128", st)
	}
}

func TestRegistersOtherArchs(t *testing.T) {
	for _, c := range []struct {
		arch string
		regs []string // recognised, as themselves
		not  []string // reserved, or no register
	}{
		{"riscv64", []string{"X5", "X10", "X26", "X28", "X30", "V0", "V8", "V31"}, []string{"X0", "X1", "X2", "X3", "X4", "X27", "X31", "X32", "E8", "M8", "TA", "MU", "X05"}},
		{"ppc64le", []string{"R3", "R12", "R14", "R29", "V0", "V31", "VS0", "VS40", "VS63"}, []string{"R0", "R1", "R2", "R13", "R30", "R31", "R32", "VS64", "CTR", "LR"}},
		{"s390x", []string{"R2", "R9", "R12", "V0", "V23"}, []string{"R0", "R1", "R10", "R11", "R13", "R14", "R15", "R16"}},
	} {
		for _, s := range c.regs {
			if r, ok := parseReg(c.arch, s); !ok || r.String() != s {
				t.Errorf("%s: %s parsed as %+v, %v", c.arch, s, r, ok)
			}
		}
		for _, s := range c.not {
			if r, ok := parseReg(c.arch, s); ok {
				t.Errorf("%s: %s is a register to mutate (%+v): it is reserved or none", c.arch, s, r)
			}
		}
	}
	// The indexed address (R3)(R0): R0 stays, R3 moves.
	used := map[string]map[int]bool{"gp": {3: true, 14: true}}
	if got, want := regMutations("ppc64le", "(R3)(R0)", used, nil), []string{"(R4)(R0)", "(R14)(R0)"}; !slices.Equal(got, want) {
		t.Errorf("(R3)(R0) becomes %q, want %q", got, want)
	}
	// The first unused register skips the reserved ones.
	if got, want := regMutations("riscv64", "X10", map[string]map[int]bool{"gp": {10: true}}, nil), []string{"X5"}; !slices.Equal(got, want) {
		t.Errorf("riscv64: X10 becomes %q, want %q", got, want)
	}
	if got, want := regMutations("s390x", "R2", map[string]map[int]bool{"gp": {2: true}}, nil), []string{"R3"}; !slices.Equal(got, want) {
		t.Errorf("s390x: R2 becomes %q, want %q", got, want)
	}
	// VS and V are classes of their own.
	vs := map[string]map[int]bool{"vec": {0: true}, "vs": {32: true, 40: true}}
	if got, want := regMutations("ppc64le", "VS40", vs, nil), []string{"VS0", "VS32"}; !slices.Equal(got, want) {
		t.Errorf("VS40 becomes %q, want %q", got, want)
	}
}

func TestConditionsOtherArchs(t *testing.T) {
	for _, c := range []struct{ arch, op, want string }{
		{"riscv64", "BEQZ", "BNEZ"}, {"riscv64", "BNE", "BEQ"}, {"riscv64", "BLTU", "BGEU"}, {"riscv64", "SEQZ", "SNEZ"},
		{"ppc64le", "BEQ", "BNE"}, {"ppc64le", "BLT", "BGE"}, {"ppc64le", "BGT", "BLE"}, {"ppc64le", "BDNZ", "BDZ"},
		{"s390x", "CMPBEQ", "CMPBNE"}, {"s390x", "CMPBLT", "CMPBGE"}, {"s390x", "CMPUBGT", "CMPUBLE"}, {"s390x", "BNE", "BEQ"},
	} {
		if got, ok := invertOp(c.arch, c.op); !ok || got != c.want {
			t.Errorf("%s: %s inverts to %q, %v, want %s", c.arch, c.op, got, ok, c.want)
		}
	}
	if _, ok := invertOp("s390x", "BRCTG"); ok {
		t.Error("s390x: BRCTG has an inverse")
	}
	for _, c := range []struct {
		arch, op string
		want     bool
	}{
		{"riscv64", "BEQZ", true}, {"riscv64", "JMP", true}, {"riscv64", "SEQZ", false}, {"riscv64", "MOV", false},
		{"ppc64le", "BR", true}, {"ppc64le", "BDNZ", true}, {"ppc64le", "MOVD", false},
		{"s390x", "BR", true}, {"s390x", "BRCTG", true}, {"s390x", "CMPBEQ", true}, {"s390x", "MOVD", false},
	} {
		if got := isBranch(c.arch, c.op); got != c.want {
			t.Errorf("%s: isBranch(%s) = %v", c.arch, c.op, got)
		}
	}
}

// TestEnumerateOtherArchs: the mutants of each sample include those
// expected, none of a reserved register or across an #ifdef's edge, and
// exactly one control.
func TestEnumerateOtherArchs(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
		control   string
	}{
		{"x_riscv64.s", sampleRISCV64, []string{
			"x_riscv64.s equalF: BEQZ X12, f_done => BNEZ X12, f_done",
			"x_riscv64.s equalF/f_loop: VLE8V (X10), V8 => VLE8V (X10), V0",
			"x_riscv64.s equalF/f_loop: VLE8V (X10), V8 => VLE8V 8(X10), V8",
			"x_riscv64.s equalF/f_done: VMSNEVI $0, V0, V24 => VMSNEVI $1, V0, V24",
			"x_riscv64.s equalF/f_loop: swap ADD X5, X10 / SUB X5, X12",
		}, "x_riscv64.s equalF/f_done: SEQZ X6, X6 => SNEZ X6, X6"},
		{"x_ppc64le.s", samplePPC64LE, []string{
			"x_ppc64le.s equalF: BEQ f_reduce => BNE f_reduce",
			"x_ppc64le.s equalF/f_loop: BDNZ f_loop => BDZ f_loop",
			"x_ppc64le.s equalF/f_loop: LXVP 0(R3), VS40 => LXVP 0(R3), VS41",
			"x_ppc64le.s equalF/f_loop: swap LXVD2X (R3)(R0), V8 / LXVD2X (R3)(R14), V9",
		}, "x_ppc64le.s equalF/f_reduce: delete XOR $1, R7, R7"},
		{"x_s390x.s", sampleS390X, []string{
			"x_s390x.s equalF: CMPBEQ R6, $0, f_reduce => CMPBNE R6, $0, f_reduce",
			"x_s390x.s equalF: CMPBEQ R6, $0, f_reduce => CMPBEQ R6, $1, f_reduce",
			"x_s390x.s equalF/f_loop: VL (R2), V8 => VL 16(R2), V8",
			"x_s390x.s equalF/f_reduce: VLGVG $0, V0, R5 => VLGVG $1, V0, R5",
		}, "x_s390x.s equalF/f_reduce: delete XOR $1, R5"},
	} {
		f := parse(t, c.name, c.src)
		keys := map[string]bool{}
		var controls []string
		for _, m := range enumerate(f) {
			k := m.key()
			if keys[k] {
				t.Errorf("key %q is not unique", k)
			}
			keys[k] = true
			if isControl(m) {
				controls = append(controls, k)
			}
			for _, r := range []string{"X0,", "X2", "X27", "X31", "R1,", "R30", "R31", "R13", "R15", "(R1)", "R10,", "R11,"} {
				if strings.Contains(k, "=> ") && strings.Contains(strings.SplitN(k, "=> ", 2)[1], r) && !strings.Contains(strings.SplitN(k, "=> ", 2)[0], r) {
					t.Errorf("%s: brings in reserved register %s", k, strings.Trim(r, ",()"))
				}
			}
			if strings.Contains(k, "BRCTG") && m.op == opCond {
				t.Errorf("%s: BRCTG has no inverse", k)
			}
			if strings.Contains(k, "swap VOR V9, V0, V0 / LXVP") || strings.Contains(k, "swap XXEVAL") {
				t.Errorf("%s swaps across an #ifdef's edge", k)
			}
		}
		for _, w := range c.want {
			if !keys[w] {
				t.Errorf("no mutant %q", w)
			}
		}
		if !slices.Equal(controls, []string{c.control}) {
			t.Errorf("%s: controls %q, want %q", c.name, controls, c.control)
		}
	}
}
