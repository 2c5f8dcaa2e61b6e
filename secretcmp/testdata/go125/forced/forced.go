// Package forced is checked with -fixwith=ctequal in a module whose go
// line is new enough for the library: the fix needs go get, and no newer
// go line.
package forced

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
)

func verify(r *http.Request, key, body []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil)) != r.Header.Get("X-Signature") // want `compared with != in variable time against .*: use ctequal.EqualString \(after go get github.com/ctequal/ctequal\)$`
}
