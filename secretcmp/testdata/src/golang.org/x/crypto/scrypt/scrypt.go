// Package scrypt is a stand-in with golang.org/x/crypto/scrypt's signature.
package scrypt

func Key(password, salt []byte, N, r, p, keyLen int) ([]byte, error) { return nil, nil }
