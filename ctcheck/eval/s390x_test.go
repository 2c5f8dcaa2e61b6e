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
	on(aesPkg, "s390x", aesPkg+".cryptBlocksChain: secret *key[:32] *src[:length] -- the key and the blocks; public c length *iv[:16] -- the function code, the length, the chaining value (a ciphertext block); writes *dst[:length] *iv[:16]", "", s390xWant["cryptBlocksChain"]),
	on(sha256Pkg, "s390x", sha256Pkg+".blockS390X"+shaDecl, "", s390xWant["sha256"]),
	on(sha512Pkg, "s390x", sha512Pkg+".blockS390X"+shaDecl, "", s390xWant["sha512"]),
	on(sha1Pkg, "s390x", sha1Pkg+".blockS390X"+shaDecl, "", s390xWant["sha1"]),
	on(md5Pkg, "s390x", md5Pkg+".block"+shaDecl, "", s390xWant["md5"]),
	on(sha3Pkg, "s390x", sha3Pkg+".kimd: secret *a src[:] -- the state and the message; public function -- the function code; writes *a", "", s390xWant["kimd"]),
	on(sha3Pkg, "s390x", sha3Pkg+".klmd: secret *a src[:] -- the state and the message; public function -- the function code; writes *a dst[:]", "", s390xWant["klmd"]),
	on(ecdsaPkg, "s390x", ecdsaPkg+".kdsa: secret *params -- the private key, the hash and the nonce of a signing; public fc -- the function code; writes *params", "", s390xWant["kdsa"]),
	on(bigmod, "s390x", bigmod+".addMulVVW1024: secret *z[:16] *x[:16]"+bigmodZ, "", s390xWant["bigmod"]),
	on(bigmod, "s390x", bigmod+".addMulVVW1536: secret *z[:24] *x[:24]"+bigmodZ, "", s390xWant["bigmod"]),
	on(bigmod, "s390x", bigmod+".addMulVVW2048: secret *z[:32] *x[:32]"+bigmodZ, "", s390xWant["bigmod"]),
	on(nistec, "s390x", nistec+".p256FromMont: secret *in -- a field element; writes *res", "", s390xWant["p256FromMont"]),
	on("./chacha20", "s390x", xc+"chacha20.xorKeyStreamVX: secret src[:] *key -- the plaintext and the key; public *nonce *counter -- the nonce and the block counter; writes dst[:] *counter", "", s390xWant["chacha20"]),
	on("./internal/poly1305", "s390x", xc+"internal/poly1305.updateVX: secret *state msg[:] -- the key, the accumulator and the message; writes state.h", "", s390xWant["poly1305"]),
}

// cpacf is the finding on a CPACF instruction op run on secret data.
func cpacf(op string) string {
	return "instruction on secret data whose timing no vendor source states as data independent (" + op +
		": IBM publishes no statement of data-independent timing)"
}

// s390xWant are the cases' findings, by case (none: constant time). Each
// CPACF block has its instruction's finding; cryptBlocksChain's *iv and
// kmaGCM's *cnt (more_test.go) take what the model writes over the
// whole parameter block, the key's level, where the chaining value or
// counter the instruction leaves there is public (a precision gap);
// kdsa's 3 branches read the condition code, whose "retry" and
// "failed" depend on the data (BVS, on partial completion alone, is a
// precision gap: one condition code for all).
var s390xWant = map[string]map[string]map[string]int{
	"cryptBlocksChain": both(map[string]int{cpacf("KMC"): 1, "secret stored into *iv[:16], declared public": 1}),
	"sha256":           both(map[string]int{cpacf("KIMD"): 1}),
	"sha512":           both(map[string]int{cpacf("KIMD"): 1}),
	"sha1":             both(map[string]int{cpacf("KIMD"): 1}),
	"kimd":             both(map[string]int{cpacf("KIMD"): 1}),
	"klmd":             both(map[string]int{cpacf("KLMD"): 1}),
	"kdsa":             both(map[string]int{cpacf("KDSA"): 1, branch: 3}),
}
