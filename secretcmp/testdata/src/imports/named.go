package imports // want package:"imports github.com/ctequal/ctequal"

import (
	"bytes"
	"crypto/hmac"

	ct "github.com/ctequal/ctequal"
)

var _ = ct.Compare

func named(key, got []byte) bool {
	return bytes.Equal(hmac.New(nil, key).Sum(nil), got) // want `compared with bytes.Equal in variable time against .*: use ct.Equal`
}
