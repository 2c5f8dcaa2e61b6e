// Package secretcmptest is what the golden test packages of secretcmp
// share: the analyzer's testdata folder and a way to set its flags. The
// golden tests are split into packages by the flags they run under
// (internal/golden/...), so that go test, which prints a package's
// output when it ends, reports each within seconds: every load
// type-checks the standard library's packages its folders import from
// source (net/http among them).
package secretcmptest

import (
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
