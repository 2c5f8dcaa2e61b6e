package history

import (
	"bytes"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/sha1"
	"errors"
)

// The MAC of a PFX file is checked with bytes.Equal against the digest the
// file carries (the shape of Azure/go-pkcs12#6). Here the MAC key comes
// from PBKDF2, and the tag from hmac.New.
type macData struct {
	digest     []byte
	salt       []byte
	iterations int
}

func verifyPFXMac(md *macData, message []byte, password string) error {
	key, err := pbkdf2.Key(sha1.New, password, md.salt, md.iterations, 20)
	if err != nil {
		return err
	}
	mac := hmac.New(sha1.New, key)
	mac.Write(message)
	expectedMAC := mac.Sum(nil)
	if !bytes.Equal(md.digest, expectedMAC) { // want `tag from hmac.New\(\.\.\.\)\.Sum at pkcs12.go:27 compared with bytes.Equal`
		return errors.New("pkcs12: decryption password incorrect")
	}
	return nil
}

// A stored password hash compared with the PBKDF2 of a login attempt.
func checkPassword(stored, salt []byte, attempt string) bool {
	dk, err := pbkdf2.Key(sha1.New, attempt, salt, 4096, 32)
	if err != nil {
		return false
	}
	return bytes.Equal(dk, stored) // want `key from pbkdf2.Key at pkcs12.go:36 compared with bytes.Equal in variable time against .*: use ctequal.Equal`
}

// A generic helper's result is followed through its instances.
func derive[T ~string](password T, salt []byte) []byte {
	k, _ := pbkdf2.Key(sha1.New, string(password), salt, 4096, 32)
	return k
}

type secretString string

func checkGeneric(stored []byte, pw secretString) bool {
	return bytes.Equal(derive(pw, nil), stored) // want `key from pbkdf2.Key at pkcs12.go:45 compared with bytes.Equal`
}

// And a generic type's method.
type keyring[T any] struct{ salt []byte }

func (k keyring[T]) derive(pw string) []byte {
	dk, _ := pbkdf2.Key(sha1.New, pw, k.salt, 4096, 32)
	return dk
}

func checkRing(k keyring[int], stored []byte, pw string) bool {
	return bytes.Equal(k.derive(pw), stored) // want `key from pbkdf2.Key at pkcs12.go:59 compared with bytes.Equal`
}
