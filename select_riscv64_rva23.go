//go:build gc && !purego && go1.26 && riscv64.rva23u64

package ctequal

// buildHasV: GORISCV64=rva23u64 (the build tag riscv64.rva23u64) requires
// the V extension, so a binary built so runs only where it is.
const buildHasV = true

// rvvPolicy is where V comes from in this build, for ctequal info.
const rvvPolicy = "this build requires V (GORISCV64=rva23u64), so it runs only where V is; GODEBUG=cpu.v=off turns the kernel off"
