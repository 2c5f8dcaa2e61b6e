package imports

import (
	"bytes"
	"crypto/hmac"
)

// A local named ctequal: the fix imports the library under a free name.
func shadow(key, got []byte) bool {
	ctequal := 1
	_ = ctequal
	return bytes.Equal(hmac.New(nil, key).Sum(nil), got) // want `compared with bytes.Equal in variable time against .*: use ctequal2.Equal`
}
