package ctcheck

import (
	"context"
	"fmt"
	"go/version"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// builds are the configurations whose compiled code TestCompiledShipped
// checks: every GOARCH that go tool objdump disassembles, and the portable
// kernel on the two that have assembly.
var builds = []Build{
	{GOARCH: "amd64"}, {GOARCH: "amd64", Tags: "purego"},
	{GOARCH: "arm64"}, {GOARCH: "arm64", Tags: "purego"},
	{GOARCH: "386"}, {GOARCH: "arm"}, {GOARCH: "riscv64"}, {GOARCH: "riscv64", Env: []string{"GORISCV64=rva23u64"}},
	{GOARCH: "ppc64le"}, {GOARCH: "s390x"}, {GOARCH: "loong64"},
}

// wantFuncs are the functions that a build must reach and analyse: the
// check must not pass by analysing less than the path.
func wantFuncs(b Build) []string {
	want := append(slices.Clone(roots), kernelsPkg()+"Compare", kernelsPkg()+"equalChunked", kernelsPkg()+"equalChunk", kernelsPkg()+"equalGeneric")
	if b.Tags == "purego" {
		return want
	}
	switch b.GOARCH {
	case "amd64":
		want = append(want, kernelsPkg()+"equalVector.abi0", kernelsPkg()+"equalAVX512.abi0", kernelsPkg()+"equalAVX2.abi0",
			kernelsPkg()+"equalSSE2.abi0", kernelsPkg()+"equalGeneric.abi0")
	case "arm64":
		want = append(want, kernelsPkg()+"equalVector.abi0", kernelsPkg()+"equalNEON.abi0", kernelsPkg()+"equalGeneric.abi0")
	case "riscv64":
		if !vectorKernelsBuilt() {
			break
		}
		want = append(want, kernelsPkg()+"equalVector.abi0", kernelsPkg()+"equalRVV.abi0", kernelsPkg()+"equalGeneric.abi0")
	case "ppc64le":
		want = append(want, kernelsPkg()+"equalVector.abi0", kernelsPkg()+"equalVSX.abi0", kernelsPkg()+"equalGeneric.abi0")
	case "s390x":
		if !vectorKernelsBuilt() {
			break
		}
		want = append(want, kernelsPkg()+"equalVector.abi0", kernelsPkg()+"equalVX.abi0", kernelsPkg()+"equalGeneric.abi0")
	}
	return want
}

// vectorKernelsBuilt reports whether this toolchain builds the riscv64 and
// s390x vector kernels, which need Go 1.26 (their files say go1.26): the
// go command that builds the driver is this test's own release.
func vectorKernelsBuilt() bool { return version.Compare(runtime.Version(), "go1.26") >= 0 }

// toolchain returns the go command and the module's root, or skips the
// test where there is no go command to build with.
func toolchain(t *testing.T) (goTool, root string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH: the compiled code cannot be built, so it is not checked")
	}
	root, err = filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return goTool, root
}

var (
	distOnce sync.Once
	distList string
	distErr  error
)

// haveToolchain reports whether the go command can build for linux/goarch.
func haveToolchain(t *testing.T, goTool, goarch string) bool {
	distOnce.Do(func() {
		out, err := exec.Command(goTool, "tool", "dist", "list").Output()
		distList, distErr = string(out), err
	})
	if distErr != nil {
		t.Fatalf("go tool dist list: %v", distErr)
	}
	return slices.Contains(strings.Fields(distList), "linux/"+goarch)
}

// checkBuild builds the driver as b says, disassembles it and analyses
// it. It skips where the toolchain cannot build for b.GOARCH.
func checkBuild(t *testing.T, goTool, root string, b Build) *Report {
	t.Helper()
	if slices.Contains(b.Env, "GORISCV64=rva23u64") && version.Compare(runtime.Version(), "go1.25") < 0 {
		t.Skipf("%s: GORISCV64=rva23u64 came with Go 1.25; this is %s", b.Name(), runtime.Version())
	}
	if !haveToolchain(t, goTool, b.GOARCH) {
		t.Skipf("%s: this go command has no toolchain for linux/%s: not checked", b.Name(), b.GOARCH)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bin, err := BuildDriver(ctx, goTool, root, t.TempDir(), b)
	if err != nil {
		t.Fatal(err)
	}
	funcs, err := Disassemble(ctx, goTool, bin)
	if err != nil {
		t.Fatal(err)
	}
	goVersion, err := GoVersion(bin)
	if err != nil {
		t.Fatal(err)
	}
	r, err := CheckBinary(b.GOARCH, goVersion, funcs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCompiledShipped checks the compiled code of the shipped source on
// every GOARCH: the path from the API to the kernels must have no finding.
func TestCompiledShipped(t *testing.T) {
	goTool, root := toolchain(t)
	var mu sync.Mutex
	rows := map[string]string{}
	t.Run("builds", func(t *testing.T) {
		for _, b := range builds {
			t.Run(b.Name(), func(t *testing.T) {
				t.Parallel()
				r := checkBuild(t, goTool, root, b)
				for _, f := range r.Findings {
					t.Errorf("%s: %s", b.Name(), f)
				}
				for _, w := range wantFuncs(b) {
					if !slices.Contains(r.Funcs, w) {
						t.Errorf("%s: %s was not analysed: the check does not cover the path", b.Name(), w)
					}
				}
				mu.Lock()
				rows[b.Name()] = fmt.Sprintf("%-14s %s %3d functions (%d from assembly source) %5d instructions %3d findings",
					b.Name(), r.GoVersion, len(r.Funcs), len(r.FromSource), r.Instrs, len(r.Findings))
				mu.Unlock()
			})
		}
	})
	for _, b := range builds {
		if row, ok := rows[b.Name()]; ok {
			t.Log(row)
		}
	}
}

// leaks are the planted leaks: each replaces the portable kernel, marks
// its leak with "// the leak", and must draw a finding with the reason
// at that line.
var leaks = []struct{ file, reason string }{
	{"testdata/leaky_generic/branch.go", "conditional branch on secret"},
	{"testdata/leaky_generic/table.go", "memory address depends on secret"},
}

// shortLeakBuilds are the builds that TestCompiledLeaks uses with -short:
// a register ABI reaching the portable kernel through the trampoline, a
// stack ABI that spills the accumulators, and branch targets decoded from
// the encoding.
var shortLeakBuilds = set("amd64", "386", "s390x")

// TestCompiledLeaks builds every configuration with each planted leak in
// place of the portable kernel, and fails naming each GOARCH where the
// analysis of the compiled code misses it.
func TestCompiledLeaks(t *testing.T) {
	goTool, root := toolchain(t)
	if testing.Short() {
		t.Logf("-short: the planted leaks are built for %s only", strings.Join(slices.Sorted(maps.Keys(shortLeakBuilds)), ", "))
	}
	for _, leak := range leaks {
		t.Run(filepath.Base(leak.file), func(t *testing.T) {
			with, err := filepath.Abs(leak.file)
			if err != nil {
				t.Fatal(err)
			}
			line := markedLine(t, with, "// the leak")
			var mu sync.Mutex
			var missed []string
			t.Run("builds", func(t *testing.T) {
				for _, b := range builds {
					if testing.Short() && !shortLeakBuilds[b.Name()] {
						continue
					}
					b.Replace = map[string]string{kernelsSrc + "/equal_generic.go": with}
					t.Run(b.Name(), func(t *testing.T) {
						t.Parallel()
						r := checkBuild(t, goTool, root, b)
						for _, f := range r.Findings {
							if f.File == "equal_generic.go" && f.Line == line && strings.HasSuffix(f.Func, ".equalGeneric") &&
								strings.Contains(f.Reason, leak.reason) {
								t.Logf("%s: caught: %s", b.Name(), f)
								return
							}
						}
						t.Errorf("%s: no finding %q at equal_generic.go:%d; findings: %v", b.Name(), leak.reason, line, r.Findings)
						mu.Lock()
						missed = append(missed, b.Name())
						mu.Unlock()
					})
				}
			})
			if len(missed) > 0 {
				slices.Sort(missed)
				t.Errorf("%s: the planted leak is not caught on %s", filepath.Base(leak.file), strings.Join(missed, ", "))
			}
		})
	}
}

// markedLine returns the number of the only line of file that contains
// mark.
func markedLine(t *testing.T, file, mark string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, mark) {
			if found != 0 {
				t.Fatalf("%s: %q on lines %d and %d", file, mark, found, i+1)
			}
			found = i + 1
		}
	}
	if found == 0 {
		t.Fatalf("%s: no line marked %q: a test that cannot fail", file, mark)
	}
	return found
}
