package engine

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
)

// The calls the compiler inlined, as a binary's pclntab records them for
// the runtime's tracebacks (debug/gosym does not read them). Each
// function's FUNCDATA_InlTree is a table of the calls inlined into it;
// its PCDATA_InlTreeIndex says, for each pc, which entry of that table
// the instruction there came from (-1: the function's own code). An
// entry names the inlined function, and the offset of an instruction
// of the caller whose position is the call site: its own index is the
// caller's entry, up to the function's own code. The layout is Go
// 1.20's and every release since (runtime/symtab.go pcHeader and _func,
// runtime/symtabinl.go inlinedCall, internal/abi/symtab.go).

const (
	pclnMagic       = 0xfffffff1 // Go 1.20 and later
	pcdataInlIndex  = 2          // PCDATA_InlTreeIndex
	funcdataInlTree = 3          // FUNCDATA_InlTree
	funcFixedSize   = 44         // _func up to its pcdata and funcdata arrays
	inlEntrySize    = 16         // inlinedCall
)

// An inlineTable reads the inline trees of one binary.
type inlineTable struct {
	order   binary.ByteOrder
	quantum uint64 // the pc step of the pc-value tables: the minimum instruction size
	text    uint64 // the address the function table's entry offsets are from
	nfunc   int
	// pcln is the whole pclntab; funcnames, pctab and functab where
	// its header says each table begins in it.
	pcln                      []byte
	funcnames, pctab, functab uint64
	// gofunc is the data from the go:func.* symbol, which funcdata
	// offsets are from, to the end of its section.
	gofunc []byte
}

// readInlineTable reads the header of pcln, the .gopclntab of f whose
// code starts at text (runtime.text: the start of .text). It fails on
// what it cannot read rather than find no inlining.
func readInlineTable(f *elf.File, pcln []byte, text uint64) (*inlineTable, error) {
	if len(pcln) < 8 || f.ByteOrder.Uint32(pcln) != pclnMagic {
		return nil, fmt.Errorf("pclntab: not the layout of Go 1.20 or later")
	}
	t := &inlineTable{order: f.ByteOrder, quantum: uint64(pcln[6]), text: text, pcln: pcln}
	ptr := int(pcln[7])
	if ptr != 4 && ptr != 8 || t.quantum == 0 || len(pcln) < 8+8*ptr {
		return nil, fmt.Errorf("pclntab: a header with pointer size %d, pc quantum %d", ptr, t.quantum)
	}
	// word is the header's i-th pointer-sized field after the magic
	// and the four bytes.
	word := func(i int) uint64 {
		if ptr == 4 {
			return uint64(f.ByteOrder.Uint32(pcln[8+4*i:]))
		}
		return f.ByteOrder.Uint64(pcln[8+8*i:])
	}
	// nfunc, nfiles, (textStart), funcnameOffset, cuOffset,
	// filetabOffset, pctabOffset, pclnOffset.
	t.nfunc, t.funcnames, t.pctab, t.functab = int(word(0)), word(3), word(6), word(7)
	if t.functab+uint64(t.nfunc+1)*8 > uint64(len(pcln)) {
		return nil, fmt.Errorf("pclntab: a function table past its end")
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("no symbol table for go:func.*: %v", err)
	}
	for _, s := range syms {
		if s.Name != "go:func.*" {
			continue
		}
		for _, sec := range f.Sections {
			// Only a section the program loads: a debug section's address
			// is 0, and one larger than the symbol's address held it too.
			if sec.Flags&elf.SHF_ALLOC != 0 && sec.Type != elf.SHT_NOBITS && s.Value >= sec.Addr && s.Value < sec.Addr+sec.Size {
				data, err := sec.Data()
				if err != nil {
					return nil, err
				}
				t.gofunc = data[s.Value-sec.Addr:]
			}
		}
	}
	if t.gofunc == nil {
		return nil, fmt.Errorf("no go:func.* symbol in a section with data: the inline trees cannot be read")
	}
	return t, nil
}

// An inlinedCall is one call the compiler inlined: the function it
// called, and the address of an instruction whose position is the call
// site in the caller.
type inlinedCall struct {
	Name string
	Site uint64
}

// calls returns the inlined calls that the instruction at pc is in,
// the innermost first; none for a function's own code.
func (t *inlineTable) calls(pc uint64) ([]inlinedCall, error) {
	if t.pastEnd(pc) {
		return nil, nil // the linker's padding after the last function
	}
	fn, entry, err := t.funcAt(pc)
	if err != nil {
		return nil, err
	}
	u32 := func(off uint64) (uint32, error) {
		if off+4 > uint64(len(t.pcln)) {
			return 0, fmt.Errorf("pclntab: a function's record past its end, at %#x", pc)
		}
		return t.order.Uint32(t.pcln[off:]), nil
	}
	npcdata, err := u32(fn + 28)
	if err != nil {
		return nil, err
	}
	if fn+funcFixedSize > uint64(len(t.pcln)) {
		return nil, fmt.Errorf("pclntab: a function's record past its end, at %#x", pc)
	}
	nfuncdata := uint32(t.pcln[fn+funcFixedSize-1])
	if npcdata <= pcdataInlIndex || nfuncdata <= funcdataInlTree {
		return nil, nil // no table: nothing inlined
	}
	index, err := u32(fn + funcFixedSize + 4*pcdataInlIndex)
	if err != nil {
		return nil, err
	}
	tree, err := u32(fn + funcFixedSize + 4*uint64(npcdata) + 4*funcdataInlTree)
	if err != nil {
		return nil, err
	}
	if index == 0 || tree == ^uint32(0) {
		return nil, nil
	}
	var out []inlinedCall
	for at := pc; ; {
		i, err := t.pcvalue(index, entry, at)
		if err != nil {
			return nil, err
		}
		if i < 0 {
			return out, nil
		}
		e := uint64(tree) + uint64(i)*inlEntrySize
		if e+inlEntrySize > uint64(len(t.gofunc)) || len(out) > 1000 {
			return nil, fmt.Errorf("pclntab: inline tree entry %d of the function at %#x out of bounds", i, entry)
		}
		name, err := t.name(int32(t.order.Uint32(t.gofunc[e+4:])))
		if err != nil {
			return nil, err
		}
		at = entry + uint64(int32(t.order.Uint32(t.gofunc[e+8:])))
		out = append(out, inlinedCall{Name: name, Site: at})
	}
}

// pastEnd reports whether pc is past the end of the table's last
// function, in the code section.
func (t *inlineTable) pastEnd(pc uint64) bool {
	at := t.functab + uint64(t.nfunc)*8
	return at+4 <= uint64(len(t.pcln)) && pc >= t.text+uint64(t.order.Uint32(t.pcln[at:]))
}

// funcAt returns the offset in pcln of the record of the function that
// holds pc, and its entry.
func (t *inlineTable) funcAt(pc uint64) (rec, entry uint64, err error) {
	entryOff := func(i int) uint64 { return t.text + uint64(t.order.Uint32(t.pcln[t.functab+uint64(i)*8:])) }
	// The table's nfunc+1 entries end with the end of the last function.
	lo, hi := 0, t.nfunc
	if pc < entryOff(0) || pc >= entryOff(t.nfunc) {
		return 0, 0, fmt.Errorf("pclntab: no function at %#x", pc)
	}
	for hi-lo > 1 { // entryOff(lo) <= pc < entryOff(hi)
		mid := (lo + hi) / 2
		if entryOff(mid) <= pc {
			lo = mid
		} else {
			hi = mid
		}
	}
	return t.functab + uint64(t.order.Uint32(t.pcln[t.functab+uint64(lo)*8+4:])), entryOff(lo), nil
}

// pcvalue is the value at pc of the pc-value table at off in pctab, of
// the function at entry: pairs of a zigzag value delta and a pc delta in
// quanta, from value -1 at entry, up to a zero value delta after the
// first pair. Past the table's end it is -1.
func (t *inlineTable) pcvalue(off uint32, entry, pc uint64) (int32, error) {
	p := t.pcln[min(t.pctab+uint64(off), uint64(len(t.pcln))):]
	val, at := int32(-1), entry
	for first := true; ; first = false {
		uv, n := binary.Uvarint(p)
		if n <= 0 {
			return 0, fmt.Errorf("pclntab: a pc-value table that does not end, for %#x", pc)
		}
		if uv == 0 && !first {
			// The table covers the function's code: pc is in the
			// padding after it (go tool objdump prints it), no call's.
			return -1, nil
		}
		p = p[n:]
		val += int32(-(uint32(uv) & 1) ^ (uint32(uv) >> 1))
		dpc, n := binary.Uvarint(p)
		if n <= 0 {
			return 0, fmt.Errorf("pclntab: a pc-value table that does not end, for %#x", pc)
		}
		p = p[n:]
		at += dpc * t.quantum
		if pc < at {
			return val, nil
		}
	}
}

// name is the function name at off in funcnametab.
func (t *inlineTable) name(off int32) (string, error) {
	start := t.funcnames + uint64(off)
	if off < 0 || start >= uint64(len(t.pcln)) {
		return "", fmt.Errorf("pclntab: a function name out of bounds")
	}
	for i := start; i < uint64(len(t.pcln)); i++ {
		if t.pcln[i] == 0 {
			return string(t.pcln[start:i]), nil
		}
	}
	return "", fmt.Errorf("pclntab: a function name that does not end")
}
