package engine

import (
	"cmp"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// Static data fixes the targets of most indirect calls in compiled Go: a
// func value of a top-level function is the address of a read-only word
// that holds the function's (sha256.New·f), an interface's method table
// is a read-only itab whose words hold its methods' addresses, and a
// generic function's dictionary holds those of its shape's methods. A
// pointer-size load from such an address, at an offset the code fixed,
// reads the address the linker put there; a call through it is a call of
// that function, followed as a direct one. Only read-only data counts: a
// package variable's word may be written at run time.

// A staticWord is the address that a read-only word holds: sym's entry
// (a function) or off bytes into sym's data.
type staticWord struct {
	sym  string
	off  int64
	code bool // sym is a function, the word its entry
}

// staticData reads the program's read-only words: from the listing's
// relocations of its read-only symbols, or from a binary's sections.
type staticData interface {
	word(sym string, off int64) (staticWord, bool)
}

// StaticWord is the address the read-only word off bytes into sym holds,
// where the program says (for tests and for the command's explanations).
func (p *Program) StaticWord(sym string, off int64) (string, int64, bool) {
	if p.static == nil {
		return "", 0, false
	}
	w, ok := p.static.word(sym, off)
	return w.sym, w.off, ok
}

// listingStatic is what a listing prints of its read-only data symbols
// (SRODATA): each relocation of a pointer-size word.
type listingStatic map[string]map[int64]staticWord

func (l listingStatic) word(sym string, off int64) (staticWord, bool) {
	w, ok := l[sym][off]
	return w, ok
}

// listingRodata is the header of a read-only data symbol in a listing.
var listingRodata = regexp.MustCompile(`^(\S.*?) SRODATA(?: [a-z]+)* size=\d+`)

// addRel records relocation rel (the listing's "rel 24+8 t=R_ADDR
// sym+0" line) of the read-only symbol sym, where it patches a word of
// ptrSize bytes.
func (l listingStatic) addRel(sym, rel string, ptrSize int) {
	m := listingRelWord.FindStringSubmatch(rel)
	if m == nil {
		return
	}
	off, _ := strconv.ParseInt(m[1], 10, 64)
	size, _ := strconv.Atoi(m[2])
	add, err := strconv.ParseInt(m[4], 10, 64)
	if size != ptrSize || err != nil {
		return
	}
	if l[sym] == nil {
		l[sym] = map[int64]staticWord{}
	}
	l[sym][off] = staticWord{sym: m[3], off: add}
}

// listingRelWord is a relocation of a word that the linker sets to an
// address: its offset, size, symbol and addend. (A method's entry in an
// itab has a relocation type of its own, which prints as a number.)
var listingRelWord = regexp.MustCompile(`^\trel (\d+)\+(\d+) t=(?:R_ADDR|RelocType\(-?\d+\)) (.+)\+(-?\d+)$`)

// elfStatic reads a binary's read-only words.
type elfStatic struct {
	order    binary.ByteOrder
	ptrSize  int
	names    map[string]uint64 // symbol -> address
	funcs    map[uint64]string // a function's entry -> its symbol
	objects  []elf.Symbol      // data symbols by address
	sections []*elf.Section    // the read-only data
	data     map[*elf.Section][]byte
}

func (e *elfStatic) word(sym string, off int64) (staticWord, bool) {
	base, ok := e.names[sym]
	if !ok || off < 0 {
		return staticWord{}, false
	}
	addr := base + uint64(off)
	for _, s := range e.sections {
		if addr < s.Addr || addr+uint64(e.ptrSize) > s.Addr+s.Size {
			continue
		}
		d, ok := e.data[s]
		if !ok {
			d, _ = s.Data()
			e.data[s] = d
		}
		i := addr - s.Addr
		if i+uint64(e.ptrSize) > uint64(len(d)) {
			return staticWord{}, false
		}
		var v uint64
		if e.ptrSize == 8 {
			v = e.order.Uint64(d[i:])
		} else {
			v = uint64(e.order.Uint32(d[i:]))
		}
		if f, ok := e.funcs[v]; ok {
			return staticWord{sym: f, code: true}, true
		}
		j, ok := symbolHolding(e.objects, v)
		if !ok {
			return staticWord{}, false
		}
		return staticWord{sym: e.objects[j].Name, off: int64(v - e.objects[j].Value)}, true
	}
	return staticWord{}, false
}

// readStatic gives p the read-only words of binary bin.
func readStatic(p *Program, bin string) error {
	f, syms, err := openSymbols(bin)
	if err != nil {
		return err
	}
	defer f.Close()
	e := &elfStatic{order: f.ByteOrder, ptrSize: p.Arch.PtrSize, names: map[string]uint64{}, funcs: map[uint64]string{},
		data: map[*elf.Section][]byte{}}
	for _, s := range syms {
		switch elf.ST_TYPE(s.Info) {
		case elf.STT_FUNC:
			if _, ok := e.funcs[s.Value]; !ok {
				e.funcs[s.Value] = s.Name
			}
		case elf.STT_OBJECT:
			e.objects = append(e.objects, s)
		default:
			continue
		}
		if _, ok := e.names[s.Name]; !ok {
			e.names[s.Name] = s.Value
		}
	}
	slices.SortFunc(e.objects, bySymbolAddress)
	for _, s := range f.Sections {
		// (The line table is read-only data too, and large: it holds no
		// address a call takes.)
		if s.Type == elf.SHT_PROGBITS && s.Flags&elf.SHF_ALLOC != 0 && s.Flags&(elf.SHF_WRITE|elf.SHF_EXECINSTR) == 0 && s.Name != ".gopclntab" {
			e.sections = append(e.sections, s)
		}
	}
	// The file closes: read the sections now that words are asked of.
	for _, s := range e.sections {
		d, err := s.Data()
		if err != nil {
			return fmt.Errorf("%s: %s: %v", bin, s.Name, err)
		}
		e.data[s] = d
	}
	p.static = e
	return nil
}

// openSymbols opens binary bin and reads its symbol table.
func openSymbols(bin string) (*elf.File, []elf.Symbol, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return nil, nil, err
	}
	syms, err := f.Symbols()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %v", bin, err)
	}
	return f, syms, nil
}

// symbolHolding is the index of the symbol of syms (by bySymbolAddress)
// that holds addr: the one that starts there, or the one before it where
// addr is inside it. A symbol of no size (go:funcdesc, which the linker
// gives the func values of top-level functions) holds what follows it up
// to the next.
func symbolHolding(syms []elf.Symbol, addr uint64) (int, bool) {
	i, found := slices.BinarySearchFunc(syms, addr, func(s elf.Symbol, a uint64) int { return cmp.Compare(s.Value, a) })
	if !found && i > 0 && (addr < syms[i-1].Value+syms[i-1].Size || syms[i-1].Size == 0) {
		i, found = i-1, true
	}
	return i, found
}

// bySymbolAddress orders symbols by address, the larger first where two
// start at one (a section's marker of no size beside its first variable):
// a search for an address finds the variable.
func bySymbolAddress(x, y elf.Symbol) int {
	return cmp.Or(cmp.Compare(x.Value, y.Value), cmp.Compare(y.Size, x.Size))
}
