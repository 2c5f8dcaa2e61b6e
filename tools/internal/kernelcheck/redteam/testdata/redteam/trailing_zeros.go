// A red-team false alarm (redteam_clean_test.go): the library's
// equal_generic.go with each //replace: line replaced by the //with: lines
// after it (rtPlant). bits.TrailingZeros64 is 64 of zero and less of
// anything else: arm64's RBIT and CLZ, amd64's TZCNT at GOAMD64=v3.

//replace:	import "encoding/binary"
//with:	import (
//with:		"encoding/binary"
//with:		"math/bits"
//with:	)
//replace:		return isZero(a0 | a1 | a2 | a3)
//with:		return bits.TrailingZeros64(a0|a1|a2|a3) >> 6

package ctequal
