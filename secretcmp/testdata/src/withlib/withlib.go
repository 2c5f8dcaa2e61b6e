// Package withlib imports ctequal: every package that imports it has the
// library in its build.
package withlib

import "github.com/ctequal/ctequal"

// Same reports whether a and b are equal, in constant time.
func Same(a, b []byte) bool { return ctequal.Equal(a, b) }
