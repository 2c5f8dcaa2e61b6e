// Package kernelchecktest is what the test packages of kernelcheck share:
// the go command and the toolchains a test can build with, the shipped
// builds, the driver built and read by both front ends (each shipped build
// once per test binary), builds with planted code, and the tallies of the
// gadgets. The tests are split by topic into the packages under
// kernelcheck (asmgadgets, compiledgadgets, goleaks, shipped, frames,
// redteam, ctcheckcmd), so that go test, which prints a package's output
// when it ends, reports each within seconds rather than after minutes.
package kernelchecktest

import (
	"go/version"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/internal/race"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
)

// The go command, and whether it can build for a GOARCH.

// Toolchain returns the go command and the module's root, or skips the
// test where there is no go command to build with, and where the test
// binary is emulated: under qemu-user (GOARCH=arm64 go test -exec
// qemu-aarch64 ./..., or a run of internal/archfacts, which sets
// CTEQUAL_QEMU_CPU) the checks would analyse the same builds, for every
// GOARCH, as natively, at a tenth of the speed (past go test's ten
// minutes). Under -race too: their code starts no goroutine to race.
func Toolchain(t testing.TB) (goTool, root string) {
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
	if root = kernelcheck.LibraryDir(); root == "" {
		t.Fatal("go list cannot find the library")
	}
	return goTool, root
}

// NeedObjdump skips a test of x86's compiled code where GNU objdump is
// not installed, unless CTEQUAL_REQUIRE_OBJDUMP says it must be (CI).
func NeedObjdump(t testing.TB, goarch string) {
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
func haveToolchain(t testing.TB, goTool, goarch string) bool {
	distOnce.Do(func() {
		out, err := exec.Command(goTool, "tool", "dist", "list").Output()
		distList, distErr = string(out), err
	})
	if distErr != nil {
		t.Fatalf("go tool dist list: %v", distErr)
	}
	return slices.Contains(strings.Fields(distList), "linux/"+goarch)
}

// SkipUnbuildable skips b where this toolchain cannot build it.
func SkipUnbuildable(t testing.TB, goTool string, b kernelcheck.Build) {
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
	NeedObjdump(t, b.GOARCH)
}

var (
	hostOnce   sync.Once
	hostGOARCH string
)

// hostArch returns the go command's GOHOSTARCH, or runtime.GOARCH where
// there is no go command (Toolchain then skips for that).
func hostArch() string {
	hostOnce.Do(func() {
		hostGOARCH = runtime.GOARCH
		if out, err := exec.Command("go", "env", "GOHOSTARCH").Output(); err == nil {
			hostGOARCH = strings.TrimSpace(string(out))
		}
	})
	return hostGOARCH
}
