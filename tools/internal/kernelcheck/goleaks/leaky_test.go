package goleaks

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/ctchecktest"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/cttrace"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// cttrace's plants (the red team's of issue 20) in today's amd64 kernels,
// each checked on its own as cmd/mutate checks its mutants
// (CheckFile); and leaks planted in the Go source of the path.

// TestLeakyKernels checks that each of cttrace's plants in the shipped
// kernels is reported at the line its replacement text marks with
// // want "reason", and nothing else is. (ctcheck's own tests hold the
// small leaky kernels of every architecture.)
func TestLeakyKernels(t *testing.T) {
	kernelchecktest.Toolchain(t)
	plants, err := filepath.Glob(filepath.Join(cttrace.PlantsDir(), "*.txt"))
	if err != nil || len(plants) == 0 {
		t.Fatalf("no plants in %s: %v", cttrace.PlantsDir(), err)
	}
	shipped, err := os.ReadFile(filepath.Join(kernelchecktest.KernelsDir, cttrace.KernelAsm))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range plants {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run("plant/"+name, func(t *testing.T) {
			p, err := cttrace.ReadPlant(name)
			if err != nil {
				t.Fatal(err)
			}
			src, err := p.Apply(shipped)
			if err != nil {
				t.Fatal(err)
			}
			// CheckFile takes the architecture from the file's name.
			planted := filepath.Join(t.TempDir(), cttrace.KernelAsm)
			if err := os.WriteFile(planted, src, 0o644); err != nil {
				t.Fatal(err)
			}
			checkWants(t, planted, src)
		})
	}
}

// checkWants checks that CheckFile reports, in the file at path whose text
// is src, a finding at each line marked // want "reason" whose reason holds
// that text, and none at any other line.
func checkWants(t *testing.T, path string, src []byte) {
	t.Helper()
	findings, err := kernelcheck.CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctchecktest.Check(t, src, findings)
}

// goLeaks are leaks planted in the Go source: each replaces the portable
// kernel (on the path of every build), marks its leak with "// the
// leak", and must draw a finding with the reason at that line.
var goLeaks = []struct{ file, reason string }{
	{"testdata/leaky_generic/branch.go", kernelchecktest.WantBranch},
	{"testdata/leaky_generic/table.go", kernelchecktest.WantAddr},
	{"testdata/leaky_generic/arg7.go", kernelchecktest.WantBranch},
	{"testdata/leaky_generic/argstack.go", kernelchecktest.WantBranch},
	{"testdata/leaky_generic/argfloat.go", kernelchecktest.WantBranch},
	{"testdata/leaky_generic/global.go", kernelchecktest.WantBranch},
}

// baseLeakBuilds are builds that every leak is planted in: a register ABI
// reaching the portable kernel through the trampoline, a stack ABI, and
// arm64's.
var baseLeakBuilds = map[string]bool{"amd64": true, "386": true, "arm64": true}

// leakBuilds returns the builds that TestGoLeaks plants the k-th leak in:
// every build with CTEQUAL_GADGETS=all (CI's gadget step, 6 leaks by 17
// builds, two minutes here); by default the base builds and one other, a
// different one for each leak; with -short one base build.
func leakBuilds(k int) []kernelcheck.Build {
	if os.Getenv("CTEQUAL_GADGETS") == "all" {
		return kernelchecktest.Builds
	}
	var base, other []kernelcheck.Build
	for _, b := range kernelchecktest.Builds {
		if baseLeakBuilds[b.Name()] {
			base = append(base, b)
		} else {
			other = append(other, b)
		}
	}
	if testing.Short() {
		return base[k%len(base) : k%len(base)+1]
	}
	return append(base, other[k%len(other)])
}

// TestGoLeaks builds every configuration with each planted leak in place
// of the portable kernel, and fails naming each build and check that
// misses it.
func TestGoLeaks(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	counts := kernelchecktest.GadgetCounts{}
	var mu sync.Mutex
	defer func() {
		if !t.Failed() && !testing.Short() {
			counts.Log(t, "Go source")
			kernelchecktest.CheckGadgetTables(t, "Go source", counts)
		}
	}()
	for k, leak := range goLeaks {
		t.Run(filepath.Base(leak.file), func(t *testing.T) {
			with := buildLeak(t, leak.file)
			line := kernelchecktest.MarkedLine(t, with, "// the leak")
			for _, b := range leakBuilds(k) {
				b.Replace = map[string]string{kernelchecktest.KernelsSrc + "/equal_generic.go": with}
				t.Run(b.Name(), func(t *testing.T) {
					// A leak's builds read in parallel, as TestShippedBuilds
					// reads the shipped ones: each is mostly one core's work.
					t.Parallel()
					src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
					var flagged [2]bool
					defer func() {
						mu.Lock()
						counts.Add(strings.TrimSuffix(filepath.Base(leak.file), ".go"), flagged[0], flagged[1])
						mu.Unlock()
					}()
					for i, p := range []*engine.Program{src, bin} {
						check := []kernelchecktest.CheckName{kernelchecktest.SourceCheck, kernelchecktest.CompiledCheck}[i]
						r, err := kernelcheck.Check(p)
						if err != nil {
							t.Fatal(err)
						}
						caught := false
						for _, f := range r.Findings {
							base := filepath.Base(f.File)
							if (base == "equal_generic.go" || base == filepath.Base(leak.file)) && f.Line == line &&
								strings.Contains(f.Reason, leak.reason) {
								caught = true
								t.Logf("%s: %s check: caught: %s", b.Name(), check, f)
								break
							}
						}
						flagged[i] = caught
						if !caught {
							t.Errorf("%s: %s check: no finding %q at line %d; findings: %v", b.Name(), check, leak.reason, line, r.Findings)
						}
					}
				})
			}
		})
	}
}

// buildLeak writes the portable kernel with the leak of file planted: the
// shipped equal_generic.go with the line file's //replace: names replaced
// by its //with: lines, and file's declarations after its package clause
// appended. It returns the written file's path.
func buildLeak(t *testing.T, file string) string {
	t.Helper()
	leak, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var replace string
	var with []string
	for _, l := range strings.Split(string(leak), "\n") {
		if r, ok := strings.CutPrefix(l, "//replace:\t"); ok {
			replace = r
		}
		if w, ok := strings.CutPrefix(l, "//with:\t"); ok {
			with = append(with, "\t"+w)
		}
	}
	_, decls, ok := strings.Cut(string(leak), "\npackage ctequal\n")
	if replace == "" || len(with) == 0 || !ok {
		t.Fatalf("%s: no //replace:, //with: or package clause", file)
	}
	shipped := kernelchecktest.KernelFile(t, "equal_generic.go")
	if strings.Count(shipped, "\t"+replace+"\n") != 1 {
		t.Fatalf("equal_generic.go has not exactly one line %q to plant %s at", replace, file)
	}
	src := strings.Replace(shipped, "\t"+replace+"\n", strings.Join(with, "\n")+"\n", 1) + decls
	path := filepath.Join(t.TempDir(), filepath.Base(file))
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
