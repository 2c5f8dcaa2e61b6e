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

// useAnyArch is a flag of both features on amd64: the terms for other
// architectures are false there (ARM64's struct, a constant).
var useAnyArch = cpu.X86.HasPOPCNT && cpu.X86.HasBMI2 || cpu.ARM64.HasAES || isPPC64

const (
	isPPC64 = goarch == ppc64
	goarch  = 1
	ppc64   = 2
)

// useCommon is a flag of POPCNT, which each term has.
var useCommon = cpu.X86.HasPOPCNT || cpu.X86.HasPOPCNT && cpu.X86.HasBMI2

// useNarrowed is a flag: init sets it only to false.
var useNarrowed = cpu.X86.HasPOPCNT

// useForced is not: init may set it whatever the CPU has.
var useForced = cpu.X86.HasPOPCNT

// useEither is not: a disjunction.
var useEither = cpu.X86.HasPOPCNT || cpu.X86.HasBMI2

func init() {
	if slow {
		useForced = true
		useNarrowed = false
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

// CountAnyArch counts them behind a test for every architecture.
func CountAnyArch(x []byte) int {
	if useAnyArch {
		return popcntG(x)
	}
	return 0
}

// CountCommon counts them behind a disjunction that needs POPCNT.
func CountCommon(x []byte) int {
	if useCommon {
		return popcntH(x)
	}
	return 0
}

// CountNarrowed counts them where init did not say not to.
func CountNarrowed(x []byte) int {
	if useNarrowed {
		return popcntI(x)
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

//go:noescape
func popcntG(x []byte) int

//go:noescape
func popcntH(x []byte) int

//go:noescape
func popcntI(x []byte) int
