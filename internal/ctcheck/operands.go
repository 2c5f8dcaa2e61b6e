package ctcheck

import (
	"regexp"
	"strconv"
	"strings"
)

// Operand syntax that the load-store architectures' disassemblers share.

// parseInt reads a number as the disassemblers print them: decimal or
// hexadecimal, signed, or (a<<b).
func parseInt(s string) (int64, bool) {
	s = strings.TrimPrefix(s, "$")
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		a, b, ok := strings.Cut(s[1:len(s)-1], "<<")
		x, ok1 := parseInt(a)
		y, ok2 := parseInt(b)
		return x << y, ok && ok1 && ok2
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var v uint64
	var err error
	if strings.HasPrefix(s, "0x") {
		v, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	if neg {
		return -int64(v), err == nil
	}
	return int64(v), err == nil
}

// isImmediate reports whether s is a constant operand.
func isImmediate(s string) bool {
	_, ok := parseInt(s)
	return strings.HasPrefix(s, "$") && ok
}

var riscMem = regexp.MustCompile(`^(-?(?:0x[0-9a-f]+|[0-9]+))?\(([A-Z0-9]+)\)(?:\(([A-Z0-9]+)(?:(?:\*|<<)[0-9]+)?\))?$`)

// parseMem reads disp(base) and disp(base)(index), with an optional
// scale (*n or <<n) on the index; reg names the registers. zero is the
// register that reads as zero in an address, if any.
func parseMem(s string, reg func(string) (string, bool), zero string) (memRef, bool) {
	if strings.HasSuffix(s, "(SB)") {
		return memRef{global: true}, true
	}
	p := riscMem.FindStringSubmatch(s)
	if p == nil {
		return memRef{}, false
	}
	var x memRef
	if p[1] != "" {
		d, ok := parseInt(p[1])
		if !ok {
			return memRef{}, false
		}
		x.disp = d
	}
	for i, r := range []string{p[2], p[3]} {
		if r == "" || r == zero {
			continue
		}
		loc, ok := reg(r)
		if !ok {
			return memRef{}, false
		}
		if i == 0 {
			x.base = loc
		} else {
			x.index = loc
		}
	}
	if x.base == "" && x.index == "" {
		x.global = true // an absolute address
	}
	return x, true
}

// isMemOperand reports whether s looks like a memory operand.
func isMemOperand(s string) bool { return strings.Contains(s, "(") && !strings.HasPrefix(s, "$") }

// pcRel reads N(PC), a branch target N units of unit bytes from the
// instruction.
func pcRel(in *BinInstr, s string, unit int64) (uint64, bool) {
	n, ok := parseInt(strings.TrimSuffix(s, "(PC)"))
	if !ok || !strings.HasSuffix(s, "(PC)") {
		return 0, false
	}
	return uint64(int64(in.Addr) + n*unit), true
}

// symbol returns sym for sym(SB), and whether s has that form.
func symbol(s string) (string, bool) {
	if !strings.HasSuffix(s, "(SB)") || strings.Contains(s, "+") {
		return "", false
	}
	return strings.TrimSuffix(s, "(SB)"), true
}

// absolute reads a branch target printed as an address.
func absolute(s string) (uint64, bool) {
	if !strings.HasPrefix(s, "0x") {
		return 0, false
	}
	v, err := strconv.ParseUint(s[2:], 16, 64)
	return v, err == nil
}

// A risc is the part of the load-store architectures' models that is the
// same for all of them.
type risc struct {
	m   *mach
	reg func(string) (string, bool) // location of a register name
	// zero: the register that reads as zero, if any.
	zero string
}

// read returns the level of a register or an immediate.
func (r risc) read(s string) (level, bool) {
	if isImmediate(s) {
		return static, true
	}
	if s == r.zero && s != "" {
		return static, true
	}
	loc, ok := r.reg(s)
	if !ok {
		return 0, false
	}
	if loc == r.m.a.sp {
		return public, true
	}
	return r.m.reg(loc), true
}

// reads returns the highest level of the operands, and false if any is
// not a register or an immediate.
func (r risc) reads(ops ...string) (level, bool) {
	l := static
	for _, s := range ops {
		sl, ok := r.read(s)
		if !ok {
			return 0, false
		}
		l = max(l, sl)
	}
	return l, true
}

// write sets a register; writes to the zero register vanish.
func (r risc) write(s string, l level) bool {
	if s == r.zero && s != "" {
		return true
	}
	loc, ok := r.reg(s)
	if !ok {
		return false
	}
	r.m.set(loc, l)
	return true
}

// mem parses a memory operand.
func (r risc) mem(s string) (memRef, bool) { return parseMem(s, r.reg, r.zero) }

// divide runs a division or remainder, srcs... -> dst: its latency depends
// on its operands, so a secret one is a finding.
func (r risc) divide(m *mach, dst string, srcs ...string) bool {
	l, isReg := r.reads(srcs...)
	if l == secret {
		m.find("variable-latency instruction on secret data")
	}
	return isReg && r.write(dst, l)
}
