// Package bounded stores secrets at indexes the code bounds: a buffer
// beside a public cursor, as a hash or a MAC buffers its input.
package bounded

import "unsafe"

// Acc is a buffer and its public cursor, right after it.
type Acc struct {
	buf [64]byte
	n   int
	sum uint64
}

//go:noinline
func (a *Acc) flush() {
	for i := range a.buf {
		a.sum ^= uint64(a.buf[i]) << (i % 8)
	}
}

// Write stores each byte at the cursor, which the bounds check bounds.
func (a *Acc) Write(data []byte) {
	for _, b := range data {
		a.buf[a.n] = b
		a.n++
		if a.n == len(a.buf) {
			a.flush()
			a.n = 0
		}
	}
}

// Masked stores at an index the code masks to the buffer's length.
func (a *Acc) Masked(data []byte) {
	for i, b := range data {
		a.buf[(a.n+i)&63] = b
	}
	a.n = (a.n + len(data)) & 63
}

// Wide masks the index to twice the buffer's length and stores through
// unsafe: the bytes it may reach include the cursor's.
func (a *Acc) Wide(data []byte) {
	for i, b := range data {
		*(*byte)(unsafe.Add(unsafe.Pointer(&a.buf), (a.n+i)&127)) = b // leak: wide
	}
}

// Unchecked stores through unsafe at the cursor, which nothing bounds.
func (a *Acc) Unchecked(b byte) {
	*(*byte)(unsafe.Add(unsafe.Pointer(&a.buf), a.n)) = b // leak: unchecked
}

// Overrun indexes an array that overlays Acc whole, whose bounds check
// lets the index reach the cursor.
func (a *Acc) Overrun(b byte) {
	w := (*[80]byte)(unsafe.Pointer(a))
	w[a.n] = b // leak: overrun
}

// SecretIndex stores at an index a secret chooses, masked.
func (a *Acc) SecretIndex(data []byte) {
	a.buf[data[0]&63] = 1 // leak: index
}

// Stale compares one register and then indexes with another it moved
// there before the branch (assembly).
func (a *Acc) Stale(b byte, m int) { stale(a, b, a.n, m) }

// Checked is Stale without the move.
func (a *Acc) Checked(b byte, m int) { checked(a, b, a.n, m) }

//go:noescape
func stale(a *Acc, b byte, n, m int)

//go:noescape
func checked(a *Acc, b byte, n, m int)

// Local xors into a local array at a loop's counter, which the loop's
// compare bounds, and reads it back.
func Local(x, y *[32]byte) byte {
	var t [32]byte
	for i := range t {
		t[i] = x[i] ^ y[i]
	}
	var v byte
	for i := range t {
		v |= t[i]
	}
	return v
}

// LocalUnbounded's counter is compared with a length in a register: no
// bound, so the store may reach any byte of the frame.
func LocalUnbounded(x, y []byte) byte {
	var t [64]byte
	n := min(len(x), len(y), len(t))
	for i := 0; i < n; i++ {
		t[i] = x[i] ^ y[i] // leak: local unbounded
	}
	var v byte
	for _, b := range t {
		v |= b
	}
	return v
}

// LocalIndex stores at an index a secret chooses.
func LocalIndex(x *[32]byte) byte {
	var t [32]byte
	t[x[0]&31] = 1 // leak: local index
	return t[0]
}

// LocalOverrun masks an index to 4,096 bytes into a 32-byte local array:
// the bytes it may reach include the return address.
func LocalOverrun(x *[32]byte, i int) byte {
	var t [32]byte
	p := (*[4096]byte)(unsafe.Pointer(&t))
	p[i&4095] = x[0] // leak: local overrun
	return t[0]
}

// Signed compares an index that may be negative with the array's length
// (signed), and stores through unsafe.
func Signed(x *[32]byte, i int) byte {
	var t [32]byte
	if i < len(t) {
		*(*byte)(unsafe.Add(unsafe.Pointer(&t), i)) = x[0] // leak: signed
	}
	return t[0]
}

// Fill stores a secret word at each multiple of 8 below 64, in
// assembly: the last at 56, the words fill buf and stop short of n.
func (a *Acc) Fill(x uint64) { fill(a, x) }

// FillOver steps by 4: the last word, at 60, reaches the cursor.
func (a *Acc) FillOver(x uint64) { fillOver(a, x) }

//go:noescape
func fill(a *Acc, x uint64)

//go:noescape
func fillOver(a *Acc, x uint64)

// Words is an array of words and a public count after it.
type Words struct {
	w [8]uint64
	n int
}

// Put indexes an array of 9 words that overlays Words: on arm64 the
// store is MOVD R1, (R0)(R2<<3), the index scaled by 8, and i = 8 reaches
// the count.
func (s *Words) Put(x uint64, i int) {
	p := (*[9]uint64)(unsafe.Pointer(&s.w))
	p[i] = x // leak: words
}

// LocalBranch stores a secret word at a masked index into a local array
// and branches on its last word, which the store may have written.
func LocalBranch(x uint64, i int) int {
	var t [8]uint64
	t[i&7] = x
	if t[7] == 0 { // leak: local branch
		return 1
	}
	return 0
}

// Cursor is a public cursor and a buffer after it.
type Cursor struct {
	n   int
	buf [64]byte
}

// LoopBack stores at buf[-1] (assembly): on amd64 its index is what LOOP
// left of a zero, on arm64 a zero less one.
func (c *Cursor) LoopBack(b byte) { loopBack(c, b) }

// Widen sign-extends a word of the cursor (assembly) and compares it,
// signed, with the buffer's length: 0xffff is -1, and the store at
// buf[-1] reaches the cursor.
func (c *Cursor) Widen(b byte) { widen(c, b) }

//go:noescape
func loopBack(c *Cursor, b byte)

//go:noescape
func widen(c *Cursor, b byte)
