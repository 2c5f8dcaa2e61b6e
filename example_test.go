package ctequal_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"

	"github.com/ctequal/ctequal"
)

// Check a MAC tag received from a client without leaking, through timing,
// how many of its leading bytes were right.
func ExampleEqual() {
	key := []byte("server-side secret key")
	message := []byte("amount=100&to=alice")

	mac := hmac.New(sha256.New, key)
	mac.Write(message)
	expected := mac.Sum(nil)

	received := append([]byte(nil), expected...) // as sent by an honest client
	fmt.Println(ctequal.Equal(received, expected))

	received[31] ^= 1 // one bit off in the last byte
	fmt.Println(ctequal.Equal(received, expected))
	// Output:
	// true
	// false
}

// Compare is a drop-in replacement for crypto/subtle.ConstantTimeCompare.
func ExampleCompare() {
	fmt.Println(ctequal.Compare([]byte("token-1234"), []byte("token-1234")))
	fmt.Println(ctequal.Compare([]byte("token-1234"), []byte("token-1235")))
	fmt.Println(ctequal.Compare([]byte("short"), []byte("longer"))) // lengths are public
	fmt.Println(ctequal.Compare(nil, []byte{}))                     // nil equals empty
	// Output:
	// 1
	// 0
	// 0
	// 1
}

// Compare a session token held as a string, without copying it.
func ExampleEqualString() {
	stored := "4f1c9a0e7b2d8c3f"
	fmt.Println(ctequal.EqualString("4f1c9a0e7b2d8c3f", stored))
	fmt.Println(ctequal.EqualString("4f1c9a0e7b2d8c30", stored))
	// Output:
	// true
	// false
}

// Kernel names the implementation in use: "avx512", "avx2", "sse2",
// "neon", "rvv", "vsx", "vx", "lasx", "lsx" or "generic". It depends on the CPU, so this example shows the call
// without its output; `go run github.com/ctequal/ctequal/cmd/ctequal info`
// says why that kernel was chosen.
func ExampleKernel() {
	fmt.Println("comparing with", ctequal.Kernel())
}
