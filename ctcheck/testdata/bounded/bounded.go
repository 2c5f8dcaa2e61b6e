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

// OverB stores a secret byte 8 bytes past its array, at a masked
// index: the return address on amd64; on arm64 the caller's word at the
// entry's stack pointer, where it keeps its own.
//
//go:noinline
func OverB(x byte, i int) byte {
	var t [32]byte
	p := (*[2]byte)(unsafe.Add(unsafe.Pointer(&t), unsafe.Sizeof(t)+8))
	p[i&1] = x // leak: past frame
	return t[0]
}

// SavedBP stores a secret byte just above its array, at a masked index:
// on amd64 the frame pointer the prologue saved, which the caller gets
// back and Go's frame-pointer unwinders follow (on arm64, padding).
//
//go:noinline
func SavedBP(x byte, i int) byte {
	var t [32]byte
	p := (*[8]byte)(unsafe.Add(unsafe.Pointer(&t), 32))
	p[i&7] = x // leak: saved bp
	return t[0]
}

// A digest is a hash's state: a cursor, then its buffer.
type digest struct {
	nx int
	x  [64]byte
}

// write copies p into the buffer in the caller's frame, from the cursor
// (copy(d.x[d.nx:], p): its length min(len(p), 64-nx), the offset masked
// to the array) and from the start (min(len(p), 64)).
//
//go:noinline
func (d *digest) write(p []byte) {
	if d.nx > 0 {
		n := copy(d.x[d.nx:], p)
		d.nx += n
		if d.nx == 64 {
			d.nx = 0
		}
		p = p[n:]
	}
	if len(p) > 0 {
		d.nx = copy(d.x[:], p)
	}
}

// Absorb writes data twice into a digest in its frame and branches on
// the cursor, below the buffer the copies may write.
func Absorb(data []byte) int {
	var d digest
	d.write(data)
	d.write(data)
	if d.nx == 0 {
		return 1
	}
	return 0
}

// AbsorbLeak branches on the buffer.
func AbsorbLeak(data []byte) int {
	var d digest
	d.write(data)
	if d.x[0] == 0 { // leak: absorbed
		return 1
	}
	return 0
}

// A block is a buffer, then a count a caller sets.
type block struct {
	x     [64]byte
	total int
}

// fill copies p into the buffer: min(len(p), 64) bytes, the compiler's
// signed compare of len(p) with 64 and a conditional move.
//
//go:noinline
func (b *block) fill(p []byte) int { return copy(b.x[:], p) }

// Filled branches on the count after the buffer, which the copy does
// not reach.
func Filled(data []byte) int {
	var b block
	b.total = len(data)
	b.fill(data)
	if b.total > 64 {
		return 1
	}
	return 0
}

// FilledLeak branches on the buffer's last byte, which the copy reaches.
func FilledLeak(data []byte) int {
	var b block
	b.fill(data)
	if b.x[63] == 0 { // leak: filled
		return 1
	}
	return 0
}

// Sliced stores x at the start of t[i:j], which Go's bounds checks keep
// inside t: j below 32 (masked), i at most j (a compare of the two).
func Sliced(x byte, i, j int) int {
	var t [32]byte
	s := t[i : j&31]
	if len(s) > 0 {
		s[0] = x
	}
	return int(t[31])
}

// SlicedLeak branches on a byte of t that the store may have reached.
func SlicedLeak(x byte, i, j int) int {
	var t [32]byte
	s := t[i : j&31]
	if len(s) > 0 {
		s[0] = x
	}
	if t[5] == 0 { // leak: sliced
		return 1
	}
	return 0
}
