// Package fixes holds secretcmp's golden tests of its default fixes
// (TestDefaultFixes) and of -std's, from crypto/hmac and crypto/subtle
// (TestStd), each fix's output in a .golden file beside it. Each test
// loads its folders together: every load type-checks the standard
// library's packages they import from source.
package fixes
