// Package argon2 is a stand-in with golang.org/x/crypto/argon2's signatures.
package argon2

func Key(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte { return nil }

func IDKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return nil
}
