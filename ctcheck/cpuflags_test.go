package ctcheck

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestSourceFlags checks that a package variable whose initializer is a
// conjunction of golang.org/x/sys/cpu's features, or of such variables,
// lets the code where it tested nonzero use them, as does a disjunction
// whose other terms are false on the GOARCH (another architecture's
// features, a constant) or that each need the feature, one the package
// sets only to false elsewhere, and a test of the feature's field itself
// (at its offset in the struct); and that a variable the package also
// sets to true, or that a disjunction of two features sets, does not,
// nor another feature's field: the kernel behind each of those is
// flagged at its POPCNT, by both checks. Nor is one that another package
// writes (testdata/cpuflags/forced: an exported flag; fieldwrite: x/sys/
// cpu's struct; asmwrite: from assembly; otherarch: another
// architecture's struct, in a disjunction; linkpull: through a
// //go:linkname), nor a package's own variable
// named as an import's folder (named: the package clause says realflags).
func TestSourceFlags(t *testing.T) {
	needGo(t)
	// Each package's kernels, and the lines of those that are flagged.
	pkgs := map[string]string{".": "cpuflags_amd64.s", "./forced": "forced/forced_amd64.s", "./fieldwrite": "fieldwrite/fieldwrite_amd64.s",
		"./asmwrite": "asmwrite/asmwrite_amd64.s", "./named": "named/named_amd64.s", "./otherarch": "otherarch/otherarch_amd64.s",
		"./linkpull": "linkpull/linkpull_amd64.s"}
	want := map[string][]int{}
	for _, asm := range pkgs {
		if want[asm] = markedLines(t, "testdata/cpuflags/"+asm, "// the finding"); len(want[asm]) == 0 {
			t.Fatalf("%s: no marked line", asm)
		}
	}
	dir := fixture.Module(t, "testdata/cpuflags")
	rs := run(t, Config{Dir: dir, Patterns: slices.Sorted(maps.Keys(pkgs)), GOARCHes: []string{"amd64"}})
	if len(rs) != 2*len(pkgs) {
		t.Fatalf("%d reports, want %d", len(rs), 2*len(pkgs))
	}
	for _, r := range rs {
		asm := pkgs["."+strings.TrimPrefix(r.Package, "example.com/cpuflags")]
		var got []int
		for _, f := range r.Findings {
			if !strings.Contains(f.Reason, "needs CPU feature popcnt") || !strings.HasSuffix(f.File, "/"+asm) {
				t.Errorf("%s %s: %v, want only POPCNT's needs in %s", r.Package, r.Check, f, asm)
			}
			got = append(got, f.Line)
		}
		slices.Sort(got)
		if !slices.Equal(got, want[asm]) {
			t.Errorf("%s %s: findings at lines %v of %s, want %v", r.Package, r.Check, got, asm, want[asm])
		}
	}
}

// TestForkedCPUPackage checks that golang.org/x/sys/cpu is trusted only
// as its module gives it: where a replace directive, or a workspace's use
// of a module of that path, puts a copy in its place (the same source),
// no test of its fields or of a variable from them is a flag, and every
// kernel of testdata/cpuflags is flagged.
func TestForkedCPUPackage(t *testing.T) {
	needGo(t)
	for _, how := range []map[string]string{
		{"go.mod": "module example.com/cpuflags\n\ngo 1.24\n\nrequire golang.org/x/sys v0.30.0\n\nreplace golang.org/x/sys => ./fork\n"},
		{"go.work": "go 1.24\n\nuse (\n\t.\n\t./fork\n)\n"}, // a workspace's module of that path
	} {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(fixture.Module(t, "testdata/cpuflags"))); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(dir, "vendor/golang.org/x/sys"), filepath.Join(dir, "fork")); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(filepath.Join(dir, "vendor")); err != nil {
			t.Fatal(err)
		}
		how["fork/go.mod"] = "module golang.org/x/sys\n\ngo 1.24\n"
		for name, b := range how {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(b), 0o644); err != nil {
				t.Fatal(err)
			}
			if name == "go.work" {
				t.Setenv("GOWORK", filepath.Join(dir, name)) // over the tests' own
			}
		}
		want := markedLines(t, "testdata/cpuflags/cpuflags_amd64.s", "POPCNTQ")
		for _, r := range run(t, Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{"amd64"}}) {
			var got []int
			for _, f := range r.Findings {
				got = append(got, f.Line)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%v: %s: findings at lines %v, want every kernel's: %v", slices.Sorted(maps.Keys(how)), r.Check, got, want)
			}
		}
	}
}

// TestStandardFlags checks a user's sha256.Sum256 of a secret, through
// the standard library's code (testdata/fips, crypto followed). Its choice
// of a kernel by crypto/internal/fips140deps/cpu's variables (useSHANI,
// useAVX2 on amd64; useSHA2 on arm64) lets each kernel use what its flag
// implies: each kernel is analysed, and nothing on the path is a CPU
// feature's need, on either check. And its record of the FIPS service
// indicator (fips140.RecordApproved: getIndicator, then setIndicator of a
// constant), which the runtime defines under fips140's names, is
// summarised by the arguments each takes: the secrets the hash leaves in
// other registers are no finding at either call, nor is setIndicator's
// body. Checking the standard library's package itself, where GOTOOLCHAIN
// put the toolchain in the module cache, is an error that says so.
func TestStandardFlags(t *testing.T) {
	needGo(t)
	decls := funcDecls(t, "example.com/fips.Sum: secret msg[:]")
	rs := run(t, Config{Dir: fixture.Module(t, "testdata/fips"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"},
		Declarations: decls, Follow: []string{"crypto"}})
	if len(rs) != 4 {
		t.Fatalf("%d reports, want 4", len(rs))
	}
	kernels := map[string][]string{"amd64": {"blockSHANI.abi0", "blockAVX2.abi0"}, "arm64": {"blockSHA2.abi0"}}
	for _, r := range rs {
		for _, k := range kernels[r.Build] {
			if !slices.Contains(r.Funcs, "crypto/internal/fips140/sha256."+k) {
				t.Errorf("%s %s: %s not analysed: %v", r.Build, r.Check, k, r.Funcs)
			}
		}
		if !slices.Contains(r.Funcs, "crypto/internal/fips140.RecordApproved") {
			t.Errorf("%s %s: RecordApproved not reached: %v", r.Build, r.Check, r.Funcs)
		}
		for _, f := range r.Findings {
			indicator := strings.Contains(f.Reason, "Indicator") || strings.Contains(f.Func, "Indicator") || f.Func == "crypto/internal/fips140.RecordApproved"
			if strings.Contains(f.Reason, "needs CPU feature") || indicator {
				t.Errorf("%s %s: %v", r.Build, r.Check, f)
			}
		}
	}
	goroot, _ := exec.Command("go", "env", "GOROOT").Output()
	modcache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
	if strings.HasPrefix(string(goroot), strings.TrimSpace(string(modcache))+"/") {
		_, err := Run(t.Context(), Config{Dir: ".", Patterns: []string{"crypto/internal/fips140/sha256"}, GOARCHes: []string{"amd64"}, Declarations: decls})
		if err == nil || !strings.Contains(err.Error(), "GOTOOLCHAIN") {
			t.Errorf("checking the toolchain's own package: %v, want an error that names GOTOOLCHAIN", err)
		}
	}
}

// TestAsmWrites checks which symbols an assembly file may write: every
// one it names (a move's destination, any operand of an instruction that
// is neither a move nor a compare nor a test, a macro's body or use,
// DATA, a TEXT symbol), but one an instruction only reads by name: a
// move's source, a compare's or a test's operand, not its address.
func TestAsmWrites(t *testing.T) {
	src := `TEXT ·f(SB), NOSPLIT, $0
	MOVB	$1, ·a(SB) // a move's destination
	CMPB	·b(SB), $0
	MOVBLZX	·c(SB), AX
	LEAQ	·d(SB), AX
	MOVQ	$·e(SB), AX
loop:	INCB	·g+1(SB)
	XCHGB	·h(SB), AX
	MOVB	AX, example∕q·i(SB)
	TESTB	$1, ·j(SB)
#define SET(x) CMPB ·k(SB), $0; MOVB $1, x(SB) \
	RET
	SET(·l)
	SET(example∕r·m)
	LOCK
	CMPXCHGB	CX, ·n(SB)
	MOVB	$1,·o(SB)
	MOVB	$1, example.com∕my-mod·p+8(SB)
	MOVBLZX	example.com∕my-mod·q+1(SB), AX
	SET (·r)
#define FLAG ·s
	MOVB	$1, FLAG(SB)
	DATA	·tab+0(SB)/8, $·u(SB)
	MOVQ	·v@GOT(SB), AX
	MOVQ	$ ·w(SB), AX
	RET
`
	got := map[string]bool{}
	asmWrites("example/p", src, got)
	var want []string
	for _, sym := range []string{"a", "d", "e", "f", "g", "h", "k", "l", "n", "o", "r", "s", "tab", "u", "v", "w"} {
		want = append(want, "example/p."+sym)
	}
	want = append(want, "example/q.i", "example/r.m", "example.com/my-mod.p")
	if g := slices.Sorted(maps.Keys(got)); !slices.Equal(g, slices.Sorted(slices.Values(want))) {
		t.Errorf("written %v, want %v", g, slices.Sorted(slices.Values(want)))
	}
}
