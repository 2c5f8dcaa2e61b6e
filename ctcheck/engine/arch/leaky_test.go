package arch

import (
	"go/version"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/ctchecktest"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/testenv"
)

// Small kernels that leak, one file per architecture in testdata, each
// leak marked with the finding the source check must report at that line
// (CheckFile: one file on its own).

// TestLeakyKernels checks that each leak in testdata is reported at the
// line marked with // want "reason", and nothing else is.
func TestLeakyKernels(t *testing.T) {
	testenv.Toolchain(t)
	files, err := filepath.Glob("testdata/*.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			a, err := OfFile(f, rowtest.ToolVersion())
			if err != nil {
				t.Fatal(err)
			}
			goarch := a.GOARCH
			if (goarch == "riscv64" || goarch == "s390x") && version.Compare(runtime.Version(), "go1.26") < 0 {
				t.Skipf("the assembler of %s has no RVV or vector facility", runtime.Version())
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			findings, err := engine.CheckFile(f, a, nil, declaredPolicy(src))
			if err != nil {
				t.Fatal(err)
			}
			ctchecktest.Check(t, src, findings)
		})
	}
}

// declaredPolicy is the policy the comments above each TEXT of src
// declare: "// needs: f g" the function's CPU features, "// claims: m"
// the modes it claims, "// flag: sym f" a variable that is set only where
// the CPU has f.
func declaredPolicy(src []byte) engine.Policy {
	needs, claims, flags := map[string][]string{}, map[string][]string{}, map[string]string{}
	text := regexp.MustCompile(`^TEXT\s+·(\w+)\(SB\)`)
	var comments []string
	for _, line := range strings.Split(string(src), "\n") {
		if m := text.FindStringSubmatch(line); m != nil {
			sym := engine.AsmPackage + "." + m[1]
			for _, c := range comments {
				if v, ok := strings.CutPrefix(c, "// needs:"); ok {
					needs[sym] = strings.Fields(v)
				}
				if v, ok := strings.CutPrefix(c, "// claims:"); ok {
					claims[sym] = strings.Fields(v)
				}
			}
		}
		if v, ok := strings.CutPrefix(line, "// flag:"); ok {
			if f := strings.Fields(v); len(f) == 2 {
				flags[engine.AsmPackage+"."+strings.TrimPrefix(f[0], "·")] = f[1]
			}
		}
		if strings.HasPrefix(line, "//") {
			comments = append(comments, line)
		} else {
			comments = nil
		}
	}
	return engine.Policy{
		Needs: func(sym string) []string { return needs[sym] },
		Modes: func(sym string) []string { return claims[sym] },
		Flags: func(sym string) string { return flags[sym] },
	}
}
