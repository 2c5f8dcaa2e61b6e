package main

import "testing"

// TestRVVCompares: a loop's vector loads count LMUL registers each, as the
// VSETVLI before them sets it, and a register is VLEN/8 bytes of the core.
func TestRVVCompares(t *testing.T) {
	strip := func(m string) []inst {
		return []inst{
			{mnemonic: "vsetvli", operands: "t0, a2, e8, " + m + ", tu, mu"},
			{mnemonic: "vle8.v", operands: "v8, (a0)"},
			{mnemonic: "vle8.v", operands: "v16, (a1)"},
			{mnemonic: "vxor.vv", operands: "v8, v16, v8"},
		}
	}
	m2x4 := append(append(append(strip("m2"), strip("m2")...), strip("m2")...), strip("m2")...)
	cores := map[string]core{}
	for _, c := range riscv64.cores {
		cores[c.name] = c
	}
	for _, c := range []struct {
		name  string
		insts []inst
		regs  int
		p670  int // bytes compared per iteration at VLEN 128
		x280  int // and at VLEN 512
	}{
		{"one strip at LMUL 8", strip("m8"), 16, 128, 512},
		{"four strips at LMUL 2", m2x4, 16, 128, 512},
		{"LMUL 1 by default", strip("m1")[1:], 2, 16, 64},
		{"no vector loads", []inst{{mnemonic: "ld", operands: "a0, 0x8(a1)"}}, 0, 0, 0},
	} {
		l := loop{insts: c.insts, vregs: riscv64VectorRegs(c.insts)}
		if l.vregs != c.regs || l.compares(cores["sifive-p670"]) != c.p670 || l.compares(cores["sifive-x280"]) != c.x280 {
			t.Errorf("%s: %d registers, %d and %d bytes; want %d, %d and %d", c.name, l.vregs,
				l.compares(cores["sifive-p670"]), l.compares(cores["sifive-x280"]), c.regs, c.p670, c.x280)
		}
	}
	if riscv64.isa("vle8.v", "v8, (a0)") != isaRVV || riscv64.isa("ld", "a0, 0(a1)") != 0 ||
		cores["sifive-u74"].isa >= isaRVV || cores["sifive-p670"].isa < isaRVV {
		t.Error("the V extension's level: only the RVV cores run vector loops")
	}
}
