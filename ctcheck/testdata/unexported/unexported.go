// Package unexported has no exported function: the program ctcheck
// links for its checks imports it for its keep file alone.
package unexported

func first(x []byte) int {
	if x[0] == 0 { // the finding
		return 1
	}
	return 0
}
