// Package otp checks one-time passwords: the code is an HMAC's bytes
// truncated to an integer and printed, and a code compared with == leaks
// its digits.
package otp

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"strconv"
)

// The truncation done by hand (the shape of xlzd/gotp).
func generate(secret []byte, counter int64) string {
	h := hmac.New(sha1.New, secret)
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], uint64(counter))
	h.Write(buf[:])
	sum := h.Sum(nil)
	offset := int(sum[len(sum)-1] & 0xf)
	code := (int(sum[offset])&0x7f)<<24 | int(sum[offset+1])<<16 | int(sum[offset+2])<<8 | int(sum[offset+3])
	return fmt.Sprintf("%06d", code%1000000)
}

func Verify(secret []byte, counter int64, otp string) bool {
	return otp == generate(secret, counter) // want `tag from hmac.New\(\.\.\.\)\.Sum at otp.go:21 compared with == in variable time against otp, parameter otp of exported Verify \(otp.go:27\): use subtle.ConstantTimeCompare`
}

// The truncation through binary.Read, and the code made by a closure
// (the shape of shaj13/go-guardian's otp).
func generateOTP(secret []byte, counter uint64) (string, error) {
	h := hmac.New(sha1.New, secret)
	binary.Write(h, binary.BigEndian, counter)
	result := h.Sum(nil)
	offset := result[len(result)-1] & 0xf
	var bin uint32
	if err := binary.Read(bytes.NewReader(result[offset:offset+4]), binary.BigEndian, &bin); err != nil {
		return "", err
	}
	return strconv.Itoa(int(bin&0x7fffffff) % 1000000), nil
}

type Verifier struct{ secret []byte }

func (v *Verifier) Verify(otp string, counter uint64) bool {
	gen := func(i uint64) (string, error) {
		return generateOTP(v.secret, i)
	}
	for i := counter; i < counter+3; i++ {
		code, err := gen(i)
		if err != nil {
			return false
		}
		if code == otp { // want `tag from hmac.New\(\.\.\.\)\.Sum at otp.go:36 compared with == in variable time against otp, parameter otp of exported Verify \(otp.go:47\): use subtle.ConstantTimeCompare`
			return true
		}
	}
	return false
}
