package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in PATH")
	}
	if out, err := exec.Command("go", "env", "GOHOSTARCH").Output(); err == nil && strings.TrimSpace(string(out)) != runtime.GOARCH {
		t.Skip("an emulated test binary: the checks are tested natively")
	}
	if _, err := exec.LookPath(engine.GNUObjdump); err != nil {
		t.Skipf("no %s in PATH (binutils)", engine.GNUObjdump)
	}
	t.Setenv("GOWORK", "off")
}

// TestExitStatus checks the exit status and what the command says: 0 and
// no finding for clean code, 3 and the finding's line for a leak, 1 and
// one line for what cannot be checked, 2 for a usage error.
func TestExitStatus(t *testing.T) {
	needGo(t)
	clean, leaky := fixture.Module(t, "../../testdata/clean"), fixture.Module(t, "../../testdata/leaky")
	for _, c := range []struct {
		args       []string
		code       int
		out, err   string // in stdout, in stderr
		oneLineErr bool
	}{
		{[]string{"-goarch", "amd64,arm64", "-C", clean, "."}, 0, "", "arm64 compiled: 2 functions", false},
		{[]string{"-goarch", "amd64", "-C", leaky, "."}, 3, "leaky.go:11: example.com/leaky.Equal", "1 findings", false},
		{[]string{"../../engine/arch/testdata/leaky_amd64.s"}, 3, "leaky_amd64.s:", "", false},
		{[]string{"testdata/needs_amd64.s"}, 3, "needs CPU feature avx2", "", false},
		{[]string{"-needs", "xorAVX2=avx2,avx", "testdata/needs_amd64.s"}, 0, "", "", false},
		{[]string{"-needs", "xorAVX2=avx9", "testdata/needs_amd64.s"}, 1, "", `ctcheck: the needs of ctcheckasm.xorAVX2: amd64 has no CPU feature "avx9"`, true},
		{[]string{"-needs", "xorAVX2", "testdata/needs_amd64.s"}, 2, "", "want name=value", true},
		{[]string{"-goarch", "mips", "-C", clean, "."}, 1, "", "ctcheck: GOARCH mips: no model", true},
		{[]string{"-C", clean, "./nosuch"}, 1, "", "ctcheck: go list", true},
		{[]string{"testdata/decl/cmp_amd64.s"}, 0, "", "0 declarations, 0 findings", false},
		{[]string{"-func", "example.com/decl.cmp: secret x", "testdata/decl/cmp_amd64.s"}, 3, "cmp_amd64.s:8",
			"declared -func: ctcheckasm.cmp: secret x", false},
		{[]string{"-policy", "testdata/decl/policy", "testdata/decl/cmp_amd64.s"}, 3, "cmp_amd64.s:8",
			"declared testdata/decl/policy:2: ctcheckasm.cmp: secret x -- the input", false},
		{[]string{"-func", "cmp: hide x", "testdata/decl/cmp_amd64.s"}, 2, "", "no such declaration", true},
		{[]string{"-func", "cmp: secret y", "testdata/decl/cmp_amd64.s"}, 1, "", "no argument y", true},
		{[]string{"-func", "nosuch: secret y", "testdata/decl/cmp_amd64.s"}, 1, "", "-func: nosuch: no such function", true},
		{[]string{"-policy", "testdata/nosuch", "testdata/decl/cmp_amd64.s"}, 1, "", "ctcheck: -policy:", true},
		{[]string{"-nosuchflag"}, 2, "", "flag provided but not defined", true},
		{nil, 2, "", "no package or file", true},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.err) {
			t.Errorf("ctcheck %s: exit %d, want %d\nstdout (want %q):\n%s\nstderr (want %q):\n%s", strings.Join(c.args, " "), code, c.code,
				c.out, stdout.String(), c.err, stderr.String())
		}
		if c.oneLineErr && strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
			t.Errorf("ctcheck %s: %d lines on stderr, want one:\n%s", strings.Join(c.args, " "), strings.Count(stderr.String(), "\n"), stderr.String())
		}
	}
}

// TestJSON checks that -json prints the reports.
func TestJSON(t *testing.T) {
	needGo(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-json", "-goarch", "amd64", "-C", fixture.Module(t, "../../testdata/leaky"), "."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, stderr.String())
	}
	var rs []ctcheck.Report
	if err := json.Unmarshal(stdout.Bytes(), &rs); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(rs) != 2 || rs[0].Check != "source" || rs[1].Check != "compiled" || len(rs[0].Findings) == 0 || rs[0].Findings[0].Line != 11 {
		t.Errorf("reports %+v", rs)
	}
}

// TestJSONDeclarations checks that -json lists the declarations applied.
func TestJSONDeclarations(t *testing.T) {
	needGo(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-json", "-func", "cmp: secret x -- the input", "testdata/decl/cmp_amd64.s"}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, stderr.String())
	}
	var rs []ctcheck.Report
	if err := json.Unmarshal(stdout.Bytes(), &rs); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(rs) != 1 || len(rs[0].Declarations) != 1 || rs[0].Declarations[0] != "-func: ctcheckasm.cmp: secret x -- the input" {
		t.Errorf("reports %+v", rs)
	}
}
