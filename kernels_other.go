//go:build purego || !(amd64 || arm64)

package ctequal

import "github.com/ctequal/ctequal/internal/kernels"

// features is empty: the portable kernel needs none.
var features map[string]bool

// archKernels is empty: this build has no assembly, so the portable kernel
// serves alone.
func archKernels() []kernels.Kernel { return nil }

// equal is the portable kernel.
func equal(x, y []byte) int { return equalGeneric(x, y) }
