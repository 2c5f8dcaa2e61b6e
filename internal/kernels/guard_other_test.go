//go:build !linux

package kernels

import "testing"

func newGuarded(t *testing.T, page, dataPages int) *guardedBuffer {
	t.Skip("guard pages use linux mmap")
	return nil
}

func (g *guardedBuffer) slice(n int, atEnd bool) []byte { return nil }
