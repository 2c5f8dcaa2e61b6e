// Package autodep does not import ctequal, but a package it imports does: // want package:"has github.com/ctequal/ctequal through withlib"
// its build has the library already, so the default fixes call it and
// need no go get.
package autodep

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"net/http"

	"withlib"
)

func verify(r *http.Request, key, body []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	tag := m.Sum(nil)
	return withlib.Same(body, body) &&
		bytes.Equal(tag, []byte(r.Header.Get("X-Signature"))) // want `compared with bytes.Equal in variable time against .*: use ctequal.Equal$`
}

func verifyString(r *http.Request, key, body []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return string(m.Sum(nil)) != r.Header.Get("X-Signature") // want `compared with != in variable time against .*: use ctequal.EqualString$`
}
