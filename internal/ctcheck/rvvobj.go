package ctcheck

import "regexp"

// The RVV 1.0 instructions of equal_riscv64.s as go tool objdump prints
// them (Go 1.26 decodes them, in the assembler's syntax), for the compiled
// check of riscv64 builds. The model is coarser than the source model of
// riscv64.go, and sound: the 32 vector registers are one location, whose
// level only rises (a load through a pointer makes it secret, and nothing
// makes it public again), so a count or a mask read out of any vector
// register is as secret as anything loaded before. The scalar side is
// riscv64Obj's. A VSETVLI with a secret length, a load from the stack
// (spills are not modelled in vector registers), a masked form and every
// other vector instruction are findings.

// rvvObjFile is the location of every vector register.
const rvvObjFile = "V0-V31"

var rvvObjReg = regexp.MustCompile(`^V([0-9]|[12][0-9]|3[01])$`)

// rvvObjStep runs one vector instruction; false: not modelled.
func rvvObjStep(m *mach, r risc, op string, args []string) bool {
	vecs := func(ops ...string) bool {
		for _, o := range ops {
			if !rvvObjReg.MatchString(o) {
				return false
			}
		}
		return true
	}
	n := len(args)
	switch {
	case op == "VSETVLI" && n == 6 && args[1] == "E8" && set("M1", "M2", "M4", "M8")[args[2]] &&
		set("TU", "TA")[args[3]] && set("MU", "MA")[args[4]]:
		l, ok := r.read(args[0]) // X0: VLMAX, a constant of the CPU
		if !ok {
			return false
		}
		if l == secret {
			m.find("vector length depends on secret %s", args[0])
		}
		return r.write(args[5], l)
	case op == "VLE8V" && n == 2 && vecs(args[1]) && isMemOperand(args[0]):
		x, ok := r.mem(args[0])
		if !ok || x.base == m.a.sp {
			return false
		}
		m.set(rvvObjFile, max(m.reg(rvvObjFile), m.load(x, 1)))
		return true
	case (op == "VXORVV" || op == "VORVV" || op == "VREDORVS") && n == 3 && vecs(args...),
		op == "VMSNEVI" && n == 3 && isImmediate(args[0]) && vecs(args[1:]...):
		return true // within the vector registers
	case op == "VCPOPM" && n == 2 && vecs(args[0]):
		return r.write(args[1], m.reg(rvvObjFile))
	}
	return false
}
