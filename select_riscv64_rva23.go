//go:build gc && !purego && go1.26 && riscv64.rva23u64

package ctequal

// buildHasV: GORISCV64=rva23u64 (the build tag riscv64.rva23u64) requires
// the V extension, so a binary built so runs only where it is.
const buildHasV = true
