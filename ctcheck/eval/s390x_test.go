//go:build eval

package eval

// The s390x assembly that the first tables left out: the CPACF blocks
// (KM, KMC, KIMD, KLMD, KDSA) of AES-CBC, SHA-1, SHA-2, SHA-3 and ECDSA,
// md5's and bigmod's scalar blocks, nistec's Montgomery conversion, and
// x/crypto's vector ChaCha20 and Poly1305. Their findings are judged in
// eval/README.md (the CPACF instructions' are
// Undocumented: IBM states no data-independent timing).

const (
	ecdsaPkg = "crypto/internal/fips140/ecdsa"
	bigmodZ  = " y -- limbs of secret numbers; writes *z"
)

var s390xCases = []evalCase{
	on(aesPkg, "s390x", aesPkg+".cryptBlocksChain: secret *key[:32] *src[:length] -- the key and the blocks; public c length *iv[:16] -- the function code, the length, the chaining value (a ciphertext block); writes *dst[:length] *iv[:16]", ""),
	on(sha256Pkg, "s390x", sha256Pkg+".blockS390X"+shaDecl, ""),
	on(sha512Pkg, "s390x", sha512Pkg+".blockS390X"+shaDecl, ""),
	on(sha1Pkg, "s390x", sha1Pkg+".blockS390X"+shaDecl, ""),
	on(md5Pkg, "s390x", md5Pkg+".block"+shaDecl, ""),
	on(sha3Pkg, "s390x", sha3Pkg+".kimd: secret *a src[:] -- the state and the message; public function -- the function code; writes *a", ""),
	on(sha3Pkg, "s390x", sha3Pkg+".klmd: secret *a src[:] -- the state and the message; public function -- the function code; writes *a dst[:]", ""),
	on(ecdsaPkg, "s390x", ecdsaPkg+".kdsa: secret *params -- the private key, the hash and the nonce of a signing; public fc -- the function code; writes *params", ""),
	on(bigmod, "s390x", bigmod+".addMulVVW1024: secret *z[:16] *x[:16]"+bigmodZ, ""),
	on(bigmod, "s390x", bigmod+".addMulVVW1536: secret *z[:24] *x[:24]"+bigmodZ, ""),
	on(bigmod, "s390x", bigmod+".addMulVVW2048: secret *z[:32] *x[:32]"+bigmodZ, ""),
	on(nistec, "s390x", nistec+".p256FromMont: secret *in -- a field element; writes *res", ""),
	on("./chacha20", "s390x", xc+"chacha20.xorKeyStreamVX: secret src[:] *key -- the plaintext and the key; public *nonce *counter -- the nonce and the block counter; writes dst[:] *counter", ""),
	on("./internal/poly1305", "s390x", xc+"internal/poly1305.updateVX: secret *state msg[:] -- the key, the accumulator and the message; writes state.h", ""),
}
