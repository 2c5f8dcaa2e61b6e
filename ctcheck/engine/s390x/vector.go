package s390x

import (
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// The vector facility's integer instructions beyond the first few
// (model.go's s390xVecOp), and the message-security assist (CPACF).
//
// Vector integer arithmetic, logic, shifts, rotates, permutes, merges,
// the carry and borrow chains and the multiplies are taken to be data
// independent, as the scalar ALU and MLGR are: the result's level is
// the highest of the sources' (a register whole, where an element moves
// within it; a doubleword lane where an instruction names one). VPERM's
// selector is data, not an address.

// s390xSized makes a family's names: base plus each size suffix.
func s390xSized(base, sizes string) []string {
	var out []string
	for _, s := range strings.Fields(sizes) {
		out = append(out, base+s)
	}
	return out
}

var (
	// s390xVecFamilies are the vector operations of only registers and
	// immediates, dst last, whose result is a function of all their
	// sources: Go's names by element size.
	s390xVecFamilies = func() map[string]bool {
		var ops []string
		for _, f := range []struct{ base, sizes string }{
			{"VA", "B H F G Q"}, {"VACC", "B H F G Q"}, {"VS", "B H F G Q"}, {"VSCBI", "B H F G Q"},
			{"VML", "HW F"}, {"VMLH", "B H F"}, {"VMLO", "B H F"}, {"VMLE", "B H F"},
			{"VMAL", "B HW F"}, {"VMALH", "B H F"}, {"VMALO", "B H F"}, {"VMALE", "B H F"},
			{"VMRL", "B H F G"}, {"VMRH", "B H F G"}, {"VSUMQ", "F G"},
			{"VESL", "B H F G"}, {"VESRL", "B H F G"}, {"VESRA", "B H F G"}, {"VERLL", "B H F G"},
			{"VERIM", "B H F G"},
		} {
			ops = append(ops, s390xSized(f.base, f.sizes)...)
		}
		return engine.OpSet(append(ops, "VACQ", "VACCCQ", "VSBIQ", "VSBCBIQ", "VSRLB", "VSRL", "VSLB", "VSL", "VSLDB",
			"VPDI", "VNC")...)
	}()
	// s390xVecInsert are the operations that write part of dst and keep
	// the rest: dst is a source too (VERIM: dst's bits outside the mask).
	s390xVecInsert = engine.OpSet(s390xSized("VERIM", "B H F G")...)
	// s390xVecShift are the element shifts and rotates by an amount
	// that is an immediate or a register (D2(B2)).
	s390xVecShift = engine.OpSet(append(append(append(s390xSized("VESL", "B H F G"), s390xSized("VESRL", "B H F G")...),
		s390xSized("VESRA", "B H F G")...), s390xSized("VERLL", "B H F G")...)...)
	// s390xVecConst are the constants: replicated immediates, byte and
	// bit masks.
	s390xVecConst = engine.OpSet(append(append(s390xSized("VREPI", "B H F G"), s390xSized("VGM", "B H F G")...), "VGBM")...)
	// s390xElem is the element size of the element forms, by suffix.
	s390xElem = map[byte]int{'B': 1, 'H': 2, 'F': 4, 'G': 8}
	// Element moves: VREP (replicate), VLEI (an immediate into an
	// element), VLVG (a general register into one), VLREP (a load
	// replicated), VLE (a load into an element), VSTE (an element
	// stored).
	s390xVecElem = engine.OpSet(append(append(append(append(append(s390xSized("VREP", "B H F G"), s390xSized("VLEI", "B H F G")...),
		s390xSized("VLVG", "B H F G")...), s390xSized("VLREP", "B H F G")...), s390xSized("VLE", "B H F G")...),
		s390xSized("VSTE", "B H F G")...)...)
)

// s390xVectorMore models the instructions above; the model's
// s390xVector has the first ones.
func s390xVectorMore(c s390xCases) bool {
	m, op, a, n, gp, vr := c.m, c.op, c.a, c.n, c.gp, c.vr
	switch {
	case s390xVecConst[op] && n >= 2 && vr(n-1):
		for _, x := range a[:n-1] {
			if x.Kind != engine.ArgImm {
				m.Unmodelled()
				return true
			}
		}
		m.Write(a[n-1], engine.Static)
	case op == "VLR" && n == 2 && vr(0) && vr(1):
		m.Write(a[1], m.Read(a[0]))
	case op == "VLVGP" && n == 3 && gp(0) && gp(1) && vr(2):
		// VLVGP Ra, Rb, V: Ra to doubleword 0, Rb to 1.
		l0, l1 := m.Read(a[0]), m.Read(a[1])
		m.Write(s390xPart(a[2], 8, 0), l0)
		m.Write(s390xPart(a[2], 8, 1), l1)
	case s390xVecShift[op] && n == 3 && vr(1) && vr(2):
		l, ok := s390xAmount(m, a[0])
		if !ok {
			m.Unmodelled()
			return true
		}
		m.Write(a[2], max(l, m.Read(a[1])))
	case s390xVecFamilies[op] && n >= 3 && vr(n-1):
		for i := range n - 1 {
			if a[i].Kind != engine.ArgImm && !vr(i) {
				m.Unmodelled()
				return true
			}
		}
		l := m.Reads(a[:n-1]...)
		if s390xVecInsert[op] {
			l = max(l, m.Read(a[n-1]))
		}
		m.Write(a[n-1], l)
	case s390xVecElem[op]:
		s390xElemOp(c)
	default:
		return false
	}
	return true
}

// s390xAmount is the level of a shift amount or an element index: an
// immediate, a general register, or D2(B2) as the disassembler and the
// assembler may write one (the amount is D2 plus B2).
func s390xAmount(m engine.LoadStore, x engine.Arg) (engine.Level, bool) {
	switch {
	case x.Kind == engine.ArgImm:
		return engine.Static, true
	case x.Kind == engine.ArgReg && x.Reg[0] == 'R':
		return m.Read(x), true
	case x.Kind == engine.ArgMem && x.Index == "" && x.Sym == "":
		if x.Global || x.Reg == "" {
			return engine.Static, true
		}
		return m.Reg(x.Reg), true
	}
	return 0, false
}

// s390xPart is element idx of size bytes of vector register v.
func s390xPart(v engine.Arg, size, idx int) engine.Arg {
	v.Width, v.Off = size, idx*size
	return v
}

// s390xElemOp runs the element moves: the doubleword lane an element
// lies in takes its level (an element narrower than the lane merges
// into it).
func s390xElemOp(c s390xCases) {
	m, op, a, n, gp, vr := c.m, c.op, c.a, c.n, c.gp, c.vr
	size := s390xElem[op[len(op)-1]]
	// part is element idx of v, false where idx is no element.
	part := func(v engine.Arg, idx engine.Arg) (engine.Arg, bool) {
		if idx.Kind != engine.ArgImm || idx.Imm < 0 || int(idx.Imm+1)*size > 16 {
			return engine.Arg{}, false
		}
		return s390xPart(v, size, int(idx.Imm)), true
	}
	// put writes l into element idx of v: the lane whole where the
	// element fills it; else merged; an index not known, the register.
	put := func(v, idx engine.Arg, l engine.Level) {
		p, ok := part(v, idx)
		switch {
		case !ok:
			m.Write(v, max(l, m.Read(v)))
		case size == 8:
			m.Write(p, l)
		default:
			m.Write(p, max(l, m.Read(p)))
		}
	}
	mem := func(i int) bool { return i < n && a[i].Kind == engine.ArgMem }
	switch base := op[:len(op)-1]; {
	case base == "VREP" && n == 3 && vr(1) && vr(2):
		// VREP $i, V, dst: element i of V to every element of dst.
		p, ok := part(a[1], a[0])
		if !ok {
			m.Unmodelled()
			return
		}
		m.Write(a[2], m.Read(p))
	case base == "VLEI" && n == 3 && a[0].Kind == engine.ArgImm && a[1].Kind == engine.ArgImm && vr(2):
		put(a[2], a[0], engine.Static)
	case base == "VLVG" && n == 3 && gp(1) && vr(2):
		// VLVG idx, R, V: an index by register moves the element by
		// data (no address): the register whole.
		l, ok := s390xAmount(m, a[0])
		if !ok {
			m.Unmodelled()
			return
		}
		if a[0].Kind == engine.ArgImm {
			put(a[2], a[0], m.Read(a[1]))
			return
		}
		m.Write(a[2], max(l, m.Read(a[1]), m.Read(a[2])))
	case base == "VLREP" && n == 2 && mem(0) && vr(1):
		m.Write(a[1], m.Load(a[0], size))
	case base == "VLE" && n == 3 && a[0].Kind == engine.ArgImm && mem(1) && vr(2):
		if _, ok := part(a[2], a[0]); !ok {
			m.Unmodelled()
			return
		}
		put(a[2], a[0], m.Load(a[1], size))
	case base == "VSTE" && n == 3 && a[0].Kind == engine.ArgImm && vr(1) && mem(2):
		p, ok := part(a[1], a[0])
		if !ok {
			m.Unmodelled()
			return
		}
		m.Store(a[2], size, m.Read(p))
	default:
		m.Unmodelled()
	}
}

// The message-security assist (CPACF): KM, KMC, KMCTR, KMA, KIMD, KLMD,
// KDSA, KMAC. R0 holds the function code, R1 the address of the
// parameter block (a key, a chaining value, a counter, a digest);
// the R fields name even-odd pairs of an operand's address and length,
// which the instruction advances and counts down, and which may stop
// early (condition code 3: the code branches back with BVS).
//
// The function code, each address and each length must be public (an
// address or a length on a secret says which bytes are touched); the
// bytes read are the parameter block and the sources, the bytes written
// the destination and (but KM's and KMCTR's, a key alone) the parameter
// block, with the level of all that was read: each operand of a length
// the analysis does not bound, as a runtime copy's (Mach.BytesFrom,
// WriteBytesFrom). The condition code says how far it went, a matter of
// the lengths; KDSA's also says whether a signature verified or a
// signing must be retried, which depends on the data.
//
// IBM publishes no statement that these run in time independent of the
// data: on a secret, each is a finding (Mach.Undocumented), not a
// verdict of constant time.
var s390xCPACF = engine.OpSet("KM", "KMC", "KMCTR", "KMA", "KIMD", "KLMD", "KDSA", "KMAC")

// s390xOperand is one operand of a CPACF instruction: the register of
// its address, the register of its length ("" for none: as long as
// another), and whether it is written.
type s390xOperand struct {
	addr, length string
	write        bool
}

// s390xPair is the odd register of the even-odd pair reg begins.
func s390xPair(reg string) (string, bool) {
	num, ok := engine.RegNum(reg, "R", 0, 14)
	if !ok || num%2 != 0 {
		return "", false
	}
	return "R" + strconv.Itoa(num+1), true
}

// s390xCryptoOperands are the operands of CPACF instruction op with
// the register arguments a: op R1, R2 (Go's and the machine's order),
// KMA and KMCTR op R1, R3, R2. ok false: a form not modelled.
func s390xCryptoOperands(op string, a []engine.Arg) (ops []s390xOperand, ok bool) {
	for _, x := range a {
		if x.Kind != engine.ArgReg || x.Reg[0] != 'R' {
			return nil, false
		}
	}
	var r1, r2, r3 string
	switch n := len(a); {
	case (op == "KMA" || op == "KMCTR") && n == 3:
		r1, r3, r2 = a[0].Reg, a[1].Reg, a[2].Reg
	case op != "KMA" && op != "KMCTR" && n == 2:
		r1, r2 = a[0].Reg, a[1].Reg
	default:
		return nil, false
	}
	len2, ok := s390xPair(r2)
	if !ok {
		return nil, false
	}
	ops = []s390xOperand{{addr: r2, length: len2}}
	switch op {
	case "KM", "KMC":
		ops = append(ops, s390xOperand{addr: r1, write: true})
	case "KMCTR":
		ops = append(ops, s390xOperand{addr: r1, write: true}, s390xOperand{addr: r3}) // the counters, read
	case "KMA":
		len3, ok := s390xPair(r3)
		if !ok {
			return nil, false
		}
		ops = append(ops, s390xOperand{addr: r1, write: true}, s390xOperand{addr: r3, length: len3}) // the data authenticated
	case "KIMD", "KLMD":
		// The first operand, the output of the SHAKE functions, with its
		// length; R0 in the R1 field: none (KIMD R0, R2). KDSA and KMAC
		// ignore their R1 field.
		if r1 != "R0" {
			len1, ok := s390xPair(r1)
			if !ok {
				return nil, false
			}
			ops = append(ops, s390xOperand{addr: r1, length: len1, write: true})
		}
	}
	return ops, true
}

// s390xCrypto models the CPACF instructions.
func s390xCrypto(c s390xCases) bool {
	m, op := c.m, c.op
	if !s390xCPACF[op] {
		return false
	}
	ops, ok := s390xCryptoOperands(op, c.a)
	if !ok {
		m.Unmodelled()
		return true
	}
	if m.Reg("R0") == engine.Secret {
		m.Find("%s: function code depends on secret R0", op)
	}
	m.Address(engine.Arg{Kind: engine.ArgMem, Reg: "R1"}) // the parameter block
	// The addresses and lengths, which the instruction updates.
	regs := engine.Static
	for _, o := range ops {
		regs = max(regs, m.Address(engine.Arg{Kind: engine.ArgMem, Reg: o.addr}))
		if o.length != "" {
			l := m.Reg(o.length)
			if l == engine.Secret {
				m.Find("memory address depends on secret %s (%s's length)", o.length, op)
			}
			regs = max(regs, l)
		}
	}
	data := m.BytesFrom("R1")
	for _, o := range ops {
		if !o.write {
			data = max(data, m.BytesFrom(o.addr))
		}
	}
	m.Undocumented(data, op+": IBM publishes no statement of data-independent timing")
	for _, o := range ops {
		if o.write {
			m.WriteBytesFrom(o.addr, data, op)
		}
	}
	if op != "KM" && op != "KMCTR" {
		m.WriteBytesFrom("R1", data, op+"'s parameter block")
	}
	// The addresses advance (s390xPtrFlows keeps their pointers, at an
	// offset not known) and the lengths count down.
	for _, o := range ops {
		m.Set(o.addr, regs)
		if o.length != "" {
			m.Set(o.length, regs)
		}
	}
	cc := regs
	if op == "KDSA" {
		cc = max(cc, data)
	}
	m.Set("FLAGS", cc)
	return true
}

// s390xCryptoFlows adds to flows the CPACF instructions' addresses, which
// advance over their operands: each keeps its pointer, at an offset not
// known; and LMG's and STMG's.
func s390xCryptoFlows(flows func(*engine.Inst, *engine.Arch) []engine.PtrFlow) func(*engine.Inst, *engine.Arch) []engine.PtrFlow {
	return func(in *engine.Inst, a *engine.Arch) []engine.PtrFlow {
		if f, ok := s390xMultipleFlows(in); ok {
			return f
		}
		if !s390xCPACF[in.Op] {
			return flows(in, a)
		}
		ops, ok := s390xCryptoOperands(in.Op, in.Args)
		if !ok {
			return nil
		}
		var out []engine.PtrFlow
		for _, o := range ops {
			r := engine.Arg{Kind: engine.ArgReg, Reg: o.addr, Width: 8, Name: o.addr}
			out = append(out, engine.PtrFlow{Dst: r, Src: r, Vary: true})
		}
		return out
	}
}

// The disassembler prints the vector instructions in no one order
// (VLR V2, V1 for Go's VLR V1, V2; VESRL V2, V1, 4(R0), $3 for VESRLG
// $4, V1, V2; VMALO V4, V1, V2, V3, $2 for VMALOF V1, V2, V3, V4): the
// hook reads these from their encoding into Go's form.

// s390xVecEnc is the encoding of a vector instruction by its last byte:
// its format, and its name (a family's where sized, completed by the
// element size its M field gives).
type s390xVecEnc struct {
	format, name string
	sized        bool
}

// s390xOps is every opcode the model knows.
var s390xOps = opcodes()

var s390xVecEncs = map[string]s390xVecEnc{
	"f3": {"rrc", "VA", true}, "f1": {"rrc", "VACC", true}, "f7": {"rrc", "VS", true}, "f5": {"rrc", "VSCBI", true},
	"a2": {"rrc", "VML", true}, "a1": {"rrc", "VMLH", true}, "a5": {"rrc", "VMLO", true}, "a4": {"rrc", "VMLE", true},
	"60": {"rrc", "VMRL", true}, "61": {"rrc", "VMRH", true}, "67": {"rrc", "VSUMQ", true},
	"7d": {"rrc", "VSRLB", false}, "7c": {"rrc", "VSRL", false}, "75": {"rrc", "VSLB", false}, "74": {"rrc", "VSL", false},
	"68": {"rrc", "VN", false}, "6a": {"rrc", "VO", false}, "6d": {"rrc", "VX", false}, "69": {"rrc", "VNC", false}, "6b": {"rrc", "VNO", false},
	"84": {"pdi", "VPDI", false},
	"bb": {"rrd", "VAC", true}, "b9": {"rrd", "VACCC", true}, "bf": {"rrd", "VSBI", true}, "bd": {"rrd", "VSBCBI", true},
	"aa": {"rrd", "VMAL", true}, "a9": {"rrd", "VMALH", true}, "ad": {"rrd", "VMALO", true}, "ac": {"rrd", "VMALE", true},
	"8d": {"rrd", "VSEL", false}, "8c": {"rrd", "VPERM", false},
	"56": {"rra", "VLR", false}, "62": {"rrf", "VLVGP", false},
	"45": {"ria", "VREPI", true}, "44": {"ria", "VGBM", false}, "40": {"vlei", "VLEIB", false}, "41": {"vlei", "VLEIH", false},
	"43": {"vlei", "VLEIF", false}, "42": {"vlei", "VLEIG", false},
	"46": {"rib", "VGM", true}, "4d": {"ric", "VREP", true}, "77": {"rid", "VSLDB", false}, "72": {"rid", "VERIM", true},
	"30": {"rsa", "VESL", true}, "38": {"rsa", "VESRL", true}, "3a": {"rsa", "VESRA", true}, "33": {"rsa", "VERLL", true},
	"22": {"rsb", "VLVG", true}, "05": {"vlrep", "VLREP", true},
	"00": {"vle", "VLEB", false}, "01": {"vle", "VLEH", false}, "03": {"vle", "VLEF", false}, "02": {"vle", "VLEG", false},
	"08": {"vste", "VSTEB", false}, "09": {"vste", "VSTEH", false}, "0b": {"vste", "VSTEF", false}, "0a": {"vste", "VSTEG", false},
}

// s390xSizeNames are the element-size suffixes of Go's names, by the
// size field (0 byte .. 4 quadword), where a family spells them its own
// way.
var s390xSizeNames = map[string][]string{
	"VML": {"B", "HW", "F"}, "VMAL": {"B", "HW", "F"},
}

// s390xObjVector reads the vector instruction in (e7 .. op) from its
// encoding into Go's form, where the model knows it; ok false: not one
// of these.
func s390xObjVector(in *engine.Inst) bool {
	h := in.Hex
	if len(h) != 12 || h[:2] != "e7" {
		return false
	}
	enc, ok := s390xVecEncs[h[10:]]
	if !ok {
		return false
	}
	nib := func(i int) int { v, _ := strconv.ParseUint(h[i:i+1], 16, 8); return int(v) }
	num := func(i, j int) int64 { v, _ := strconv.ParseUint(h[i:j], 16, 32); return int64(v) }
	rxb := nib(9)
	// vreg is the vector register of the field at nibble i, the k-th
	// (0-3) whose high bit RXB holds.
	vreg := func(i, k int) engine.Arg {
		r := nib(i)
		if rxb&(8>>k) != 0 {
			r += 16
		}
		name := "V" + strconv.Itoa(r)
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 16, Name: name}
	}
	greg := func(i int) engine.Arg {
		name := "R" + strconv.Itoa(nib(i))
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Name: name}
	}
	imm := func(v int64) engine.Arg { return engine.Arg{Kind: engine.ArgImm, Imm: v} }
	// amount is D2(B2) at nibbles 4-7: an immediate without a base, the
	// base register with one (the amount is their sum: the base's
	// level).
	amount := func() engine.Arg {
		if nib(4) == 0 {
			return imm(num(5, 8))
		}
		return greg(4)
	}
	// mem is D2(X2,B2) of a VRX instruction.
	mem := func() engine.Arg {
		x := engine.Arg{Kind: engine.ArgMem, Imm: num(5, 8)}
		if b := nib(4); b != 0 {
			x.Reg = "R" + strconv.Itoa(b)
		}
		if ix := nib(3); ix != 0 {
			x.Index, x.Scale = "R"+strconv.Itoa(ix), 1
		}
		return s390xAddr(x)
	}
	name := enc.name
	if enc.sized {
		size := nib(8) // M3 or M4, or VERIM's M5
		if enc.format == "rrd" {
			size = nib(5) // M5
		}
		suffixes := s390xSizeNames[name]
		if suffixes == nil {
			suffixes = []string{"B", "H", "F", "G", "Q"}
		}
		if size >= len(suffixes) {
			return false
		}
		name += suffixes[size]
	}
	if !s390xOps[name] {
		return false // printed as it is: the model fails closed
	}
	v1, v2, v3, v4 := vreg(2, 0), vreg(3, 1), vreg(4, 2), vreg(8, 3)
	var args []engine.Arg
	switch enc.format {
	case "rrc":
		args = []engine.Arg{v2, v3, v1}
	case "pdi":
		args = []engine.Arg{imm(int64(nib(8))), v2, v3, v1}
	case "rrd":
		args = []engine.Arg{v2, v3, v4, v1}
	case "rra":
		args = []engine.Arg{v2, v1}
	case "rrf":
		args = []engine.Arg{greg(3), greg(4), v1}
	case "ria":
		args = []engine.Arg{imm(num(4, 8)), v1}
	case "vlei":
		args = []engine.Arg{imm(int64(nib(8))), imm(int64(int16(num(4, 8)))), v1}
	case "rib":
		args = []engine.Arg{imm(num(4, 6)), imm(num(6, 8)), v1}
	case "ric":
		args = []engine.Arg{imm(num(4, 8)), v2, v1} // VREP $i, V3, V1: V3's field is the second
	case "rid":
		args = []engine.Arg{imm(num(6, 8)), v2, v3, v1}
	case "rsa":
		args = []engine.Arg{amount(), v2, v1} // V3's field is the second
	case "rsb":
		args = []engine.Arg{amount(), greg(3), v1}
	case "vlrep":
		args = []engine.Arg{mem(), v1}
	case "vle":
		args = []engine.Arg{imm(int64(nib(8))), mem(), v1}
	case "vste":
		args = []engine.Arg{imm(int64(nib(8))), v1, mem()}
	}
	if name == "VGBM" && (args[0].Imm == 0 || args[0].Imm == 0xffff) {
		// The listing's VZERO and VONE: a mask of no byte or every byte.
		name, args = map[int64]string{0: "VZERO", 0xffff: "VONE"}[args[0].Imm], args[1:]
	}
	in.Op, in.Args = name, args
	return true
}

// s390xObjCrypto reads a CPACF instruction from its encoding: b9 op, then
// R1 R2 (RRE) or R3 and R1 R2 (RRF, KMA and KMCTR).
func s390xObjCrypto(in *engine.Inst) bool {
	h := in.Hex
	if len(h) != 8 || h[:2] != "b9" {
		return false
	}
	op, ok := map[string]string{"2e": "KM", "2f": "KMC", "2d": "KMCTR", "29": "KMA", "3e": "KIMD", "3f": "KLMD",
		"3a": "KDSA", "1e": "KMAC"}[h[2:4]]
	if !ok {
		return false
	}
	reg := func(i int) engine.Arg {
		name := "R" + s390xHexReg(h[i])
		return engine.Arg{Kind: engine.ArgReg, Reg: name, Width: 8, Name: name}
	}
	in.Op, in.Args = op, []engine.Arg{reg(6), reg(7)}
	if op == "KMA" || op == "KMCTR" {
		in.Args = []engine.Arg{reg(6), reg(4), reg(7)}
	}
	return true
}

// s390xMultipleFlows are LMG's and STMG's pointer flows: each doubleword
// to or from its register whole, as MOVD's (LMG dig+0(FP), R1, R3 loads
// a pointer and a slice).
func s390xMultipleFlows(in *engine.Inst) ([]engine.PtrFlow, bool) {
	if (in.Op != "LMG" && in.Op != "STMG") || len(in.Args) != 3 {
		return nil, false
	}
	a := in.Args
	if in.Op == "LMG" && a[0].Kind == engine.ArgMem {
		a = []engine.Arg{a[1], a[2], a[0]}
	}
	regs, ok := s390xRange(a[0], a[1])
	if !ok || a[2].Kind != engine.ArgMem || a[0].Reg[0] != 'R' {
		return nil, true
	}
	var out []engine.PtrFlow
	for i, r := range regs {
		x := a[2]
		x.Imm += int64(8 * i)
		if in.Op == "LMG" {
			out = append(out, engine.PtrFlow{Dst: r, Src: x})
		} else {
			out = append(out, engine.PtrFlow{Dst: x, Src: r})
		}
	}
	return out, true
}
