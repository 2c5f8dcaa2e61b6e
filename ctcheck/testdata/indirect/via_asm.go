//go:build amd64 || arm64

package indirect

// pokeWord stores v at p, where a declaration assumes it constant time.
//
//go:noinline
func pokeWord(p *uint64, v uint64) { *p = v }

// ViaFP passes pokeWord the address of a local through the frame
// pointer's register (assembly), then branches on the local.
func ViaFP(k *uint64) uint64

// ViaXor does it through an address made by an instruction the checks
// take no pointer through (an exclusive or).
func ViaXor(k *uint64) uint64
