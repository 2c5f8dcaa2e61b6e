// Package auto is checked with the default -fixwith=auto in a module that
// does not require ctequal: the fixes call the standard library, which
// needs no go get and no newer go line, and say nothing of either.
package auto

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
	return bytes.Equal(tag, []byte(r.Header.Get("X-Signature"))) || // want `compared with bytes.Equal in variable time against .*: use hmac.Equal$`
		hex.EncodeToString(tag) == r.Header.Get("X-Signature-Hex") // want `compared with == in variable time against .*: use subtle.ConstantTimeCompare$`
}
