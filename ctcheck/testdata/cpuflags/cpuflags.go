// Package cpuflags chooses a kernel by variables that golang.org/x/sys/cpu
// sets, as Go's crypto does: the checker reads from the source which
// variables are flags of CPU features, and which are not.
package cpuflags

import "golang.org/x/sys/cpu"

// usePOPCNT is a flag: both features are there where it is set.
var usePOPCNT = cpu.X86.HasPOPCNT && cpu.X86.HasBMI2

// useFast is a flag too, through usePOPCNT, and narrowed by a term that
// is none.
var useFast = usePOPCNT && !slow

var slow bool

// useForced is not: init may set it whatever the CPU has.
var useForced = cpu.X86.HasPOPCNT

// useEither is not: a disjunction.
var useEither = cpu.X86.HasPOPCNT || cpu.X86.HasBMI2

func init() {
	if slow {
		useForced = true
	}
}

// Count counts the set bits of x's first 8 bytes, where the CPU can.
func Count(x []byte) int {
	if usePOPCNT {
		return popcntA(x)
	}
	return 0
}

// CountFast counts them too.
func CountFast(x []byte) int {
	if useFast {
		return popcntB(x)
	}
	return 0
}

// CountForced counts them where init may have said to.
func CountForced(x []byte) int {
	if useForced {
		return popcntC(x)
	}
	return 0
}

// CountEither counts them where the CPU has one feature or the other.
func CountEither(x []byte) int {
	if useEither {
		return popcntD(x)
	}
	return 0
}

// CountDirect counts them where the field says the CPU has POPCNT.
func CountDirect(x []byte) int {
	if cpu.X86.HasPOPCNT {
		return popcntE(x)
	}
	return 0
}

// CountBMI2 counts them where the CPU has BMI2, which is not POPCNT.
func CountBMI2(x []byte) int {
	if cpu.X86.HasBMI2 {
		return popcntF(x)
	}
	return 0
}

//go:noescape
func popcntA(x []byte) int

//go:noescape
func popcntB(x []byte) int

//go:noescape
func popcntC(x []byte) int

//go:noescape
func popcntD(x []byte) int

//go:noescape
func popcntE(x []byte) int

//go:noescape
func popcntF(x []byte) int
