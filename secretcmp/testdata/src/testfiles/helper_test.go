package testfiles

import "bytes"

func same(a, b []byte) bool { return bytes.Equal(a, b) } // want `tag from hmac.New\(\.\.\.\)\.Sum at testfiles_test.go:16 compared with bytes.Equal`
