package engine

import (
	"cmp"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"slices"
)

// addPositions gives each instruction of p the file and line the Go
// runtime's own table (pclntab) holds for its address, and each function
// the file of its entry: the disassemblers do not print Go's positions.
func addPositions(p *Program, bin string) error {
	f, err := elf.Open(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	pcln := f.Section(".gopclntab")
	text := f.Section(".text")
	if pcln == nil || text == nil {
		return fmt.Errorf("%s: no .gopclntab or .text section", bin)
	}
	data, err := pcln.Data()
	if err != nil {
		return err
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return fmt.Errorf("%s: pclntab: %v", bin, err)
	}
	p.RuntimeFiles = map[string]string{}
	var devices []gosym.Func
	for _, fn := range tab.Funcs {
		if knownRuntime(fn.Name) {
			file, _, _ := tab.PCToLine(fn.Entry)
			p.RuntimeFiles[fn.Name] = file
		}
		if _, ok := duffs[p.GOARCH][fn.Name]; ok {
			devices = append(devices, fn)
		}
	}
	nameDuffCalls(p, devices)
	for _, fn := range p.Funcs {
		for i := range fn.Insts {
			in := &fn.Insts[i]
			file, line, _ := tab.PCToLine(in.Addr)
			if file != "" {
				in.Pos = fmt.Sprintf("%s:%d", file, line)
			}
			if i == 0 && fn.Source == "" {
				fn.Source = file
			}
		}
	}
	return nil
}

// nameGlobals names the global variable that each memory operand of p
// reads or writes through an address a front end computed (arm64's ADRP
// and the access after it), from bin's symbol table.
func nameGlobals(p *Program, bin string) error {
	a := ArchOf(p.GOARCH)
	if a == nil || a.globals == nil {
		return nil
	}
	f, err := elf.Open(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return fmt.Errorf("%s: %v", bin, err)
	}
	var data []elf.Symbol
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_OBJECT && s.Size > 0 {
			data = append(data, s)
		}
	}
	slices.SortFunc(data, func(x, y elf.Symbol) int { return cmp.Compare(x.Value, y.Value) })
	// at names the variable that starts at addr, "" for none.
	at := func(addr uint64) string {
		i, found := slices.BinarySearchFunc(data, addr, func(s elf.Symbol, addr uint64) int { return cmp.Compare(s.Value, addr) })
		if !found {
			return ""
		}
		return data[i].Name
	}
	for _, fn := range p.Funcs {
		a.globals(fn, at)
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
