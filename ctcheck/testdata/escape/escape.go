// Package escape stores a pointer to new memory in a package variable:
// checked with stores allowed, a secret written through one pointer must
// be read as secret through the other.
package escape

var kept []byte

//go:noinline
func use() {}

// Escaped: the branch reads, through kept (reloaded after the call), the
// plaintext copied into new memory.
//
//ctcheck:secret src[:] -- the plaintext
func Escaped(src []byte) int {
	b := make([]byte, len(src)+1)
	kept = b
	copy(b, src)
	use()
	if kept[0] == 0 { // the finding
		return 1
	}
	return 0
}
