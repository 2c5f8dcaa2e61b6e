// Package lost stores through a stack address whose provenance the
// checks lose: loaded from a local array at an index.
package lost

// Picked stores *k through an address loaded from a local array, then
// branches on the local it may be.
func Picked(k *uint64, i int) int {
	var a, b uint64
	ps := [2]*uint64{&a, &b}
	*ps[i&1] = *k
	if a == 0 { // leak: picked
		return 1
	}
	return 0
}
