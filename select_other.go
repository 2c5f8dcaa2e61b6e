//go:build !gc || purego || !(amd64 || arm64 || ppc64le || (go1.26 && (riscv64 || s390x)) || (go1.25 && loong64))

package ctequal

import "github.com/ctequal/ctequal/internal/impl"

// cpuFeatures returns the empty set: the portable kernel needs no feature.
func cpuFeatures() impl.Features { return 0 }

// kernels has the portable kernel only: this build has no assembly.
var kernels = []*kernel{portable}

func equalVector(x, y []byte) int { return equalGeneric(x, y) }
