package cttrace

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// A trace holds the addresses of the instructions executed and, when the
// run traces memory (Config.Mem), the memory accesses of each instruction
// after it, as entries that MemEntry encodes: bit 63 set, bit 62 for a
// store, bits 56-59 the log2 of the size of an element, bits 48-55 the
// number of elements less one (consecutive in memory: a vector load that
// qemu makes element by element is one entry per 256 elements), the
// address of the first below. Guest addresses of qemu-user fit in 48 bits
// on every architecture it runs here, and no instruction address has bit
// 63 set.
const (
	memBit     = 1 << 63
	storeBit   = 1 << 62
	sizeShift  = 56
	countShift = 48
	maxCount   = 1 << 8
	addrMask   = 1<<countShift - 1
)

// MemEntry encodes a memory access as a trace entry.
func MemEntry(addr uint64, store bool, log2Size uint) uint64 {
	return memRun(addr, store, log2Size, 1)
}

// memRun encodes count (1 to maxCount) consecutive accesses of 2^log2Size
// bytes from addr.
func memRun(addr uint64, store bool, log2Size uint, count uint64) uint64 {
	e := memBit | uint64(log2Size&15)<<sizeShift | (count-1)&(maxCount-1)<<countShift | addr&addrMask
	if store {
		e |= storeBit
	}
	return e
}

// IsMem reports whether a trace entry is a memory access, not an
// instruction.
func IsMem(e uint64) bool { return e&memBit != 0 }

// Instructions returns how many instructions a trace holds.
func Instructions(trace []uint64) int {
	n := 0
	for _, e := range trace {
		if !IsMem(e) {
			n++
		}
	}
	return n
}

// describe names trace[k]: an instruction's address and function, or a
// memory access and the instruction that made it.
func describe(trace []uint64, k int, syms *Symbols) string {
	if k >= len(trace) {
		return "the end of the trace"
	}
	e := trace[k]
	if !IsMem(e) {
		return syms.Name(e)
	}
	kind := "load"
	if e&storeBit != 0 {
		kind = "store"
	}
	by := "no instruction"
	for j := k - 1; j >= 0; j-- {
		if !IsMem(trace[j]) {
			by = syms.Name(trace[j])
			break
		}
	}
	size := 1 << (e >> sizeShift & 15)
	if count := e>>countShift&(maxCount-1) + 1; count > 1 {
		return fmt.Sprintf("%d %ss of %d bytes from %#x by %s", count, kind, size, e&addrMask, by)
	}
	return fmt.Sprintf("a %s of %d bytes at %#x by %s", kind, size, e&addrMask, by)
}

// PluginSegments reads memplugin's log (see memplugin.c) and returns the
// trace of each call between the driver's markers: its instructions, each
// followed by its memory accesses. A marker on a vCPU other than 0 (the
// main thread), a trace that begins inside another or does not end, an
// entry outside a trace, a line the plugin marks as an error (X) and any
// line it does not know are errors: the check fails closed.
func PluginSegments(r io.Reader) ([][]uint64, error) {
	var segs [][]uint64
	err := pluginSegments(r, func(seg []uint64) error {
		segs = append(segs, seg)
		return nil
	})
	return segs, err
}

// pluginSegments is PluginSegments that passes each trace to emit, which
// may keep it, as it is read: a run's traces need not all be in memory.
func pluginSegments(r io.Reader, emit func([]uint64) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	var cur []uint64
	in, n := false, 0
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			break
		}
		if err != nil && err != io.EOF {
			return err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		bad := func(why string) error {
			return fmt.Errorf("memplugin log line %d: %s: %q", lineNo, why, line)
		}
		if len(line) < 3 || line[1] != ' ' {
			return bad("not a memplugin line")
		}
		f := line[2:]
		switch line[0] {
		case 'I':
			pc, ok := parseHex(f)
			if !ok || pc&memBit != 0 {
				return bad("not an instruction line")
			}
			if !in {
				return bad("an instruction outside a trace")
			}
			cur = append(cur, pc)
		case 'R', 'W':
			a, rest, ok1 := bytes.Cut(f, []byte(" "))
			s, c, ok2 := bytes.Cut(rest, []byte(" "))
			addr, ok3 := parseHex(a)
			shift, ok4 := parseDec(s)
			count, ok5 := parseDec(c)
			if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || shift > 15 || count == 0 || addr > addrMask || addr+count<<shift-1 > addrMask {
				return bad("not a memory access line")
			}
			if !in {
				return bad("a memory access outside a trace")
			}
			for count > 0 {
				k := min(count, maxCount)
				cur = append(cur, memRun(addr, line[0] == 'W', uint(shift), k))
				addr += k << shift
				count -= k
			}
		case 'B', 'E':
			cpu, ok := parseDec(f)
			switch {
			case !ok:
				return bad("not a marker line")
			case cpu != 0:
				return bad("a marker ran on a vCPU other than 0, the main thread")
			case line[0] == 'B' && in:
				return bad("a trace begins again before it ends")
			case line[0] == 'E' && !in:
				return bad("an end marker without a begin")
			case line[0] == 'B':
				in, cur = true, nil
			default:
				in = false
				if err := emit(cur); err != nil {
					return err
				}
				n++
			}
		case 'X':
			return bad("memplugin failed")
		default:
			return bad("not a memplugin line")
		}
	}
	if in {
		return fmt.Errorf("memplugin log: trace %d does not end", n)
	}
	return nil
}

// parseHex parses a lower-case hexadecimal number of 1 to 16 digits.
func parseHex(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 16 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			v = v<<4 | uint64(c-'0')
		case 'a' <= c && c <= 'f':
			v = v<<4 | uint64(c-'a'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// parseDec parses a decimal number of 1 to 9 digits.
func parseDec(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}
