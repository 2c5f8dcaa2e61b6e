package history

import (
	"bytes"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"hash"
)

// A message from the network carries an HMAC that is compared with
// bytes.Compare (the shape of mozilla-services/heka#399).
type header struct {
	hashFunc int
	hmac     []byte
}

func checkHMAC(msg []byte, h *header, key []byte) bool {
	var mac hash.Hash
	switch h.hashFunc {
	case 0:
		mac = hmac.New(md5.New, key)
	case 1:
		mac = hmac.New(sha1.New, key)
	}
	mac.Write(msg)
	expected := mac.Sum(nil)
	return bytes.Compare(expected, h.hmac) == 0 // want `tag from hmac.New\(\.\.\.\)\.Sum at network.go:27 compared with bytes.Compare in variable time against .*: use ctequal.Equal`
}

// The same test written with != 0 keeps its meaning negated.
func badHMAC(msg []byte, h *header, key []byte) bool {
	mac := hmac.New(sha1.New, key)
	mac.Write(msg)
	return 0 != bytes.Compare(h.hmac, mac.Sum(nil)) // want `compared with bytes.Compare in variable time against .*: use ctequal.Equal`
}

// bytes.Compare used for ordering has no constant-time equivalent: it is
// reported without a fix.
func orderHMAC(msg []byte, key, other []byte) bool {
	mac := hmac.New(sha1.New, key)
	mac.Write(msg)
	return bytes.Compare(mac.Sum(nil), other) < 0 // want `compared with bytes.Compare in variable time against .* \(bytes.Compare orders`
}
