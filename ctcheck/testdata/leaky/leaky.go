// Package leaky compares in time that depends on the data.
package leaky

// Equal reports whether x and y are equal, and returns at the first byte
// that differs.
func Equal(x, y []byte) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] { // the leak
			return false
		}
	}
	return true
}
