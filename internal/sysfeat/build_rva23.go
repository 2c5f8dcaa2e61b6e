//go:build riscv64.rva23u64

package sysfeat

// BuildHasV: GORISCV64=rva23u64 (the build tag riscv64.rva23u64) requires
// the V extension, so a binary built so runs only where it is.
const BuildHasV = true
