//go:build !linux

package ctequal

import "testing"

func newGuarded(t *testing.T, page, dataPages int) *guardedBuffer {
	t.Skip("guard pages use linux mmap")
	return nil
}

func (g *guardedBuffer) slice(n int, atEnd bool) []byte { return nil }
