package ctcheck

import (
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
// flagged at its POPCNT, by both checks.
func TestSourceFlags(t *testing.T) {
	needGo(t)
	const asm = "testdata/cpuflags/cpuflags_amd64.s"
	want := markedLines(t, asm, "// the finding")
	if len(want) != 3 {
		t.Fatalf("%s: %d marked lines, want 3", asm, len(want))
	}
	for _, r := range run(t, Config{Dir: fixture.Module(t, "testdata/cpuflags"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}}) {
		var got []int
		for _, f := range r.Findings {
			if !strings.Contains(f.Reason, "needs CPU feature popcnt") || !strings.HasSuffix(f.File, "/cpuflags_amd64.s") {
				t.Errorf("%s: %v, want only POPCNT's needs", r.Check, f)
			}
			got = append(got, f.Line)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings at lines %v of %s, want %v", r.Check, got, asm, want)
		}
	}
}

// TestStandardFlags checks that the standard library's choice of a SHA-256
// kernel by crypto/internal/fips140deps/cpu's variables (useSHANI, useAVX2
// on amd64; useSHA2 on arm64) lets each kernel use what its flag implies:
// nothing of sha256.block's is a CPU feature's need, on either check.
func TestStandardFlags(t *testing.T) {
	needGo(t)
	decls := funcDecls(t, "crypto/internal/fips140/sha256.block: secret *dig p[:]; writes *dig")
	rs := run(t, Config{Dir: ".", Patterns: []string{"crypto/internal/fips140/sha256"}, GOARCHes: []string{"amd64", "arm64"}, Declarations: decls})
	if len(rs) != 4 {
		t.Fatalf("%d reports, want 4", len(rs))
	}
	for _, r := range rs {
		if r.Instrs < 200 {
			t.Errorf("%s %s: %d instructions: the kernels were not reached", r.Build, r.Check, r.Instrs)
		}
		for _, f := range r.Findings {
			if strings.Contains(f.Reason, "needs CPU feature") {
				t.Errorf("%s %s: %v", r.Build, r.Check, f)
			}
		}
	}
}
