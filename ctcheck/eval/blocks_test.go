//go:build eval

package eval

import "fmt"

// The kernels the coverage table found without a case: bigmod's three
// widths, every hash's block function (md5, sha1, sha256, sha512, the
// Keccak permutation), AES-CTR's blocks (the FIPS DRBG's), P-256's
// conversion out of Montgomery form, blake2b's amd64 kernels and
// chacha20's NEON one. Each where its assembly runs, with the features
// its Go caller tests first.

const (
	md5Pkg  = "crypto/md5"
	sha1Pkg = "crypto/sha1"
	// The message is secret where it is a key (HMAC's padded key, a
	// KDF's input), so every block function is checked with it secret.
	md5Decl    = ": secret *dig p[:] -- the chaining value and the message; writes *dig"
	blake2bDcl = ": secret *h blocks[:] -- the chaining value and the message; public *c flag -- the byte counter and the last-block flag; writes *h *c"
)

// ptrSize is the size of a uint on goarch, in bytes.
func ptrSize(goarch string) int {
	switch goarch {
	case "386", "arm":
		return 4
	}
	return 8
}

// bigmodCases are addMulVVW1024, 1536 and 2048 on each GOARCH: z and x
// point at bits/ptrSize words. amd64's ADX path runs where supportADX
// (ADX and BMI2) is set, which the Go code tests itself.
func bigmodCases(goarches ...string) []evalCase {
	var cs []evalCase
	for _, g := range goarches {
		for _, bits := range []int{1024, 1536, 2048} {
			n := bits / 8 / ptrSize(g)
			decl := fmt.Sprintf("%s.addMulVVW%d: secret *z[:%d] *x[:%d] y -- limbs of secret numbers; writes *z", bigmod, bits, n, n)
			needs := ""
			if g == "amd64" {
				needs = "adx,bmi2"
			}
			cs = append(cs, on(bigmod, g, decl, needs))
		}
	}
	return cs
}

// ctrDecl is aes.ctrBlocksNAsm: the expanded key and the plaintext
// secret; the rounds and the counter block (sent with the ciphertext)
// public.
func ctrCases(goarch, needs string) []evalCase {
	var cs []evalCase
	for _, n := range []string{"1", "2", "4", "8"} {
		decl := aesPkg + ".ctrBlocks" + n + "Asm: secret *xk[:60] *src -- the expanded key and the plaintext; public nr ivlo ivhi -- the rounds and the counter; writes *dst"
		cs = append(cs, on(aesPkg, goarch, decl, needs))
	}
	return cs
}

var blockCases = concat(
	// s390x's are in s390x_test.go.
	bigmodCases("amd64", "arm64", "ppc64le", "riscv64", "386", "arm"),
	ctGen(md5Pkg, md5Pkg+".block"+md5Decl, "amd64", "arm64", "ppc64le", "riscv64", "386", "arm"),
	// sha1: amd64 takes SHA-NI where useSHANI, else AVX2 (AVX, AVX2,
	// BMI1, BMI2) for long inputs; arm64 its SHA1 instructions with the
	// round constants as a third, public, slice; the others one block.
	[]evalCase{
		on(sha1Pkg, "amd64", sha1Pkg+".blockSHANI"+md5Decl, "avx,sha,sse41,ssse3"),
		on(sha1Pkg, "amd64", sha1Pkg+".blockAVX2"+md5Decl, "avx,avx2,bmi1,bmi2"),
		on(sha1Pkg, "arm64", sha1Pkg+".sha1block: secret h[:] p[:] -- the chaining value and the message; public k[:] -- the round constants; writes h[:]", "sha1"),
	},
	ctGen(sha1Pkg, sha1Pkg+".block"+md5Decl, "386", "arm"),
	// sha256 and sha512: AVX2 (AVX, AVX2, BMI2) on amd64, scalar on
	// riscv64 and 386.
	[]evalCase{
		on(sha256Pkg, "amd64", sha256Pkg+".blockAVX2"+shaDecl, "avx,avx2,bmi2"),
		on(sha512Pkg, "amd64", sha512Pkg+".blockAVX2"+shaDecl, "avx,avx2,bmi2"),
	},
	ctGen(sha256Pkg, sha256Pkg+".block"+shaDecl, "riscv64", "386"),
	ctGen(sha512Pkg, sha512Pkg+".block"+shaDecl, "riscv64"),
	[]evalCase{on(sha3Pkg, "amd64", sha3Pkg+".keccakF1600: secret *a -- the state; writes *a", "")},
	// AES-CTR: AES-NI on amd64 (supportsAES), the crypto extension on
	// arm64.
	ctrCases("amd64", "aes,sse41,ssse3"),
	ctrCases("arm64", "aes"),
	ctGen(nistec, nistec+".p256FromMont: secret *in -- a field element; writes *res", "amd64", "arm64", "ppc64le"),
	// blake2b's useAVX2 is cpu.X86.HasAVX2, which x/sys/cpu sets only
	// where the OS saves the AVX state: its VEX instructions run, as
	// chacha20poly1305's AVX2 path takes them to. useSSE4 tests SSE4.1
	// alone, and the kernel's PSHUFB is SSSE3: judged in README.md.
	[]evalCase{
		on("./blake2b", "amd64", xc+"blake2b.hashBlocksAVX2"+blake2bDcl, "avx2,avx"),
		on("./blake2b", "amd64", xc+"blake2b.hashBlocksAVX"+blake2bDcl, "avx"),
		on("./blake2b", "amd64", xc+"blake2b.hashBlocksSSE4"+blake2bDcl, "sse41"),
		on("./chacha20", "arm64", xc+"chacha20.xorKeyStreamVX: secret src[:] *key -- the plaintext and the key; public *nonce *counter -- the nonce and the block counter; writes dst[:] *counter", ""),
	},
)
