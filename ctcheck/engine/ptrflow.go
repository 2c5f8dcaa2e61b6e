package engine

// Pointer flows (decl.go): the moves, adds of constants and alignments
// that keep a pointer's provenance, each architecture's in its model's
// file. Any other write of a register drops it (Mach.set).

// immMoveMax is the largest constant a move op, of a width narrower than
// a register, sets whole whether it sign- or zero-extends: 0 where op is
// no such move.
func immMoveMax(op string) int64 {
	switch op {
	case "MOVB", "MOVBU", "MOVBZ":
		return 1<<7 - 1
	case "MOVH", "MOVHU", "MOVHZ":
		return 1<<15 - 1
	case "MOVW", "MOVWU", "MOVWZ":
		return 1<<31 - 1
	}
	return 0
}

// GoOrderFlows are a load-store architecture's flows, in Go's operand
// order (sources first, the destination last): the move of a whole
// register, and adds and ands of a constant or a register.
func GoOrderFlows(move string, adds, subs, ands map[string]bool) func(in *Inst, a *Arch) []PtrFlow {
	return func(in *Inst, a *Arch) []PtrFlow { return goOrderFlow(in, a, move, adds, subs, ands) }
}

func goOrderFlow(in *Inst, a *Arch, move string, adds, subs, ands map[string]bool) []PtrFlow {
	args := in.Args
	n := len(args)
	zero := a.Zero
	if a.ZeroAsBase {
		zero = "" // a register operand: an ordinary register
	}
	plain := func(x Arg) bool {
		return x.Kind == ArgReg && x.Shift == "" && x.Off == 0 && (x.Width == 0 || x.Width == int(a.PtrSize)) && (zero == "" || x.Reg != zero)
	}
	switch op := in.Op; {
	case op != move && n == 2 && plain(args[1]) && args[0].Kind == ArgImm && args[0].Name == "" && args[0].Sym == "" &&
		args[0].Imm > 0 && args[0].Imm <= immMoveMax(op):
		// MOVW $512, R6 (loong64's disassembly), MOVH $512, R4 (s390x's):
		// a narrower move of a constant that sign or zero extension
		// leaves the same.
		return []PtrFlow{{Dst: args[1], Const: true, Delta: args[0].Imm}}
	case op == move:
		if n != 2 {
			return nil
		}
		src, dst := args[0], args[1]
		switch {
		case plain(dst) && (src.Kind == ArgImm && src.Imm == 0 && src.Name == "" && src.Sym == "" ||
			src.Kind == ArgReg && zero != "" && src.Reg == zero):
			return []PtrFlow{{Dst: dst, Zero: true}} // nil
		case plain(dst) && src.Kind == ArgImm && src.Name == "" && src.Sym == "":
			return []PtrFlow{{Dst: dst, Const: true, Delta: src.Imm}}
		case plain(dst) && src.Kind == ArgImm && src.Sym != "":
			return []PtrFlow{{Dst: dst, Static: src.Sym, Delta: src.Imm}} // MOVD $sym(SB), R0
		case plain(src) && plain(dst):
			return []PtrFlow{{Dst: dst, Src: src}}
		case src.Kind == ArgMem && !src.Post && !src.Pre && plain(dst):
			return []PtrFlow{{Dst: dst, Src: src}}
		case plain(src) && dst.Kind == ArgMem && !dst.Post && !dst.Pre:
			return []PtrFlow{{Dst: dst, Src: src}}
		}
	case (op == "OR" || op == "ORR") && n == 3 && plain(args[0]) && args[0].Reg == args[1].Reg && plain(args[2]):
		return []PtrFlow{{Dst: args[2], Src: args[0]}} // ppc64's MR: OR R6, R6, R3
	case adds[op] || subs[op] || ands[op]:
		var x, y, dst Arg
		switch n {
		case 2:
			x, y, dst = args[0], args[1], args[1]
		case 3:
			x, y, dst = args[0], args[1], args[2]
			if y.Kind == ArgImm && x.Kind == ArgReg && adds[op] {
				x, y = y, x // ppc64's objdump: ADD R3, $32, R6
			}
		default:
			return nil
		}
		if adds[op] && n == 3 && plain(dst) && x.Kind == ArgImm && x.Sym != "" {
			// The add after ADRP that the binary's reader named
			// (arm64ObjGlobals): the address of a symbol.
			return []PtrFlow{{Dst: dst, Static: x.Sym, Delta: x.Imm}}
		}
		if adds[op] && n == 3 && plain(dst) && x.Kind == ArgImm && x.Name == "" && x.Sym == "" && y.Kind == ArgReg && zero != "" && y.Reg == zero {
			return []PtrFlow{{Dst: dst, Const: true, Delta: x.Imm}} // riscv64's ADDI $512, X0, X12: a constant
		}
		if adds[op] && n == 3 && plain(dst) && x.Kind == ArgReg && y.Kind == ArgReg && zero != "" {
			// An add of the zero register is a move: riscv64's C.MV, which
			// objdump prints ADD X6, X0, X10.
			switch {
			case y.Reg == zero && plain(x):
				return []PtrFlow{{Dst: dst, Src: x}}
			case x.Reg == zero && plain(y):
				return []PtrFlow{{Dst: dst, Src: y}}
			}
		}
		if !plain(dst) || !plain(y) || dst.Reg == a.SP && y.Reg == a.SP && x.Kind == ArgImm && !ands[op] {
			return nil // ADD/SUB $n, SP: the model moves the frame
		}
		if ands[op] {
			if x.Kind == ArgImm && x.Imm < 0 && x.Name == "" {
				if al := -x.Imm; al&(al-1) == 0 {
					return []PtrFlow{{Dst: dst, Src: y, Align: al}}
				}
			}
			if x.Kind == ArgImm && x.Name == "" && x.Sym == "" && x.Imm >= 0 && x.Imm < 1<<31 {
				return []PtrFlow{{Dst: dst, Bound: x.Imm + 1, BoundAlign: x.Imm & -x.Imm}} // AND $63, R1, R2: an index below 64
			}
			if x.Kind == ArgReg {
				return []PtrFlow{{Dst: dst, Src: y, Masked: true}} // AND R8->63, R4, R4: below R4's bound
			}
			return nil
		}
		switch {
		case x.Kind == ArgImm && x.Name == "":
			d := x.Imm
			if subs[op] {
				d = -d
			}
			return []PtrFlow{{Dst: dst, Src: y, Delta: d}}
		case x.Kind == ArgReg && adds[op] && plain(x):
			return []PtrFlow{{Dst: dst, Src: y, Vary: true, By: x}, {Dst: dst, Src: x, Vary: true, By: y}}
		case x.Kind == ArgReg && adds[op]:
			return []PtrFlow{{Dst: dst, Src: y, Vary: true}, {Dst: dst, Src: x, Vary: true}}
		case x.Kind == ArgReg:
			return []PtrFlow{{Dst: dst, Src: y, Vary: true}}
		}
	}
	return nil
}

// WithPairs adds arm64's LDP and STP of two whole registers (the
// compiler's spills of register arguments around the stack growth) to
// flows.
func WithPairs(flows func(in *Inst, a *Arch) []PtrFlow) func(in *Inst, a *Arch) []PtrFlow {
	return func(in *Inst, a *Arch) []PtrFlow {
		if (in.Op != "LDP" && in.Op != "STP") || len(in.Args) != 2 {
			return flows(in, a)
		}
		mem, pair := in.Args[0], in.Args[1]
		if in.Op == "STP" {
			mem, pair = pair, mem
		}
		if mem.Kind != ArgMem || mem.Post || mem.Pre || pair.Kind != ArgList || len(pair.Regs) != 2 {
			return nil
		}
		var out []PtrFlow
		for i, r := range pair.Regs {
			x := mem
			x.Imm += int64(8 * i)
			if in.Op == "LDP" {
				out = append(out, PtrFlow{Dst: r, Src: x})
			} else {
				out = append(out, PtrFlow{Dst: x, Src: r})
			}
		}
		return out
	}
}

// WithAddressOf adds the address computations of op (s390x's LA, which
// the listing prints MOVD $t-64(SP), R2) to flows: the base register's
// pointer, moved by the displacement (by an unknown amount with an
// index).
func WithAddressOf(op string, flows func(in *Inst, a *Arch) []PtrFlow) func(in *Inst, a *Arch) []PtrFlow {
	return func(in *Inst, a *Arch) []PtrFlow {
		if in.Op != op || len(in.Args) != 2 {
			return flows(in, a)
		}
		x, dst := in.Args[0], in.Args[1]
		if x.Kind != ArgMem || x.Global || x.Reg == "" || dst.Kind != ArgReg {
			return nil
		}
		return []PtrFlow{{Dst: dst, Src: Arg{Kind: ArgReg, Reg: x.Reg}, Delta: x.Imm, Vary: x.Index != "" && x.Index != a.Zero}}
	}
}
