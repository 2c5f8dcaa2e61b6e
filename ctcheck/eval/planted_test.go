//go:build eval

package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
)

// A plant is a copy of a foreign function that the evaluation finds
// constant time, with one line added at the top of its body that leaks
// expression secret (a branch on it, a load it indexes, a division of
// it) into a package variable: the function's answer is unchanged. Both
// checks must report the leak at that line.
type plant struct {
	file, fn, goarch, decl, secret string
}

var plantKinds = []struct{ name, line, reason string }{
	{"branch", "if (%s)&1 == 1 { ctcheckPlantSink++ }", "conditional branch on secret"},
	{"address", "ctcheckPlantSink += ctcheckPlantTable[(%s)&15]", "memory address depends on secret"},
	{"divide", "ctcheckPlantSink += (%s) / (ctcheckPlantSink | 1)", "variable-latency instruction on secret data"},
}

// The ten functions, each on a GOARCH with a hardware divide.
var plants = []plant{
	{"fe_generic.go", "func feMulGeneric(", "arm64", field + ".feMulGeneric: secret *a *b; writes *v", "a.l0"},
	{"fe_generic.go", "func feSquareGeneric(", "riscv64", field + ".feSquareGeneric: secret *a; writes *v", "a.l0"},
	{"fe.go", "func (v *Element) Add(", "ppc64le", field + ".(*Element).Add: secret *a *b; writes *v", "a.l0"},
	{"fe.go", "func (v *Element) Subtract(", "amd64", field + ".(*Element).Subtract: secret *a *b; writes *v", "b.l1"},
	{"fe.go", "func (v *Element) Negate(", "s390x", field + ".(*Element).Negate: secret *a; writes *v", "a.l2"},
	{"fe.go", "func (v *Element) Mult32(", "loong64", field + ".(*Element).Mult32: secret *x y; writes *v", "uint64(y)"},
	{"fe.go", "func (v *Element) Select(", "amd64", field + ".(*Element).Select: secret *a *b cond; writes *v", "uint64(cond)"},
	{"fe.go", "func (v *Element) Swap(", "arm64", field + ".(*Element).Swap: secret *v *u cond; writes *v *u", "u.l3"},
	{"fe.go", "func (v *Element) Multiply(", "riscv64", field + ".(*Element).Multiply: secret *x *y; writes *v", "y.l4"},
	{"fe.go", "func (v *Element) reduce(", "ppc64le", field + ".(*Element).reduce: secret *v; writes *v", "v.l1"},
}

func TestPlanted(t *testing.T) {
	t.Setenv("GOWORK", "off")
	dir := filepath.Join(mustGOROOT(t), "src", field)
	work := t.TempDir()
	extra := filepath.Join(work, "zz_ctcheck_plant.go")
	if err := os.WriteFile(extra, []byte("package field\n\nvar (\n\tctcheckPlantSink  uint64\n\tctcheckPlantTable [16]uint64\n)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, p := range plants {
		src, err := os.ReadFile(filepath.Join(dir, p.file))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		at := -1
		for j, l := range lines {
			if strings.HasPrefix(l, p.fn) && strings.HasSuffix(l, "{") {
				at = j
			}
		}
		if at < 0 {
			t.Fatalf("%s: no line %q", p.file, p.fn)
		}
		for _, k := range plantKinds {
			planted := append(append(append([]string{}, lines[:at+1]...), "\t"+fmt.Sprintf(k.line, p.secret)), lines[at+1:]...)
			copyFile := filepath.Join(work, fmt.Sprintf("%d-%s-%s", i, k.name, p.file))
			if err := os.WriteFile(copyFile, []byte(strings.Join(planted, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			decls, err := ctcheck.ParseFuncLine(p.decl, "-func")
			if err != nil {
				t.Fatal(err)
			}
			rs, err := ctcheck.Run(context.Background(), ctcheck.Config{Patterns: []string{field}, GOARCHes: []string{p.goarch},
				Declarations: decls, Overlay: map[string]string{
					filepath.Join(dir, p.file):                copyFile,
					filepath.Join(dir, "zz_ctcheck_plant.go"): extra,
				}})
			fn := regexp.MustCompile(`\(|func `).ReplaceAllString(p.fn, "")
			if err != nil {
				t.Errorf("%s %s %s: %v", fn, p.goarch, k.name, err)
				continue
			}
			line := at + 2
			for _, r := range rs {
				caught := false
				for _, f := range r.Findings {
					if filepath.Base(f.File) == p.file && f.Line == line && strings.HasPrefix(f.Reason, k.reason) {
						caught = true
					}
				}
				if !caught {
					t.Errorf("%s %s %s, %s:%d: not caught by the %s check: %v", fn, p.goarch, k.name, p.file, line, r.Check, r.Findings)
				} else {
					t.Logf("%s %s %s, %s:%d: caught by the %s check", fn, p.goarch, k.name, p.file, line, r.Check)
				}
			}
		}
	}
}
