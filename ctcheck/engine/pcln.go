package engine

import (
	"debug/elf"
	"debug/gosym"
	"fmt"
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
