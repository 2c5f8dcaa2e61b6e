package history

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
)

// ECIES decryption checks the MAC at the end of the ciphertext with
// bytes.Equal before it decrypts (the shape of btcd PR #438).
func eciesOpen(keyM, in []byte) ([]byte, error) {
	if len(in) < sha256.Size {
		return nil, errors.New("ciphertext too short")
	}
	messageMAC := in[len(in)-sha256.Size:]
	hm := hmac.New(sha256.New, keyM)
	hm.Write(in[:len(in)-sha256.Size])
	expectedMAC := hm.Sum(nil)
	if !bytes.Equal(messageMAC, expectedMAC) { // want `tag from hmac.New\(\.\.\.\)\.Sum at ecies.go:19 compared with bytes.Equal`
		return nil, errors.New("invalid MAC")
	}
	return in[:len(in)-sha256.Size], nil
}
