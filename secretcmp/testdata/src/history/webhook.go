package history

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
)

// A webhook handler hex-encodes its HMAC of the body and compares it with
// the request's header with == (the shape of tailscale#6572).
func validWebhook(r *http.Request, body, secret []byte) bool {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	got := r.Header.Get("X-Signature")
	return got == want // want `hex of tag from hmac.New\(\.\.\.\)\.Sum at webhook.go:16 compared with == in variable time against .*: use ctequal.EqualString`
}

// A helper returns the hex signature; the caller compares (the shape of
// pusher-http-go PR #3). The secret crosses a function through its result.
func hmacSignature(toSign string, secret []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(toSign))
	return fmt.Sprintf("%x", mac.Sum(nil))
}

func checkSignature(expected, body string, secret []byte) bool {
	return hmacSignature(body, secret) != expected // want `tag from hmac.New\(\.\.\.\)\.Sum at webhook.go:26 compared with != in variable time against .*: use ctequal.EqualString`
}

// A configured webhook secret compared with the request's token with !=
// (the shape of sourcegraph PR #57650). Nothing says where the secret came
// from but its name: a lower-confidence finding.
type webhookHandler struct {
	webhookSecret string
}

func (h *webhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Gitlab-Token") != h.webhookSecret { // want `possible secret "webhookSecret" \(by name, lower confidence; -names=false turns these off\) compared with != in variable time against request data r.Header.Get\("X-Gitlab-Token"\) \(webhook.go:41\): use ctequal.EqualString`
		http.Error(w, "bad token", http.StatusUnauthorized)
	}
}
