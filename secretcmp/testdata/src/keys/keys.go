// Package keys compares private and secret keys, which are secrets by
// their type.
package keys

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
)

// A private key type's Equal method that compares its bytes with
// bytes.Equal: the same field on both sides, and still a finding.
type PrivateKey struct {
	d   []byte
	pub []byte
}

func (k *PrivateKey) Equal(o *PrivateKey) bool {
	return bytes.Equal(k.d, o.d) // want `private key \(keys.PrivateKey.d\) at keys.go:21 compared with bytes.Equal in variable time against o.d, parameter o of exported Equal`
}

// Its public half is public.
func (k *PrivateKey) SamePublic(o []byte) bool { return bytes.Equal(k.pub, o) }

func SameEd25519(a, b ed25519.PrivateKey) bool {
	return bytes.Equal(a, b) // want `private key \(ed25519.PrivateKey\) at keys.go:28 compared with bytes.Equal`
}

func SameSeed(k ed25519.PrivateKey, seed []byte) bool {
	return bytes.Equal(k.Seed(), seed) // want `private key seed from ed25519.PrivateKey.Seed at keys.go:32 compared with bytes.Equal`
}

func SameX25519(k *ecdh.PrivateKey, other []byte) bool {
	return bytes.Equal(k.Bytes(), other) // want `private key bytes from ecdh.PrivateKey.Bytes at keys.go:36 compared with bytes.Equal`
}

func SameShared(k *ecdh.PrivateKey, peer *ecdh.PublicKey, other []byte) bool {
	shared, err := k.ECDH(peer)
	return err == nil && bytes.Equal(shared, other) // want `shared secret from ecdh.PrivateKey.ECDH at keys.go:40 compared with bytes.Equal`
}

func SameRSA(k *rsa.PrivateKey, d []byte) bool {
	return bytes.Equal(k.D.Bytes(), d) // want `private key bytes from rsa.PrivateKey.D at keys.go:45 compared with bytes.Equal`
}

func SameDER(k *rsa.PrivateKey, der []byte) bool {
	return bytes.Equal(x509.MarshalPKCS1PrivateKey(k), der) // want `private key bytes from x509.MarshalPKCS1PrivateKey at keys.go:49 compared with bytes.Equal`
}

// Public keys are public.
func SamePublicKey(k *ecdh.PrivateKey, other []byte) bool {
	return bytes.Equal(k.PublicKey().Bytes(), other)
}

func SameEd25519Public(k ed25519.PrivateKey, other []byte) bool {
	return bytes.Equal(k.Public().(ed25519.PublicKey), other)
}
