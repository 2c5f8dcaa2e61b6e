// Package macs makes secrets that another package compares: the facts
// carry them across.
package macs

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash"
)

// Sign returns the HMAC-SHA256 tag of msg.
func Sign(key, msg []byte) []byte { // want Sign:`secret results: 0=tag from hmac.New\(\.\.\.\)\.Sum`
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}

// SignHex returns the tag in hex, and an error.
func SignHex(key, msg []byte) (string, error) { // want SignHex:`secret results: 0=hex of tag from hmac.New\(\.\.\.\)\.Sum`
	return hex.EncodeToString(Sign(key, msg)), nil
}

// NewMAC returns a keyed hash: its Sum is a tag.
func NewMAC(key []byte) hash.Hash { // want NewMAC:`secret results: 0=hmac.New\(\.\.\.\)`
	return hmac.New(sha256.New, key)
}

// A Cookie carries a value (public) and its MAC (secret until checked).
type Cookie struct { // want Cookie:`secret fields: MAC=tag from hmac.New\(\.\.\.\)\.Sum`
	Value string
	MAC   []byte
}

func NewCookie(key []byte, v string) Cookie {
	return Cookie{Value: v, MAC: Sign(key, []byte(v))}
}

// SessionKey is made at start-up.
var SessionKey = rand.Text() // want SessionKey:`secret: token from crypto/rand.Text`

// Two types that share Data's fields: only Digest values carry a tag.
type Data struct{ Buffer []byte }

type Digest Data // want Digest:`secret fields: Buffer=tag from hmac.New\(\.\.\.\)\.Sum`

type Name Data

func SealDigest(key, msg []byte) Digest { return Digest{Buffer: Sign(key, msg)} }

// Wire is a message as it arrives; ParseWire fills one from bytes read
// off a connection.
type Wire struct{ Tag []byte }

func ParseWire(b []byte, w *Wire) { w.Tag = b }
