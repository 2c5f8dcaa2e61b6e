// Package forced is checked with -fixwith=ctequal in a module whose go
// line, 1.18, is older than the library's: the fix says that go get
// raises it.
package forced

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
)

func verify(r *http.Request, key, body []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	tag := m.Sum(nil)
	return bytes.Equal(tag, []byte(r.Header.Get("X-Signature"))) || // want `compared with bytes.Equal in variable time against .*: use ctequal.Equal \(after go get github.com/ctequal/ctequal, which raises this module's go line from 1.18 to 1.24.0\)$`
		hex.EncodeToString(tag) == r.Header.Get("X-Signature-Hex") // want `compared with == in variable time against .*: use ctequal.EqualString \(after go get github.com/ctequal/ctequal, which raises this module's go line from 1.18 to 1.24.0\)$`
}
