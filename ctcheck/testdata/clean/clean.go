// Package clean compares in constant time, in Go and in assembly.
package clean

// Equal reports whether x and y are equal, in time that depends on their
// lengths only.
func Equal(x, y []byte) bool {
	if len(x) != len(y) {
		return false
	}
	var v byte
	for i := range x {
		v |= x[i] ^ y[i]
	}
	return v == 0
}

// Sum adds two public numbers.
func Sum(a, b int) int { return a + b }
