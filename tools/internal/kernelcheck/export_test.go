package kernelcheck

import "github.com/ctequal/ctequal/ctcheck/engine"

// LibraryPolicy is libraryPolicy of the build without an experiment, for
// the external test package.
func LibraryPolicy(goarch string) (engine.Policy, []string, error) { return libraryPolicy(goarch, "") }
