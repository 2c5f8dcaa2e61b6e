package ctcheck

// Where the shipped kernels are. The layout change of issue 15 moves them
// to the module's root: these are the only lines of this package's tests
// that name the place.
const (
	kernelsDir = "../kernels"                      // from this package's directory
	kernelsSrc = "internal/kernels"                // from the module's root
	kernelsPkg = modulePath + "/internal/kernels." // the prefix of its symbols
)
