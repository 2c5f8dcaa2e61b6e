package engine

import (
	"debug/elf"
	"debug/gosym"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// addPositions gives each instruction of p the file and line the Go
// runtime's own table (pclntab) holds for its address, and each function
// the file of its entry: the disassemblers do not print Go's positions.
// An instruction of code the compiler inlined is placed at the call site
// in its function, with the chain of inlined calls (binaryLines.at).
func addPositions(p *Program, bin string) error {
	f, lines, err := openLines(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	tab := lines.tab
	p.runtimeFiles = map[string]string{}
	var devices []gosym.Func
	for _, fn := range tab.Funcs {
		if knownRuntime(fn.Name) {
			file, _, _ := tab.PCToLine(fn.Entry)
			p.runtimeFiles[fn.Name] = file
		}
		if _, ok := p.Arch.Duffs[fn.Name]; ok {
			devices = append(devices, fn)
		}
	}
	nameDuffCalls(p, devices)
	for _, fn := range p.Funcs {
		if len(fn.Insts) == 0 {
			continue
		}
		// A linker's marker past the table's last function, whose bytes
		// are padding (runtime.etext): it leaves the program, and a call
		// to it is not followed. Any other symbol the table holds no
		// function for is an error, below.
		if lines.inl.pastEnd(fn.Insts[0].Addr) {
			delete(p.Funcs, fn.Name)
			p.Order = slices.DeleteFunc(p.Order, func(n string) bool { return n == fn.Name })
			continue
		}
		for i := range fn.Insts {
			in := &fn.Insts[i]
			pos, inlined, err := lines.at(in.Addr)
			if err != nil {
				return fmt.Errorf("%s: %s: %v", bin, fn.Name, err)
			}
			if pos != "" {
				in.Pos = pos
			}
			in.Inlined = inlined
			if i == 0 && fn.Source == "" {
				fn.Source, _ = splitPos(pos)
			}
		}
	}
	return nil
}

// AddInlined gives each instruction of p, the toolchain's listing of the
// build whose binary is bin, the chain of calls the compiler inlined that
// the binary records at its address, and places it at the call site in
// its function (binaryLines.at), as the compiled check does. The listing
// holds the code the linker copies: an instruction's address in the
// binary is its function's entry, from the symbol table, plus its offset
// in the listing, where the function's size in the binary is its size in
// the listing, and the binary's table places each instruction at the
// line the listing prints (else an error). A function the linker left
// out (nothing reaches it) keeps the listing's positions.
func AddInlined(p *Program, bin string) error {
	f, lines, err := openLines(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return fmt.Errorf("%s: %v", bin, err)
	}
	funcs := map[string]elf.Symbol{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			funcs[s.Name] = s
		}
	}
	for _, fn := range p.Funcs {
		s, ok := funcs[fn.Name]
		if !ok || len(fn.Insts) == 0 {
			continue
		}
		last := fn.Insts[len(fn.Insts)-1]
		if size := last.Addr + uint64(last.Size); size != s.Size && fn.Dupok {
			// Another package's copy is the binary's (one compiled with
			// other inlining): this one's addresses are not its. It
			// leaves the program; a path that reaches it fails closed.
			delete(p.Funcs, fn.Name)
			p.Order = slices.DeleteFunc(p.Order, func(n string) bool { return n == fn.Name })
			continue
		} else if size != s.Size {
			return fmt.Errorf("%s: %s is %d bytes in the listing, %d in the binary: its addresses there are not known", bin, fn.Name, size, s.Size)
		}
		for i := range fn.Insts {
			in := &fn.Insts[i]
			pos, inlined, err := lines.at(s.Value + in.Addr)
			if err != nil {
				return fmt.Errorf("%s: %s: %v", bin, fn.Name, err)
			}
			if err := samePosition(in.Pos, pos, inlined); err != nil {
				return fmt.Errorf("%s: %s%+#x: %v", bin, fn.Name, in.Addr, err)
			}
			if inlined != nil {
				in.Pos, in.Inlined = pos, inlined
			}
		}
	}
	return nil
}

// samePosition checks that the binary places an instruction, at pos
// with the chain inlined (binaryLines.at), where the listing prints it:
// at its own position, in the same file and at the same line. An
// instruction the listing prints at no line (<unknown line number>)
// has the line before it in the binary.
func samePosition(listing, pos string, inlined []string) error {
	if len(inlined) > 0 {
		_, pos, _ = strings.Cut(inlined[len(inlined)-1], " ")
	}
	file, line := splitPos(listing)
	binFile, binLine := splitPos(pos)
	if line == 0 || line == binLine && filepath.Base(file) == filepath.Base(binFile) {
		return nil
	}
	return fmt.Errorf("the listing places it at %s, the binary at %s: its address there is not known", listing, pos)
}

// binaryLines are a binary's positions: its line table, and the calls
// the compiler inlined.
type binaryLines struct {
	tab *gosym.Table
	inl *inlineTable
}

// openLines opens the binary bin and reads its line and inline tables;
// the caller closes the file.
func openLines(bin string) (*elf.File, *binaryLines, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return nil, nil, err
	}
	lines, err := readLines(f, bin)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, lines, nil
}

func readLines(f *elf.File, bin string) (*binaryLines, error) {
	pcln := f.Section(".gopclntab")
	text := f.Section(".text")
	if pcln == nil || text == nil {
		return nil, fmt.Errorf("%s: no .gopclntab or .text section", bin)
	}
	data, err := pcln.Data()
	if err != nil {
		return nil, err
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return nil, fmt.Errorf("%s: pclntab: %v", bin, err)
	}
	inl, err := readInlineTable(f, data, text.Addr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", bin, err)
	}
	return &binaryLines{tab, inl}, nil
}

// at returns where the instruction at pc is in its function: its own
// position ("" where the table has none), or, in code the compiler
// inlined, the call site there of the outermost call inlined, with the
// chain of calls, the outermost first, each the function called and the
// position in it ("bytes.Equal /usr/local/go/src/bytes/bytes.go:22"):
// the last is the instruction's own position.
func (b *binaryLines) at(pc uint64) (pos string, inlined []string, err error) {
	calls, err := b.inl.calls(pc)
	if err != nil {
		return "", nil, err
	}
	posAt := func(pc uint64) string {
		file, line, _ := b.tab.PCToLine(pc)
		if file == "" {
			return ""
		}
		return fmt.Sprintf("%s:%d", file, line)
	}
	pos = posAt(pc)
	for _, c := range calls { // the innermost first
		inlined = append(inlined, c.Name+" "+pos)
		pos = posAt(c.Site)
	}
	slices.Reverse(inlined)
	return pos, inlined, nil
}

// nameGlobals names the global variable that each memory operand of p
// reads or writes through an address a front end computed (arm64's ADRP
// and the access after it), from bin's symbol table.
func nameGlobals(p *Program, bin string) error {
	a := p.Arch
	if a.Globals == nil {
		return nil
	}
	f, syms, err := openSymbols(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	var data []elf.Symbol
	for _, s := range syms {
		if t := elf.ST_TYPE(s.Info); t == elf.STT_OBJECT || t == elf.STT_FUNC { // a closure's code: ADRP, ADD
			data = append(data, s)
		}
	}
	slices.SortFunc(data, bySymbolAddress)
	// at names the variable that holds addr, and addr's offset in it;
	// "" for none.
	at := func(addr uint64) (string, int64) {
		i, ok := symbolHolding(data, addr)
		if !ok {
			return "", 0
		}
		return data[i].Name, int64(addr - data[i].Value)
	}
	for _, fn := range p.Funcs {
		a.Globals(fn, at)
	}
	return nil
}

// nameDuffCalls names each call that p's disassembler printed as an
// address inside one of the runtime's Duff's devices (go tool objdump on
// arm: BL 0x9a014) by the device and the offset it enters at, as GNU
// objdump names them on 386 (CALL runtime.duffzero+0x70).
func nameDuffCalls(p *Program, devices []gosym.Func) {
	if len(devices) == 0 {
		return
	}
	for _, fn := range p.Funcs {
		for i := range fn.Insts {
			in := &fn.Insts[i]
			if in.Op != "CALL" || len(in.Args) != 1 || in.Args[0].Kind != ArgTarget {
				continue
			}
			t := in.Args[0].Target
			for _, d := range devices {
				if t >= d.Entry && t < d.End {
					in.Args[0] = Arg{Kind: ArgSym, Sym: fmt.Sprintf("%s+%#x", d.Name, t-d.Entry)}
				}
			}
		}
	}
}
