package ctcheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// needGo skips a test that builds where there is no go command, or where
// the test binary is emulated (the checks would analyse the same builds at
// a tenth of the speed), and takes the testdata modules out of any
// workspace the test runs in.
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in PATH")
	}
	if out, err := exec.Command("go", "env", "GOHOSTARCH").Output(); err == nil && strings.TrimSpace(string(out)) != runtime.GOARCH {
		t.Skipf("a test binary for %s on a %s host: the checks are tested natively", runtime.GOARCH, strings.TrimSpace(string(out)))
	}
	if _, err := exec.LookPath(engine.GNUObjdump); err != nil {
		if os.Getenv("CTCHECK_REQUIRE_OBJDUMP") != "" {
			t.Fatalf("no %s in PATH, and CTCHECK_REQUIRE_OBJDUMP is set", engine.GNUObjdump)
		}
		t.Skipf("no %s in PATH (binutils): the compiled x86 code cannot be disassembled", engine.GNUObjdump)
	}
	t.Setenv("GOWORK", "off")
}

// markedLine is the line of the file at path that holds marker (the last
// one that does), 0 for none.
func markedLine(t *testing.T, path, marker string) int {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, marker) {
			line = i + 1
		}
	}
	return line
}

func run(t *testing.T, cfg Config) []*Report {
	t.Helper()
	rs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestClean checks a package whose code is constant time, in Go and in
// assembly, for two GOARCHes: both checks of each, no finding, every
// exported function a root and analysed; also where -follow names only
// another package (the package checked is followed all the same).
func TestClean(t *testing.T) {
	needGo(t)
	for _, follow := range [][]string{nil, {"crypto/subtle"}} {
		testClean(t, run(t, Config{Dir: fixture.Module(t, "testdata/clean"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"}, Follow: follow}))
	}
}

func testClean(t *testing.T, rs []*Report) {
	t.Helper()
	var got []string
	for _, r := range rs {
		got = append(got, r.Build+" "+r.Check)
		for _, f := range r.Findings {
			t.Errorf("%s %s: %s", r.Build, r.Check, f)
		}
		want := []string{"example.com/clean.Equal", "example.com/clean.Sum"}
		if r.Build == "amd64" {
			want = append(want, "example.com/clean.XorFirst.abi0")
		}
		for _, w := range want {
			if !slices.Contains(r.Funcs, w) {
				t.Errorf("%s %s: %s not analysed; analysed %v", r.Build, r.Check, w, r.Funcs)
			}
		}
	}
	if want := []string{"amd64 source", "amd64 compiled", "arm64 source", "arm64 compiled"}; !slices.Equal(got, want) {
		t.Errorf("reports %v, want %v", got, want)
	}
}

// TestLeaky checks that both checks report an early exit at its line.
func TestLeaky(t *testing.T) {
	needGo(t)
	line := markedLine(t, "testdata/leaky/leaky.go", "// the leak")
	for _, r := range run(t, Config{Dir: fixture.Module(t, "testdata/leaky"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"}}) {
		found := false
		for _, f := range r.Findings {
			found = found || filepath.Base(f.File) == "leaky.go" && f.Line == line && strings.Contains(f.Reason, "conditional branch on secret")
		}
		if !found {
			t.Errorf("%s %s: no branch on a secret at leaky.go:%d; findings %v", r.Build, r.Check, line, r.Findings)
		}
	}
}

// TestPolicyStores checks that a store to the caller's buffer is a finding
// by default and not with AllowStores, and that a store to an address that
// depends on a secret is one either way.
func TestPolicyStores(t *testing.T) {
	needGo(t)
	src, err := os.ReadFile("testdata/xor/xor.go")
	if err != nil {
		t.Fatal(err)
	}
	leak := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "// the leak") {
			leak = i + 1
		}
	}
	for _, allow := range []bool{false, true} {
		for _, r := range run(t, Config{Dir: fixture.Module(t, "testdata/xor"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Policy: Policy{AllowStores: allow}}) {
			var stores, scatter int
			for _, f := range r.Findings {
				switch {
				case f.Line != leak && strings.Contains(f.Reason, "store outside the stack frame"):
					stores++
				case f.Line == leak && strings.Contains(f.Reason, "store outside the stack frame"):
				case f.Line == leak && strings.Contains(f.Reason, "memory address depends on secret"):
					scatter++
				default:
					t.Errorf("AllowStores %v: %s: unexpected finding %s", allow, r.Check, f)
				}
			}
			if allow != (stores == 0) {
				t.Errorf("AllowStores %v: %s: %d findings of stores outside the frame through public addresses", allow, r.Check, stores)
			}
			if scatter == 0 {
				t.Errorf("AllowStores %v: %s: the store through a secret address at xor.go:%d is not found", allow, r.Check, leak)
			}
		}
	}
}

// TestFiles checks one assembly file on its own.
func TestFiles(t *testing.T) {
	needGo(t)
	rs := run(t, Config{Files: []string{"engine/arch/testdata/leaky_arm64.s", filepath.Join(fixture.Module(t, "testdata/clean"), "xor_amd64.s")}})
	if len(rs) != 2 || rs[0].Build != "arm64" || len(rs[0].Findings) == 0 || rs[1].Build != "amd64" || len(rs[1].Findings) != 0 {
		for _, r := range rs {
			t.Logf("%s %s: %d findings", r.Package, r.Build, len(r.Findings))
		}
		t.Errorf("want findings in leaky_arm64.s and none in xor_amd64.s")
	}
}

// TestErrors checks that what cannot be checked is an error, not a clean
// report.
func TestErrors(t *testing.T) {
	needGo(t)
	for _, cfg := range []Config{
		{},
		{Dir: fixture.Module(t, "testdata/clean"), Patterns: []string{"."}, GOARCHes: []string{"mips"}},
		{Dir: fixture.Module(t, "testdata/clean"), Patterns: []string{"./nosuch"}},
		{Dir: fixture.Module(t, "testdata/clean"), Patterns: []string{"."}, Roots: []string{"example.com/clean.Nosuch"}, GOARCHes: []string{"amd64"}},
		{Files: []string{"testdata/clean/clean.go"}},
	} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

// TestDirectives checks that a package's //ctcheck:needs directive lets
// its function use what it names, and only that function; and that a
// directive that names what the package or the architecture lacks is an
// error.
func TestDirectives(t *testing.T) {
	needGo(t)
	line := markedLine(t, "testdata/features/features_amd64.s", "// the finding")
	for _, r := range run(t, Config{Dir: fixture.Module(t, "testdata/features"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}}) {
		if len(r.Directives) != 1 || !strings.Contains(r.Directives[0], "needs Declared popcnt") {
			t.Errorf("%s: directives applied %q", r.Check, r.Directives)
		}
		if len(r.Findings) != 1 || r.Findings[0].Line != line || !strings.Contains(r.Findings[0].Reason, "needs CPU feature popcnt") {
			t.Errorf("%s: findings %v, want one: POPCNT at line %d of Undeclared", r.Check, r.Findings, line)
		}
	}
	for _, bad := range []string{"//ctcheck:needs Declared popcount", "//ctcheck:needs Nosuch popcnt", "//ctcheck:claims Declared dit",
		"//ctcheck:needs Declared", "//ctcheck:wants Declared popcnt"} {
		dir := t.TempDir()
		for _, f := range []string{"go.mod", "features.go", "features_amd64.s"} {
			b, err := os.ReadFile(filepath.Join(fixture.Module(t, "testdata/features"), f))
			if err != nil {
				t.Fatal(err)
			}
			if f == "features.go" {
				b = []byte(strings.Replace(string(b), "//ctcheck:needs Declared popcnt", bad, 1))
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Run(context.Background(), Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{"amd64"}})
		if err == nil || !strings.Contains(err.Error(), "features.go:") {
			t.Errorf("%s: error %v, want one at its line", bad, err)
		}
	}
}

// TestFileWithGoAsmH checks that an assembly file that includes go_asm.h,
// which the assembler cannot read on its own, is checked as its package
// from the functions it defines: the branch on a field that go_asm.h
// places is found in each check, and nothing else.
func TestFileWithGoAsmH(t *testing.T) {
	needGo(t)
	file := filepath.Join(fixture.Module(t, "testdata/goasmh"), "state_amd64.s")
	line := markedLine(t, file, "// the finding")
	rs := run(t, Config{Files: []string{file}})
	if len(rs) != 2 {
		t.Fatalf("%d reports, want the package's source and compiled checks", len(rs))
	}
	for _, r := range rs {
		if r.Package != "example.com/goasmh" || r.Build != "amd64" {
			t.Errorf("report of %s %s, want example.com/goasmh amd64", r.Package, r.Build)
		}
		if len(r.Findings) != 1 || r.Findings[0].Line != line || !strings.Contains(r.Findings[0].Func, "nonzero") {
			t.Errorf("%s: findings %v, want one: the branch at line %d of nonzero", r.Check, r.Findings, line)
		}
	}
}

// funcDecls parses each of lines as the value of a -func flag.
func funcDecls(t *testing.T, lines ...string) []Declaration {
	t.Helper()
	var decls []Declaration
	for _, line := range lines {
		ds, err := ParseFuncLine(line, "-func")
		if err != nil {
			t.Fatal(err)
		}
		decls = append(decls, ds...)
	}
	return decls
}

// TestPolicyStoresLost checks that, with AllowStores, a store through a
// stack address the checks lost the provenance of (loaded from a local
// array) may reach any frame's byte: a branch on the local it may be is
// found, on amd64 and arm64 by both checks, where k is secret, and not
// where it is public.
func TestPolicyStoresLost(t *testing.T) {
	needGo(t)
	line := markedLine(t, "testdata/lost/lost.go", "// leak: picked")
	for _, decl := range []string{"secret *k; public i", "public *k i"} {
		decls := funcDecls(t, "example.com/lost.Picked: "+decl)
		rs := run(t, Config{Dir: fixture.Module(t, "testdata/lost"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"},
			Declarations: decls, Policy: Policy{AllowStores: true}})
		for _, r := range rs {
			found := slices.ContainsFunc(r.Findings, func(f Finding) bool {
				return f.Line == line && strings.HasPrefix(f.Reason, "conditional branch on secret")
			})
			if want := decl != "public *k i"; found != want || len(r.Findings) != len(slices.DeleteFunc(slices.Clone(r.Findings), func(f Finding) bool { return f.Line != line })) {
				t.Errorf("%s: %s %s: findings %v, want the branch at lost.go:%d %v, and no other", decl, r.Build, r.Check, r.Findings, line, want)
			}
		}
	}
}
