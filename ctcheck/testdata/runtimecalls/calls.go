// Package runtimecalls calls the runtime's copy, clear and panic from
// compiled Go: each function says in a comment what the checks must find.
package runtimecalls

import "unsafe"

// State is a stream's state: a secret key and buffer, a public position.
type State struct {
	key  [32]byte
	buf  [64]byte
	n    int
	done bool
}

// Absorb: a finding at the copy (runtime.memmove, its length public):
// it starts at the position, and its length, min(len(src), 64-s.n), is
// bounded only by a relation with the start that the checks do not
// follow, so the plaintext may reach s.n and s.done, declared public,
// which must not hold a secret at return.
//
//ctcheck:secret *s src[:] -- the key and the plaintext
//ctcheck:public s.n s.done -- the position
//ctcheck:writes *s
func (s *State) Absorb(src []byte) {
	s.n += copy(s.buf[s.n:], src) // the finding
}

// AbsorbThenTest: the copy, as in Absorb, and a branch on s.done: every
// byte of *s may hold the plaintext after it (fail closed).
//
//ctcheck:secret *s src[:] -- the key and the plaintext
//ctcheck:public s.n s.done -- the position
//ctcheck:writes *s
func (s *State) AbsorbThenTest(src []byte) {
	copy(s.buf[s.n:], src) // the finding
	if s.done {            // the finding
		s.n = 0
	}
}

// Copy: clean.
//
//ctcheck:secret src[:] -- the plaintext
//ctcheck:writes dst[:]
func Copy(dst, src []byte) int {
	return copy(dst, src)
}

// CopyUndeclared: the copy writes dst, which nothing allows.
//
//ctcheck:secret src[:] -- the plaintext
func CopyUndeclared(dst, src []byte) int {
	return copy(dst, src) // the finding
}

// CopySecretLength: the copy's length is secret.
//
//ctcheck:secret n -- a secret length
//ctcheck:writes dst[:]
func CopySecretLength(dst, src []byte, n uint) {
	copy(dst, src[:min(n, uint(len(src)))]) // the finding
}

// Clear: clean (runtime.memclrNoHeapPointers).
//
//ctcheck:writes b[:]
func Clear(b []byte) {
	clear(b)
}

// ClearUndeclared: the clear writes b, which nothing allows.
func ClearUndeclared(b []byte) {
	clear(b) // the finding
}

// At: clean (runtime.gopanic does not return; its condition is public).
//
//ctcheck:secret b[:] -- a secret buffer
func At(b []byte, i int) byte {
	if i >= len(b) {
		panic("short")
	}
	return b[i]
}

// Deferred: its deferred call runs on the panic path, which the checks do
// not follow: the runtime.deferreturn that a recovered panic resumes at
// is the finding (at a line of the compiler's choosing).
//
//ctcheck:secret b[:] -- a secret buffer
func Deferred(b []byte) (x byte) {
	defer func() { x ^= 1 }()
	if len(b) == 0 {
		panic("empty")
	}
	return b[0]
}

// Block is a few words: 386 and arm zero and copy it with the runtime's
// Duff's devices (runtime.duffzero, runtime.duffcopy).
type Block [16]uint32

var table = [16]byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3}

// count looks the first, second and last words of t up in a table (at
// constant offsets: the checks do not know which slot of a frame an index
// addresses).
//
//go:noinline
func count(t *Block) int {
	return int(table[t[0]&15]) + int(table[t[1]&15]) + int(table[t[15]&15])
}

// lookup is count, for Copied alone.
//
//go:noinline
func lookup(t *Block) int {
	return int(table[t[0]&15]) + int(table[t[1]&15]) + int(table[t[15]&15]) // the finding of Copied
}

// Zeroed: clean (the zeroed words are public).
//
//ctcheck:secret *k -- a key
func Zeroed(k *Block) int {
	var t Block
	t[1] = 7
	return count(&t)
}

// CopiedPublic: clean (a copy of public words).
//
//ctcheck:public *k -- a counter block
func CopiedPublic(k *Block) int {
	t := *k
	return count(&t)
}

// Copied: lookup looks the copy of the key up.
//
//ctcheck:secret *k -- a key
func Copied(k *Block) int {
	t := *k
	return lookup(&t)
}

// Allocated: clean: new memory (the runtime's allocation, then the copy)
// holds the plaintext, which the caller gets back.
//
//ctcheck:secret src[:] -- the plaintext
func Allocated(src []byte) []byte {
	b := make([]byte, len(src))
	copy(b, src)
	return b
}

// Appended: clean: append grows new memory (runtime.growslice) and
// copies the plaintext into it. (An append to a slice that may have room
// joins a pointer to it and one to new memory: the checks follow a
// pointer to one region only, and fail closed at the copy.)
//
//ctcheck:secret src[:] -- the plaintext
func Appended(src []byte) []byte {
	return append([]byte(nil), src...)
}

// AllocatedSecretSize: the size of new memory is secret.
//
//ctcheck:secret n -- a secret length
func AllocatedSecretSize(n int) []byte {
	return make([]byte, n&255) // the finding
}

// AllocatedBranch: a branch on a byte of new memory that holds the
// plaintext (returned, so that it is on the heap: a small slice that
// does not escape may be on the stack, where a pointer to one or the
// other has no provenance the checks follow).
//
//ctcheck:secret src[:] -- the plaintext
func AllocatedBranch(src []byte) ([]byte, int) {
	b := make([]byte, len(src)+1)
	copy(b, src)
	if b[0] == 0 { // the finding
		return b, 1
	}
	return b, 0
}

// AllocatedZero: clean: the same branch on new memory that nothing
// secret was written to.
//
//ctcheck:secret src[:] -- the plaintext
func AllocatedZero(src []byte) ([]byte, int) {
	b := make([]byte, len(src)+1)
	if b[0] == 0 {
		return b, 1
	}
	return b, 0
}

// Buffer is a state whose buffer the runtime's copy fills.
type Buffer struct {
	buf  [512]byte
	n    int
	done bool
}

// Fill: clean. The copy's length is a constant the code sets (512, the
// buffer's), so the plaintext reaches s.buf alone, and s.done, declared
// public, stays public for the branch.
//
//ctcheck:secret src[:] -- the plaintext
//ctcheck:public *s -- the position
//ctcheck:secret s.buf -- the buffered plaintext
//ctcheck:writes *s
func (s *Buffer) Fill(src []byte) {
	copy(s.buf[:], src[:512])
	if s.done {
		s.n = 0
	}
}

// FillPast: the copy's constant length, 516, runs past s.buf into s.n,
// declared public: the finding, at the copy; s.done stays public.
//
//ctcheck:secret src[:] -- the plaintext
//ctcheck:public *s -- the position
//ctcheck:secret s.buf -- the buffered plaintext
//ctcheck:writes *s
func (s *Buffer) FillPast(src []byte) {
	past := (*[516]byte)(unsafe.Pointer(&s.buf))
	copy(past[:], src[:516]) // the finding
	if s.done {
		s.n = 0
	}
}

// Boxed: clean: a public value boxed for an interface (runtime.convT64,
// whose time depends on the value: a small one is not allocated).
func Boxed(n uint64) any {
	return n
}

// BoxedSecret: boxing a secret is the finding.
//
//ctcheck:secret n -- a word of a key
func BoxedSecret(n uint64) any {
	return n // the finding
}

// BoxedString: clean: runtime.convTstring of a public string.
func BoxedString(s string) any {
	return s
}
