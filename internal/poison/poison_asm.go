//go:build gc && !purego && (amd64 || arm64 || ppc64le || (go1.26 && (riscv64 || s390x)) || (go1.25 && loong64))

package poison

import "math/rand/v2"

// Call calls the assembly function Kernels[k] with x and y, after setting
// every general-purpose register except the stack, frame and g registers,
// every vector register and, with AVX-512, every mask register to values
// drawn from seed; the result slot is garbage too until the function
// writes it. The function must be one this CPU can run. Not safe for
// concurrent use.
func Call(k int, x, y []byte, seed uint64) int {
	r, _ := CallState(k, x, y, seed)
	return r
}

// CallState is Call, and also returns the State after the function.
func CallState(k int, x, y []byte, seed uint64) (int, State) {
	if k < 0 || k >= len(Kernels) {
		panic("poison: no such kernel")
	}
	r := rand.New(rand.NewPCG(seed, 0x706f69736f6e)) // "poison"
	for i := range pattern {
		pattern[i] = r.Uint64()
	}
	pattern[0] = vectorLevel()
	have := xinuseOK
	pattern[318], pattern[319] = 0, 0
	if have {
		pattern[318] = 1
	}
	res := call(k, x, y, &pattern)
	return res, State{XINUSE: pattern[319], HaveXINUSE: have}
}

var xinuseOK = haveXINUSE()

// pattern is what the registers get: its first word says which vector
// registers this CPU has (see vectorLevel), the rest are the garbage, but
// for the last two: whether to read XINUSE after the call, and where to.
var pattern [320]uint64

// call is in assembly: it calls Kernels[k] with the registers set from p.
//
//go:noescape
func call(k int, x, y []byte, p *[320]uint64) int

// poisonRegs is called by call only: it sets the registers.
//
//lint:ignore U1000 called from assembly only
func poisonRegs()
