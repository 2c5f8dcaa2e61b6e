// Package declared is the checker's test of declarations of secrets:
// each function's findings, at the lines marked // want in its .s file,
// follow from what its declaration says.
package declared

// Pick reads a table at a secret index: a finding in compiled Go, once x
// is declared secret (a register argument, ABIInternal).
//
//ctcheck:secret x -- the index is the secret
func Pick(x uint64, tbl *[16]byte) byte { return tbl[x&15] }

// Cipher is a state with a public counter.
type Cipher struct {
	Key [4]uint64
	Len uint64
}

// Pos reads a public field: clean where Len is declared public.
func (c *Cipher) Pos() uint64 {
	if c.Len > 8 {
		return c.Len - 8
	}
	return c.Len
}

// Next reads the public counter in a method it calls: the call's symbol
// has the receiver in parentheses, and the region follows the pointer
// into the callee.
func Next(c *Cipher) uint64 { return c.step() + 1 }

//go:noinline
func (c *Cipher) step() uint64 {
	if c.Len > 64 {
		return 0
	}
	return c.Len
}
