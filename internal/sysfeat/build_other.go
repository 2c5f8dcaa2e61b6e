//go:build !riscv64.rva23u64

package sysfeat

// BuildHasV: this build does not require the V extension; on riscv64,
// only golang.org/x/sys/cpu can say whether the CPU has it.
const BuildHasV = false
