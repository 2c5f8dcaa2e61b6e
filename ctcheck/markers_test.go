package ctcheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// TestLinkerMarkers checks that the symbols the linker places after the
// code (runtime.etext, and go:textfipsend after the FIPS module's, which
// crypto/hmac brings in), whose bytes are padding past the table's last
// function, do not stop the disassembly ("pclntab: no function at"), and
// that runtime.etext, which the table has no function for, leaves the
// program, while main.main stays.
func TestLinkerMarkers(t *testing.T) {
	needGo(t)
	dir := t.TempDir()
	src := "package main\n\nimport (\n\t\"crypto/hmac\"\n\t\"crypto/sha256\"\n\t\"os\"\n)\n\n" +
		"func main() { os.Stdout.Write(hmac.New(sha256.New, []byte(os.Args[0])).Sum(nil)) }\n"
	for name, b := range map[string]string{"go.mod": "module example.com/markers\n\ngo 1.24\n", "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keep := func(sym string) bool {
		return sym == "main.main" || strings.HasPrefix(sym, "runtime.etext") || strings.HasPrefix(sym, "go:textfips")
	}
	for _, goarch := range []string{"amd64", "arm64"} {
		bin := filepath.Join(dir, "prog-"+goarch)
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", goarch, err, out)
		}
		p, err := engine.Disassemble(context.Background(), "go", arch.For(goarch, ""), bin, keep, `^(main\.main|runtime\.etext|go:textfips.*)$`)
		if err != nil {
			t.Fatalf("%s: %v", goarch, err)
		}
		if p.Funcs["main.main"] == nil {
			t.Errorf("%s: no main.main", goarch)
		}
		if p.Funcs["runtime.etext"] != nil {
			t.Errorf("%s: runtime.etext is a function of the program", goarch)
		}
	}
}
