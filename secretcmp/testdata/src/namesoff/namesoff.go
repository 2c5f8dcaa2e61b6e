// Package namesoff is checked with -names=false: only provenance counts.
package namesoff

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
)

type config struct {
	webhookSecret string
	apiKey        []byte
}

func check(c *config, token string, key, msg, got []byte) bool {
	if token != c.webhookSecret || !bytes.Equal(got, c.apiKey) {
		return false
	}
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return bytes.Equal(m.Sum(nil), got) // want `tag from hmac.New\(\.\.\.\)\.Sum at namesoff.go:21 compared with bytes.Equal`
}
