package kernelcheck

import (
	"context"
	"fmt"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/internal/race"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

// What the tests share: the go command, the builds, and builds with
// planted code.

// toolchain returns the go command and the module's root, or skips the
// test where there is no go command to build with, and where the test
// binary is emulated: under qemu-user (GOARCH=arm64 go test -exec
// qemu-aarch64 ./..., or a run of internal/archfacts, which sets
// CTEQUAL_QEMU_CPU) the checks would analyse the same builds, for every
// GOARCH, as natively, at a tenth of the speed (past go test's ten
// minutes). Under -race too: their code starts no goroutine to race.
func toolchain(t *testing.T) (goTool, root string) {
	t.Helper()
	if runtime.GOARCH != hostArch() {
		t.Skipf("a test binary for %s on a %s host: the checks are tested natively", runtime.GOARCH, hostArch())
	}
	if cpu := os.Getenv("CTEQUAL_QEMU_CPU"); cpu != "" {
		t.Skipf("under qemu-user (CTEQUAL_QEMU_CPU=%s): the checks are tested natively", cpu)
	}
	if race.Enabled {
		t.Skip("-race: the checks start no goroutine, and the race detector makes their builds' analysis ten times slower")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH: the code cannot be built, so it is not checked")
	}
	if root = LibraryDir(); root == "" {
		t.Fatal("go list cannot find the library")
	}
	return goTool, root
}

// needObjdump skips a test of x86's compiled code where GNU objdump is
// not installed, unless CTEQUAL_REQUIRE_OBJDUMP says it must be (CI).
func needObjdump(t *testing.T, goarch string) {
	t.Helper()
	if goarch != "amd64" && goarch != "386" {
		return
	}
	if _, err := exec.LookPath(engine.GNUObjdump); err != nil {
		if os.Getenv("CTEQUAL_REQUIRE_OBJDUMP") != "" {
			t.Fatalf("no %s in PATH, and CTEQUAL_REQUIRE_OBJDUMP is set", engine.GNUObjdump)
		}
		t.Skipf("no %s in PATH (binutils): the compiled x86 code cannot be disassembled, so it is not checked", engine.GNUObjdump)
	}
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

// skipUnbuildable skips b where this toolchain cannot build it.
func skipUnbuildable(t *testing.T, goTool string, b Build) {
	t.Helper()
	if a := archfacts.Get(b.GOARCH); a != nil {
		for _, kv := range b.Env {
			if k, level, _ := strings.Cut(kv, "="); k == a.LevelVar && a.MinGo(level) != "" && version.Compare(runtime.Version(), a.MinGo(level)) < 0 {
				t.Skipf("%s: %s came with %s; this is %s", b.Name(), kv, a.MinGo(level), runtime.Version())
			}
		}
	}
	if !haveToolchain(t, goTool, b.GOARCH) {
		t.Skipf("%s: this go command has no toolchain for linux/%s: not checked", b.Name(), b.GOARCH)
	}
	needObjdump(t, b.GOARCH)
}

// shippedPrograms caches the programs of unplanted builds, which several
// tests read (and none changes).
var shippedPrograms sync.Map // Build.Name() -> readProgram

// bothPrograms builds the driver as b says and reads it with both front
// ends: the listing (source) and the disassembly (compiled).
func bothPrograms(t *testing.T, goTool, root string, b Build) (src, bin *engine.Program) {
	t.Helper()
	src, bin, _ = readBuild(t, goTool, root, b)
	return src, bin
}

// A readProgram is one build read by both front ends, with its listing.
type readProgram struct {
	src, bin *engine.Program
	listing  string
}

// readBuild builds b and reads it with both front ends. A build of the
// shipped code (nothing replaced or added) is read once per test binary,
// for every test that checks it.
func readBuild(t *testing.T, goTool, root string, b Build) (src, bin *engine.Program, listing string) {
	t.Helper()
	skipUnbuildable(t, goTool, b)
	shipped := len(b.Replace)+len(b.Add) == 0
	if shipped {
		if r, ok := shippedPrograms.Load(b.Name()); ok {
			r := r.(readProgram)
			return r.src, r.bin, r.listing
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	built, err := BuildDriver(ctx, goTool, t.TempDir(), b)
	if err != nil {
		t.Fatal(err)
	}
	if src, err = built.Source(); err != nil {
		t.Fatal(err)
	}
	if bin, err = built.Compiled(ctx); err != nil {
		t.Fatal(err)
	}
	if shipped {
		shippedPrograms.Store(b.Name(), readProgram{src, bin, built.Listing})
	}
	return src, bin, built.Listing
}

// A checkName is one of the two static checks.
type checkName string

const (
	sourceCheck   checkName = "source"
	compiledCheck checkName = "compiled"
)

// planted returns a build that adds the assembly text asm to the library
// as a file of its own, with a Go declaration of each function in names
// (each func(x, y []byte) int) and a reference that keeps them linked.
func planted(t *testing.T, goarch, asm string, names []string) Build {
	t.Helper()
	dir := t.TempDir()
	var goSrc strings.Builder
	fmt.Fprintf(&goSrc, "//go:build gc && !purego\n\npackage ctequal\n\n")
	for _, n := range names {
		fmt.Fprintf(&goSrc, "func %s(x, y []byte) int\n", n)
	}
	fmt.Fprintf(&goSrc, "\nvar plantedFuncs = []func(x, y []byte) int{%s}\n\nvar plantedSink any\n\nfunc init() { plantedSink = plantedFuncs }\n",
		strings.Join(names, ", "))
	// The contents' files have the names they stand for: the listing
	// names the file it read, the binary the one it was told.
	sFile, goFile := filepath.Join(dir, "zz_planted_"+goarch+".s"), filepath.Join(dir, "zz_planted_"+goarch+".go")
	if err := os.WriteFile(sFile, []byte("#include \"textflag.h\"\n\n"+asm), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goFile, []byte(goSrc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return Build{GOARCH: goarch, Add: map[string]string{
		kernelsSrc + "/zz_planted_" + goarch + ".s":  sFile,
		kernelsSrc + "/zz_planted_" + goarch + ".go": goFile,
	}}
}

// plantedSymbol is the ABI0 symbol of a planted function.
func plantedSymbol(name string) string { return kernelsPkg() + name + ".abi0" }

var (
	hostOnce   sync.Once
	hostGOARCH string
)

// hostArch returns the go command's GOHOSTARCH, or runtime.GOARCH where
// there is no go command (toolchain then skips for that).
func hostArch() string {
	hostOnce.Do(func() {
		hostGOARCH = runtime.GOARCH
		if out, err := exec.Command("go", "env", "GOHOSTARCH").Output(); err == nil {
			hostGOARCH = strings.TrimSpace(string(out))
		}
	})
	return hostGOARCH
}

func numberedNames(prefix string, lo, hi int) []string {
	var out []string
	for i := lo; i <= hi; i++ {
		out = append(out, prefix+strconv.Itoa(i))
	}
	return out
}
