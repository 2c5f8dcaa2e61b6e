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

// each calls fn on every byte of k, where a declaration assumes it
// constant time.
//
//go:noinline
func each(k *[32]byte, fn func(byte)) {
	for _, b := range k {
		fn(b)
	}
}

// clobber leaves no stack address in a register.
//
//go:noinline
func clobber() (int, int, int, int, int, int, int, int, int) { return 0, 0, 0, 0, 0, 0, 0, 0, 0 }

// Captured passes each a closure that adds to a local: the closure in
// the frame holds the address of acc, below it.
func Captured(k *[32]byte) int {
	var acc int
	fn := func(b byte) { acc += int(b) }
	clobber()
	each(k, fn)
	if acc > 4000 { // leak: captured
		return 1
	}
	return 0
}

// Picked passes poke a stack address loaded from a local array.
func Picked(k *[32]byte, i int) int {
	var a, b [8]byte
	ps := [2]*[8]byte{&a, &b}
	poke(ps[i&1], k[0])
	if a[0] == 0 { // leak: picked
		return 1
	}
	return 0
}

// pokeInt stores k at p, where a declaration assumes it constant time.
//
//go:noinline
func pokeInt(p *int, k byte) { *p = int(k) }

// ArgAddr passes pokeInt the address of its own argument n, in its
// caller's frame.
func ArgAddr(k *[32]byte, n int) int {
	pokeInt(&n, k[0])
	if n == 0 { // leak: argaddr
		return 1
	}
	return 0
}

// spread stores the first of k at o, where a declaration assumes it
// constant time: an array of two words, which the ABI passes on the
// stack.
//
//go:noinline
func spread(k [2]uint64, o *uint64) { *o = k[0] }

// StackArg passes spread the secret c on the stack, then loops on what
// spread stored.
func StackArg(c uint64, o *uint64) uint64 {
	spread([2]uint64{c, c}, o)
	s := uint64(0)
	for i := uint64(0); i < *o; i++ { // leak: stack arg
		s += i
	}
	return s
}

// pair returns c twice, where a declaration assumes it constant time:
// an array of two words, which the ABI returns on the stack.
//
//go:noinline
func pair(c uint64) [2]uint64 { return [2]uint64{c, c} }

// StackResult loops on pair's result.
func StackResult(c uint64) uint64 {
	r := pair(c)
	s := uint64(0)
	for i := uint64(0); i < r[0]; i++ { // leak: stack result
		s += i
	}
	return s
}
