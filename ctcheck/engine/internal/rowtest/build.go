package rowtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/testenv"
)

// What the tests share: the go command, and programs of their own built
// from assembly text for any GOARCH and read by both front ends.

// ToolVersion is the release of the go command the tests build with.
var ToolVersion = sync.OnceValue(engine.GoCommandVersion)

// needObjdump skips a test of x86's compiled code where GNU objdump is
// not installed, unless CTCHECK_REQUIRE_OBJDUMP says it must be (CI).
func needObjdump(t *testing.T, a *engine.Arch) {
	t.Helper()
	if a.Disassembler == nil {
		return
	}
	if _, err := exec.LookPath(engine.GNUObjdump); err != nil {
		if os.Getenv("CTCHECK_REQUIRE_OBJDUMP") != "" {
			t.Fatalf("no %s in PATH, and CTCHECK_REQUIRE_OBJDUMP is set", engine.GNUObjdump)
		}
		t.Skipf("no %s in PATH (binutils): the compiled x86 code cannot be disassembled, so it is not checked", engine.GNUObjdump)
	}
}

// A checkName is one of the two static checks.
type Check string

const (
	Source   Check = "source"
	Compiled Check = "compiled"
)

// AsmHeader begins the assembly file that buildAsm writes.
const AsmHeader = "#include \"textflag.h\"\n\n"

// BuildAsm links the assembly text asm, whose functions names are each
// declared func(x, y []byte) int, into a program of package main for
// linux/goarch (env: a level), and reads it with both front ends: the
// listing (source) and the disassembly (compiled). Their symbols are
// "main." + name + ".abi0".
func BuildAsm(t *testing.T, a *engine.Arch, env []string, asm string, names []string) (src, bin *engine.Program) {
	t.Helper()
	var goSrc strings.Builder
	goSrc.WriteString("package main\n\n")
	for _, n := range names {
		fmt.Fprintf(&goSrc, "func %s(x, y []byte) int\n", n)
	}
	fmt.Fprintf(&goSrc, "\nvar sink []any\n\nfunc main() { sink = append(sink, %s) }\n", strings.Join(names, ", "))
	return BuildFiles(t, a, env, map[string]string{"main.go": goSrc.String(), "rows_" + a.GOARCH + ".s": AsmHeader + asm})
}

// BuildFiles links files, the Go and assembly files of package main, into
// a program for linux/goarch (env: a level), and reads it with both front
// ends.
func BuildFiles(t *testing.T, a *engine.Arch, env []string, files map[string]string) (src, bin *engine.Program) {
	t.Helper()
	goTool := testenv.Toolchain(t)
	needObjdump(t, a)
	dir := t.TempDir()
	files["go.mod"] = "module ctcheckrows\n\ngo 1.24\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	exe := filepath.Join(dir, "rows")
	cmd := exec.CommandContext(ctx, goTool, "build", "-o", exe, "-gcflags=-S", "-asmflags=-S", ".")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+a.GOARCH, "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS="), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build for %s: %v\n%s", a.GOARCH, err, out)
	}
	if src, err = engine.ParseListing(a, string(out)); err != nil {
		t.Fatal(err)
	}
	keep := func(sym string) bool { return strings.HasPrefix(sym, "main.") }
	if bin, err = engine.Disassemble(ctx, goTool, a, exe, keep, `^main\.`); err != nil {
		t.Fatal(err)
	}
	src.Level, bin.Level = engine.LevelOf(a, env), engine.LevelOf(a, env)
	return src, bin
}
