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
// code that calls it tests them). Its findings are in judged.baseline.
func on(pkg, goarch, decl string, needs string) evalCase {
	c := evalCase{pkg: pkg, goarch: goarch, decl: decl}
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
		on("./salsa20/salsa", "arm64", salsaGeneric, ""),
		on("./salsa20/salsa", "ppc64le", salsaGeneric, ""),
		on("./salsa20/salsa", "s390x", salsaGeneric, ""),
		on("./salsa20/salsa", "riscv64", salsaGeneric, ""),
		on("./salsa20/salsa", "386", salsaGeneric, ""),
		on("./salsa20/salsa", "arm", salsaGeneric, ""),
	},
	// blake2s: the generic Go, amd64's three SSE kernels, 386's two and
	// loong64's LSX one, each run only where the Go code found its
	// features (useSSE4, useSSSE3, useVX: -needs says so).
	[]evalCase{
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSE2"+blake2sDecl, ""),
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSSE3"+blake2sDecl, "ssse3"),
		on("./blake2s", "amd64", xc+"blake2s.hashBlocksSSE4"+blake2sDecl, "sse41,ssse3"),
		on("./blake2s", "386", xc+"blake2s.hashBlocksSSE2"+blake2sDecl, ""),
		on("./blake2s", "386", xc+"blake2s.hashBlocksSSSE3"+blake2sDecl, "ssse3"),
		on("./blake2s", "loong64", xc+"blake2s.hashBlocksVX"+blake2sDecl, "lsx"),
	},
	ctGen("./blake2s", xc+"blake2s.hashBlocksGeneric"+blake2sDecl, "arm64", "ppc64le", "s390x", "riscv64", "arm"),
	// argon2: the generic Go, amd64's SSE kernels, loong64's LSX ones.
	ctGen("./argon2", argonGeneric, "arm64", "ppc64le", "s390x", "riscv64", "386", "arm"),
	[]evalCase{
		on("./argon2", "amd64", xc+"argon2.mixBlocksSSE2"+argonMix, ""),
		on("./argon2", "amd64", xc+"argon2.xorBlocksSSE2"+argonXor, ""),
		on("./argon2", "amd64", xc+"argon2.blamkaSSE4"+argonBlamka, "sse41,ssse3"),
		on("./argon2", "loong64", xc+"argon2.mixBlocksVX"+argonMix, "lsx"),
		on("./argon2", "loong64", xc+"argon2.xorBlocksVX"+argonXor, "lsx"),
		on("./argon2", "loong64", xc+"argon2.blamkaLOONG64"+argonBlamka, "lsx"),
	},
	// chacha20poly1305's amd64 assembly (SSE, and AVX2 with BMI2's MULX
	// where useAVX2 is set).
	[]evalCase{
		on("./chacha20poly1305", "amd64", c20p1305+"Seal"+c20p1305Decl, "avx2,avx,bmi2"),
		on("./chacha20poly1305", "amd64", c20p1305+"Open"+c20p1305Decl, "avx2,avx,bmi2"),
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
	[]evalCase{on(aesPkg, "s390x", aesPkg+".cryptBlocks: secret *key[:32] *src[:length] -- the key and the blocks; public c length -- the function code and the length; writes *dst[:length]", "")},
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
		on(sha256Pkg, "amd64", sha256Pkg+".blockSHANI"+shaDecl, "avx,sha,sse41,ssse3"),
		on(sha256Pkg, "arm64", sha256Pkg+".blockSHA2"+shaDecl, "sha2"),
		on(sha512Pkg, "arm64", sha512Pkg+".blockSHA512"+shaDecl, "sha512"),
		on(sha3Pkg, "arm64", sha3Pkg+".keccakF1600NEON: secret *a -- the state; writes *a", "sha3"),
	},
	[]evalCase{
		on(gcm, "ppc64le", gcm+".gcmInit: secret h[:] -- the hash key; writes *productTable", ""),
		on(gcm, "ppc64le", gcm+".gcmHash: secret *productTable inp[:] output[:] -- the hash key's powers, the data, the tag; public len; writes output[:]", ""),
		on(gcm, "ppc64le", gcm+".counterCryptASM: secret in[:] *key[:60] -- the plaintext and the key; public nr *counter -- the rounds, the counter block; writes out[:] *counter", ""),
		on(gcm, "s390x", gcm+".ghashAsm: secret *key *hash data[:] -- the hash key, the tag, the data; writes *hash", ""),
		on(gcm, "s390x", gcm+".cryptBlocksGCM: secret key[:] src[:] buf[:] -- the key, the plaintext, a key stream buffer; public fn *cnt -- the function code, the counter; writes dst[:] buf[:] *cnt", ""),
		on(gcm, "s390x", gcm+".kmaGCM: secret key[:] src[:] aad[:] *tag -- the key, the plaintext, the data, the tag; public fn *cnt -- the function code, the counter; writes dst[:] *tag *cnt", ""),
	},
)

func ctGen(pkg, decl string, goarches ...string) []evalCase {
	var cs []evalCase
	for _, g := range goarches {
		cs = append(cs, on(pkg, g, decl, ""))
	}
	return cs
}

func p256(decl string) []evalCase {
	return ctGen(nistec, decl, "amd64", "arm64", "ppc64le", "s390x")
}

// aesCases: amd64's AES-NI path runs where supportsAES, X86HasAES &&
// X86HasSSE41 && X86HasSSSE3, is set; arm64's where ARM64HasAES is.
func aesCases(decl string) []evalCase {
	return []evalCase{on(aesPkg, "amd64", decl, "aes,sse41,ssse3"), on(aesPkg, "arm64", decl, "aes"), on(aesPkg, "ppc64le", decl, "")}
}

// gcmCases: amd64's path runs where supportsAESGCM, X86HasAES &&
// X86HasPCLMULQDQ && X86HasSSE41 && X86HasSSSE3; arm64's where
// ARM64HasAES && ARM64HasPMULL.
func gcmCases(decl string) []evalCase {
	return []evalCase{on(gcm, "amd64", decl, "aes,pclmulqdq,sse41,ssse3"), on(gcm, "arm64", decl, "aes,pmull")}
}
