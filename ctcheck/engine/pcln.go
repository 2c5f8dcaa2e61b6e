package engine

import (
	"cmp"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"slices"
	"strings"
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
	for _, fn := range tab.Funcs {
		if strings.HasPrefix(fn.Name, "runtime.panic") {
			file, _, _ := tab.PCToLine(fn.Entry)
			p.RuntimeFiles[fn.Name] = file
		}
	}
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
