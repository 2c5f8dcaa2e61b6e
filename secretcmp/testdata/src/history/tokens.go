package history

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"reflect"
	"strings"

	"golang.org/x/crypto/argon2"
	xpbkdf2 "golang.org/x/crypto/pbkdf2"
	"golang.org/x/crypto/scrypt"
)

// A CSRF token made by crypto/rand.Text and kept in a session's field.
type session struct {
	csrf  string
	tag   [32]byte
	nonce []byte
}

func newSession() *session {
	s := &session{csrf: rand.Text()}
	return s
}

func (s *session) checkCSRF(form string) bool {
	return form == s.csrf // want `token from crypto/rand.Text at tokens.go:26 compared with == in variable time against .*: use ctequal.EqualString`
}

// A token from crypto/rand.Read, base32-encoded.
func newToken() string {
	b := make([]byte, 20)
	rand.Read(b)
	return base32.StdEncoding.EncodeToString(b)
}

func checkToken2(got string) bool {
	tok := newToken()
	return strings.EqualFold(tok, got) // want `base32 of random bytes from crypto/rand.Read at tokens.go:37 compared with strings.EqualFold in variable time against .* \(no constant-time compare folds case`
}

// A tag kept in an array, compared with ==; and a switch on a secret.
func (s *session) seal(key, msg []byte) {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	copy(s.tag[:], mac.Sum(nil))
}

func (s *session) sameTag(other [32]byte) bool {
	return s.tag != other // want `tag from hmac.New\(\.\.\.\)\.Sum at tokens.go:50 compared with != in variable time against .*: use ctequal.Equal`
}

func (s *session) tagKind() int {
	switch string(s.tag[:4]) { // want `compared with switch in variable time \(a switch has no constant-time form`
	case "\x00\x00\x00\x00":
		return 0
	}
	return 1
}

// reflect.DeepEqual, and prefixes.
func (s *session) deep(other []byte) bool {
	return reflect.DeepEqual([]byte(s.csrf), other) // want `token from crypto/rand.Text at tokens.go:26 compared with reflect.DeepEqual in variable time against .* \(reflect.DeepEqual tells a nil slice`
}

func (s *session) deepString(other string) bool {
	return !reflect.DeepEqual(other, hex.EncodeToString(s.nonce)) // want `hex of random bytes from crypto/rand.Read at tokens.go:76 compared with reflect.DeepEqual in variable time against .*: use ctequal.EqualString`
}

func (s *session) init() {
	s.nonce = make([]byte, 16)
	rand.Read(s.nonce)
}

func (s *session) prefix(got []byte) bool {
	return bytes.HasPrefix(got, []byte(s.csrf)[:8]) // want `compared with bytes.HasPrefix in variable time against .* \(compare the prefix's length publicly`
}

// Key derivation from x/crypto.
func passwordHashes(pw, salt, stored []byte, storedHex string) bool {
	a := argon2.IDKey(pw, salt, 1, 64*1024, 4, 32)
	b := argon2.Key(pw, salt, 3, 32*1024, 4, 32)
	c, _ := scrypt.Key(pw, salt, 1<<15, 8, 1, 32)
	d := xpbkdf2.Key(pw, salt, 4096, 32, sha256.New)
	return bytes.Equal(a, stored) || // want `key from argon2.IDKey at tokens.go:85 compared with bytes.Equal`
		string(b) == string(stored) || // want `key from argon2.Key at tokens.go:86 compared with ==`
		bytes.Compare(c, stored) != 0 || // want `key from scrypt.Key at tokens.go:87 compared with bytes.Compare in variable time against .*: use ctequal.Equal`
		hex.EncodeToString(d) == storedHex // want `hex of key from pbkdf2.Key at tokens.go:88 compared with ==`
}

// A helper that compares whatever it is given is reported where it
// compares, when a caller in the package passes it a secret.
func equalBytes(a, b []byte) bool {
	return bytes.Equal(a, b) // want `tag from hmac.New\(\.\.\.\)\.Sum at tokens.go:104 compared with bytes.Equal`
}

func verifyWithHelper(key, msg, tag []byte) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	return equalBytes(mac.Sum(nil), tag)
}

// An inline hmac.New(...).Sum(nil), compared with slices.Equal... no:
// with bytes.Equal after a copy into a fresh slice.
func inline(key, msg, tag []byte) bool {
	want := make([]byte, 32)
	copy(want, hmac.New(sha256.New, key).Sum(nil))
	return bytes.Equal(tag, want) // want `tag from hmac.New\(\.\.\.\)\.Sum at tokens.go:111 compared with bytes.Equal`
}
