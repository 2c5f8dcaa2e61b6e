package ctcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestRuntimeCalls checks compiled Go that calls the runtime's copy
// (runtime.memmove), clear (runtime.memclrNoHeapPointers), allocations,
// boxing for an interface (runtime.convT64, convTstring) and panic on
// every GOARCH, both checks: ABIInternal passes their arguments in
// registers, ABI0 (386, arm; s390x before Go 1.26) in the frame. Each
// function of testdata/runtimecalls is clean or has findings only at the
// line that says "the finding", each with the reason below.
func TestRuntimeCalls(t *testing.T) {
	needGo(t)
	dir := fixture.Module(t, "testdata/runtimecalls")
	src, err := os.ReadFile(filepath.Join(dir, "calls.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // function -> the reason at its finding's line; absent: clean
		"Absorb":              "secret stored at an unknown offset into a region with bytes declared public (s.n, s.done)",
		"AbsorbThenTest":      "conditional branch on secret",
		"CopyUndeclared":      "runtime.memmove writes outside the stack frame where nothing allows it",
		"CopySecretLength":    "secret length passed to runtime.memmove",
		"ClearUndeclared":     "runtime.memclrNoHeapPointers writes outside the stack frame where nothing allows it",
		"Deferred":            "call of runtime.deferreturn",
		"lookup":              "memory address depends on secret", // from Copied
		"AllocatedSecretSize": "secret size passed to runtime.makeslice",
		"AllocatedBranch":     "conditional branch on secret",
		"FillPast":            "secret stored into *s, declared public",
		"BoxedSecret":         "secret value passed to runtime.convT64",
	}
	// What the checks do not model yet, by GOARCH: there each function
	// must be flagged (fail closed) with the reason given, anywhere in it.
	// ppc64le zeroes and copies a 64-byte local in a loop through a moving
	// pointer (STXVD2X VS32, (R20)(R31); ADD $32, R20, R20): a copy of
	// the stack pointer at an offset the checks do not know, whose store
	// is one outside the frame (so t is secret after it); count and lookup
	// are not checked there.
	gaps := map[string]map[string]string{
		"ppc64le": {
			"Zeroed":       "store outside the stack frame",
			"CopiedPublic": "store outside the stack frame",
			"Copied":       "store outside the stack frame",
			"count":        "",
			"lookup":       "",
		},
	}
	var roots []string
	lines := map[string][]int{} // function -> the lines of its findings
	fn := ""
	for i, l := range strings.Split(string(src), "\n") {
		if name, ok := strings.CutPrefix(l, "func "); ok {
			recv := ""
			if r, ok := strings.CutPrefix(name, "(s *"); ok {
				t, rest, _ := strings.Cut(r, ") ")
				name, recv = rest, "(*"+t+")."
			}
			fn, _, _ = strings.Cut(name, "(")
			if fn[0] >= 'A' && fn[0] <= 'Z' {
				roots = append(roots, "example.com/runtimecalls."+recv+fn)
			}
		}
		if strings.Contains(l, "// the finding") {
			lines[fn] = append(lines[fn], i+1)
		}
	}
	for _, goarch := range arch.GOARCHes() {
		cfg := Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{goarch}, Roots: roots}
		for _, r := range run(t, cfg) {
			byFunc := map[string][]Finding{}
			for _, f := range r.Findings {
				name := f.Func[strings.LastIndex(f.Func, ".")+1:]
				if strings.HasPrefix(name, "func") { // Deferred.func1
					name = strings.TrimPrefix(f.Func, "example.com/runtimecalls.")
					name, _, _ = strings.Cut(name, ".")
				}
				byFunc[name] = append(byFunc[name], f)
			}
			names := []string{"count", "lookup"}
			for _, root := range r.Roots {
				names = append(names, root[strings.LastIndex(root, ".")+1:])
			}
			for _, name := range names {
				fs := byFunc[name]
				if reason, ok := gaps[goarch][name]; ok {
					if reason != "" && !slices.ContainsFunc(fs, func(f Finding) bool { return strings.Contains(f.Reason, reason) }) {
						t.Errorf("%s %s: %s: no finding %q (a gap of the model): %v", goarch, r.Check, name, reason, fs)
					}
					continue
				}
				reason, flagged := want[name]
				if !flagged {
					if len(fs) > 0 {
						t.Errorf("%s %s: %s: findings %v, want none", goarch, r.Check, name, fs)
					}
					continue
				}
				found := false
				for _, f := range fs {
					if len(lines[name]) > 0 && !slices.Contains(lines[name], f.Line) {
						t.Errorf("%s %s: %s: a finding at line %d, want only lines %v: %v", goarch, r.Check, name, f.Line, lines[name], f)
					}
					found = found || strings.Contains(f.Reason, reason)
				}
				if !found {
					t.Errorf("%s %s: %s: no finding %q at lines %v: %v", goarch, r.Check, name, reason, lines[name], fs)
				}
			}
			if len(r.Roots) != len(roots) {
				t.Errorf("%s %s: roots %v, want %v", goarch, r.Check, r.Roots, roots)
			}
		}
	}
}

// TestAllocationEscapes checks that new memory whose pointer a package
// variable holds is not taken for memory no other pointer reaches: with
// stores outside the frame allowed, the plaintext copied into it is
// secret when read back through the variable, reloaded after a call: a
// finding at the branch. (Any load through a pointer loaded from memory
// reads as secret so, new memory or not: fail closed.)
func TestAllocationEscapes(t *testing.T) {
	needGo(t)
	dir := fixture.Module(t, "testdata/escape")
	line := markedLine(t, filepath.Join(dir, "escape.go"), "// the finding")
	rs := run(t, Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"},
		Roots: []string{"example.com/escape.Escaped"}, Policy: Policy{AllowStores: true}})
	for _, r := range rs {
		var at []string
		for _, f := range r.Findings {
			if f.Line == line {
				at = append(at, f.Reason)
			}
		}
		if len(at) == 0 {
			t.Errorf("%s %s: findings %v, none at the branch (line %d)", r.Build, r.Check, r.Findings, line)
		}
	}
}

// TestUnexportedOnly checks a package with no exported function: the
// driver imports it for its keep file alone (a named import it did not
// use failed the build), and the root is checked.
func TestUnexportedOnly(t *testing.T) {
	needGo(t)
	dir := fixture.Module(t, "testdata/unexported")
	line := markedLine(t, filepath.Join(dir, "unexported.go"), "// the finding")
	decls, err := ParseFuncLine("example.com/unexported.first: secret x[:]", "-func")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range run(t, Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Declarations: decls}) {
		found := false
		for _, f := range r.Findings {
			found = found || f.Line == line && strings.HasPrefix(f.Reason, "conditional branch on secret")
		}
		if !found {
			t.Errorf("%s %s: findings %v, none at the branch (line %d)", r.Build, r.Check, r.Findings, line)
		}
	}
}
