//go:build !gc || purego || !(amd64 || arm64 || ppc64le || (go1.26 && (riscv64 || s390x)) || (go1.25 && loong64))

package poison

// Kernels is empty where package ctequal has no assembly.
var Kernels []string

// Call is not available without the kernels' assembly.
func Call(k int, x, y []byte, seed uint64) int { panic("poison: no assembly kernels in this build") }

// CallState is not available without the kernels' assembly.
func CallState(k int, x, y []byte, seed uint64) (int, State) {
	panic("poison: no assembly kernels in this build")
}
