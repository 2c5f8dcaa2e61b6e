//go:build eval

package eval

import "strings"

// The functions issue 33's item 4 names that the first table left out:
// chacha20poly1305, blake2s, argon2, salsa20's generic Go, nistec's P-256
// assembly, and the standard library's AES and GCM assembly. Each on every
// GOARCH where it has code; the findings are judged in README.md.

const (
	nistec = "crypto/internal/fips140/nistec"
	aesPkg = "crypto/internal/fips140/aes"
	gcm    = "crypto/internal/fips140/aes/gcm"
	xc     = "golang.org/x/crypto/"
	vx     = "instruction needs CPU feature vx, which the code may not assume here"
	mcdt   = "variable-latency instruction on secret data (Intel's MCDT: a vector multiply may retire a cycle later for some data unless MXCSR is 0x1FBF)"
)

// on is a case of decl on goarch needing features needs (where the Go
// code that calls it tests them), with the findings want (nil: none).
func on(pkg, goarch, decl string, needs string, want map[string]map[string]int) evalCase {
	if want == nil {
		fn, _, _ := strings.Cut(decl, ":")
		want = moreWant[fn+" "+goarch]
		if want == nil {
			want = blockWant[fn+" "+goarch]
		}
	}
	c := evalCase{pkg: pkg, goarch: goarch, decl: decl, want: want}
	if needs != "" {
		c.needs = strings.Split(needs, ",")
	}
	return c
}

const (
	salsaGeneric = xc + "salsa20/salsa.genericXORKeyStream: secret in[:] *key -- the plaintext and the key; public *counter -- the nonce and the block counter; writes out[:]"
	blake2sDecl  = ": secret *h blocks[:] -- the chaining value and the message; public *c flag -- the byte counter and the last-block flag; writes *h *c"
	argonGeneric = xc + "argon2.processBlockGeneric: secret *out *in1 *in2 -- memory blocks, which depend on the password; writes *out"
	argonMix     = ": secret *a *b *c -- memory blocks; writes *out"
	argonXor     = ": secret *out *a *b *c -- memory blocks; writes *out"
	argonBlamka  = ": secret *b -- a memory block; writes *b"
	c20p1305     = xc + "chacha20poly1305.chacha20Poly1305"
	c20p1305Decl = ": secret key[:] src[:] ad[:] -- the key, the message and the data authenticated; writes dst[:]"
	sha256Pkg    = "crypto/internal/fips140/sha256"
	sha512Pkg    = "crypto/internal/fips140/sha512"
	sha3Pkg      = "crypto/internal/fips140/sha3"
	shaDecl      = ": secret *dig p[:] -- the chaining value and the message; writes *dig"
)

var moreCases = concat(
	// salsa20's generic Go, where no assembly replaces it.
	[]evalCase{
		on("./salsa20/salsa", "arm64", salsaGeneric, "", nil),
		on("./salsa20/salsa", "ppc64le", salsaGeneric, "", nil),
		on("./salsa20/salsa", "s390x", salsaGeneric, "", nil),
		on("./salsa20/salsa", "riscv64", salsaGeneric, "", nil),
		on("./salsa20/salsa", "386", salsaGeneric, "", nil),
		on("./salsa20/salsa", "arm", salsaGeneric, "", nil),
	},
	// blake2s: the generic Go, amd64's three SSE kernels, 386's two and
	// loong64's LSX one, each run only where the Go code found its
	// features (useSSE4, useSSSE3, useVX: -needs says so).
	[]evalCase{
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSE2"+blake2sDecl, "", nil),
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSSE3"+blake2sDecl, "ssse3", nil),
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSE4"+blake2sDecl, "sse41,ssse3", nil),
		on("./blake2s", "386", xc+"blake2s.hashBlocksSSE2"+blake2sDecl, "", nil),
		on("./blake2s", "386", xc+"blake2s.hashBlocksSSSE3"+blake2sDecl, "ssse3", nil),
		on("./blake2s", "loong64", xc+"blake2s.hashBlocksVX"+blake2sDecl, "lsx", nil),
	},
	ctGen("./blake2s", xc+"blake2s.hashBlocksGeneric"+blake2sDecl, "arm64", "ppc64le", "s390x", "riscv64", "arm"),
	// argon2: the generic Go, amd64's SSE kernels, loong64's LSX ones.
	ctGen("./argon2", argonGeneric, "arm64", "ppc64le", "s390x", "riscv64", "386", "arm"),
	[]evalCase{
		on("./argon2", "amd64", xc+"argon2.mixBlocksSSE2"+argonMix, "", nil),
		on("./argon2", "amd64", xc+"argon2.xorBlocksSSE2"+argonXor, "", nil),
		on("./argon2", "amd64", xc+"argon2.blamkaSSE4"+argonBlamka, "sse41,ssse3", nil),
		on("./argon2", "loong64", xc+"argon2.mixBlocksVX"+argonMix, "lsx", nil),
		on("./argon2", "loong64", xc+"argon2.xorBlocksVX"+argonXor, "lsx", nil),
		on("./argon2", "loong64", xc+"argon2.blamkaLOONG64"+argonBlamka, "lsx", nil),
	},
	// chacha20poly1305's amd64 assembly (SSE, and AVX2 with BMI2's MULX
	// where useAVX2 is set).
	[]evalCase{
		on("./chacha20poly1305", "amd64", c20p1305+"Seal"+c20p1305Decl, "avx2,avx,bmi2", nil),
		on("./chacha20poly1305", "amd64", c20p1305+"Open"+c20p1305Decl, "avx2,avx,bmi2", nil),
	},
	// nistec's P-256 assembly, on the four GOARCHes that have it.
	p256(nistec+".p256Mul: secret *in1 *in2 -- field elements; writes *res"),
	p256(nistec+".p256Sqr: secret *in; public n -- how many times; writes *res"),
	p256(nistec+".p256MovCond: secret *a *b cond -- two points and which to take; writes *res"),
	p256(nistec+".p256Select: secret *table idx -- a window of a secret scalar; writes *res"),
	p256(nistec+".p256NegCond: secret *val cond -- a coordinate and a bit of the scalar; writes *val"),
	p256(nistec+".p256PointAddAsm: secret *in1 *in2 -- points; writes *res"),
	p256(nistec+".p256PointDoubleAsm: secret *in -- a point; writes *res"),
	// The base point's fixed-window multiplication (p256BaseMult): a
	// public table of multiples of the generator read at a secret
	// window, and the mixed addition under the window's secret bits.
	p256(nistec+".p256SelectAffine: secret idx -- a window of the secret scalar; public *table -- multiples of the generator, a constant of the package; writes *res"),
	p256(nistec+".p256PointAddAffineAsm: secret *in1 *in2 sign sel zero -- the accumulator, the entry selected and the window's bits; writes *res"),
	// The scalar field's Montgomery arithmetic (p256_ordinv.go, amd64 and
	// arm64 only): ECDSA's inversion of its secret nonce.
	ctGen(nistec, nistec+".p256OrdMul: secret *in1 *in2 -- scalars modulo the order; writes *res", "amd64", "arm64"),
	ctGen(nistec, nistec+".p256OrdSqr: secret *in -- a scalar modulo the order; public n -- how many times; writes *res", "amd64", "arm64"),
	// The standard library's AES and GCM assembly: AES-NI and PCLMULQDQ
	// on amd64 (where supportsAES, supportsAESGCM), the Armv8 crypto
	// extension on arm64, POWER8's vector crypto on ppc64le, and the
	// CPACF instructions (KM, KMA, KIMD) on s390x.
	aesCases(aesPkg+".encryptBlockAsm: secret *xk[:60] *src[:16] -- the expanded key and the block; public nr -- the rounds; writes *dst[:16]"),
	aesCases(aesPkg+".decryptBlockAsm: secret *xk[:60] *src[:16] -- the expanded key and the block; public nr -- the rounds; writes *dst[:16]"),
	aesCases(aesPkg+".expandKeyAsm: secret *key[:32] -- the key; public nr -- the rounds; writes *enc *dec"),
	[]evalCase{on(aesPkg, "s390x", aesPkg+".cryptBlocks: secret *key[:32] *src[:length] -- the key and the blocks; public c length -- the function code and the length; writes *dst[:length]", "", nil)},
	gcmCases(gcm+".gcmAesInit: secret ks[:] -- the expanded key; writes *productTable"),
	gcmCases(gcm+".gcmAesData: secret *productTable data[:] *T -- the hash key's powers, the data and the tag; writes *T"),
	gcmCases(gcm+".gcmAesEnc: secret *productTable src[:] *T ks[:] -- the hash key's powers, the plaintext, the tag and the key; public *ctr -- the counter block; writes dst[:] *T *ctr"),
	gcmCases(gcm+".gcmAesDec: secret *productTable src[:] *T ks[:] -- the hash key's powers, the ciphertext, the tag and the key; public *ctr -- the counter block; writes dst[:] *T *ctr"),
	gcmCases(gcm+".gcmAesFinish: secret *productTable *tagMask *T -- the hash key's powers, the tag mask and the tag; public pLen dLen -- the lengths; writes *T"),
	// The hashes' hardware blocks, which every HMAC key and KDF secret
	// goes through: SHA-NI on amd64 (where useSHANI: AVX, SHA, SSE4.1,
	// SSSE3), the Armv8 SHA-2, SHA-512 and SHA-3 instructions on arm64
	// (where the CPU has them).
	[]evalCase{
		on(sha256Pkg, "amd64", sha256Pkg+".blockSHANI"+shaDecl, "avx,sha,sse41,ssse3", nil),
		on(sha256Pkg, "arm64", sha256Pkg+".blockSHA2"+shaDecl, "sha2", nil),
		on(sha512Pkg, "arm64", sha512Pkg+".blockSHA512"+shaDecl, "sha512", nil),
		on(sha3Pkg, "arm64", sha3Pkg+".keccakF1600NEON: secret *a -- the state; writes *a", "sha3", nil),
	},
	[]evalCase{
		on(gcm, "ppc64le", gcm+".gcmInit: secret h[:] -- the hash key; writes *productTable", "", nil),
		on(gcm, "ppc64le", gcm+".gcmHash: secret *productTable inp[:] output[:] -- the hash key's powers, the data, the tag; public len; writes output[:]", "", nil),
		on(gcm, "ppc64le", gcm+".counterCryptASM: secret in[:] *key[:60] -- the plaintext and the key; public nr *counter -- the rounds, the counter block; writes out[:] *counter", "", nil),
		on(gcm, "s390x", gcm+".ghashAsm: secret *key *hash data[:] -- the hash key, the tag, the data; writes *hash", "", nil),
		on(gcm, "s390x", gcm+".cryptBlocksGCM: secret key[:] src[:] buf[:] -- the key, the plaintext, a key stream buffer; public fn *cnt -- the function code, the counter; writes dst[:] buf[:] *cnt", "", nil),
		on(gcm, "s390x", gcm+".kmaGCM: secret key[:] src[:] aad[:] *tag -- the key, the plaintext, the data, the tag; public fn *cnt -- the function code, the counter; writes dst[:] *tag *cnt", "", nil),
	},
)

func ctGen(pkg, decl string, goarches ...string) []evalCase {
	var cs []evalCase
	for _, g := range goarches {
		cs = append(cs, on(pkg, g, decl, "", nil))
	}
	return cs
}

func p256(decl string) []evalCase {
	return ctGen(nistec, decl, "amd64", "arm64", "ppc64le", "s390x")
}

// aesCases: amd64's AES-NI path runs where supportsAES, X86HasAES &&
// X86HasSSE41 && X86HasSSSE3, is set; arm64's where ARM64HasAES is.
func aesCases(decl string) []evalCase {
	return []evalCase{on(aesPkg, "amd64", decl, "aes,sse41,ssse3", nil), on(aesPkg, "arm64", decl, "aes", nil), on(aesPkg, "ppc64le", decl, "", nil)}
}

// gcmCases: amd64's path runs where supportsAESGCM, X86HasAES &&
// X86HasPCLMULQDQ && X86HasSSE41 && X86HasSSSE3; arm64's where
// ARM64HasAES && ARM64HasPMULL.
func gcmCases(decl string) []evalCase {
	return []evalCase{on(gcm, "amd64", decl, "aes,pclmulqdq,sse41,ssse3", nil), on(gcm, "arm64", decl, "aes,pmull", nil)}
}

// moreWant is what each check of the cases above finds, by reason: the
// judged table of README.md. A case not here is constant time.
var moreWant = map[string]map[string]map[string]int{
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream arm64":     {"source": {store: 1}, "compiled": {store: 1}},
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream ppc64le":   both(map[string]int{store: 5}),
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream s390x":     {"source": {r14: 1, stackIndex: 1}, "compiled": {r14: 1, stackIndex: 1}},
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream riscv64":   {"source": {store: 17}, "compiled": {store: 17}},
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream 386":       {"source": {branch: 1, addr: 1, stackIndex: 1}, "compiled": {addr: 2, branch: 1, store: 2, stackIndex: 1}},
	"golang.org/x/crypto/salsa20/salsa.genericXORKeyStream arm":       {"source": {store: 4}, "compiled": {store: 4}},
	"golang.org/x/crypto/blake2s.hashBlocksGeneric arm64":             {"source": {branch: 16, addr: 16, store: 1}, "compiled": {branch: 16, addr: 16, store: 1}},
	"golang.org/x/crypto/blake2s.hashBlocksGeneric ppc64le":           both(map[string]int{branch: 16, addr: 16, store: 3}),
	"golang.org/x/crypto/blake2s.hashBlocksGeneric s390x":             {"source": {branch: 16, addr: 16, r14: 1, stackIndex: 1}, "compiled": {branch: 16, addr: 16, r14: 1, stackIndex: 1}},
	"golang.org/x/crypto/blake2s.hashBlocksGeneric riscv64":           {"source": {branch: 16, addr: 16, store: 1}, "compiled": {branch: 16, addr: 16, store: 1}},
	"golang.org/x/crypto/blake2s.hashBlocksGeneric arm":               {"source": {addr: 16, branch: 16, store: 1}, "compiled": {addr: 16, branch: 16, store: 1}},
	"golang.org/x/crypto/argon2.processBlockGeneric arm64":            {"source": {store: 21}, "compiled": {store: 21}},
	"golang.org/x/crypto/argon2.processBlockGeneric ppc64le":          both(map[string]int{store: 19}),
	"golang.org/x/crypto/argon2.processBlockGeneric s390x":            {"source": {r14: 1, stackIndex: 1}, "compiled": {store: 16, r14: 1, stackIndex: 1}},
	"golang.org/x/crypto/argon2.processBlockGeneric riscv64":          {"source": {store: 25}, "compiled": {store: 25}},
	"golang.org/x/crypto/argon2.processBlockGeneric 386":              {"source": {branch: 1, closed: 2, addr: 1, store: 34}, "compiled": {branch: 1, closed: 1, addr: 2, store: 34}},
	"golang.org/x/crypto/argon2.processBlockGeneric arm":              {"source": {store: 35}, "compiled": {store: 35}},
	"golang.org/x/crypto/argon2.blamkaSSE4 amd64":                     {"source": {mcdt: 256}, "compiled": {mcdt: 256}},
	"golang.org/x/crypto/chacha20poly1305.chacha20Poly1305Seal amd64": both(map[string]int{store: 29}),
	"golang.org/x/crypto/chacha20poly1305.chacha20Poly1305Open amd64": both(map[string]int{branch: 6, addr: 3, store: 24}),
	"crypto/internal/fips140/aes.cryptBlocks s390x":                   both(map[string]int{cpacf("KM"): 1}),
	"crypto/internal/fips140/aes/gcm.ghashAsm s390x":                  both(map[string]int{cpacf("KIMD"): 1}),
	"crypto/internal/fips140/aes/gcm.cryptBlocksGCM s390x":            both(map[string]int{cpacf("KMCTR"): 1}),
	"crypto/internal/fips140/aes/gcm.kmaGCM s390x":                    both(map[string]int{cpacf("KMA"): 1, "secret stored into *cnt, declared public": 1}),
	"crypto/internal/fips140/aes.encryptBlockAsm ppc64le":             both(map[string]int{ibm("VCIPHER"): 13, ibm("VCIPHERLAST"): 1}),
	"crypto/internal/fips140/aes.decryptBlockAsm ppc64le":             both(map[string]int{ibm("VNCIPHER"): 13, ibm("VNCIPHERLAST"): 1}),
	"crypto/internal/fips140/aes.expandKeyAsm ppc64le":                both(map[string]int{ibm("VCIPHERLAST"): 6, ibm("VSBOX"): 1}),
	"crypto/internal/fips140/aes/gcm.gcmInit ppc64le":                 both(map[string]int{ibm("VPMSUMD"): 15}),
	"crypto/internal/fips140/aes/gcm.gcmHash ppc64le":                 both(map[string]int{ibm("VPMSUMD"): 44}),
	"crypto/internal/fips140/aes/gcm.counterCryptASM ppc64le":         both(map[string]int{ibm("VCIPHER"): 182, ibm("VCIPHERLAST"): 14}),
}
