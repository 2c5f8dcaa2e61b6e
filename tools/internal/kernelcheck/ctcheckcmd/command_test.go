package ctcheckcmd

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/cttrace"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// TestCommand runs ctcheck, the command, on the library as a user would:
// from the root of a copy of its module, for amd64 and arm64 (what each
// kernel needs and claims, the library's directives say). It must exit 0;
// and 3, naming the line, with a leak planted in equal_amd64.s.
func TestCommand(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	kernelchecktest.NeedObjdump(t, "amd64")
	dir := t.TempDir()
	bin := filepath.Join(dir, "ctcheck")
	if out, err := exec.Command(goTool, "build", "-o", bin, "github.com/ctequal/ctequal/ctcheck/cmd/ctcheck").CombinedOutput(); err != nil {
		t.Fatalf("go build ctcheck: %v\n%s", err, out)
	}
	lib := filepath.Join(dir, "lib")
	copyModule(t, root, lib)
	run := func(env ...string) (int, string) {
		t.Helper()
		cmd := exec.Command(bin, "-goarch", "amd64,arm64", "./")
		cmd.Dir = lib
		cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if err != nil && code < 0 {
			t.Fatal(err)
		}
		t.Logf("%sctcheck -goarch amd64,arm64 ./: exit %d\n%s%s", strings.Join(append(env, ""), " "), code, stdout.String(), stderr.String())
		return code, stdout.String()
	}
	if code, _ := run(); code != 0 {
		t.Fatalf("the shipped library: exit %d, want 0", code)
	}
	p, err := cttrace.ReadPlant("avx2-jcxz")
	if err != nil {
		t.Fatal(err)
	}
	asm := filepath.Join(lib, cttrace.KernelAsm)
	src, err := os.ReadFile(asm)
	if err != nil {
		t.Fatal(err)
	}
	planted, err := p.Apply(src)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(planted), "\n") {
		if strings.Contains(l, "// want") {
			line = i + 1
		}
	}
	if err := os.WriteFile(asm, planted, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := run()
	if want := fmt.Sprintf("%s:%d: ", cttrace.KernelAsm, line); code != 3 || !strings.Contains(out, want) {
		t.Errorf("with %s planted: exit %d, want 3 and a finding at %s", p.Name, code, want)
	}
	if err := os.WriteFile(asm, src, 0o644); err != nil {
		t.Fatal(err)
	}
	archsimdLeak(t, lib, run)
}

// archsimdLeaks are early exits on the data planted in an archsimd
// kernel's loop, which the compiler must turn into a branch.
var archsimdLeaks = []struct{ goarch, file, fn, leak string }{
	{"amd64", "equal_archsimd_amd64.go", "equalArchsimdAVX2", "if !a0.IsZero() {"},
	{"arm64", "equal_archsimd_arm64.go", "equalArchsimdNEON", "if a0.ReduceMax() != 0 {"},
}

// archsimdLeak runs the command on the build with the archsimd kernels
// (GOEXPERIMENT=simd), where this Go has them: exit 0; and 3, naming the
// line, with each of archsimdLeaks planted.
func archsimdLeak(t *testing.T, lib string, run func(env ...string) (int, string)) {
	if !kernelchecktest.HasExperiment("amd64", "simd") {
		t.Logf("this Go has no GOEXPERIMENT=simd: the archsimd kernels not checked")
		return
	}
	if code, _ := run("GOEXPERIMENT=simd"); code != 0 {
		t.Fatalf("the shipped library with GOEXPERIMENT=simd: exit %d, want 0", code)
	}
	for _, l := range archsimdLeaks {
		if !kernelchecktest.HasExperiment(l.goarch, "simd") {
			t.Logf("%s: this Go's archsimd has no kernel there: %s not planted", l.goarch, l.fn)
			continue
		}
		path := filepath.Join(lib, l.file)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		const at = "\t\t\ta0 = a0.Or(load(p, 0).Xor(load(q, 0)))\n"
		k := strings.Index(src, "func "+l.fn+"(")
		i := strings.Index(src[max(k, 0):], at)
		if k < 0 || i < 0 {
			t.Fatalf("%s: no line %q in %s to plant at", l.file, at, l.fn)
		}
		i += k + len(at)
		planted := src[:i] + "\t\t\t" + l.leak + " // the leak\n\t\t\t\treturn 0\n\t\t\t}\n" + src[i:]
		line := strings.Count(planted[:i], "\n") + 1
		if err := os.WriteFile(path, []byte(planted), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out := run("GOEXPERIMENT=simd")
		want := fmt.Sprintf("%s:%d: ", l.file, line)
		if code != 3 || !strings.Contains(out, want) || !strings.Contains(out, "["+l.goarch+"; source compiled]") {
			t.Errorf("with an early exit planted in %s: exit %d, want 3 and a finding at %s by both checks on %s", l.fn, code, want, l.goarch)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// copyModule copies the library's module, without the modules nested in
// it, from root to dir.
func copyModule(t *testing.T, root, dir string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." {
				if strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // a module of its own
				}
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if rel == "go.work" || rel == "go.work.sum" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
