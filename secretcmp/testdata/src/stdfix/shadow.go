package stdfix

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
)

// The package name hmac is shadowed where the compare is, and the import
// exists: the fix imports crypto/hmac again under a free name.
func shadowed(key, msg, got []byte) bool {
	hmac := hmac.New(sha256.New, key)
	hmac.Write(msg)
	return bytes.Equal(hmac.Sum(nil), got) // want `compared with bytes.Equal in variable time against .*: use hmac2.Equal`
}

// Comments inside the compare are kept.
func commented(key, msg []byte, got string) bool {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return string(m.Sum(nil) /* the tag */) == /* the request's */ got // want `compared with == in variable time against .*: use subtle.ConstantTimeCompare`
}

// An array that is not a variable cannot be sliced: no fix, and the
// message says why.
func sum(key, msg []byte) (out [32]byte) {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	copy(out[:], m.Sum(nil))
	return out
}

func arrays(key, msg []byte, got [32]byte) bool {
	return sum(key, msg) == got // want `compared with == in variable time against .* \(no fix: an array that is not a variable cannot be sliced`
}
