//go:build eval

package eval

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// A subtleControl is a negative control of testdata/controls: a function whose
// leak, the shape of a real bug, both checks must report at the line
// marked "// leak: kind" on every GOARCH.
type subtleControl struct {
	fn, decl string
	// except names the GOARCHes where the leak takes another form, with
	// the reason then wanted at the line: arm has no divide instruction,
	// and Go calls the runtime's software division, which the checks do
	// not follow (they fail closed there).
	except map[string]string
}

const ctl = "example.com/controls."

var subtles = []subtleControl{
	{fn: "compress", decl: ctl + "compress: secret x -- a coefficient of a decrypted message; public q -- the modulus",
		except: map[string]string{"arm": "call of runtime.udiv, which the analysis does not follow"}},
	{fn: "selectWindow", decl: ctl + "selectWindow: secret *table idx -- a window of the secret scalar; writes *out"},
	{fn: "swap", decl: ctl + "swap: secret c *a *b -- a bit of the scalar, two points; writes *a *b"},
	{fn: "mixAt", decl: ctl + "mixAt: secret *dst mem[:] *prev -- memory blocks, which depend on the password; writes *dst"},
}

// leakKinds are the reasons a "// leak: kind" line wants.
var leakKinds = map[string]string{
	"division": "variable-latency instruction on secret data",
	"address":  addr,
	"branch":   branch,
}

// leakLines reads the marked lines of the controls: function -> line and
// reason.
func leakLines(t *testing.T, file string) map[string]struct {
	line   int
	reason string
} {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]struct {
		line   int
		reason string
	}{}
	fn := ""
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		l := s.Text()
		if name, ok := strings.CutPrefix(l, "func "); ok {
			fn, _, _ = strings.Cut(name, "(")
		}
		if _, k, ok := strings.Cut(l, "// leak: "); ok {
			if leakKinds[k] == "" {
				t.Fatalf("%s:%d: leak kind %q", file, n, k)
			}
			out[fn] = struct {
				line   int
				reason string
			}{n, leakKinds[k]}
		}
	}
	return out
}

// TestControls runs the subtle controls on every modelled GOARCH: each
// must be reported at its marked line, by both checks, with its reason.
// Then the "declared too little" control: mixAt with prev declared
// public, as a careless declaration would (left out, it would be secret:
// the checks take what is not declared for secret), passes; a verdict is
// only as good as the declaration it was given.
func TestControls(t *testing.T) {
	t.Setenv("GOWORK", "off")
	dir := fixture.Module(t, filepath.Join("testdata", "controls"))
	lines := leakLines(t, filepath.Join(dir, "controls.go"))
	run := func(decl, goarch string) []*ctcheck.Report {
		decls, err := ctcheck.ParseFuncLine(decl, "-func")
		if err != nil {
			t.Fatal(err)
		}
		rs, err := ctcheck.Run(context.Background(), ctcheck.Config{Dir: dir, Patterns: []string{"."}, GOARCHes: []string{goarch}, Declarations: decls})
		if err != nil {
			t.Fatalf("%s %s: %v", decl, goarch, err)
		}
		return rs
	}
	caught := 0
	for _, c := range subtles {
		want, ok := lines[c.fn]
		if !ok {
			t.Fatalf("%s: no // leak: line", c.fn)
		}
		for _, g := range modelled {
			reason := want.reason
			if r, ok := c.except[g]; ok {
				reason = r
			}
			for _, r := range run(c.decl, g) {
				found := false
				for _, f := range r.Findings {
					if filepath.Base(f.File) == "controls.go" && f.Line == want.line && strings.HasPrefix(f.Reason, reason) {
						found = true
					}
				}
				if !found {
					t.Errorf("%s %s %s: no %q at controls.go:%d", c.fn, g, r.Check, reason, want.line)
					for _, f := range r.Findings {
						t.Logf("\t%s", f)
					}
					continue
				}
				caught++
			}
		}
	}
	t.Logf("subtle controls: %d of %d (control, GOARCH, check) caught at their lines", caught, 2*len(subtles)*len(modelled))

	// A historical leak: math/big's Montgomery multiplication, which RSA
	// decryption ran before bigmod (Go 1.20), branches on its carries.
	nat := filepath.Join(mustGOROOT(t), "src", "math", "big", "nat.go")
	src, err := os.ReadFile(nat)
	if err != nil {
		t.Fatal(err)
	}
	carry := 1 + strings.Count(string(src[:strings.Index(string(src), "if cx < c2 || cy < c3 {")]), "\n")
	for _, g := range []string{"amd64", "arm64"} {
		decls, err := ctcheck.ParseFuncLine("math/big.nat.montgomery: secret x[:] y[:] -- powers of a ciphertext in an RSA decryption; public m[:] k n -- the modulus", "-func")
		if err != nil {
			t.Fatal(err)
		}
		rs, err := ctcheck.Run(context.Background(), ctcheck.Config{Patterns: []string{"math/big"}, GOARCHes: []string{g}, Declarations: decls})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			found := false
			for _, f := range r.Findings {
				found = found || f.File == nat && f.Line == carry && strings.HasPrefix(f.Reason, branch)
			}
			if !found {
				t.Errorf("math/big.nat.montgomery %s %s: no branch on a secret carry at nat.go:%d", g, r.Check, carry)
			}
		}
	}

	// Declared too little: the address's secret, prev, declared public.
	for _, g := range []string{"amd64", "arm64"} {
		for _, r := range run(ctl+"mixAt: secret *dst mem[:]; public *prev -- wrongly; writes *dst", g) {
			if len(r.Findings) != 0 {
				t.Errorf("mixAt %s %s with prev declared public: %d findings, want none (the control shows what a wrong declaration hides)", g, r.Check, len(r.Findings))
				for _, f := range r.Findings {
					t.Logf("\t%s", f)
				}
			}
		}
	}
}
