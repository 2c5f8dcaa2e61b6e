// Package secretcmptest is what the golden test packages of secretcmp
// share: the analyzer's testdata folder and a way to set its flags. The
// golden tests are split into packages by the flags they run under
// (internal/golden/...), so that go test, which prints a package's
// output when it ends, reports each within seconds: every load
// type-checks the standard library's packages its folders import from
// source (net/http among them).
package secretcmptest

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
)

// TestData is the absolute path of secretcmp's testdata folder, for a
// test of a package under internal/golden (go test runs a package's tests
// in its folder). analysistest wants it absolute: it is a GOPATH.
func TestData(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Module is a copy, in a temporary folder, of the module in testdata's
// folder name, with its go.mod: each keeps it as go.mod.fixture, since a
// folder with a go.mod is a module of its own, which the go command
// leaves out of secretcmp's module zip, and the tests could not run from
// it.
func Module(t testing.TB, name string) string {
	t.Helper()
	src := filepath.Join(TestData(t), name)
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == "go.mod.fixture" {
			rel = "go.mod"
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		t.Fatalf("testdata/%s: no go.mod.fixture", name)
	}
	return dst
}

// SetFlag sets one of the Analyzer's flags for the length of a test.
func SetFlag(t testing.TB, name, value string) {
	t.Helper()
	f := secretcmp.Analyzer.Flags.Lookup(name)
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
