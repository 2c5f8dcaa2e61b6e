//go:build gc && !purego

package main

import "github.com/ctequal/ctequal/internal/kernels"

// assumeDITForTesting makes the NEON kernel set PSTATE.DIT: see
// kernels.AssumeDITForTesting.
func assumeDITForTesting() bool {
	kernels.AssumeDITForTesting()
	return true
}
