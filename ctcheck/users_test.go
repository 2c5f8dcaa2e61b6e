package ctcheck

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestUserMain checks a user's main package as a user would: -func on
// its functions, by main.F or by the module's path, each inlined into
// main (the checker keeps a body of each), with arguments of types from
// other packages; a secret copied (runtime.memmove) into a state with a
// field declared public, and a secret stored through a region that may
// be a package variable the function then loops on; every leak found at
// its line by both checks on amd64 and arm64, and the negative controls
// clean. The leak in bytes.Equal, which the compiler inlined into
// verify, is at verify's line that calls it, with bytes.Equal's own line
// after it; a leak in a function's own code has no such chain.
func TestUserMain(t *testing.T) {
	needGo(t)
	// Two runs: the leaks, then their controls (a function is declared
	// once a run: secret k and public k would contradict each other).
	for _, run := range []struct {
		decls []string
		lines map[string]int // function -> the leak's line in main.go; -1: none
	}{
		{[]string{"main.verify: secret mac[:] expected[:]", "example.com/users.spin: secret k", "main.loop: secret cond",
			"main.absorb: secret msg[:]; public s.n; writes *s", "main.record: secret x; writes *s"},
			map[string]int{"main.verify": 18, "main.spin": 37, "main.loop": 47, "main.absorb": 62, "main.record": 73}},
		{[]string{"example.com/users.verifyCT: secret mac[:] expected[:]", "main.spin: public k", "main.loop: secret x",
			"main.absorb: public msg[:] s.n; writes *s", "main.record: writes *s", "main.stash: secret x *s; writes *s"},
			map[string]int{"main.verifyCT": -1, "main.spin": -1, "main.loop": -1, "main.absorb": -1, "main.record": -1, "main.stash": -1}},
	} {
		// The functions a root calls that the compiler does not inline:
		// their findings are the root's.
		callees := map[string][]string{"main.stash": {"main.fill", "main.mix"}}
		decls := funcDecls(t, run.decls...)
		rs, err := Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/users"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"}, Declarations: decls})
		if err != nil {
			t.Fatalf("%q: %v", run.decls, err)
		}
		if len(rs) != 4 {
			t.Fatalf("%q: %d reports, want 4", run.decls, len(rs))
		}
		for _, r := range rs {
			if len(r.Roots) != len(run.lines) {
				t.Errorf("%s %s: roots %v, want %d", r.Build, r.Check, r.Roots, len(run.lines))
			}
			for fn, line := range run.lines {
				var found []Finding
				for _, f := range r.Findings {
					if f.Func == fn || slices.Contains(callees[fn], f.Func) {
						found = append(found, f)
					}
				}
				switch {
				case !slices.Contains(r.Roots, fn):
					t.Errorf("%s %s: %s is not a root: %v", r.Build, r.Check, fn, r.Roots)
				case line < 0 && len(found) > 0:
					t.Errorf("%s %s: %s: findings %v, want none", r.Build, r.Check, fn, found)
				case line > 0 && !hasFindingAt(found, "main.go", line):
					t.Errorf("%s %s: %s: no finding at main.go:%d: %v", r.Build, r.Check, fn, line, found)
				}
				for _, f := range found {
					// Only verify's leak is in code inlined from
					// another package.
					inBytes := len(f.Inlined) == 1 && strings.HasPrefix(f.Inlined[0], "bytes.Equal ") &&
						strings.Contains(f.Inlined[0], "/bytes/bytes.go:")
					if (fn == "main.verify") != inBytes {
						t.Errorf("%s %s: %s: a finding with the chain %q: %v", r.Build, r.Check, fn, f.Inlined, f)
					}
				}
			}
		}
	}
	// A generic function cannot be declared: a reason, not a crash.
	decls, _ := ParseFuncLine("main.pick: secret c", "-func")
	_, err := Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/users"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Declarations: decls})
	if err == nil || !strings.Contains(err.Error(), "generic function") {
		t.Errorf("a generic function declared: error %v", err)
	}
}

func hasFindingAt(fs []Finding, file string, line int) bool {
	for _, f := range fs {
		if strings.HasSuffix(f.File, "/"+file) && f.Line == line {
			return true
		}
	}
	return false
}

// TestInternalError checks that a panic inside a run is an error that
// says so, with the panic's text, not a crash of the caller.
func TestInternalError(t *testing.T) {
	needGo(t)
	cfg := Config{Dir: fixture.Module(t, "testdata/users"), Patterns: []string{"."}, GOARCHes: []string{"amd64"},
		Policy: Policy{Needs: func(string) []string { panic("planted") }}}
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "internal error: planted") {
		t.Errorf("a panic in a run: error %v, want internal error: planted", err)
	}
}
