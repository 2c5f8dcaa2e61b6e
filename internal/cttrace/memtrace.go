package cttrace

import (
	"bytes"
	"fmt"
	"strconv"
)

// A trace holds the addresses of the instructions executed and, when the
// run traces memory (Config.Mem), the memory accesses of each instruction
// after it, as entries that MemEntry encodes: bit 63 set, bit 62 for a
// store, bits 56-59 the log2 of the size, the address below. Guest
// addresses of qemu-user fit in 56 bits (amd64, arm64, riscv64, ppc64le, s390x), and no
// instruction address has bit 63 set.
const (
	memBit    = 1 << 63
	storeBit  = 1 << 62
	sizeShift = 56
	addrMask  = 1<<sizeShift - 1
)

// MemEntry encodes a memory access as a trace entry.
func MemEntry(addr uint64, store bool, log2Size uint) uint64 {
	e := memBit | uint64(log2Size&15)<<sizeShift | addr&addrMask
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
	return fmt.Sprintf("a %s of %d bytes at %#x by %s", kind, 1<<(e>>sizeShift&15), e&addrMask, by)
}

var memPrefix = []byte("Mem ")

// parseMemLine parses a line of memplugin's log,
//
//	Mem 0: 0x000000c000012340 r 3
//
// (vCPU, guest address, r or w, log2 of the size).
func parseMemLine(line []byte) (cpu int, e uint64, err error) {
	rest, _ := bytes.CutPrefix(line, memPrefix)
	f := bytes.Fields(rest)
	bad := fmt.Errorf("not a memory access line: %q", line)
	if len(f) != 4 || !bytes.HasSuffix(f[0], []byte(":")) || !bytes.HasPrefix(f[1], []byte("0x")) {
		return 0, 0, bad
	}
	cpu, err1 := strconv.Atoi(string(bytes.TrimSuffix(f[0], []byte(":"))))
	addr, err2 := strconv.ParseUint(string(f[1][2:]), 16, 64)
	size, err3 := strconv.ParseUint(string(f[3]), 10, 4)
	rw := string(f[2])
	if err1 != nil || err2 != nil || err3 != nil || rw != "r" && rw != "w" || addr > addrMask {
		return 0, 0, bad
	}
	return cpu, MemEntry(addr, rw == "w", uint(size)), nil
}
