package shipped

import (
	"strings"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// Every file of the library, and of each package of the module with
// code on the path of some checked build, is compiled by some build the
// checks make or by none: no constraint of it depends on what they do
// not set.
func TestShippedConstraints(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	onPath := map[string]bool{}
	for _, b := range kernelchecktest.Builds {
		src, _ := kernelchecktest.BothPrograms(t, goTool, root, b)
		r, err := kernelcheck.Check(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Funcs {
			onPath[symbolPackage(f)] = true
		}
	}
	fs, err := kernelcheck.CheckConstraints(".", func(pkg string) bool { return onPath[pkg] })
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
