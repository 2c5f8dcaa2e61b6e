//go:build !purego

package ctgrind

// request issues a valgrind client request: req[0] is its code, req[1:]
// its arguments.
//
//go:noescape
func request(req *[6]uintptr) uintptr
