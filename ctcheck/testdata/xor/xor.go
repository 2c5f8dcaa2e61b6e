// Package xor writes its result to a buffer of its caller's.
package xor

// Xor sets dst[i] to x[i] ^ y[i] for every i below the three lengths.
func Xor(dst, x, y []byte) {
	n := min(len(dst), len(x), len(y))
	for i := range n {
		dst[i] = x[i] ^ y[i]
	}
}

// Scatter sets dst[x[0]&15] to 1: an address that depends on a secret.
func Scatter(dst *[16]byte, x []byte) {
	if len(x) > 0 {
		dst[x[0]&15] = 1 // the leak
	}
}
