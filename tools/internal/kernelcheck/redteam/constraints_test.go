package redteam

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

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
		filepath.Join(dir, "chunk_darwin_leak.go"): "darwin", named: "windows", filepath.Join(kernelchecktest.KernelsDir, "equal.go"): ""} {
		fs, err := kernelcheck.ConstraintFindings([]string{path})
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
