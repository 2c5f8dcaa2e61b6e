package engine

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The source front end: the listing that the Go toolchain prints of what
// it encodes (go tool asm -S, go tool compile -S, or go build with
// -asmflags=-S and -gcflags=-S). The assembler prints each instruction
// after it has expanded #define and #include, split the statements of a
// line at ';', and resolved every branch to the offset of its target, so
// nothing written in the .s file hides from it: a BYTE or WORD in a TEXT
// symbol is printed as such, and is data the model does not run (fail
// closed). This file reads the listing's lines; each architecture's
// listing.* hooks read its operands. It shares no parser with the
// disassembly front ends (disasm_*.go).

// Listing is what the listing front end needs of an architecture.
type Listing struct {
	// Reg names a register as the listing prints it: its location, the
	// width of the part it names (0: the instruction's width), and the
	// offset of that part.
	Reg func(name string) (loc string, width, off int, ok bool)
	// Convert turns a parsed instruction into the canonical form of the
	// architecture's model: the opcode, the operand order, widths.
	Convert func(f *ListingFunc, in *Inst, args []string) error
	// FrameArg resolves a stack operand through FP or SP (name+off(FP),
	// name-off(SP), off(SP); named: with a name) to a memory operand: an
	// offset from the stack pointer now or at entry.
	FrameArg func(f *ListingFunc, fp, named bool, off int64) (Arg, error)
	// Word, where set, reads a WORD the listing prints as data: an
	// instruction the assembler has no name for, still run by the CPU.
	Word func(in *Inst, v uint32)
	// Bytes, where set, decodes code: the function's bytes, the BYTE
	// runs among them as the listing dumps them and the rest one-byte
	// no-ops, into instructions (Addr from 0) in the canonical form, as
	// the compiled front end reads them.
	Bytes func(f *ListingFunc, code []byte) ([]Inst, error)
}

// A ListingFunc is a function while its listing is read.
type ListingFunc struct {
	*Func
	Hooks     *Listing
	Asm       bool  // assembled from a .s file
	wrapper   bool  // an ABI wrapper the compiler made
	internal  bool  // the wrapper is the ABIInternal one
	TextFrame int64 // the TEXT line's frame size, as the listing prints it
	size      int64 // the function's size in bytes
	// Code is what the assembler encoded, as the listing dumps it after
	// the instructions: where an architecture's listing prints two
	// operand forms alike (ppc64's frame slots), the encoding tells them
	// apart.
	Code []byte
	// Rels are the relocations by the offset of the bytes they patch: the
	// symbol and its addend, as the listing prints them (arm's DUFFZERO
	// keeps its entry offset there: runtime.duffzero+eb0000ee).
	Rels map[int64]string
}

var (
	// The header of a function: its symbol, flags and size (the fields
	// after it change order between releases). The FIPS module's code
	// is STEXTFIPS (crypto/internal/fips140/...).
	listingHeader = regexp.MustCompile(`^(.+?) STEXT(?:FIPS)?((?: [a-z]+)*) size=(\d+) `)
	listingInst   = regexp.MustCompile(`^\t0x[0-9a-f]+ (\d{5}) \(([^)]*)\)\t(\S+)(?:\t(.*))?$`)
	listingText   = regexp.MustCompile(`\$(-?\d+)(?:-(\d+))?$`)
	// A relocation: the offset and size of what it patches, its type,
	// the symbol and addend.
	listingRel = regexp.MustCompile(`^\trel (\d+)\+\d+ t=\S+ (.+)$`)
	// The dump of the code: an offset, then up to 16 bytes.
	listingCode = regexp.MustCompile(`^\t0x([0-9a-f]+) ((?:[0-9a-f]{2} ){0,15}[0-9a-f]{2})(?:  |$)`)
)

// ParseListing reads the listing of one build for goarch: every function
// of every package in it (the toolchain prints the package's path in the
// symbols).
func ParseListing(a *Arch, text string) (*Program, error) {
	la := a.Listing
	if la == nil {
		return nil, fmt.Errorf("no listing front end for %s", a.GOARCH)
	}
	p := NewProgram(a)
	var cur *ListingFunc
	var lines []string // of cur: the instruction lines
	flush := func() error {
		if cur == nil {
			return nil
		}
		err := readListingFunc(la, cur, lines)
		if err != nil {
			return fmt.Errorf("%s: %v", cur.Name, err)
		}
		p.Add(cur.Func)
		cur, lines = nil, nil
		return nil
	}
	// Each regular expression runs only on the lines that hold what it
	// needs (a program's listing runs to a million lines).
	static := listingStatic{}
	rodata := "" // the read-only data symbol whose lines these are
	for _, line := range strings.Split(text, "\n") {
		if rodata != "" {
			if strings.HasPrefix(line, "\trel ") {
				static.addRel(rodata, line, a.PtrSize)
				continue
			}
			if strings.HasPrefix(line, "\t") {
				continue
			}
			rodata = ""
		}
		if strings.Contains(line, " SRODATA") {
			if h := listingRodata.FindStringSubmatch(line); h != nil {
				if err := flush(); err != nil {
					return nil, err
				}
				rodata = h[1]
				continue
			}
		}
		if strings.Contains(line, " STEXT") {
			if h := listingHeader.FindStringSubmatch(line); h != nil {
				if err := flush(); err != nil {
					return nil, err
				}
				size, _ := strconv.ParseInt(h[3], 10, 64)
				cur = &ListingFunc{Func: &Func{Name: h[1], Frame: -1, FromListing: true, Dupok: strings.Contains(h[2], " dupok")}, Hooks: la, size: size,
					Asm: strings.Contains(h[2], " asm")}
				continue
			}
		}
		if cur == nil {
			continue
		}
		if strings.HasPrefix(line, "\trel ") {
			if m := listingRel.FindStringSubmatch(line); m != nil {
				off, _ := strconv.ParseInt(m[1], 10, 64)
				if cur.Rels == nil {
					cur.Rels = map[int64]string{}
				}
				cur.Rels[off] = m[2]
			}
			continue
		}
		if strings.HasPrefix(line, "\t0x") {
			if listingInst.MatchString(line) {
				lines = append(lines, line)
				continue
			}
			if m := listingCode.FindStringSubmatch(line); m != nil {
				if off, err := strconv.ParseInt(m[1], 16, 64); err == nil && off == int64(len(cur.Code)) {
					for _, b := range strings.Fields(m[2]) {
						v, _ := strconv.ParseUint(b, 16, 8)
						cur.Code = append(cur.Code, byte(v))
					}
				}
				continue
			}
		}
		if !strings.HasPrefix(line, "\t") {
			// Another symbol (data, DWARF) or a package's header: the
			// function is over.
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(p.Funcs) == 0 {
		return nil, fmt.Errorf("the listing has no functions")
	}
	p.static = static
	// Go code calls an assembly function of a package it knows by ABI0,
	// directly, with the arguments on the stack: the listing prints the
	// name alone.
	for _, f := range p.Funcs {
		if f.IsAsm() || strings.HasSuffix(f.Source, "<autogenerated>") {
			continue
		}
		for i := range f.Insts {
			for j, a := range f.Insts[i].Args {
				if a.Kind != ArgSym {
					continue
				}
				if g := p.Funcs[a.Sym+".abi0"]; g != nil && g.IsAsm() {
					f.Insts[i].Args[j].Sym = a.Sym + ".abi0"
				}
			}
		}
	}
	return p, nil
}

// readListingFunc reads the instruction lines of f.
func readListingFunc(la *Listing, f *ListingFunc, lines []string) error {
	type raw struct {
		pc         int64
		pos, op    string
		args, text string
	}
	var ins []raw
	for _, line := range lines {
		m := listingInst.FindStringSubmatch(line)
		pc, _ := strconv.ParseInt(m[1], 10, 64)
		op, args := m[3], strings.TrimSpace(m[4])
		switch op {
		case "TEXT":
			if t := listingText.FindStringSubmatch(args); t != nil {
				f.TextFrame, _ = strconv.ParseInt(t[1], 10, 64)
				f.Frame = f.TextFrame
			}
			flags := ""
			if fields := SplitOperands(args); len(fields) >= 2 {
				flags = fields[1]
			}
			f.wrapper = strings.Contains(flags, "ABIWRAPPER")
			f.internal = strings.Contains(flags, "ABIInternal")
			if file, _ := splitPos(m[2]); f.Source == "" {
				f.Source = file
			}
			continue
		case "FUNCDATA", "PCDATA":
			continue
		case "PCALIGN":
			// PCALIGN $n pads the code to n bytes with the ISA's NOPs,
			// which the binary holds and the compiled check reads.
			op, args = "NOP", ""
		}
		ins = append(ins, raw{pc: pc, pos: m[2], op: op, args: args, text: op + " " + args})
	}
	switch {
	case f.Asm:
		f.Name += ".abi0"
	case f.wrapper && !f.internal:
		f.Name += ".abi0" // the ABI0 wrapper of a Go function
	}
	for i, r := range ins {
		end := f.size
		if i+1 < len(ins) {
			end = ins[i+1].pc
		}
		if end == r.pc {
			continue // no bytes: a pseudo-instruction (NOP on x86, and the like)
		}
		in := Inst{Addr: uint64(r.pc), Size: int(end - r.pc), Pos: r.pos, Text: strings.TrimSpace(r.text), Op: r.op}
		var args []string
		if r.args != "" {
			args = SplitOperands(r.args)
		}
		if r.op == "BYTE" || r.op == "WORD" || r.op == "LONG" || r.op == "QUAD" {
			in.Raw = true
			if len(args) == 1 {
				if v, err := ListingInt(strings.TrimPrefix(args[0], "$")); err == nil {
					in.Args = []Arg{{Kind: ArgImm, Imm: v}}
					if r.op == "WORD" && la.Word != nil {
						la.Word(&in, uint32(v))
					}
				}
			}
			f.Insts = append(f.Insts, in)
			continue
		}
		if err := la.Convert(f, &in, args); err != nil {
			// An operand the front end cannot read: the instruction is
			// kept, and the model sees it as not modelled.
			in.Op = "?" + in.Op
			in.Args = nil
		}
		f.Insts = append(f.Insts, in)
	}
	if la.Bytes != nil {
		decodeByteRuns(f)
	}
	return nil
}

// decodeByteRuns replaces each run of BYTEs in f (x86 instructions the
// assembler had no name for, written as their encoding: blake2b's AVX2
// kernels) by the instructions its bytes decode to, each at the line of
// its first byte, where they tile the run exactly; a run that does not
// stays data (fail closed).
func decodeByteRuns(f *ListingFunc) {
	type run struct{ from, to int } // indexes into f.Insts
	var runs []run
	for i := 0; i < len(f.Insts); i++ {
		if !f.Insts[i].Raw || f.Insts[i].Op != "BYTE" {
			continue
		}
		j := i + 1
		for j < len(f.Insts) && f.Insts[j].Raw && f.Insts[j].Op == "BYTE" && f.Insts[j].Addr == f.Insts[j-1].Addr+1 {
			j++
		}
		runs = append(runs, run{i, j})
		i = j - 1
	}
	if len(runs) == 0 || int64(len(f.Code)) < f.size {
		return
	}
	code := bytes.Repeat([]byte{0x90}, len(f.Code))
	for _, r := range runs {
		for _, in := range f.Insts[r.from:r.to] {
			code[in.Addr] = f.Code[in.Addr]
		}
	}
	decoded, err := f.Hooks.Bytes(f, code)
	if err != nil {
		return
	}
	at := map[uint64]int{}
	for k, in := range decoded {
		at[in.Addr] = k
	}
	var out []Inst
	last := 0
	for _, r := range runs {
		start, end := f.Insts[r.from].Addr, f.Insts[r.to-1].Addr+1
		var ins []Inst
		for a := start; a < end; {
			k, ok := at[a]
			if !ok || decoded[k].Size <= 0 || decoded[k].Raw || a+uint64(decoded[k].Size) > end {
				ins = nil
				break
			}
			in := decoded[k]
			in.Pos = f.Insts[r.from+int(a-start)].Pos
			ins = append(ins, in)
			a += uint64(in.Size)
		}
		out = append(out, f.Insts[last:r.from]...)
		if ins != nil {
			out = append(out, ins...)
		} else {
			out = append(out, f.Insts[r.from:r.to]...)
		}
		last = r.to
	}
	f.Insts = append(out, f.Insts[last:]...)
}

// CallTarget names the function that f's call or jump to sym reaches:
// assembly refers to ABI0 symbols, Go code to ABIInternal ones, and an
// ABI wrapper to the other ABI's function of its own name.
func (f *ListingFunc) CallTarget(sym string) string {
	abi0 := f.Asm || f.wrapper && !f.internal
	if f.wrapper {
		abi0 = !abi0
	}
	if abi0 {
		return sym + ".abi0"
	}
	return sym
}

// Callee is the operand a of a call or a jump as the model reads it: a
// symbol's memory operand (name(SB)) is the function it reaches.
func (f *ListingFunc) Callee(a Arg) Arg {
	if a.Kind == ArgMem && a.Global && a.Reg == "" && a.Index == "" && a.Imm == 0 && a.Sym != "" {
		return Arg{Kind: ArgSym, Sym: f.CallTarget(a.Sym)}
	}
	return a
}

// ListingArg reads an operand that takes only the forms every
// architecture's listing shares (ListingOperand): any other is an error.
// That of a call or a jump (branch) is read as its Callee.
func ListingArg(la *Listing, f *ListingFunc, s string, branch bool) (Arg, error) {
	a, ok, err := ListingOperand(la, f, s)
	if err != nil {
		return Arg{}, err
	}
	if !ok {
		return Arg{}, fmt.Errorf("operand %s", s)
	}
	if branch {
		a = f.Callee(a)
	}
	return a, nil
}

func ListingInt(s string) (int64, error) {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "-0x") {
		neg := strings.HasPrefix(s, "-")
		v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimPrefix(s, "-"), "0x"), 16, 64)
		if neg {
			return -int64(v), err
		}
		return int64(v), err
	}
	return strconv.ParseInt(s, 10, 64)
}

var (
	// sym+off(SB), sym<>+off(SB), sym+off(SB)(R*s), and the like.
	// A method's symbol has its receiver in parentheses:
	// example.com/p.(*T).M(SB).
	listingSB = regexp.MustCompile(`^(\$)?((?:[^()$]|\(\*?[^()$*]+\)\.)*?)(?:\+(-?\d+))?\(SB\)(?:\(([A-Za-z0-9]+)(?:\*([1248]))?\))?$`)
	// name+off(FP), name-off(SP), off(SP): the frame's slots, through
	// the pseudo-registers FP and SP (on x86, SP is the hardware one too).
	listingNamed = regexp.MustCompile(`^(.+?)??([+-]?\d+)?\((FP|SP)\)(?:\(([A-Za-z0-9]+)(?:\*([1248]))?\))?$`)
	// off(R), off(R)(I*s), (R)(I<<s) and the like.
	listingMem = regexp.MustCompile(`^(-?\d+)?\(([A-Za-z0-9_]+)\)(?:\(([A-Za-z0-9_]+)(?:\*([1248])|<<([0-9]))?\))?$`)
	// An index and no base: 0(BX*8), x86's LEAQ of a scaled register.
	listingIndexOnly = regexp.MustCompile(`^(-?\d+)?\(([A-Za-z0-9_]+)\*([1248])\)$`)
)

// maskBrackets replaces each bracketed part of a symbol (a generic
// instantiation's type arguments, example.com/p.F[go.shape.struct { X
// uint64 }], which hold spaces and parentheses) with a mark that the
// operand's pattern reads as a name; unmask puts them back.
func maskBrackets(s string) (masked string, unmask func(string) string) {
	if t, ok := maskTypeName(s); ok {
		return t, func(u string) string { return strings.Replace(u, "\x01t\x02", typeNameOf(s), 1) }
	}
	if !strings.Contains(s, "[") {
		return s, func(t string) string { return t }
	}
	var parts []string
	var b strings.Builder
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			if depth == 0 {
				from = i
			}
			depth++
		case ']':
			if depth--; depth == 0 {
				fmt.Fprintf(&b, "\x01%d\x02", len(parts))
				parts = append(parts, s[from:i+1])
				continue
			}
		}
		if depth == 0 {
			b.WriteByte(s[i])
		}
	}
	if depth != 0 {
		return s, func(t string) string { return t } // unbalanced: as it is
	}
	return b.String(), func(t string) string {
		for i, p := range parts {
			t = strings.Replace(t, fmt.Sprintf("\x01%d\x02", i), p, 1)
		}
		return t
	}
}

// maskTypeName replaces the name of a type descriptor in operand s
// (type:func(*[4]uint64)(SB), type:[1]func(*[4]uint64)+8(SB)), whose
// parentheses and brackets are the type's, with a mark.
func maskTypeName(s string) (string, bool) {
	name := typeNameOf(s)
	if name == "" {
		return s, false
	}
	return strings.Replace(s, name, "\x01t\x02", 1), true
}

// typeNameOf is the type descriptor's name in operand s: from "type:" to
// the offset or "(SB)" at its end; "" where s names none, or one without
// parentheses or brackets.
func typeNameOf(s string) string {
	i := strings.Index(s, "type:")
	j := strings.LastIndex(s, "(SB)")
	if i < 0 || j < i || !strings.ContainsAny(s[i:j], "()[]") {
		return ""
	}
	if k := strings.LastIndex(s[i:j], "+"); k > 0 && strings.Trim(s[i+k+1:j], "-0123456789") == "" {
		j = i + k
	}
	return s[i:j]
}

// ListingSlotAddress reads $name+off(SP) or $name+off(FP), the address of
// a frame slot (the assembler makes it an add to the stack pointer), as
// the operands of that add: the offset, and the register it is from. ok:
// s has that form.
func ListingSlotAddress(la *Listing, f *ListingFunc, s string, width int) (off, reg Arg, ok bool, err error) {
	if !strings.HasPrefix(s, "$") || !strings.HasSuffix(s, "(SP)") && !strings.HasSuffix(s, "(FP)") {
		return Arg{}, Arg{}, false, nil
	}
	m := listingNamed.FindStringSubmatch(s[1:])
	if m == nil {
		return Arg{}, Arg{}, true, fmt.Errorf("address %s", s)
	}
	o := int64(0)
	if m[2] != "" {
		o, _ = strconv.ParseInt(m[2], 10, 64)
	}
	x, err := la.FrameArg(f, m[3] == "FP", m[1] != "", o)
	if err != nil {
		return Arg{}, Arg{}, true, err
	}
	return Arg{Kind: ArgImm, Imm: x.Imm}, Arg{Kind: ArgReg, Reg: x.Reg, Width: width, Name: x.Reg}, true, nil
}

// ListingOperand reads the operand forms that every architecture's
// listing shares (the printer is cmd/internal/obj's): constants, symbols
// and frame slots, memory through a register. It returns false for the
// architecture's own forms.
func ListingOperand(la *Listing, f *ListingFunc, s string) (Arg, bool, error) {
	switch {
	case strings.HasPrefix(s, "$") && !strings.Contains(s, "("):
		v, err := ListingInt(s[1:])
		if err != nil {
			// A float constant ($(1.5)) or a string: still a constant.
			return Arg{Kind: ArgImm, Name: s}, true, nil
		}
		return Arg{Kind: ArgImm, Imm: v}, true, nil
	case strings.HasPrefix(s, "$") && !strings.HasPrefix(s, "$(") && strings.HasSuffix(s, ")") &&
		!strings.HasSuffix(s, "(SB)") && !strings.HasSuffix(s, "(FP)") && !strings.HasSuffix(s, "(SP)"):
		// $8(R8): the address, an add of the register (MOVD $8(R8), R9
		// is ADD $8, R8, R9): the register's level.
		m := listingMem.FindStringSubmatch(s[1:])
		if m == nil || m[3] != "" {
			return Arg{}, true, fmt.Errorf("address %s", s)
		}
		loc, w, off, ok := la.Reg(m[2])
		if !ok {
			return Arg{}, true, fmt.Errorf("address %s", s)
		}
		return Arg{Kind: ArgReg, Reg: loc, Width: w, Off: off, Name: s}, true, nil
	case strings.HasPrefix(s, "$(") && strings.HasSuffix(s, ")"):
		// $(1<<3), $(16.0): constant expressions.
		inner := strings.TrimSuffix(strings.TrimPrefix(s, "$("), ")")
		if loc, w, off, ok := la.Reg(inner); ok {
			// $(R3): the address in R3, as $0(R3) prints.
			return Arg{Kind: ArgReg, Reg: loc, Width: w, Off: off, Name: s}, true, nil
		}
		if a, b, ok := strings.Cut(inner, "<<"); ok {
			x, err1 := ListingInt(a)
			y, err2 := ListingInt(b)
			if err1 == nil && err2 == nil {
				return Arg{Kind: ArgImm, Imm: x << y}, true, nil
			}
		}
		return Arg{Kind: ArgImm, Name: s}, true, nil
	}
	masked, unmask := maskBrackets(s)
	if m := listingSB.FindStringSubmatch(masked); m != nil {
		m[2] = unmask(m[2])
		off := int64(0)
		if m[3] != "" {
			off, _ = strconv.ParseInt(m[3], 10, 64)
		}
		if m[1] == "$" {
			return Arg{Kind: ArgImm, Sym: m[2], Imm: off}, true, nil // an address: a constant of the program
		}
		a := Arg{Kind: ArgMem, Global: true, Sym: m[2], Imm: off}
		if m[4] != "" {
			loc, _, _, ok := la.Reg(m[4])
			if !ok {
				return Arg{}, true, fmt.Errorf("index %s", m[4])
			}
			a.Index, a.Scale = loc, 1
			if m[5] != "" {
				a.Scale, _ = strconv.Atoi(m[5])
			}
		}
		return a, true, nil
	}
	if strings.HasPrefix(s, "$") && (strings.HasSuffix(s, "(SP)") || strings.HasSuffix(s, "(FP)")) {
		// The address of a frame slot: an add, which the architecture's
		// hook reads with listingSlotAddress, or fails closed.
		return Arg{}, true, fmt.Errorf("address of a frame slot %s", s)
	}
	if m := listingNamed.FindStringSubmatch(s); m != nil {
		off := int64(0)
		if m[2] != "" {
			off, _ = strconv.ParseInt(m[2], 10, 64)
		}
		a, err := la.FrameArg(f, m[3] == "FP", m[1] != "", off)
		if err != nil || m[4] == "" {
			return a, true, err
		}
		// An element of a frame slot by index (state+96(SP)(R11*4)):
		// the engine reads it as a computed stack address.
		loc, _, _, ok := la.Reg(m[4])
		if !ok || a.Kind != ArgMem || a.Index != "" {
			return Arg{}, true, fmt.Errorf("indexed frame operand %s", s)
		}
		a.Index, a.Scale = loc, 1
		if m[5] != "" {
			a.Scale, _ = strconv.Atoi(m[5])
		}
		return a, true, nil
	}
	if m := listingIndexOnly.FindStringSubmatch(s); m != nil {
		idx, _, _, ok := la.Reg(m[2])
		if !ok {
			return Arg{}, true, fmt.Errorf("index %s", m[2])
		}
		a := Arg{Kind: ArgMem, Index: idx}
		a.Imm, _ = strconv.ParseInt(m[1], 10, 64)
		a.Scale, _ = strconv.Atoi(m[3])
		return a, true, nil
	}
	if m := listingMem.FindStringSubmatch(s); m != nil {
		a := Arg{Kind: ArgMem}
		if m[1] != "" {
			a.Imm, _ = strconv.ParseInt(m[1], 10, 64)
		}
		loc, _, _, ok := la.Reg(m[2])
		if !ok {
			if m[2] != "TLS" {
				return Arg{}, true, fmt.Errorf("base %s", m[2])
			}
			a.Global = true // thread-local storage: the runtime's
		} else {
			a.Reg = loc
		}
		if m[3] != "" {
			idx, _, _, ok := la.Reg(m[3])
			if !ok {
				return Arg{}, true, fmt.Errorf("index %s", m[3])
			}
			a.Index, a.Scale = idx, 1
			switch {
			case m[4] != "":
				a.Scale, _ = strconv.Atoi(m[4])
			case m[5] != "":
				sh, _ := strconv.Atoi(m[5])
				a.Scale = 1 << sh
			}
		}
		return a, true, nil
	}
	return Arg{}, false, nil
}
