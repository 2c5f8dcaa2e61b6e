// Package stdfix is checked with -std: the fixes use crypto/hmac and
// crypto/subtle instead of ctequal.
package stdfix

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"reflect"
)

type tag string

func verify(key, msg, got []byte, gotHex string, gotTag tag, other [32]byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	sum := m.Sum(nil)
	var arr [32]byte
	copy(arr[:], sum)
	t := tag(hex.EncodeToString(sum))
	return bytes.Equal(sum, got) && // want `compared with bytes.Equal in variable time against .*: use hmac.Equal`
		hex.EncodeToString(sum) != gotHex && // want `compared with != in variable time against .*: use subtle.ConstantTimeCompare`
		!reflect.DeepEqual(gotHex, hex.EncodeToString(sum)) && // want `compared with reflect.DeepEqual in variable time against .*: use subtle.ConstantTimeCompare`
		arr == other && // want `compared with == in variable time against .*: use hmac.Equal`
		t == gotTag // want `compared with == in variable time against .*: use subtle.ConstantTimeCompare`
}
