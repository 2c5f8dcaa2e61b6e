package ctequal

import (
	"syscall"
	"testing"
)

// newGuarded maps dataPages readable pages between two PROT_NONE pages.
func newGuarded(t *testing.T, page, dataPages int) *guardedBuffer {
	t.Helper()
	mem, err := syscall.Mmap(-1, 0, (dataPages+2)*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[(dataPages+1)*page:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return &guardedBuffer{mem: mem, page: page}
}

// slice returns n bytes that start at the first readable byte (atEnd false)
// or end at the last one (atEnd true).
func (g *guardedBuffer) slice(n int, atEnd bool) []byte {
	if atEnd {
		end := len(g.mem) - g.page
		return g.mem[end-n : end : end]
	}
	return g.mem[g.page : g.page+n : g.page+n]
}
