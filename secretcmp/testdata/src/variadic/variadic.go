// Package variadic holds secrets reached through variadic parameters,
// indexed and ranged over: each is found as the plain parameter is. And
// the same shapes with nothing secret, or no attacker side, which must
// stay quiet.
package variadic

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
)

// The plain parameter, for comparison.
func plain(secretToken string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if secretToken != r.Header.Get("X-Token") { // want `possible secret "secretToken" \(by name, lower confidence; -names=false turns these off\) compared with != in variable time against request data r.Header.Get\("X-Token"\) \(variadic.go:\d+\)`
			w.WriteHeader(http.StatusUnauthorized)
		}
	}
}

// The same secret as a variadic parameter, indexed.
func handler(secretToken ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if secretToken[0] != r.Header.Get("X-Token") { // want `possible secret "secretToken" \(by name, lower confidence; -names=false turns these off\) compared with != in variable time against request data r.Header.Get\("X-Token"\) \(variadic.go:\d+\)`
			w.WriteHeader(http.StatusUnauthorized)
		}
	}
}

// Ranged over: any of several keys, by value and by index.
func anyKey(apiKeys ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("X-Api-Key")
		for _, k := range apiKeys {
			if k == got { // want `possible secret "apiKeys" \(by name, lower confidence; -names=false turns these off\) compared with == in variable time against got, request data r.Header.Get\("X-Api-Key"\)`
				return
			}
		}
		for i := range apiKeys {
			if got == apiKeys[i] { // want `possible secret "apiKeys" .* compared with == in variable time against got`
				return
			}
		}
		w.WriteHeader(http.StatusUnauthorized)
	}
}

// Byte slices, compared with bytes.Equal.
func anySecret(secrets ...[]byte) func(*http.Request) bool {
	return func(r *http.Request) bool {
		sig := []byte(r.Header.Get("X-Signature"))
		for _, s := range secrets {
			if bytes.Equal(s, sig) { // want `possible secret "secrets" .* compared with bytes.Equal in variable time against sig, request data`
				return true
			}
		}
		return false
	}
}

// A tag made by provenance and passed as a variadic argument to a helper
// that compares it: the tag's own provenance, not a name.
func matches(got string, wants ...string) bool {
	for _, w := range wants {
		if w == got { // want `hex of tag from hmac.New\(\.\.\.\)\.Sum at variadic.go:\d+ compared with == in variable time against got`
			return true
		}
	}
	return got == wants[0] // want `hex of tag from hmac.New\(\.\.\.\)\.Sum at variadic.go:\d+ compared with == in variable time against got`
}

func verifyWebhook(r *http.Request, key, body []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return matches(r.Header.Get("X-Hub-Signature-256"), hex.EncodeToString(m.Sum(nil)))
}

// A slice spread into the variadic parameter with ...: its elements carry
// the tags.
func matchesAll(got []byte, wants ...[]byte) bool {
	return bytes.Equal(wants[0], got) // want `tag from hmac.New\(\.\.\.\)\.Sum at variadic.go:\d+ compared with bytes.Equal in variable time against got`
}

func verifyMany(r *http.Request, keys [][]byte, body []byte) bool {
	var tags [][]byte
	for _, k := range keys {
		m := hmac.New(sha256.New, k)
		m.Write(body)
		tags = append(tags, m.Sum(nil))
	}
	tags[0] = tagOf(keys[0], body)
	return matchesAll([]byte(r.Header.Get("X-Signature")), tags...)
}

func tagOf(key, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return m.Sum(nil)
}

// Negatives.

// Nothing named like a secret: tokens alone are a parser's.
func lexer(tokens ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if tokens[0] == r.URL.Path {
			return
		}
		for _, t := range tokens {
			if t == r.URL.Path {
				return
			}
		}
	}
}

// Names about secrets, not secrets: their names.
func named(secretNames ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for _, n := range secretNames {
			if n == r.URL.Query().Get("name") {
				return
			}
		}
		if secretNames[0] == r.URL.Query().Get("name") {
			return
		}
	}
}

// No attacker side: configuration compared with configuration.
var current = loadSecret()

func loadSecret() string { return "" }

func rotated(oldSecrets ...string) bool {
	for _, s := range oldSecrets {
		if s == current {
			return false
		}
	}
	return oldSecrets[0] != current
}

func reload() bool { return rotated(loadSecret(), loadSecret()) }

// Lengths and constants reveal nothing.
func shapes(secretTokens ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if len(secretTokens) == 0 || secretTokens[0] == "" || len(secretTokens[0]) != len(r.Header.Get("X-Token")) {
			return
		}
	}
}

// Passwords that are not strings: integers compared are not a sink.
func pins(passwords ...int) func(int) bool {
	return func(guess int) bool { return passwords[0] == guess }
}

// The request's own values, whatever their names: the guess, not the secret.
func guesses(r *http.Request, stored string) bool {
	passwords := r.Header.Values("X-Password")
	return passwords[0] == stored
}
