// Package twosides holds compares of secrets that have no attacker side,
// or whose secret is only named like one: all must stay quiet. And the
// same secrets, compared with what a request carries, which must not.
package twosides

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/http"
)

type User struct {
	Username string
	Password string
}

type Options struct {
	Users     []*User
	AuthToken string
}

// A configuration reload: has a user's password changed? Old and new
// come from storage (the shape of nats-server's reload diff).
func usersChanged(old, nw *Options) bool {
	byName := make(map[string]*User)
	for _, u := range nw.Users {
		byName[u.Username] = u
	}
	for _, u := range old.Users {
		nu, ok := byName[u.Username]
		if !ok || u.Password != nu.Password {
			return true
		}
	}
	return old.AuthToken != nw.AuthToken
}

// An exported reload, whose parameters are the caller's: the same field
// on both sides is still two copies of configuration.
func (o *Options) Changed(nw *Options) bool { return o.AuthToken != nw.AuthToken }

// A generated duplicate check of two records (the shape of miekg/dns's
// isDuplicate for TSIG).
type TSIG struct {
	Algorithm string
	MAC       string
}

func (r1 *TSIG) isDuplicate(r2 *TSIG) bool {
	return r1.Algorithm == r2.Algorithm && r1.MAC == r2.MAC
}

// An in-memory copy compared with its original.
func sealTwice(key, msg []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	tag := m.Sum(nil)
	saved := make([]byte, len(tag))
	copy(saved, tag)
	return bytes.Equal(saved, tag)
}

// A cookie's name is not a secret, though it names one (the shape of
// nats-server's websocket PasswordCookie).
type WebsocketOpts struct {
	PasswordCookie string
	TokenCookie    string
}

func cookieValue(o *WebsocketOpts, r *http.Request) string {
	for _, c := range r.Cookies() {
		if o.PasswordCookie == c.Name || o.TokenCookie == c.Name {
			return c.Value
		}
	}
	return ""
}

// Names that say something about a secret, not the secret.
type Client struct {
	TokenEndpointAuthSigningAlgorithm string
	SecretPrefix                      string
	AccessTokenHash                   string
}

func (c *Client) GetTokenEndpointAuthSigningAlgorithm() string {
	return c.TokenEndpointAuthSigningAlgorithm
}

func checkClient(c *Client, r *http.Request, alg, atHash string) bool {
	return c.GetTokenEndpointAuthSigningAlgorithm() != alg && // an algorithm's name
		c.SecretPrefix == r.Header.Get("X-Prefix") && // a prefix
		c.AccessTokenHash == atHash // OIDC's at_hash: a hash of a public token
}

// Two struct types that share one declaration's fields (type TPM2BName
// TPM2BData): an HMAC stored in one type's field does not make the other
// type's field secret (the shape of go-tpm's TPM2B buffers).
type TPM2BData struct{ Buffer []byte }
type TPM2BDigest TPM2BData // want TPM2BDigest:`secret fields: Buffer=tag from hmac.New\(\.\.\.\)\.Sum`
type TPM2BName TPM2BData

type Response struct {
	Auth TPM2BDigest
	Name TPM2BName
}

func sign(key, msg []byte) TPM2BDigest {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return TPM2BDigest{Buffer: m.Sum(nil)}
}

func SameName(a Response, name []byte) bool {
	return bytes.Equal(a.Name.Buffer, name)
}

// The same field of the other type is secret, and a caller's bytes
// compared with it are a finding.
func CheckAuth(key, msg, got []byte) bool {
	d := sign(key, msg)
	return bytes.Equal(d.Buffer, got) // want `tag from hmac.New\(\.\.\.\)\.Sum at twosides.go:\d+ compared with bytes.Equal in variable time against got, parameter got of exported CheckAuth`
}

// A compare that runs only once a constant-time compare of hashes said
// yes (the shape of go-htpasswd's constantTimeEquals).
func constantTimeEquals(a, b string) bool {
	ah, bh := sha1.Sum([]byte(a)), sha1.Sum([]byte(b))
	if subtle.ConstantTimeCompare(ah[:], bh[:]) == 1 {
		return a == b
	}
	return false
}

func Login(password string, u *User) bool { return constantTimeEquals(password, u.Password) }

// A digest-auth opaque is sent to every client: it is public, though
// made from crypto/rand (the shape of abbot/go-http-auth).
type DigestAuth struct{ Opaque string } // want DigestAuth:`secret fields: Opaque=base64 of random bytes from crypto/rand.Read`

func randomKey() string {
	k := make([]byte, 12)
	rand.Read(k)
	return base64.StdEncoding.EncodeToString(k)
}

func NewDigestAuth() *DigestAuth { return &DigestAuth{Opaque: randomKey()} }

func (da *DigestAuth) challenge(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Digest opaque="%s"`, da.Opaque))
}

func (da *DigestAuth) check(auth map[string]string) bool {
	return da.Opaque == auth["opaque"]
}

// The configured token against the request's: a finding, which names
// the request's side.
func (o *Options) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if o.AuthToken != r.Header.Get("X-Token") { // want `possible secret "AuthToken" \(by name, lower confidence; -names=false turns these off\) compared with != in variable time against request data r.Header.Get\("X-Token"\) \(twosides.go:\d+\): use subtle.ConstantTimeCompare`
		w.WriteHeader(http.StatusUnauthorized)
	}
}

// A secret compared with a value the program holds, not one the other
// end sent: a configured secret against a default, a fresh tag against a
// tag kept in memory.
type Hook struct {
	Secret   string
	Fallback string
}

var defaultHook = &Hook{Fallback: "changeme"}

func (h *Hook) usesDefault(d *Hook) bool { return h.Secret == d.Fallback }

var lastTag []byte

func (h *Hook) init(key, msg []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return h.usesDefault(defaultHook) || bytes.Equal(m.Sum(nil), lastTag)
}

// A compare writes nothing into its arguments: the request's data on one
// side does not make the other side the request's, and a secret by name
// stays one.
func oneSecret(secret []byte) func(*http.Request) bool {
	return func(r *http.Request) bool {
		return bytes.Equal(secret, []byte(r.Header.Get("X-Signature"))) // want `possible secret "secret" .* compared with bytes.Equal in variable time against \[\]byte\(r.Header.Get\("X-Signature"\)\)`
	}
}
