// Package pbkdf2 is a stand-in with golang.org/x/crypto/pbkdf2's signature.
package pbkdf2

import "hash"

func Key(password, salt []byte, iter, keyLen int, h func() hash.Hash) []byte { return nil }
