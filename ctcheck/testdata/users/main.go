// Command users is the checker's test of what a user's main package
// declares: its functions named main.F or by the module's path, a root
// the compiler inlined into its only caller, and arguments of types from
// other packages (an interface, a float) beside a secret.
package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"os"
)

// verify compares a MAC with bytes.Equal, which returns at the first
// difference: a leak.
func verify(mac, expected []byte) bool {
	return bytes.Equal(mac, expected)
}

// verifyCT compares in constant time.
func verifyCT(mac, expected []byte) bool {
	if len(mac) != len(expected) {
		return false
	}
	var v byte
	for i := range mac {
		v |= mac[i] ^ expected[i]
	}
	return v == 0
}

// spin loops as many times as its argument says; small enough to be
// inlined into main, its only caller.
func spin(k int) int {
	r := 0
	for i := 0; i < k; i++ {
		r += i
	}
	return r
}

// loop loops on cond, its third argument: after an interface of another
// package (two integer registers) and a float (a floating-point one).
func loop(b cipher.Block, x float64, cond int) int {
	r := 0
	for i := 0; i < cond; i++ {
		r += i
	}
	return r
}

// sponge is a state with a buffer and a public count beside it.
type sponge struct {
	buf [64]byte
	n   uint64
}

// absorb copies msg into the buffer from n (runtime.memmove): the copy's
// end is bounded only by a relation, so where msg is secret it may reach n.
func absorb(s *sponge, msg []byte) {
	copy(s.buf[s.n:], msg)
	s.n = uint64(len(msg))
}

// seen is a package variable that a caller may pass to record.
var seen sponge

// record stores x through s, which may be &seen, and loops on seen.n.
func record(s *sponge, x uint64) uint64 {
	s.n = x
	r := uint64(0)
	for i := uint64(0); i < seen.n; i++ {
		r += i
	}
	return r
}

// stash stores x through s, then calls fill, whose prologue compares
// the stack pointer with the bound in the goroutine's own struct (g):
// runtime memory, which no store through s reaches.
func stash(s *sponge, x uint64) byte {
	s.n = x
	return fill(s.buf[:])
}

// fill calls mix: not a leaf, so its prologue checks the stack.
//
//go:noinline
func fill(b []byte) byte {
	return mix(b) ^ 1
}

//go:noinline
func mix(b []byte) byte {
	var r byte
	for _, c := range b {
		r ^= c
	}
	return r
}

// pick is generic: its shapes are compiled with a dictionary argument.
func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

func main() {
	b, _ := aes.NewCipher(make([]byte, 16))
	args := []byte(fmt.Sprint(os.Args))
	var sp sponge
	absorb(&sp, args)
	fmt.Println(verify(args, args[1:]), verifyCT(args, args[1:]), spin(len(os.Args)), loop(b, 1.5, len(args)), pick(len(args) > 2, 1, 2),
		sp.n, record(&seen, uint64(len(args))), stash(&sp, uint64(len(args))))
}
