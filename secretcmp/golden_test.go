package secretcmp_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixed code compiles: each package whose fixes have .golden files
// type-checks with the .golden files in place of the originals. (The
// golden files are compared with the fixes' output by the tests above;
// this checks that that output is Go that builds, shadowed names,
// renamed imports and all.)
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the standard library from source")
	}
	fset := token.NewFileSet()
	imp := &testdataImporter{fset: fset, std: importer.ForCompiler(fset, "source", nil), done: map[string]*types.Package{}}
	for _, pkg := range []string{"stdfix", "imports", "history", "usemacs", "basicauth", "autodep"} {
		t.Run(pkg, func(t *testing.T) {
			if _, err := imp.load(pkg, true); err != nil {
				t.Fatal(err)
			}
		})
	}
}

type testdataImporter struct {
	fset *token.FileSet
	std  types.Importer
	done map[string]*types.Package
}

func (im *testdataImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.done[path]; ok {
		return p, nil
	}
	if _, err := os.Stat(filepath.Join("testdata", "src", path)); err == nil {
		return im.load(path, false)
	}
	return im.std.Import(path)
}

// load type-checks a testdata package, with its .golden files in place of
// the files they fix if golden is set.
func (im *testdataImporter) load(path string, golden bool) (*types.Package, error) {
	dir := filepath.Join("testdata", "src", path)
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src := name
		if golden {
			if _, err := os.Stat(name + ".golden"); err == nil {
				src = name + ".golden"
			}
		}
		f, err := parser.ParseFile(im.fset, src, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im}
	p, err := conf.Check(path, im.fset, files, nil)
	if err != nil {
		return nil, err
	}
	if !golden {
		im.done[path] = p
	}
	return p, nil
}
