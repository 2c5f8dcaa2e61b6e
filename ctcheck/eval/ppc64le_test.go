//go:build eval

package eval

// The ppc64le assembly that more_test.go's tables leave out: the AES
// CTR and CBC kernels, P-256's conversion out of the Montgomery domain,
// the SHA-2 and MD5 blocks, x/crypto's ChaCha20 and bigmod's wider
// multiply-accumulates. POWER8's vector crypto instructions (VCIPHER,
// VPMSUMD, VSHASIGMA) are findings on secret data: no IBM text states
// their timing (engine/ppc64's ppc64VecCrypto).

var ppc64leCases = []evalCase{
	on(aesPkg, "ppc64le", aesPkg+".ctrBlocks1Asm: secret *xk *src -- the expanded key and the plaintext; public nr ivlo ivhi -- the rounds and the counter; writes *dst", ""),
	on(aesPkg, "ppc64le", aesPkg+".ctrBlocks2Asm: secret *xk *src -- the expanded key and the plaintext; public nr ivlo ivhi -- the rounds and the counter; writes *dst", ""),
	on(aesPkg, "ppc64le", aesPkg+".ctrBlocks4Asm: secret *xk *src -- the expanded key and the plaintext; public nr ivlo ivhi -- the rounds and the counter; writes *dst", ""),
	on(aesPkg, "ppc64le", aesPkg+".ctrBlocks8Asm: secret *xk *src -- the expanded key and the plaintext; public nr ivlo ivhi -- the rounds and the counter; writes *dst", ""),
	// The chaining value is the IV and then a ciphertext block: public in
	// CBC, but computed from the key, so held secret here.
	on(aesPkg, "ppc64le", aesPkg+".cryptBlocksChain: secret *src[:length] *key[:60] *iv[:16] -- the blocks, the expanded key and the chaining value; public length enc nr -- the length, the direction and the rounds; writes *dst[:length] *iv[:16]", ""),
	on(nistec, "ppc64le", nistec+".p256FromMont: secret *in -- a field element; writes *res", ""),
	on(sha256Pkg, "ppc64le", sha256Pkg+".blockPOWER"+shaDecl, ""),
	on(sha512Pkg, "ppc64le", sha512Pkg+".blockPOWER"+shaDecl, ""),
	// The counter and the 12-byte nonce after it in the Cipher are read as
	// one block, and the counter written back; the block buffer on the
	// stack is stored through constant index registers.
	on("./chacha20", "ppc64le", xc+"chacha20.chaCha20_ctr32_vsx: secret *inp[:len] *key -- the plaintext and the key; public len *counter[:4] -- the length, the block counter and the nonce; writes *out[:len] *counter", ""),
}
