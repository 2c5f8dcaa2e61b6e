package shipped

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// The shipped tree: every assembly file on its own, and the path from the
// API to the kernels in a build of every GOARCH, through both checks.

func asmNeedsGo126(path string) bool {
	a := archfacts.Get(arch.GOARCHOfFile(path))
	return a != nil && !kernelchecktest.AsmBuilt(a)
}

// wantFuncs are the functions that a build must reach and analyse: the
// check must not pass by analysing less than the path.
func wantFuncs(b kernelcheck.Build) []string {
	pkg := kernelchecktest.KernelsPkg()
	want := append(slices.Clone(kernelcheck.Roots), pkg+"Compare", pkg+"equalChunked", pkg+"equalChunk", pkg+"equalGeneric")
	a := archfacts.Get(b.GOARCH)
	if b.Tags == "purego" || a == nil || len(a.Kernels) == 0 || !kernelchecktest.AsmBuilt(a) {
		return want
	}
	want = append(want, pkg+"equalVector.abi0")
	for _, k := range append(slices.Clone(a.Kernels), "generic") {
		want = append(want, pkg+archfacts.KernelSymbol(k)+".abi0")
	}
	for _, e := range a.Experiments {
		if slices.Contains(b.Env, "GOEXPERIMENT="+e.Name) {
			// Go functions, called by equalLong with the register ABI.
			want = append(want, pkg+"equalLong")
			for _, k := range e.Kernels {
				want = append(want, pkg+archfacts.KernelSymbol(k))
			}
		}
	}
	return want
}

// TestShippedKernels checks every assembly file of the library's folder
// on its own, at every level of its architecture: a kernel added later is
// checked without anyone remembering to.
func TestShippedKernels(t *testing.T) {
	kernelchecktest.Toolchain(t)
	files, err := filepath.Glob(filepath.Join(kernelchecktest.KernelsDir, "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("found %d assembly files in the package, want equal_amd64.s and equal_arm64.s at least", len(files))
	}
	for _, f := range files {
		if arch.Of(arch.GOARCHOfFile(f)) == nil {
			t.Errorf("%s: no model of its architecture", filepath.Base(f))
			continue
		}
		if asmNeedsGo126(f) {
			t.Logf("%s: the assembler of %s cannot build it (it needs %s): not checked", filepath.Base(f), runtime.Version(), archfacts.Must(arch.GOARCHOfFile(f)).AsmGo)
			continue
		}
		findings, err := kernelcheck.CheckFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range findings {
			t.Errorf("%s", fd)
		}
		t.Logf("%s: %d findings", filepath.Base(f), len(findings))
	}
}

// TestShippedBuilds checks the path from the API to the kernels on every
// build, with both checks: no finding, every function of the path
// analysed, and the same functions by both.
func TestShippedBuilds(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	var mu sync.Mutex
	rows := map[string]string{}
	t.Run("builds", func(t *testing.T) {
		for _, b := range kernelchecktest.Builds {
			t.Run(b.Name(), func(t *testing.T) {
				t.Parallel()
				src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
				var reports [2]*engine.Report
				for i, p := range []*engine.Program{src, bin} {
					check := []kernelchecktest.CheckName{kernelchecktest.SourceCheck, kernelchecktest.CompiledCheck}[i]
					r, err := kernelcheck.Check(p)
					if err != nil {
						t.Fatal(err)
					}
					reports[i] = r
					for _, f := range r.Findings {
						t.Errorf("%s: %s check: %s", b.Name(), check, f)
					}
					for _, w := range wantFuncs(b) {
						if !slices.Contains(r.Funcs, w) {
							t.Errorf("%s: %s check: %s was not analysed: the check does not cover the path", b.Name(), check, w)
						}
					}
				}
				s, c := slices.Sorted(slices.Values(reports[0].Funcs)), slices.Sorted(slices.Values(reports[1].Funcs))
				if !slices.Equal(s, c) {
					t.Errorf("%s: the source check analysed %v, the compiled check %v", b.Name(), s, c)
				}
				kernelchecktest.Agree(t, b, src, bin, reports[1].Funcs)
				mu.Lock()
				rows[b.Name()] = fmt.Sprintf("%-22s %s %3d functions, %5d instructions (listing) %5d (disassembly)",
					b.Name(), src.GoVersion, len(reports[0].Funcs), reports[0].Instrs, reports[1].Instrs)
				mu.Unlock()
			})
		}
	})
	for _, b := range kernelchecktest.Builds {
		if row, ok := rows[b.Name()]; ok {
			t.Log(row)
		}
	}
}

// sweepBuilds are the builds of every level of every GOARCH that a model
// describes, with and without purego where it has kernels: GOAMD64=v1 to
// v4, GOARM64 from v8.0 to v9.5, and the other levels of the engine's
// table.
var sweepBuilds = func() []kernelcheck.Build {
	var out []kernelcheck.Build
	for _, a := range archfacts.All() {
		if a.SP == "" {
			continue
		}
		levels := a.Levels
		switch a.GOARCH {
		case "arm64":
			levels = []string{"v8.0", "v8.1", "v8.4", "v8.5", "v9.0", "v9.5"}
		case "386":
			levels = []string{"sse2", "softfloat"}
		}
		for _, l := range append([]string{""}, levels...) {
			var env []string
			switch {
			case l == "":
			case a.GOARCH == "386":
				env = []string{"GO386=" + l}
			default:
				env = a.LevelEnv(l)
			}
			out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Env: env})
			if len(a.Kernels) > 0 {
				out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Env: env, Tags: "purego"})
			}
		}
	}
	return out
}()

// TestShippedModelsKnowEverything runs the compiled check's model over
// every instruction of the module's functions in a build of every GOARCH,
// not only the path, and lists what it does not model: none of it may be
// on the path (TestShippedBuilds holds that), and the list is what a
// change of the code or the compiler would need first. With
// CTEQUAL_GADGETS=all, at every level (sweepBuilds), and over the
// library's whole test binary too: a survey to run by hand before a
// model's change (CI's gadget step leaves it out).
func TestShippedModelsKnowEverything(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	bs := kernelchecktest.Builds
	if os.Getenv("CTEQUAL_GADGETS") == "all" {
		bs = sweepBuilds
	}
	for _, b := range bs {
		t.Run(b.Name(), func(t *testing.T) {
			_, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
			logUnmodelled(t, b.Name()+" driver", bin)
			if os.Getenv("CTEQUAL_GADGETS") != "all" {
				return
			}
			testBin := filepath.Join(t.TempDir(), "lib.test")
			cmd := exec.Command(goTool, "test", "-c", "-o", testBin, "-tags="+b.Tags, ".")
			cmd.Dir = root
			cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+b.GOARCH, "CGO_ENABLED=0"), b.Env...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go test -c: %v\n%s", err, out)
			}
			ctx := context.Background()
			lib := kernelcheck.LibraryPath()
			p, err := engine.Disassemble(ctx, goTool, arch.For(b.GOARCH, ""), testBin, func(sym string) bool { return strings.HasPrefix(sym, lib+".") },
				`^(main\.|`+regexp.QuoteMeta(lib)+`[./])`)
			if err != nil {
				t.Fatal(err)
			}
			logUnmodelled(t, b.Name()+" test binary", p)
		})
	}
}

// logUnmodelled lists, by opcode, the instructions of p's functions that
// the model does not know.
func logUnmodelled(t *testing.T, what string, p *engine.Program) {
	t.Helper()
	an, err := engine.NewAnalysis(p, kernelcheck.InModule)
	if err != nil {
		t.Fatal(err)
	}
	unknown := map[string]int{}
	for _, f := range p.Funcs {
		for i := range f.Insts {
			m := an.Step(f, i, engine.NewState())
			for _, fd := range m.Findings() {
				if strings.Contains(fd, "not modelled") && !strings.Contains(fd, "store outside") || strings.Contains(fd, "data in a TEXT") {
					unknown[f.Insts[i].Op]++
				}
			}
		}
	}
	ops := make([]string, 0, len(unknown))
	for op, n := range unknown {
		ops = append(ops, fmt.Sprintf("%s (%d)", op, n))
	}
	sort.Strings(ops)
	t.Logf("%s: %d functions; not modelled, none on the path: %v", what, len(p.Funcs), ops)
}
