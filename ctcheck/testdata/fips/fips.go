// Package fips asks crypto/fips140 whether its checks are enforced, as
// crypto/hmac.New does: Enforced asks the runtime's isBypassed (linked
// by name into crypto/fips140), which reads the goroutine's flag.
package fips

import "crypto/fips140"

// Pad xors a key's first byte with HMAC's inner pad, refusing a short key
// where FIPS 140-3 is enforced.
func Pad(key []byte) byte {
	if fips140.Enforced() && len(key) < 14 {
		panic("fips: key too short")
	}
	return key[0] ^ 0x36
}
