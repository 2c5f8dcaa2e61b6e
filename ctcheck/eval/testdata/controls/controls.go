// Package controls holds subtle leaks, each the shape of a real bug, that
// the eval's negative controls must find at the line marked "leak:" on
// every GOARCH.
package controls

// compress rounds x*2/q as ML-KEM's compression does, with the modulus
// a variable: a division of a secret, whose time depends on its
// operands on most CPUs (KyberSlash, 2023). A constant q would compile to
// a multiplication.
func compress(x, q uint32) uint32 {
	return ((x << 1) + q/2) / q // leak: division
}

// masks are the all-zero and all-one words, by a difference's low bit.
var masks = [16]uint64{0: ^uint64(0)}

// selectWindow reads every entry of a window's table and keeps the one at
// idx by masking, as a fixed-window scalar multiplication does; but each
// mask is looked up in a table at an index computed from the secret idx.
func selectWindow(out *[4]uint64, table *[16][4]uint64, idx uint64) {
	*out = [4]uint64{}
	for i := uint64(0); i < 16; i++ {
		m := masks[(i^idx)&15] // leak: address
		for j := range out {
			out[j] |= table[i][j] & m
		}
	}
}

// swap exchanges two 4-word values where c is 1, written as an if: the
// compiler keeps a branch for a copy of an array (it selects registers
// without one, not memory).
func swap(c uint64, a, b *[4]uint64) {
	if c == 1 { // leak: branch
		*a, *b = *b, *a
	}
}

// mixAt reads the block at an offset taken from the previous block's
// first word, as Argon2d (and Argon2id's first half) do: the address
// depends on the password (and so does the bounds check's branch).
func mixAt(dst *[16]uint64, mem [][16]uint64, prev *[16]uint64) {
	ref := mem[prev[0]&uint64(len(mem)-1)] // leak: address
	for i := range dst {
		dst[i] ^= ref[i] ^ prev[i]
	}
}
