//go:build eval

package eval

// loong64's assembly of x/crypto and of the standard library's crypto,
// each function a root with its Go stub's declarations: the LSX and
// LASX kernels run only where the Go code that calls them found the
// feature (cpu.Loong64.HasLSX, useLSX, useLASX: needs says so); the
// scalar blocks of the hashes and bigmod's multiply-accumulate run
// everywhere.

const (
	xorLoong64 = ": secret *a[:n] *b[:n] -- a key stream and a plaintext; writes *dst[:n]"
	lsxNeeded  = "instruction needs CPU feature lsx, which the code may not assume here"
)

var loong64Cases = []evalCase{
	on("./blake2b", "loong64", xc+"blake2b.hashBlocksVX"+blake2sDecl, "lsx"),
	on("./chacha20", "loong64", xc+"chacha20.xorKeyStreamVX: secret src[:] *key -- the plaintext and the key; public *nonce *counter -- the nonce and the block counter; writes dst[:] *counter", "lsx"),
	on("./salsa20/salsa", "loong64", xc+"salsa20/salsa.xorKeyStreamVX: secret *in[:n] *key[:32] -- the plaintext and the key; public *nonce[:16] -- the nonce and the block counter; writes *out[:n]", "lsx"),
	on(subtle, "loong64", subtle+".xorBytesBasic"+xorLoong64, ""),
	on(subtle, "loong64", subtle+".xorBytesLSX"+xorLoong64, "lsx"),
	// xorBytes calls it where useLASX alone is set; its 16-byte tail
	// (xor_loong64.s:397-400) is LSX's VMOVQ and VXORV: a finding unless
	// a CPU with LASX always has LSX, which the model does not assume.
	on(subtle, "loong64", subtle+".xorBytesLASX"+xorLoong64, "lasx"),
	on(bigmod, "loong64", bigmod+".addMulVVW1024: secret *z[:16] *x[:16] y -- limbs of secret numbers; writes *z", ""),
	on(bigmod, "loong64", bigmod+".addMulVVW1536: secret *z[:24] *x[:24] y -- limbs of secret numbers; writes *z", ""),
	on(bigmod, "loong64", bigmod+".addMulVVW2048: secret *z[:32] *x[:32] y -- limbs of secret numbers; writes *z", ""),
	on(sha256Pkg, "loong64", sha256Pkg+".block"+shaDecl, ""),
	on(sha512Pkg, "loong64", sha512Pkg+".block"+shaDecl, ""),
	on("crypto/md5", "loong64", "crypto/md5.block"+shaDecl, ""),
	on("crypto/sha1", "loong64", "crypto/sha1.block"+shaDecl, ""),
}
