package kernelcheck

import "github.com/ctequal/ctequal/tools/internal/golist"

// Where the shipped kernels are: the library package, as go list reports
// it. These are the only lines of this package's tests that name the place.
var (
	kernelsDir = libraryDir() // its folder
	kernelsSrc = "."          // its folder, from the module's root
)

// kernelsPkg is the prefix of the library package's symbols.
func kernelsPkg() string { return LibraryPath() + "." }

// libraryDir asks go list for the library's folder. Without a go command
// the tests that read the kernels fail, naming why.
func libraryDir() string {
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		return "(go list: " + err.Error() + ")"
	}
	return lib.Dir
}
