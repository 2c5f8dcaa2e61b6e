package indirect

// Calls through a func value or an interface that the caller passes: a
// target the code does not fix, which a declaration may assume constant
// time ("assume gen: constant time", "..., result public").

// Seal calls gen on x.
func Seal(gen func(*[4]uint64), x *[4]uint64) { gen(x) }

// Keyed mixes x with m.
func Keyed(m mixer, x *[4]uint64) { m.Mix(x) }

// Pick branches on what next returns: on a secret unless the
// declaration says its result is public.
func Pick(next func() uint64, x *[4]uint64) {
	if next() == 0 { // leak: result
		x[0] = 0
	}
}

// Stir passes the secret k to mix, then branches on what x holds, which
// mix may have written with k.
func Stir(mix func(*[4]uint64, uint64), x *[4]uint64, k uint64) {
	mix(x, k)
	if x[0] == 0 { // leak: written
		x[1] = 0
	}
}

// HookTwice calls through the package variable hook twice.
func HookTwice(x *[4]uint64) {
	hook(x)
	hook(x)
}

// stash copies k into b, where a declaration assumes it constant time
// rather than follow it.
//
//go:noinline
func stash(b, k []byte) { copy(b, k) }

//go:noinline
func stashVia(b *[8]byte, k []byte) { stash(b[:], k) }

// Nested passes a buffer of its frame, through stashVia, to stash with
// k, then branches on what the buffer holds: an assumed call may write
// the frame of its caller's caller as well as its caller's.
func Nested(k []byte) int {
	var b [8]byte
	stashVia(&b, k)
	if b[0] == 1 { // leak: nested
		return 1
	}
	return 0
}

// A ref holds a pointer that the analysis does not place.
type ref struct{ p *[8]byte }

// poke stores k at p, where a declaration assumes it constant time.
//
//go:noinline
func poke(p *[8]byte, k byte) { p[0] = k }

// Aliased passes poke a pointer it loads from r, which may be x, then
// branches on x.
func Aliased(r *ref, x *[8]byte, k byte) int {
	poke(r.p, k)
	if x[0] == 1 { // leak: aliased
		return 1
	}
	return 0
}
