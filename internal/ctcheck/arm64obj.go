package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// arm64 as go tool objdump prints it: Go syntax, N(PC) branch targets in
// instructions, MOVD.W/MOVD.P for pre- and post-indexed accesses.

var arm64Obj = &binArch{
	ptrSize: 8, fixedFrame: 8, sp: "RSP", g: "R28", gInABI0: true,
	argRegs: numbered("R", 0, 15),
	// R28 is g and R29 the frame pointer: preserved. R30 is the link
	// register, which a call overwrites.
	regs:  append(append(numbered("R", 0, 27), "R30"), numbered("V", 0, 31)...),
	flags: []string{"FLAGS"},
	step:  arm64ObjStep,
}

// numbered returns prefix+lo ... prefix+hi.
func numbered(prefix string, lo, hi int) []string {
	var rs []string
	for i := lo; i <= hi; i++ {
		rs = append(rs, prefix+strconv.Itoa(i))
	}
	return rs
}

var (
	arm64ObjGP    = regexp.MustCompile(`^R([0-9]|[12][0-9]|30)$`)
	arm64ObjShift = regexp.MustCompile(`^(R[0-9]+)(?:(?:<<|>>|->|@>)\$?[0-9]+|\.[US]XT[BHWX](?:<<[0-9]+)?)$`)
	arm64ObjMove  = set("MOVD", "MOVW", "MOVWU", "MOVH", "MOVHU", "MOVB", "MOVBU", "FMOVD", "FMOVS", "FMOVQ")
	arm64ObjWidth = map[string]int{"MOVD": 8, "MOVW": 4, "MOVWU": 4, "MOVH": 2, "MOVHU": 2, "MOVB": 1, "MOVBU": 1, "FMOVD": 8, "FMOVS": 4, "FMOVQ": 16}
	arm64ObjALU   = set("ADD", "SUB", "AND", "ORR", "EOR", "BIC", "ORN", "EON", "LSL", "LSR", "ASR", "ROR", "MUL", "NEG", "MVN",
		"ADDW", "SUBW", "ANDW", "ORRW", "EORW", "BICW", "LSLW", "LSRW", "ASRW", "NEGW", "MVNW",
		"ADDS", "SUBS", "ANDS", "ADDSW", "SUBSW", "ANDSW", "NEGS",
		"VEOR", "VORR", "VAND", "VBIC", "VADD", "VSUB", "VCMEQ")
	// op src, dst: dst = op src, not dst op= src.
	arm64ObjUnary = set("NEG", "NEGW", "NEGS", "MVN", "MVNW")
	arm64ObjCarry = set("ADC", "SBC", "ADCS", "SBCS", "ADCW", "SBCW")
	arm64ObjTest  = set("CMP", "CMN", "TST", "CMPW", "CMNW", "TSTW")
	arm64ObjSel   = set("CSEL", "CSINC", "CSINV", "CSNEG", "CSELW", "CSINCW")
	arm64ObjBit   = set("UBFX", "SBFX", "UBFIZ", "SBFIZ", "UBFXW", "SBFXW")
	// Encodings the disassembler prints as "?": MSR DIT, #1 and #0, and
	// the speculation barrier SB. None moves data.
	arm64ObjKnown = set("d503415f", "d503405f", "d50330ff")
	// Barriers: no data moves.
	arm64ObjBarrier = set("DSB", "ISB", "DMB")
	// Load and store pair, by the width of each register.
	arm64ObjPairs = map[string]int{"LDP": 8, "STP": 8, "LDPW": 4, "STPW": 4, "FLDPD": 8, "FSTPD": 8, "FLDPS": 4, "FSTPS": 4, "FLDPQ": 16, "FSTPQ": 16}
)

// arm64ObjTable is every opcode the arm64 model knows, as the table
// that TestARM64ObjTable tests row by row: the classes above, the
// conditional branches, and those the step names itself. Any other fails
// closed.
func arm64ObjTable() map[string]bool {
	t := set("?", "NOOP", "NOP", "RET", "JMP", "CALL", "CBZ", "CBNZ", "CBZW", "CBNZW", "TBZ", "TBNZ", "ADRP", "MRS", "MSR",
		"VLD1", "VMOV", "CSET", "CSETM", "CSETW")
	for _, c := range []map[string]bool{arm64ObjMove, arm64ObjALU, arm64ObjCarry, arm64ObjTest, arm64ObjSel, arm64ObjBit, arm64ObjBarrier} {
		for op := range c {
			t[op] = true
		}
	}
	for op := range arm64ObjPairs {
		t[op] = true
	}
	for cc := range arm64Cond {
		t["B"+cc] = true
	}
	return t
}

// arm64ObjReg names a register's location: V3.B16, V3.D[1] and F3 are
// one. Shifted and extended registers name the register.
func arm64ObjReg(r string) (string, bool) {
	if p := arm64ObjShift.FindStringSubmatch(r); p != nil {
		r = p[1]
	}
	switch {
	case r == "RSP" || arm64ObjGP.MatchString(r):
		return r, true
	case arm64Vec.MatchString(r):
		name, _, _ := strings.Cut(r, ".")
		name, _, _ = strings.Cut(name, "[")
		return "V" + name[1:], true
	}
	return "", false
}

// arm64ObjTarget decodes a branch's target from its encoding, in words:
// imm26 of B, imm19 of B.cond, CBZ and CBNZ, imm14 of TBZ and TBNZ.
func arm64ObjTarget(in *BinInstr) (uint64, bool) {
	v, err := strconv.ParseUint(in.Hex, 16, 32)
	if err != nil || len(in.Hex) != 8 {
		return 0, false
	}
	var off int64
	switch {
	case v>>26 == 0x05: // B
		off = int64(v<<38) >> 38
	case v>>24 == 0x54, v>>25&0x3f == 0x1a: // B.cond; CBZ, CBNZ
		off = int64((v>>5&0x7ffff)<<45) >> 45
	case v>>25&0x3f == 0x1b: // TBZ, TBNZ
		off = int64((v>>5&0x3fff)<<50) >> 50
	default:
		return 0, false
	}
	return uint64(int64(in.Addr) + 4*off), true
}

// arm64ObjPC returns the target of the branch in, whose printed target s
// must be N(PC) and agree with the encoding.
func arm64ObjPC(m *mach, s string) uint64 {
	printed, isPC := pcRel(m.in, s, 4)
	t, ok := arm64ObjTarget(m.in)
	if !isPC || !ok || t != printed {
		m.find("branch target %s not decoded (fail closed)", s)
	}
	return t
}

func arm64ObjStep(m *mach) {
	in := m.in
	r := risc{m: m, reg: arm64ObjReg, zero: "ZR"}
	op, suffix, _ := strings.Cut(in.Op, ".")
	args := in.Args
	n := len(args)
	ok := true
	switch {
	case op == "?" && arm64ObjKnown[in.Hex]:
	case op == "NOOP" || op == "NOP" || arm64ObjBarrier[op] && n == 1 && isImmediate(args[0]):
	case op == "RET":
		m.ret()
	case op == "JMP" && n == 1:
		if strings.HasSuffix(args[0], "(PC)") {
			m.jump(arm64ObjPC(m, args[0]))
		} else if sym, isSym := symbol(args[0]); isSym {
			m.tail(sym)
		} else {
			m.indirect()
		}
	case op == "CALL" && n == 1:
		if sym, isSym := symbol(args[0]); isSym {
			m.call(sym)
		} else {
			m.indirect()
		}
	case len(op) == 3 && op[0] == 'B' && arm64Cond[op[1:]] && n == 1:
		m.branch(m.reg("FLAGS"), "flags", arm64ObjPC(m, args[0]))
	case (op == "CBZ" || op == "CBNZ" || op == "CBZW" || op == "CBNZW") && n == 2:
		l, isReg := r.read(args[0])
		ok = isReg
		m.branch(l, args[0], arm64ObjPC(m, args[1]))
	case (op == "TBZ" || op == "TBNZ") && n == 3:
		l, isReg := r.read(args[1])
		ok = isReg
		m.branch(l, args[1], arm64ObjPC(m, args[2]))
	case op == "ADRP" && n == 2:
		ok = r.write(args[1], static)
	case (op == "MRS") && n == 2:
		ok = r.write(args[1], public) // a system register
	case op == "MSR" && n == 2:
		l, isReg := r.read(args[0])
		ok = isReg
		if l == secret {
			m.find("system register written from secret data")
		}
	case arm64ObjMove[op] && n == 2:
		ok = arm64ObjMoveStep(m, r, op, suffix, args)
	case arm64ObjPairs[op] != 0 && n == 2:
		ok = arm64ObjPair(m, r, op, suffix, args)
	case op == "VLD1" && n == 2 && isMemOperand(args[0]):
		x, isMem := r.mem(args[0])
		regs := SplitOperands(strings.Trim(args[1], "[]"))
		ok = isMem && (suffix == "" || suffix == "P") && x.base != m.a.sp
		access := x
		if suffix == "P" {
			access.disp = 0 // post-indexed: the base moves after the load
		}
		l := m.load(access, 16*len(regs))
		for _, v := range regs {
			ok = ok && r.write(v, l)
		}
	case op == "VMOV" && n == 2:
		l, isReg := r.read(args[0])
		ok = isReg
		if strings.Contains(args[1], "[") {
			l = max(l, m.reg(mustLoc(r, args[1])))
		}
		ok = ok && r.write(args[1], l)
	case arm64ObjBit[op] && n == 4:
		l, isReg := r.read(args[1])
		ok = isReg && r.write(args[3], l)
	case (op == "CSET" || op == "CSETM" || op == "CSETW") && n == 2 && arm64Cond[args[0]]:
		ok = r.write(args[1], m.reg("FLAGS"))
	case arm64ObjSel[op] && n == 4 && arm64Cond[args[0]]:
		l, isReg := r.reads(args[1], args[2])
		ok = isReg && r.write(args[3], max(l, m.reg("FLAGS")))
	case arm64ObjTest[op] && n == 2:
		l, isReg := r.reads(args...)
		ok = isReg
		m.set("FLAGS", l)
	case (arm64ObjALU[op] || arm64ObjCarry[op]) && (n == 1 || n == 2 || n == 3):
		ok = arm64ObjALUStep(m, r, op, args)
	default:
		m.unmodelled()
		return
	}
	if !ok {
		m.unmodelled()
	}
}

// mustLoc is a register's location, or "" if it is none.
func mustLoc(r risc, s string) string {
	loc, _ := r.reg(s)
	return loc
}

// arm64ObjALUStep runs op src2, src1, dst; op src, dst (dst op= src, or
// dst = op src for NEG and MVN); and op dst (NEG, MVN).
func arm64ObjALUStep(m *mach, r risc, op string, args []string) bool {
	dst := args[len(args)-1]
	srcs := args
	switch {
	case len(args) == 3:
		srcs = args[:2]
	case len(args) == 2 && arm64ObjUnary[op]:
		srcs = args[:1] // NEG src, dst: dst = -src, which Go 1.24 emits
	}
	var l level
	if (op == "EOR" || op == "EORW" || op == "SUB" || op == "SUBW" || op == "VEOR") && len(args) == 3 &&
		args[0] == args[1] && !strings.ContainsAny(args[0], "<>@$") {
		l = static // the zeroing idiom
	} else {
		var ok bool
		if l, ok = r.reads(srcs...); !ok {
			return false
		}
	}
	if arm64ObjCarry[op] {
		l = max(l, m.reg("FLAGS"))
	}
	// The frame: ADD/SUB $n, RSP[, RSP].
	if dst == "RSP" {
		v, isImm := parseInt(args[0])
		if !isImm || !strings.HasPrefix(args[0], "$") || len(args) == 3 && args[1] != "RSP" || op != "ADD" && op != "SUB" {
			return false
		}
		if op == "SUB" {
			v = -v
		}
		m.moveSP(v)
		return true
	}
	if !r.write(dst, l) {
		return false
	}
	if strings.HasSuffix(strings.TrimSuffix(op, "W"), "S") || arm64ObjCarry[op] && strings.HasSuffix(op, "S") {
		m.set("FLAGS", l)
	}
	return true
}

// arm64ObjMoveStep runs a load, a store or a register move, with .W
// (pre-indexed: the base moves first) or .P (post-indexed: after).
func arm64ObjMoveStep(m *mach, r risc, op, suffix string, args []string) bool {
	w := arm64ObjWidth[op]
	switch {
	case isMemOperand(args[0]) && !isMemOperand(args[1]):
		x, ok := arm64ObjIndexed(m, r, args[0], suffix)
		if !ok {
			return false
		}
		l := m.load(x, w)
		arm64ObjPost(m, r, args[0], suffix)
		return r.write(args[1], l)
	case isMemOperand(args[1]) && !isMemOperand(args[0]):
		l, ok := r.read(args[0])
		if !ok {
			return false
		}
		x, ok := arm64ObjIndexed(m, r, args[1], suffix)
		if !ok {
			return false
		}
		m.store(x, w, l)
		arm64ObjPost(m, r, args[1], suffix)
		return true
	case suffix == "" && !isMemOperand(args[0]):
		l, ok := r.read(args[0])
		return ok && r.write(args[1], l)
	}
	return false
}

// arm64ObjIndexed returns the address an access with suffix reads: for
// .W the base moves by the displacement first, for .P after.
func arm64ObjIndexed(m *mach, r risc, s, suffix string) (memRef, bool) {
	x, ok := r.mem(s)
	if !ok || (suffix != "" && suffix != "W" && suffix != "P") || suffix != "" && x.index != "" {
		return x, false
	}
	if suffix == "W" && x.base == m.a.sp {
		m.moveSP(x.disp)
	}
	if suffix != "" {
		x.disp = 0
	}
	return x, true
}

// arm64ObjPost moves the stack pointer after a post-indexed access through
// it. Other bases move by a constant: their level stays.
func arm64ObjPost(m *mach, r risc, s, suffix string) {
	if x, _ := r.mem(s); suffix == "P" && x.base == m.a.sp {
		m.moveSP(x.disp)
	}
}

// arm64ObjPair runs LDP mem, (Ra, Rb) and STP (Ra, Rb), mem.
func arm64ObjPair(m *mach, r risc, op, suffix string, args []string) bool {
	w := arm64ObjPairs[op]
	memArg, pairArg := args[0], args[1]
	load := strings.Contains(op, "LDP")
	if !load {
		memArg, pairArg = args[1], args[0]
	}
	pair := SplitOperands(strings.Trim(pairArg, "()"))
	if len(pair) != 2 {
		return false
	}
	x, ok := arm64ObjIndexed(m, r, memArg, suffix)
	if !ok {
		return false
	}
	var loaded [2]level // both loads come before either write
	for i, reg := range pair {
		xi := x
		xi.disp += int64(i * w)
		if load {
			loaded[i] = m.load(xi, w)
		} else {
			l, isReg := r.read(reg)
			ok = ok && isReg
			m.store(xi, w, l)
		}
	}
	for i, reg := range pair {
		if load {
			ok = ok && r.write(reg, loaded[i])
		}
	}
	arm64ObjPost(m, r, memArg, suffix)
	return ok
}
