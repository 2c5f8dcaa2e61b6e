package kernelchecktest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ctequal/ctequal/tools/internal/golist"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
)

// Where the shipped kernels are: the library package, as go list reports
// it. These are the only lines of kernelcheck's tests that name the place.
var (
	KernelsDir = libraryDir() // its folder
	KernelsSrc = "."          // its folder, from the module's root
)

// KernelsPkg is the prefix of the library package's symbols.
func KernelsPkg() string { return kernelcheck.LibraryPath() + "." }

// libraryDir asks go list for the library's folder. Without a go command
// the tests that read the kernels fail, naming why.
func libraryDir() string {
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		return "(go list: " + err.Error() + ")"
	}
	return lib.Dir
}

// KernelFile reads one of the library's files.
func KernelFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(KernelsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
