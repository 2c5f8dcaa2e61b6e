// Package indirect calls through func values, interfaces and generic
// dictionaries whose targets the code fixes: the checks follow each to
// the function it reaches, and find a leak there at its line.
package indirect

// A mixer mixes a key into four words.
type mixer interface{ Mix(x *[4]uint64) }

type xorMixer struct{ k uint64 }

func (m *xorMixer) Mix(x *[4]uint64) {
	for i := range x {
		x[i] ^= m.k
	}
}

type leakMixer struct{}

func (leakMixer) Mix(x *[4]uint64) {
	if x[0] == 0 { // leak
		x[1]++
	}
}

func mask(x *[4]uint64) { x[0] &= x[1] }

func leak(x *[4]uint64) {
	if x[2] != 0 { // leak
		x[3] = 0
	}
}

//go:noinline
func apply(f func(*[4]uint64), x *[4]uint64) { f(x) }

//go:noinline
func run(m mixer, x *[4]uint64) { m.Mix(x) }

// A box holds a mixer in the heap: its itab is stored, then read back.
type box struct{ m mixer }

//go:noinline
func newBox(m mixer) *box { return &box{m: m} }

//go:noinline
func (b *box) mix(x *[4]uint64) { b.m.Mix(x) }

//go:noinline
func mixAll[M mixer](m M, x *[4]uint64) { m.Mix(x) }

// hook is a package variable: any code may set it, so a call through it
// is not followed (fail closed).
var hook = mask

func ApplyMask(x *[4]uint64)   { apply(mask, x) }
func ApplyLeak(x *[4]uint64)   { apply(leak, x) }
func RunXor(x *[4]uint64)      { run(&xorMixer{k: 7}, x) }
func RunLeak(x *[4]uint64)     { run(leakMixer{}, x) }
func BoxXor(x *[4]uint64)      { newBox(&xorMixer{k: 7}).mix(x) }
func BoxLeak(x *[4]uint64)     { newBox(leakMixer{}).mix(x) }
func GenericXor(x *[4]uint64)  { mixAll(&xorMixer{k: 7}, x) }
func GenericLeak(x *[4]uint64) { mixAll(&leakMixer{}, x) }
func Hook(x *[4]uint64)        { hook(x) }

// ApplyClosure passes a closure that captures a secret: its code's
// address is stored into the closure the caller builds in its frame.
func ApplyClosure(x *[4]uint64) {
	k := x[3]
	apply(func(y *[4]uint64) { y[0] ^= k }, x)
}

// ApplyClosureLeak passes one that branches on it.
func ApplyClosureLeak(x *[4]uint64) {
	k := x[3]
	apply(func(y *[4]uint64) {
		if k == 1 { // leak
			y[0] = 0
		}
	}, x)
}
