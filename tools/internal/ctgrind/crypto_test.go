package ctgrind

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"math/big"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// A crossCheck is Go crypto called as users call it, on inputs memcheck
// considers secret: an independent check of ctcheck's evaluation
// (ctcheck/eval), whose verdicts on amd64 name the assembly these reach.
type crossCheck struct {
	name string
	// ctcheck is what the evaluation says of the functions it reaches.
	ctcheck string
	// run computes from secret and returns what it wrote, which the test
	// declassifies before it looks at it.
	run func(secret []byte) []byte
	// flagged: it must draw errors on every attempt: a negative control,
	// or code whose findings are judged (why says why).
	flagged bool
	why     string
}

var crossChecks = []crossCheck{
	// valgrind runs no SHA extension (SIGILL) and hides it from the
	// CPU's report: under it sha256 and sha1 take their AVX2 blocks, and
	// this is the check of those (ctcheck has no verdict on sha1's).
	{name: "crypto/sha256.Sum256", ctcheck: "sha256.blockAVX2 (the block under valgrind), blockSHANI constant time",
		run: func(s []byte) []byte { h := sha256.Sum256(s); return h[:] }},
	{name: "crypto/sha512.Sum512", ctcheck: "sha512.blockAVX2 constant time",
		run: func(s []byte) []byte { h := sha512.Sum512(s); return h[:] }},
	{name: "crypto/sha1.Sum", ctcheck: "sha1.blockAVX2 (the block under valgrind): no verdict, two frame buffers swapped; blockSHANI constant time",
		run: func(s []byte) []byte { h := sha1.Sum(s); return h[:] }},
	{name: "crypto/md5.Sum", ctcheck: "md5.block constant time",
		run: func(s []byte) []byte { h := md5.Sum(s); return h[:] }},
	{name: "crypto/hmac with sha256 (key and message secret)", ctcheck: "not checked: HMAC calls the hash through an interface (issue 46, item 3)",
		run: func(s []byte) []byte { m := hmac.New(sha256.New, s[:32]); m.Write(s[32:]); return m.Sum(nil) }},
	{name: "crypto/aes: NewCipher and Encrypt", ctcheck: "aes.expandKeyAsm, encryptBlockAsm constant time (-needs aes,sse41,ssse3)",
		run: func(s []byte) []byte {
			b, err := aes.NewCipher(s[:32])
			if err != nil {
				panic(err)
			}
			out := make([]byte, 16)
			b.Encrypt(out, s[32:48])
			return out
		}},
	{name: "crypto/cipher: AES-GCM Seal", ctcheck: "gcm.gcmAesInit, gcmAesData, gcmAesEnc, gcmAesFinish constant time",
		run: func(s []byte) []byte {
			b, err := aes.NewCipher(s[:16])
			if err != nil {
				panic(err)
			}
			g, err := cipher.NewGCM(b)
			if err != nil {
				panic(err)
			}
			return g.Seal(nil, make([]byte, 12), s[16:], []byte("public data"))
		}},
	{name: "crypto/subtle.XORBytes", ctcheck: "subtle.xorBytes constant time",
		run: func(s []byte) []byte {
			out := make([]byte, len(s)/2)
			subtle.XORBytes(out, s[:len(s)/2], s[len(s)/2:])
			return out
		}},
	{name: "crypto/ed25519.Sign (seed and message secret)", ctcheck: "field arithmetic (feMul, feSquare, Select, Swap) constant time; the rest not checked",
		run:     func(s []byte) []byte { return ed25519.Sign(ed25519.NewKeyFromSeed(s[:32]), s[32:]) },
		flagged: true, why: "two branches on secrets whose outcome is fixed for every valid key: edwards25519's signedRadix16 panics if the reduced scalar's top byte is over 127 (scalar.go), and checkInitialized compares the public key point, still secret there, with zero (edwards25519.go, an early-exit memequal)"},
	// The controls: real code that is not constant time.
	{name: "math/big.Int.Cmp", ctcheck: "nat.cmp: 3 branches (a negative control)", flagged: true, why: "a negative control",
		run: func(s []byte) []byte {
			x, y := new(big.Int).SetBytes(s[:32]), new(big.Int).SetBytes(s[32:64])
			return []byte{byte(x.Cmp(y))}
		}},
	{name: "bytes.Equal", ctcheck: "memeqbody: 3 branches (a negative control)", flagged: true, why: "a negative control",
		run: func(s []byte) []byte {
			if bytes.Equal(s[:32], s[32:64]) {
				return []byte{1}
			}
			return []byte{0}
		}},
}

// TestCryptoUnderMemcheck runs each cross-check on 1,000 bytes memcheck
// considers secret, each time after the same call on the same bytes left
// public, and counts the errors the secret call draws beyond the public
// one's: a function ctcheck finds constant time must be callable without
// one (as the kernels, up to attempts times: the runtime's other threads
// draw errors of their own), a control must draw some on every attempt. It logs one line a check,
// "cross-check NAME: N memcheck errors at least ... | ctcheck: ...",
// which docs/verification.md's table is made of. Run as
// TestKernelsUnderMemcheck is (CI runs both).
func TestCryptoUnderMemcheck(t *testing.T) {
	under := Running()
	if !under {
		t.Log("not under valgrind: checking answers only")
	} else {
		requireSuppressions(t)
	}
	t.Logf("the CPU as the code sees it: AVX2 %v, AES %v, PCLMULQDQ %v, BMI2 %v", cpu.X86.HasAVX2, cpu.X86.HasAES, cpu.X86.HasPCLMULQDQ, cpu.X86.HasBMI2)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	secret := make([]byte, 1000)
	for i := range secret {
		secret[i] = byte(i*29 + 7)
	}
	only := os.Getenv("CROSSCHECK")
	for _, c := range crossChecks {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		want := c.run(bytes.Clone(secret))
		// The same call on public inputs beside each secret one: what the
		// runtime draws in an allocation (its valgrind annotations are
		// incomplete) it draws there too, and what its other threads
		// draw only adds. So the fewest errors a public call drew is the
		// runtime's part; a secret call that drew no more drew none of
		// its own, and a secret branch or address draws more on every
		// attempt.
		var pub, sec []int
		for range attempts {
			_, noise := secretRun(c.run, bytes.Clone(secret), false)
			out, errs := secretRun(c.run, bytes.Clone(secret), true)
			if !bytes.Equal(out, want) {
				t.Fatalf("%s: answer %x under memcheck, %x natively", c.name, out, want)
			}
			pub, sec = append(pub, noise), append(sec, errs)
		}
		base, least := slices.Min(pub), slices.Min(sec)
		t.Logf("cross-check %s: %d memcheck errors beyond the public call's at least (secret %v, public %v) | ctcheck: %s", c.name, least-base, sec, pub, c.ctcheck)
		switch {
		case !under:
		case c.flagged && least <= base:
			t.Errorf("%s (%s) drew no memcheck error beyond the public call's in one of %d attempts: the check cannot fail", c.name, c.why, attempts)
		case !c.flagged && least > base:
			t.Errorf("%s: memcheck reported errors beyond the public call's on each of %d attempts (secret %v, public %v): a branch or an address depends on the secret", c.name, attempts, sec, pub)
		}
	}
}

// secretRun calls run on in, marked secret where secret is set, and
// returns what it wrote, declassified, with the number of memcheck errors
// counted during the call (as secretCall, for a function of one input).
func secretRun(run func([]byte) []byte, in []byte, secret bool) ([]byte, int) {
	if secret {
		Secret(in)
	}
	Steady()
	var mark byte
	steadyStack(uintptr(unsafe.Pointer(&mark)) + 512)
	before := Errors()
	out := run(in)
	errs := Errors() - before
	Public(out)
	Public(in)
	return out, errs
}
