package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/golist"
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
		t.Error("a file without _amd64.s or _arm64.s was accepted")
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
	for _, arch := range []string{"amd64", "arm64"} {
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
	if n < 1000 {
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
