package indirect

// Where one word may hold two targets: each root calls leakMixer's Mix,
// which branches on a secret, and must not be found clean.

// TwoBoxes builds two boxes with one constructor, whose allocations are
// one region of new memory, and calls through the first.
func TwoBoxes(x *[4]uint64) {
	a := newBox(leakMixer{})
	b := newBox(&xorMixer{k: 7})
	a.mix(x)
	_ = b
}

//go:noinline
func mixers(m mixer) []mixer { return []mixer{m} }

// TwoSlices does the same with two slices.
func TwoSlices(x *[4]uint64) {
	a := mixers(leakMixer{})
	b := mixers(&xorMixer{k: 7})
	a[0].Mix(x)
	_ = b
}

// setLeak puts leakMixer in b: constant time itself, whatever b holds.
//
//go:noinline
func setLeak(b *box) { b.m = leakMixer{} }

// Restack calls through a box in its frame that setLeak, which a
// declaration assumes, has written.
func Restack(x *[4]uint64) {
	var s box
	s.m = &xorMixer{k: 7}
	setLeak(&s)
	s.m.Mix(x)
}

type fn func(*[4]uint64)

//go:noinline
func one(f fn) []fn {
	s := make([]fn, 1)
	s[0] = f
	return s
}

// Copied copies a slice holding leak (runtime.makeslicecopy: the new
// memory holds the source's words, not nil) and calls through the copy,
// after another object of its allocations got mask.
func Copied(x *[4]uint64) ([]fn, []fn) {
	a := one(leak)
	b := make([]fn, len(a))
	copy(b, a)
	c := make([]fn, 1)
	c[0] = mask
	b[0](x)
	return b, c
}

// Grown does the same through append's growth (runtime.growslice).
func Grown(x *[4]uint64) ([]fn, []fn) {
	a := one(leak)[:1:1]
	a = append(a, mask)
	c := make([]fn, 1)
	c[0] = mask
	a[0](x)
	return a, c
}
