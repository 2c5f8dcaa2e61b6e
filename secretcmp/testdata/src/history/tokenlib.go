package history

import (
	"bytes"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"

	xhkdf "golang.org/x/crypto/hkdf"
)

// A token server derives its signing key with HKDF and checks a token's
// MAC with bytes.Equal (the shape of mozilla-services/go-syncstorage#72).
func checkToken(masterSecret, payload, sig []byte) bool {
	kdf := xhkdf.New(sha256.New, masterSecret, nil, []byte("tokenlib/v1/signing"))
	sigKey := make([]byte, 32)
	if _, err := io.ReadFull(kdf, sigKey); err != nil {
		return false
	}
	mac := hmac.New(sha256.New, sigKey)
	mac.Write(payload)
	return bytes.Equal(mac.Sum(nil), sig) // want `tag from hmac.New\(\.\.\.\)\.Sum at tokenlib.go:24 compared with bytes.Equal`
}

// The derived key itself compared, from crypto/hkdf (Go 1.24).
func sameDerivedKey(secret []byte, peer []byte) bool {
	k, err := hkdf.Key(sha256.New, secret, nil, "session", 32)
	if err != nil {
		return false
	}
	return bytes.Equal(k, peer) // want `key from hkdf.Key at tokenlib.go:29 compared with bytes.Equal`
}

// A key read from x/crypto's hkdf.Expand with Read, hex-encoded and
// compared as a string.
func sameExpandedKey(prk []byte, peerHex string) bool {
	r := xhkdf.Expand(sha256.New, prk, nil)
	k := make([]byte, 16)
	r.Read(k)
	return hex.EncodeToString(k) == peerHex // want `hex of key from hkdf.Expand at tokenlib.go:39 compared with == in variable time against .*: use ctequal.EqualString`
}
