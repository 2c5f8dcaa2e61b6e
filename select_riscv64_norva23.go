//go:build gc && !purego && go1.26 && riscv64 && !riscv64.rva23u64

package ctequal

// buildHasV: this build does not require the V extension; only
// golang.org/x/sys/cpu can say whether the CPU has it.
const buildHasV = false
