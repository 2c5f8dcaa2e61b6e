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
