//go:build !gc || purego || !(amd64 || arm64)

package kernels

// CPU returns the empty set: the portable kernel needs no feature.
func CPU() Features { return 0 }

// table has the portable kernel only: this build has no assembly.
var table = []Kernel{{Name: "generic", Equal: equalGeneric}}

func equalVector(x, y []byte) int { return equalGeneric(x, y) }

func setSelected(i int) { selected = i }
