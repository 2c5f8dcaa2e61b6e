// Package negatives holds comparisons that must stay quiet. // want package:"imports github.com/ctequal/ctequal"
package negatives

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/ctequal/ctequal"
)

// File magic.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

func isPNG(data []byte) bool {
	return bytes.HasPrefix(data, pngMagic) || bytes.Equal(data[:4], []byte("GIF8"))
}

// An ETag: the hash of a public body.
func notModified(r *http.Request, body []byte) bool {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:]) + `"`
	return r.Header.Get("If-None-Match") == etag
}

// A content hash checked against a manifest.
func verifyDownload(data []byte, wantHex string) bool {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) == wantHex
}

// Public keys are public.
func samePublicKey(a, b ed25519.PublicKey) bool {
	return bytes.Equal(a, b) || a.Equal(b)
}

// Git object IDs.
type objectID [20]byte

func blobID(content []byte) objectID {
	return sha1.Sum([]byte(fmt.Sprintf("blob %d\x00%s", len(content), content)))
}

func sameBlob(a, b []byte) bool { return blobID(a) == blobID(b) }

// Protocol versions and cache keys.
func isHTTP11(proto string) bool { return proto == "HTTP/1.1" }

func cacheHit(cache map[string][]byte, method, url string, key string) bool {
	k := fmt.Sprintf("%s %s", method, url)
	return k == key
}

// Lengths of secrets, and comparisons with nil and "", reveal nothing.
func lengths(key, msg, tag []byte) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	sum := mac.Sum(nil)
	if len(sum) != len(tag) || sum == nil || mac.Size() != 32 {
		return false
	}
	s := string(sum)
	return s != "" && len(s) == 32
}

// Constant-time compares already: hmac.Equal, subtle.ConstantTimeCompare
// (the shape of gorilla/securecookie#4, a false alarm) and ctequal.
func verified(key, msg, tag []byte, tok string) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	sum := mac.Sum(nil)
	t := rand.Text()
	return hmac.Equal(sum, tag) ||
		subtle.ConstantTimeCompare(sum, tag) == 1 ||
		ctequal.Equal(sum, tag) ||
		ctequal.EqualString(t, tok) ||
		ctequal.Compare(sum, tag) == 1
}

// Names compared with constants are a parser's or a sentinel's, not a
// secret's; and a bare "token" is a grammar's.
func parse(token, signature, csrfToken, apiKey string) int {
	if token == "chunked" || strings.EqualFold(token, "gzip") || signature == "ed25519" {
		return 1
	}
	if csrfToken == "none" || strings.HasPrefix(apiKey, "test_") || token == signature {
		return 2
	}
	return 0
}

// A hash of a MAC is not the MAC: comparing hashes of secrets is a
// known constant-time idiom (a double-HMAC compare).
func doubleHMAC(key, a, b []byte) bool {
	h1 := sha256.Sum256(a)
	h2 := sha256.Sum256(b)
	return h1 == h2
}

// A helper that only tests call with random bytes: tests are not followed.
func sameBytes(a, b []byte) bool { return bytes.Equal(a, b) }

// A protocol's randoms are public: the reader is crypto/rand.Reader or
// the caller's, through a method (the shape of crypto/tls's Config.rand).
type config struct{ Rand io.Reader }

func (c *config) rand() io.Reader {
	if c.Rand == nil {
		return rand.Reader
	}
	return c.Rand
}

type hello struct{ random []byte }

func newHello(c *config) *hello {
	h := &hello{random: make([]byte, 32)}
	io.ReadFull(c.rand(), h.random)
	return h
}

var downgradeCanary = []byte("DOWNGRD\x01")

func downgraded(h *hello) bool { return bytes.Equal(h.random[24:], downgradeCanary) }

// A MAC address is not a MAC.
func sameNIC(a, b net.HardwareAddr, macAddr []byte) bool {
	return bytes.Equal(a, b) || bytes.Equal(macAddr, b)
}

// Public-key signatures are public.
func sameSignature(sig, want []byte) bool { return bytes.Equal(sig, want) }

// Raw random bytes are nonces and ping payloads as often as tokens, and
// are sent in the clear: only encoded as text are they a token (the shape
// of net/http's HTTP/2 PING check).
type conn struct{ sentPing [8]byte }

func (c *conn) ping() { rand.Read(c.sentPing[:]) }

func (c *conn) isAck(data [8]byte) bool { return c.sentPing == data }

// A tag appended to a message that goes out is public from then on (the
// shape of x/crypto/otr's data messages).
func seal(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return append(msg, m.Sum(nil)...)
}

func sameSealed(key, a, b []byte) bool { return bytes.Equal(seal(key, a), b) }

// A generic buffer: one caller's secret does not make every buffer's
// bytes secret (the shape of go-jose's byteBuffer).
type buffer struct{ data []byte }

func newBuffer(b []byte) *buffer { return &buffer{data: b} }

func (b *buffer) bytes() []byte { return b.data }

func (b *buffer) equal(o []byte) bool { return bytes.Equal(b.data, o) }

func tagBuffer(key, msg []byte) *buffer {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return newBuffer(m.Sum(nil))
}

func samePublicKey2(pub, other []byte) bool { return bytes.Equal(newBuffer(pub).bytes(), other) }
