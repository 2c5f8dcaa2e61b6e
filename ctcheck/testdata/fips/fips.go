// Package fips asks crypto/fips140 whether its checks are enforced, as
// crypto/hmac.New does: Enforced asks the runtime's isBypassed (linked
// by name into crypto/fips140), which reads the goroutine's flag. And it
// hashes, which records the FIPS service indicator, the runtime's too.
package fips

import (
	"crypto/fips140"
	"crypto/sha256"
)

// Pad xors a key's first byte with HMAC's inner pad, refusing a short key
// where FIPS 140-3 is enforced.
func Pad(key []byte) byte {
	if fips140.Enforced() && len(key) < 14 {
		panic("fips: key too short")
	}
	return key[0] ^ 0x36
}

// Sum hashes msg with SHA-256, whose Sum records an approved service.
func Sum(msg []byte) [32]byte { return sha256.Sum256(msg) }
