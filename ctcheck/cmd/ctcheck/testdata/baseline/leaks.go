// Package baseline has two leaks, which a baseline accepts, and a third
// that the test adds (third.go.txt, as third.go).
package baseline

// Equal returns at the first byte that differs: a branch on the data.
func Equal(x, y []byte) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// Lookup reads a table at a secret index: an address that depends on it.
func Lookup(t *[256]byte, i *byte) byte { return t[*i] }
