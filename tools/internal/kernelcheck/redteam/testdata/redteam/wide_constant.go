// A red-team false alarm (redteam_clean_test.go): the library's
// equal_generic.go with each //replace: line replaced by the //with: lines
// after it (rtPlant). An odd constant is invertible modulo 2^64: the
// product is zero where the accumulator is.

//replace:		return isZero(a0 | a1 | a2 | a3)
//with:		return isZero((a0 | a1 | a2 | a3) * 0x9E3779B97F4A7C15)

package ctequal
