package clean

// XorFirst returns the XOR of the first bytes of x and y, which must not
// be empty.
//
//go:noescape
func XorFirst(x, y []byte) byte
