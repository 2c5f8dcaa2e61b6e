// Package generic calls generic functions that the compiler does not
// inline: their code is a shape instantiation, whose symbol holds spaces,
// parentheses and commas (Copy[go.shape.struct { X uint64; ... }]).
package generic

// Pair is a value of two words; the comma in its shape's name
// (go.shape.struct { X uint64; Y uint64; F [0]func(uint64, uint64) }) is
// not one between operands. (A zero-length array holds no pointer: a
// copy needs no write barrier.)
type Pair struct {
	X, Y uint64
	F    [0]func(uint64, uint64)
}

// Copy copies *src to *dst, for any T.
//
//go:noinline
func Copy[T any](dst, src *T) { *dst = *src }

// CopyIf copies *src to *dst where *cond: a branch on it.
//
//go:noinline
func CopyIf[T any](dst, src *T, cond *bool) {
	if *cond { // the leak
		*dst = *src
	}
}

// CopyPair copies a pair through Copy: constant time.
func CopyPair(dst, src *Pair) { Copy(dst, src) }

// CopyPairIf copies a pair through CopyIf.
func CopyPairIf(dst, src *Pair, cond *bool) { CopyIf(dst, src, cond) }
