// Package imports checks how the fix adds its import.
package imports

import "crypto/hmac"

func single(key, got []byte) bool {
	return string(hmac.New(nil, key).Sum(nil)) == string(got) // want `compared with ==`
}
