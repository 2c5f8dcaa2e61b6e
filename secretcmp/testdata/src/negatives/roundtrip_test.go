package negatives

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"testing"
)

// Tests compare secrets all the time; timing there attacks nothing, so
// _test.go files are neither reported nor followed unless -testfiles: the
// tag passed to sameBytes here does not make its compare a finding.
func TestRoundTrip(t *testing.T) {
	msg := make([]byte, 64)
	rand.Read(msg)
	m := hmac.New(sha256.New, msg)
	tag := m.Sum(nil)
	if !bytes.Equal(tag, m.Sum(nil)) || !sameBytes(tag, m.Sum(nil)) {
		t.Fatal("not deterministic")
	}
}
