package testfiles

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"testing"
)

func TestTag(t *testing.T) {}

// checkTag is a test helper that nothing calls: its parameter could be
// anything.
func checkTag(got []byte) bool {
	m := hmac.New(sha256.New, []byte("key"))
	tag := m.Sum(nil)
	return bytes.Equal(tag, got) || same(tag, got) // want `tag from hmac.New\(\.\.\.\)\.Sum at testfiles_test.go:16 compared with bytes.Equal`
}
