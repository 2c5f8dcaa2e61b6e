//go:build gc && !purego && go1.26 && riscv64 && !riscv64.rva23u64

package ctequal

// buildHasV: this build does not require the V extension; only
// golang.org/x/sys/cpu can say whether the CPU has it.
const buildHasV = false

// rvvPolicy is where V comes from in this build, for ctequal info.
const rvvPolicy = "V as golang.org/x/sys/cpu reports it, from Linux's riscv_hwprobe (a GORISCV64=rva23u64 build " +
	"assumes it instead); GODEBUG=cpu.v=off turns the kernel off"
