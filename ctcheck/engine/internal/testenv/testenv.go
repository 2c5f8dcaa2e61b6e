// Package testenv says whether a test can build and check programs here.
package testenv

import (
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Toolchain skips a test where there is no go command to build with, and
// where the test binary is emulated (GOARCH=arm64 go test -exec
// qemu-aarch64): the checks would analyse the same builds as natively, at
// a tenth of the speed. Under -race too: the analysis starts no
// goroutine, and runs ten times slower.
func Toolchain(t *testing.T) (goTool string) {
	t.Helper()
	if runtime.GOARCH != HostArch() {
		t.Skipf("a test binary for %s on a %s host: the checks are tested natively", runtime.GOARCH, HostArch())
	}
	if raceEnabled {
		t.Skip("-race: the analysis starts no goroutine, and the race detector makes it ten times slower")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH: nothing can be built to check")
	}
	return goTool
}

var HostArch = sync.OnceValue(func() string {
	if out, err := exec.Command("go", "env", "GOHOSTARCH").Output(); err == nil {
		return strings.TrimSpace(string(out))
	}
	return runtime.GOARCH
})
