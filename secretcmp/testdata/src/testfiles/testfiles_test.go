package testfiles

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"testing"
)

func TestTag(t *testing.T) {
	m := hmac.New(sha256.New, []byte("key"))
	tag := m.Sum(nil)
	if !bytes.Equal(tag, m.Sum(nil)) || !same(tag, m.Sum(nil)) { // want `tag from hmac.New\(\.\.\.\)\.Sum at testfiles_test.go:12 compared with bytes.Equal`
		t.Fatal("not deterministic")
	}
}
