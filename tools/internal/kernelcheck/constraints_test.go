package kernelcheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every file of the library, and of each package of the module with
// code on the path of some checked build, is compiled by some build the
// checks make or by none: no constraint of it depends on what they do
// not set.
func TestShippedConstraints(t *testing.T) {
	goTool, root := toolchain(t)
	onPath := map[string]bool{}
	for _, b := range builds {
		src, _ := bothPrograms(t, goTool, root, b)
		r, err := Check(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Funcs {
			onPath[symbolPackage(f)] = true
		}
	}
	fs, err := CheckConstraints(".", func(pkg string) bool { return onPath[pkg] })
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		t.Error(f)
	}
}

// symbolPackage is the import path of a function's symbol:
// github.com/ctequal/ctequal/internal/impl of
// github.com/ctequal/ctequal/internal/impl.(*Kernel).Name.
func symbolPackage(sym string) string {
	i := strings.LastIndex(sym, "/") + 1
	if j := strings.Index(sym[i:], "."); j >= 0 {
		return sym[:i+j]
	}
	return sym
}

// The red team's files that only another build compiles (its leaks of
// equalChunk), and a file whose name says windows: each is reported, at
// its tag. The shipped equal.go, the control, is not.
func TestConstraintsOfOtherBuilds(t *testing.T) {
	named := filepath.Join(t.TempDir(), "chunk_windows_amd64.go")
	if err := os.WriteFile(named, []byte("package ctequal\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "redteam")
	for path, tag := range map[string]string{filepath.Join(dir, "chunk_cgo_leak.go"): "cgo",
		filepath.Join(dir, "chunk_v4_leak.go"): "amd64.v4", filepath.Join(dir, "chunk_arm64v9_leak.go"): "arm64.v9.0",
		filepath.Join(dir, "chunk_darwin_leak.go"): "darwin", named: "windows", filepath.Join(kernelsDir, "equal.go"): ""} {
		fs, err := ConstraintFindings([]string{path})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tag == "" && len(fs) != 0:
			t.Errorf("%s: %v, want none", path, fs)
		case tag != "" && (len(fs) != 1 || fs[0].Text != tag):
			t.Errorf("%s: %v, want one finding of %s", path, fs, tag)
		}
	}
}
