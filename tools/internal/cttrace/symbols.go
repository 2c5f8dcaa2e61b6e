package cttrace

import (
	"debug/elf"
	"fmt"
	"sort"
	"strings"
)

// Symbols are the function symbols of an ELF executable, and its text, so
// that a trace's addresses can be named and its instructions read.
type Symbols struct {
	funcs    []function // sorted by start
	text     []byte
	textAddr uint64
}

type function struct {
	name       string
	start, end uint64
}

// ReadSymbols reads the function symbols and the .text section of the ELF
// executable at path. Go binaries carry both unless linked with -s.
func ReadSymbols(path string) (*Symbols, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	s := &Symbols{}
	for _, sym := range syms {
		if elf.ST_TYPE(sym.Info) == elf.STT_FUNC && sym.Size > 0 {
			s.funcs = append(s.funcs, function{sym.Name, sym.Value, sym.Value + sym.Size})
		}
	}
	sort.Slice(s.funcs, func(i, j int) bool { return s.funcs[i].start < s.funcs[j].start })
	if text := f.Section(".text"); text != nil {
		if s.text, err = text.Data(); err != nil {
			return nil, fmt.Errorf("%s: .text: %v", path, err)
		}
		s.textAddr = text.Addr
	}
	return s, nil
}

// Addr returns the start of the function called name, or of name.abi0,
// the assembly function's symbol behind a Go declaration.
func (s *Symbols) Addr(name string) (uint64, bool) {
	for _, f := range s.funcs {
		if f.name == name || f.name == name+".abi0" {
			return f.start, true
		}
	}
	return 0, false
}

// Func returns the function that contains pc: its name and start.
func (s *Symbols) Func(pc uint64) (name string, start uint64, ok bool) {
	i := sort.Search(len(s.funcs), func(i int) bool { return s.funcs[i].end > pc })
	if i < len(s.funcs) && s.funcs[i].start <= pc {
		return s.funcs[i].name, s.funcs[i].start, true
	}
	return "", 0, false
}

// Name describes pc as 0x4ac8e5 (ctequal.equalAVX2+0x45), with the
// import path up to the package's name left out.
func (s *Symbols) Name(pc uint64) string {
	name, start, ok := s.Func(pc)
	if !ok {
		return fmt.Sprintf("%#x (no symbol)", pc)
	}
	name = name[strings.LastIndex(name, "/")+1:]
	return fmt.Sprintf("%#x (%s+%#x)", pc, name, pc-start)
}

// Word32 returns the four bytes of text at pc as a little-endian word: an
// arm64 instruction.
func (s *Symbols) Word32(pc uint64) (uint32, bool) {
	if pc < s.textAddr || pc+4 > s.textAddr+uint64(len(s.text)) {
		return 0, false
	}
	b := s.text[pc-s.textAddr:]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24, true
}
