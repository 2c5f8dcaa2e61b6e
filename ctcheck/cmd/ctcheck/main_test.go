package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
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
		{[]string{"-format", "xml", "."}, 2, "", `-format "xml": want text, json or sarif`, true},
		{[]string{"-baseline", "testdata/nosuch", "."}, 1, "", "ctcheck: -baseline:", true},
		{[]string{"-baseline", "testdata/decl/policy", "."}, 1, "", "want function: kind: goarch: instruction -- reason", true},
		{[]string{"-json", "-format", "sarif", "."}, 2, "", "-json and -format sarif: one output format", true},
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

// TestJSON checks that -json prints the reports, and exits 0 with
// findings: the output is the reports, as govulncheck's -json.
func TestJSON(t *testing.T) {
	needGo(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-json", "-goarch", "amd64", "-C", fixture.Module(t, "../../testdata/leaky"), "."}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0: %s", code, stderr.String())
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
	if code := run([]string{"-format", "json", "-func", "cmp: secret x -- the input", "testdata/decl/cmp_amd64.s"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0: %s", code, stderr.String())
	}
	var rs []ctcheck.Report
	if err := json.Unmarshal(stdout.Bytes(), &rs); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(rs) != 1 || len(rs[0].Declarations) != 1 || rs[0].Declarations[0] != "-func: ctcheckasm.cmp: secret x -- the input" {
		t.Errorf("reports %+v", rs)
	}
}

// allGOARCHes are the GOARCHes ctcheck models.
const allGOARCHes = "amd64,arm64,riscv64,ppc64le,s390x,386,arm,loong64"

// TestOneLinePerFinding checks that a leak found on eight GOARCHes by
// both checks is one line of text, naming them all; -v prints each.
func TestOneLinePerFinding(t *testing.T) {
	needGo(t)
	leaky := fixture.Module(t, "../../testdata/leaky")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-goarch", allGOARCHes, "-C", leaky, "."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	want := "leaky.go:11: example.com/leaky.Equal: conditional branch on secret flags (JEQ) [amd64 arm64 riscv64 ppc64le s390x 386 arm loong64; source compiled]"
	if len(lines) != 1 || !strings.HasSuffix(lines[0], want) {
		t.Errorf("got %d lines:\n%s\nwant one ending %q", len(lines), stdout.String(), want)
	}
	if n := strings.Count(stderr.String(), "1 findings"); n != 16 {
		t.Errorf("%d summaries with 1 finding, want 16:\n%s", n, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"-v", "-goarch", allGOARCHes, "-C", leaky, "."}, &stdout, &stderr); code != 3 {
		t.Fatalf("-v: exit %d, want 3", code)
	}
	if n := strings.Count(strings.TrimSpace(stdout.String()), "\n") + 1; n != 16 {
		t.Errorf("-v: %d lines, want 16 (8 GOARCHes, 2 checks):\n%s", n, stdout.String())
	}
}

// TestSARIF checks the SARIF log: one result for the leak, at its line
// relative to the module's root, with every GOARCH that found it; none
// for clean code; the rules, each with its help link.
func TestSARIF(t *testing.T) {
	needGo(t)
	for _, c := range []struct {
		dir     string
		results int
	}{{"../../testdata/leaky", 1}, {"../../testdata/clean", 0}} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-format", "sarif", "-goarch", "amd64,arm64,riscv64", "-C", fixture.Module(t, c.dir), "."}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d, want 0: %s", c.dir, code, stderr.String())
		}
		var log struct {
			Version string
			Runs    []struct {
				Tool struct {
					Driver struct {
						Name  string
						Rules []struct{ ID, HelpURI string }
					}
				}
				Results []struct {
					RuleID    string
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI, URIBaseID string }
							Region           struct{ StartLine int }
						}
					}
					Properties struct{ Goarches, Checks []string }
				}
			}
		}
		if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
			t.Fatalf("%s: %v\n%s", c.dir, err, stdout.String())
		}
		if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "ctcheck" || len(log.Runs[0].Tool.Driver.Rules) != len(engine.Kinds) {
			t.Fatalf("%s: log %+v", c.dir, log)
		}
		for _, r := range log.Runs[0].Tool.Driver.Rules {
			if !strings.HasSuffix(r.HelpURI, "#"+r.ID) {
				t.Errorf("rule %s: help %s", r.ID, r.HelpURI)
			}
		}
		rs := log.Runs[0].Results
		if len(rs) != c.results {
			t.Fatalf("%s: %d results, want %d:\n%s", c.dir, len(rs), c.results, stdout.String())
		}
		if c.results == 0 {
			continue
		}
		loc := rs[0].Locations[0].PhysicalLocation
		if rs[0].RuleID != "secret-branch" || loc.ArtifactLocation.URI != "leaky.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
			loc.Region.StartLine != 11 || strings.Join(rs[0].Properties.Goarches, " ") != "amd64 arm64 riscv64" ||
			strings.Join(rs[0].Properties.Checks, " ") != "source compiled" {
			t.Errorf("result %+v", rs[0])
		}
	}
}

// TestBaseline checks -write-baseline and -baseline: a baseline written
// from a run with two leaks accepts both (exit 0, nothing printed); a
// third leak added is reported alone (exit 3); an entry that matches
// nothing is named.
func TestBaseline(t *testing.T) {
	needGo(t)
	src := fixture.Module(t, "testdata/baseline")
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "leaks.go"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	base := filepath.Join(t.TempDir(), "baseline")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-goarch", "amd64", "-C", dir, "-write-baseline", base, "."}, &stdout, &stderr); code != 0 {
		t.Fatalf("-write-baseline: exit %d: %s", code, stderr.String())
	}
	written, _ := os.ReadFile(base)
	for _, fn := range []string{"example.com/baseline.Equal: secret-branch: amd64: ", "example.com/baseline.Lookup: secret-address: amd64: "} {
		if !strings.Contains(string(written), "\n"+fn) {
			t.Errorf("baseline has no entry for %s:\n%s", fn, written)
		}
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-goarch", "amd64", "-C", dir, "-baseline", base, "."}, &stdout, &stderr); code != 0 || stdout.Len() != 0 {
		t.Fatalf("-baseline: exit %d, want 0, stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	third, err := os.ReadFile("testdata/baseline/third.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "third.go"), third, 0o666); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run([]string{"-goarch", "amd64", "-C", dir, "-baseline", base, "."}, &stdout, &stderr); code != 3 {
		t.Fatalf("-baseline, a third leak: exit %d, want 3: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "third.go:4: example.com/baseline.Lookup16: memory address depends on secret") {
		t.Errorf("a third leak: got\n%s\nwant one line, Lookup16's", stdout.String())
	}
	// A second leak of the same instruction in Equal: not accepted with
	// the first (the entry accepts one), so both are reported.
	if err := os.Remove(filepath.Join(dir, "third.go")); err != nil {
		t.Fatal(err)
	}
	leaks, err := os.ReadFile(filepath.Join(dir, "leaks.go"))
	if err != nil {
		t.Fatal(err)
	}
	second := strings.Replace(string(leaks), "\treturn true\n}", "\tfor i := range x {\n\t\tif x[i]^0x5c != y[i]^0x5c {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}", 1)
	if err := os.WriteFile(filepath.Join(dir, "leaks.go"), []byte(second), 0o666); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run([]string{"-goarch", "amd64", "-C", dir, "-baseline", base, "."}, &stdout, &stderr); code != 3 ||
		!strings.Contains(stdout.String(), "leaks.go:11: example.com/baseline.Equal") || !strings.Contains(stdout.String(), "leaks.go:16: example.com/baseline.Equal") {
		t.Errorf("a second leak of the same instruction: exit %d, want 3 and both lines:\n%s", code, stdout.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "leaks.go"), leaks, 0o666); err != nil {
		t.Fatal(err)
	}
	// An entry of a function that is gone is named, and fails nothing.
	stale := string(written) + "example.com/baseline.Gone: secret-branch: amd64: JEQ 10 -- was here\n"
	if err := os.WriteFile(base, []byte(stale), 0o666); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run([]string{"-goarch", "amd64", "-C", dir, "-baseline", base, "."}, &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "baseline entry matches no finding of this run: example.com/baseline.Gone: secret-branch: amd64: JEQ target -- was here") {
		t.Errorf("a stale entry: exit %d, stderr:\n%s", code, stderr.String())
	}
}

// TestVersionAndHelp checks -version, and that -h prints the usage to
// stdout and exits 0.
func TestVersionAndHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-version"}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "ctcheck ") || !strings.Contains(stdout.String(), "go1.") {
		t.Errorf("-version: exit %d, stdout %q", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "usage: ctcheck ") || !strings.Contains(stdout.String(), "-baseline") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}
