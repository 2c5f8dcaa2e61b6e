package ctcheck

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestUserMain checks a user's main package as a user would: -func on
// its functions, by main.F or by the module's path, each inlined into
// main (the checker keeps a body of each), with arguments of types from
// other packages; every leak found at its line by both checks on amd64
// and arm64, and the negative controls clean.
func TestUserMain(t *testing.T) {
	needGo(t)
	for _, c := range []struct {
		decl string
		line int // the leak's line in main.go; 0: none
	}{
		{"main.verify: secret mac[:] expected[:]", 0},                       // bytes.Equal: below
		{"example.com/users.verify: secret mac[:] expected[:]", 0},          // the same, by the module's path
		{"main.verifyCT: secret mac[:] expected[:] -- a constant-time", -1}, // control
		{"main.spin: secret k", 37},
		{"main.spin: public k", -1}, // control
		{"main.loop: secret cond", 47},
		{"main.loop: secret x", -1}, // control: x is not used
	} {
		decls, err := ParseFuncLine(c.decl, "-func")
		if err != nil {
			t.Fatal(err)
		}
		rs, err := Run(context.Background(), Config{Dir: "testdata/users", Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"}, Declarations: decls})
		if err != nil {
			t.Errorf("%s: %v", c.decl, err)
			continue
		}
		if len(rs) != 4 {
			t.Fatalf("%s: %d reports, want 4", c.decl, len(rs))
		}
		for _, r := range rs {
			fn := "main." + strings.TrimPrefix(strings.TrimPrefix(strings.Fields(c.decl)[0], "main."), "example.com/users.")
			fn = strings.TrimSuffix(fn, ":")
			if len(r.Roots) != 1 || r.Roots[0] != fn {
				t.Errorf("%s: %s %s: roots %v, want %s", c.decl, r.Build, r.Check, r.Roots, fn)
			}
			switch {
			case c.line < 0 && len(r.Findings) > 0:
				t.Errorf("%s: %s %s: findings %v, want none", c.decl, r.Build, r.Check, r.Findings)
			case c.line == 0 && len(r.Findings) == 0:
				t.Errorf("%s: %s %s: no finding, want bytes.Equal's", c.decl, r.Build, r.Check)
			case c.line > 0 && !hasFindingAt(r, "main.go", c.line):
				t.Errorf("%s: %s %s: no finding at main.go:%d: %v", c.decl, r.Build, r.Check, c.line, r.Findings)
			}
		}
	}
	// A generic function cannot be declared: a reason, not a crash.
	decls, _ := ParseFuncLine("main.pick: secret c", "-func")
	_, err := Run(context.Background(), Config{Dir: "testdata/users", Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Declarations: decls})
	if err == nil || !strings.Contains(err.Error(), "generic function") {
		t.Errorf("a generic function declared: error %v", err)
	}
}

func hasFindingAt(r *Report, file string, line int) bool {
	for _, f := range r.Findings {
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
	cfg := Config{Dir: "testdata/users", Patterns: []string{"."}, GOARCHes: []string{"amd64"},
		Policy: Policy{Needs: func(string) []string { panic(fmt.Sprint("planted")) }}}
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "internal error: planted") {
		t.Errorf("a panic in a run: error %v, want internal error: planted", err)
	}
}
