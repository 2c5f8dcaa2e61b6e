// Package history holds, in our own words, the shapes of secrets compared
// in variable time that Go projects fixed by hand: the source of the
// secret, its encoding, and the compare.
package history

import (
	"bytes"
	"crypto"
	"crypto/hmac"
	"encoding/base64"
	"errors"
	"strings"
)

var errSignature = errors.New("signature is invalid")

// A JWT HMAC method's Verify decodes the token's signature and compares it
// with a fresh tag with bytes.Equal (the shape of dgrijalva/jwt-go#47).
type signingMethodHMAC struct {
	hash crypto.Hash
}

func (m *signingMethodHMAC) Verify(signingString, signature string, key []byte) error {
	sig, err := base64.RawURLEncoding.DecodeString(signature)
	if err != nil {
		return err
	}
	hasher := hmac.New(m.hash.New, key)
	hasher.Write([]byte(signingString))
	if !bytes.Equal(sig, hasher.Sum(nil)) { // want `tag from hmac.New\(\.\.\.\)\.Sum at jwt.go:30 compared with bytes.Equal in variable time against .*: use ctequal.Equal`
		return errSignature
	}
	return nil
}

// A small JWT library encodes its tag in base64 and compares the strings
// with strings.Compare (the shape of robbert229/jwt#12).
func verifyJWT(token string, secret []byte, newHash func() crypto.Hash) bool {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return false
	}
	mac := hmac.New(newHash().New, secret)
	mac.Write([]byte(parts[0] + "." + parts[1]))
	expected := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
	return strings.Compare(expected, parts[2]) == 0 // want `base64 of tag from hmac.New\(\.\.\.\)\.Sum at jwt.go:45 compared with strings.Compare in variable time against .*: use ctequal.EqualString`
}
