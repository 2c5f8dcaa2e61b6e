package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// What the models of riscv64, ppc64, s390x, loong64 and arm share: the
// reading and writing of register operands of the canonical records, a
// vector register as two lanes of 8 bytes (VSX, the vector facility), a
// register that reads as zero. It reads no text: each front end has its
// own parser.

// vec16Lanes is the number of 8-byte lanes of a 16-byte vector register.
const vec16Lanes = 2

// rm is a load-store model's view of one instruction.
type LoadStore struct {
	*Mach
	Zero  string                // the register that reads as zero and ignores writes ("" for none)
	IsVec func(loc string) bool // the vector registers, which are lanes; nil for none
}

// lanes are the lanes of a vector register part: Width 0 is all of it.
func partLanes(a Arg) (lo, hi int) {
	if a.Width == 0 || a.Width >= 8*vec16Lanes {
		return 0, vec16Lanes
	}
	return a.Off / 8, min(vec16Lanes, (a.Off+a.Width+7)/8)
}

func (m LoadStore) vec(loc string) bool { return m.IsVec != nil && m.IsVec(loc) }

// Read returns the level of a register or a constant.
func (m LoadStore) Read(a Arg) Level {
	switch a.Kind {
	case ArgImm:
		return Static
	case ArgReg:
		if m.Zero != "" && a.Reg == m.Zero {
			return Static
		}
		if m.vec(a.Reg) {
			lo, hi := partLanes(a)
			l := Static
			for i := lo; i < hi; i++ {
				l = max(l, m.Reg(Lane(a.Reg, i)))
			}
			return l
		}
		return m.Reg(a.Reg)
	}
	m.Find("operand %s not modelled (fail closed)", ArgName(a))
	return Secret
}

// Reads returns the highest level of the operands.
func (m LoadStore) Reads(as ...Arg) Level {
	l := Static
	for _, a := range as {
		l = max(l, m.Read(a))
	}
	return l
}

// Write sets a register, or the lanes of a vector register part (the
// other lanes keep their level); a write to the zero register vanishes.
func (m LoadStore) Write(a Arg, l Level) {
	if a.Kind != ArgReg {
		m.Find("write to operand %s not modelled (fail closed)", ArgName(a))
		return
	}
	switch {
	case m.Zero != "" && a.Reg == m.Zero:
	case m.vec(a.Reg):
		lo, hi := partLanes(a)
		for i := lo; i < hi; i++ {
			m.Set(Lane(a.Reg, i), l)
		}
	default:
		m.Set(a.Reg, l)
	}
}

// SameReg reports whether a and b name the same register part, with no
// shift: the zeroing idioms.
func SameReg(a, b Arg) bool {
	return a.Kind == ArgReg && b.Kind == ArgReg && a.Reg == b.Reg && a.Off == b.Off && a.Width == b.Width &&
		a.Shift == "" && b.Shift == ""
}

// WithoutZero drops the zero register from a memory operand's base and
// index: it adds nothing to the address.
func WithoutZero(x Arg, zero string) Arg {
	if x.Reg == zero {
		x.Reg = ""
	}
	if x.Index == zero {
		x.Index, x.Scale = "", 0
	}
	if x.Reg == "" && x.Index == "" {
		x.Global = true // an absolute address
	}
	return x
}

func ArgName(a Arg) string {
	if a.Name != "" {
		return a.Name
	}
	if a.Kind == ArgImm {
		return "$" + strconv.FormatInt(a.Imm, 10)
	}
	if a.Reg != "" {
		return a.Reg
	}
	return fmt.Sprint(a.Kind)
}

// Numbered returns prefix+lo ... prefix+hi.
func Numbered(prefix string, lo, hi int) []string {
	var rs []string
	for i := lo; i <= hi; i++ {
		rs = append(rs, prefix+strconv.Itoa(i))
	}
	return rs
}

// RegNum returns n for a register prefix+n with lo <= n <= hi.
func RegNum(s, prefix string, lo, hi int) (int, bool) {
	if !strings.HasPrefix(s, prefix) || len(s) == len(prefix) {
		return 0, false
	}
	d := s[len(prefix):]
	if len(d) > 1 && d[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(d)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// WithLanes returns the lane locations of each vector register too.
func WithLanes(regs []string, vecs []string) []string {
	for _, v := range vecs {
		for i := range vec16Lanes {
			regs = append(regs, Lane(v, i))
		}
	}
	return regs
}

// ObjInt reads a constant as go tool objdump prints it: decimal or
// hexadecimal, signed. The listing's constants are read by listingInt.
func ObjInt(s string) (int64, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var v uint64
	var err error
	if strings.HasPrefix(s, "0x") {
		v, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil {
		return 0, false
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// Lane names lane i of register reg: X0.1.
func Lane(reg string, i int) string { return reg + "." + strconv.Itoa(i) }
