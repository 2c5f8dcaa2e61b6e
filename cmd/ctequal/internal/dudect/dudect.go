// Package dudect tests whether a comparison's running time depends on its
// inputs, by the method of Reparaz, Balasch and Verbauwhede, "Dude, is my
// code constant time?" (DATE 2017).
//
// Each measurement times one call (or a few, where the counter is slow) on
// inputs of one of two classes. The inputs are prepared in batches, before
// the timed region, in a fixed pool of buffers, and the preparation treats
// both classes alike: half of every batch is in each class, in random
// order, and every input is written by the same instructions at the same
// addresses with the same random draws, whatever its class; only the bytes
// stored differ. The timings of the two classes go through Welch's t-test
// (Welford's running mean and variance), both whole and cropped at dudect's
// percentiles of the first batches, which removes the long tail that
// interrupts and other programs add. The statistic is the largest |t|:
// above Threshold, the time depends on the class.
//
// The class pairs (ClassPairs) put y equal to x against y that differs
// from it in every byte (dudect's fixed against random, with the secret as
// the fixed input), in its first byte, in its last, or in one byte at a
// lane's edge (the first or last byte of an 8-, 16-, 32- or 64-byte lane
// of the first 256 bytes, drawn for each input), and a fixed unequal y
// against random ones. A kernel that tests one accumulator only, and
// leaves its loop when that one is non-zero, is seen by the inputs that
// differ everywhere and by those that differ in that accumulator's lanes;
// the first byte alone would never reach it.
//
// Config.SelfCompare and EqualVsEqual are the harness's own controls: with
// either, the compared data no longer depends on the class, so a leak they
// show is the harness's or the machine's, never the function's.
//
// Timing tests take seconds and are statistics: the tests of this package
// and of the ctequal command run them only when the environment variable
// named by EnableEnv is 1.
//
// It is evidence on the machine it runs on, not proof: timing that depends
// on data only on other microarchitectures, or only through frequency, is
// out of its reach.
package dudect

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Threshold is the |t| above which the two classes' times differ.
const Threshold = 10

// EnableEnv names the environment variable that turns on the timing tests
// in go test: they run when it is "1" and are skipped otherwise, so that
// the default go test ./... stays deterministic on a busy machine.
const EnableEnv = "CTEQUAL_DUDECT"

// A ClassPair says what the inputs of the two classes are. The secret x is
// one random string for the whole test; y is the other input. Class 0 of
// every pair but UnequalFixedVsRandom is y == x.
//
// A leak can sit in one lane of one accumulator: a kernel that left its
// loop early when its fourth 32-byte accumulator became non-zero is seen
// only by inputs that differ in bytes 96-127 of some 128-byte block. So
// the pairs differ from x in every byte (FixedVsRandom), or in one byte
// at a time at the first or the last byte of a lane (the first byte
// differs, the last byte differs, one lane differs).
type ClassPair int

const (
	// EqualVsFirstDiffers: y equals x, or differs in one bit of its first
	// byte.
	EqualVsFirstDiffers ClassPair = iota
	// EqualVsLastDiffers: y equals x, or differs in one bit of its last
	// byte.
	EqualVsLastDiffers
	// EqualVsLaneDiffers: y equals x, or differs in one bit of one byte,
	// drawn for each input from LanePositions: the first and the last byte
	// of every 8-byte word of the first 256 bytes. These are also the
	// first and the last bytes of every 16-, 32- and 64-byte lane there,
	// so whatever a kernel's vector width and number of accumulators, as
	// long as its block divides 256 bytes, each accumulator receives the
	// difference in 1/k of the inputs of class 1 when it has k of that
	// width, and early, where a leak in the loop has most iterations left
	// to skip.
	EqualVsLaneDiffers
	// FixedVsRandom is dudect's fixed against random, with the fixed input
	// the secret itself: y equals x, or is random bytes that differ from x
	// in every byte (y = x ^ d, every byte of d random with its low bit
	// set).
	FixedVsRandom
	// UnequalFixedVsRandom: y is one fixed random string (not x), or fresh
	// random bytes each time. Both classes differ from x almost
	// everywhere: it looks for times that depend on y's value, not on
	// where y and x differ.
	UnequalFixedVsRandom
	// EqualVsEqual is a control, not a test: y equals x in both classes.
	// It is prepared exactly as EqualVsLaneDiffers is, random draws
	// included, with the difference masked off for both classes, so that
	// nothing but the label tells the classes apart and every |t| it shows
	// is chance or the harness.
	EqualVsEqual
)

// ClassPairs lists the pairs that test a function, in the order tests and
// reports use. The control EqualVsEqual is not among them.
var ClassPairs = []ClassPair{EqualVsFirstDiffers, EqualVsLastDiffers, EqualVsLaneDiffers, FixedVsRandom, UnequalFixedVsRandom}

func (p ClassPair) String() string {
	switch p {
	case EqualVsFirstDiffers:
		return "equal vs first byte differs"
	case EqualVsLastDiffers:
		return "equal vs last byte differs"
	case EqualVsLaneDiffers:
		return "equal vs one lane differs"
	case FixedVsRandom:
		return "fixed vs random"
	case UnequalFixedVsRandom:
		return "unequal fixed vs random"
	case EqualVsEqual:
		return "equal vs equal"
	}
	return fmt.Sprintf("ClassPair(%d)", int(p))
}

// laneSpan is how far into the input EqualVsLaneDiffers places its
// differences: the widest kernel's block (AVX-512: four 64-byte
// accumulators).
const laneSpan = 256

// LanePositions returns the byte indexes, below n, from which
// EqualVsLaneDiffers draws the byte that differs: the first and the last
// byte of each 8-byte word of the first 256 bytes, a word cut short where
// the input ends.
func LanePositions(n int) []int {
	var ps []int
	for w := 0; w < min(n, laneSpan); w += 8 {
		ps = append(ps, w)
		if last := min(w+7, n-1); last > w {
			ps = append(ps, last)
		}
	}
	return ps
}

// Result is one test's outcome.
type Result struct {
	MaxT     float64 // the largest |t| over the whole and the cropped tests
	Samples  int     // measurements taken
	CallsPer int     // calls timed together in one measurement
	// Diff is the mean time of class 1 minus that of class 0, in counter
	// ticks per measurement (CallsPer calls), over the measurements below
	// the first batches' 99.9th percentile: the size of the effect, with
	// the rare long interruptions left out. It says how large a leak is
	// and which class is the slower; MaxT says whether there is one. (A
	// tighter crop can hold one class only: below the median, bytes.Equal
	// has no equal inputs.)
	Diff float64
}

// Leak reports whether the classes' times differ.
func (r Result) Leak() bool { return r.MaxT > Threshold }

// Config sets the size of a test.
type Config struct {
	Samples int    // measurements; 0 means 200,000
	Seed    uint64 // for the classes and the random inputs
	// SelfCompare times equal(x, x) in place of equal(x, y): the harness
	// control. x holds the same string in both classes and is written the
	// same way, so only the harness or the machine can make the classes'
	// times differ. It must show no leak, whatever function is timed.
	SelfCompare bool
}

const (
	PoolSize    = 32 // input pairs prepared per batch (exported for ctequal check's memory estimate); even, for the balanced classes
	percentiles = 100
	// enough is the fewest measurements a cropped test needs to count.
	enough = 10000
	// firstBatches are measured, after a warm-up, to set the cropping
	// thresholds; they do not count in the tests.
	firstBatches = 20
)

// Measure times equal on inputs of n bytes (n >= 1) of the two classes of
// pair and returns the largest |t|.
func Measure(equal func(x, y []byte) int, n int, pair ClassPair, cfg Config) Result {
	if n < 1 {
		panic("dudect: inputs of at least one byte are needed")
	}
	samples := cfg.Samples
	if samples == 0 {
		samples = 200_000
	}
	h := newHarness(n, pair, cfg.Seed)
	calls := callsPerSample(equal, h.xs[0], h.ys[0])
	times := make([]uint64, PoolSize)

	// Warm up, then take the cropping thresholds from the first batches,
	// both classes together.
	var first []uint64
	for range firstBatches {
		h.prepare()
		h.measure(equal, calls, cfg.SelfCompare, times)
		first = append(first, times...)
	}
	thresholds := cropThresholds(first)

	tests := make([]welch, percentiles+1) // [0] uncropped, then one per threshold
	taken := 0
	for taken < samples {
		h.prepare()
		h.measure(equal, calls, cfg.SelfCompare, times)
		for i, t := range times {
			v := float64(t)
			tests[0].add(h.classes[i], v)
			for k, th := range thresholds {
				if t < th {
					tests[k+1].add(h.classes[i], v)
				}
			}
		}
		taken += PoolSize
	}

	r := Result{Samples: taken, CallsPer: calls}
	for i, w := range tests {
		if i > 0 && w.n[0]+w.n[1] < enough {
			continue
		}
		r.MaxT = math.Max(r.MaxT, math.Abs(w.t()))
	}
	last := tests[percentiles]
	r.Diff = last.mean[1] - last.mean[0]
	return r
}

// Test runs Measure and, when it finds a leak, confirms it with a second
// run of twice the samples: a leak must show in both.
func Test(equal func(x, y []byte) int, n int, pair ClassPair, cfg Config) (first, confirm Result, leak bool) {
	first = Measure(equal, n, pair, cfg)
	if !first.Leak() {
		return first, Result{}, false
	}
	cfg2 := cfg
	cfg2.Samples = 2 * first.Samples
	cfg2.Seed = cfg.Seed + 1
	confirm = Measure(equal, n, pair, cfg2)
	return first, confirm, confirm.Leak()
}

// A harness holds one test's pool of inputs and prepares and times them.
//
// Its first version wrote class 0's y with copy and class 1's (fixed vs
// random) with a byte loop of n random draws, and tossed a coin for each
// input's class. A random y took microseconds to prepare, a fixed one tens
// of nanoseconds, so the time a batch took to prepare, and the time from
// an input's preparation to its measurement, depended on the classes in
// the batch, the input's own among them, and the measured times followed
// the class through them. Comparing x with x, whose data do
// not depend on the class at all, reached |t| 14 with pools of 32 and 60
// with pools of 8 (1 KiB, 1M samples, Intel Xeon family 6 model 207). Now
// both classes get the same work, which alone removed the effect, and
// every batch holds as many inputs of each class, so that nothing acting
// on a whole batch can follow the class.
type harness struct {
	secret []byte // x, for the whole test
	base   []byte // class 0's y: secret, or fixed for UnequalFixedVsRandom
	// delta is what class 1 XORs into base, drawn afresh for every input
	// of either class: random bytes (FixedVsRandom with the low bit of
	// every byte set, UnequalFixedVsRandom), or one random bit at index
	// at, zeros elsewhere, with at drawn from lanes when lanes is set.
	delta []byte
	at    int
	lanes []int
	// differs is all ones if the classes' y differ, zero for the control
	// EqualVsEqual.
	differs uint64
	random  bool   // delta is n random bytes
	ones    uint64 // ORed into each word of a random delta
	rng     *rand.Rand
	xs, ys  [][]byte
	classes []int
	sink    int
}

func newHarness(n int, pair ClassPair, seed uint64) *harness {
	rng := rand.New(rand.NewPCG(seed, 0x64756465637421))
	h := &harness{
		rng:     rng,
		secret:  randomBytes(rng, n),
		delta:   make([]byte, n),
		differs: ^uint64(0),
		xs:      make([][]byte, PoolSize),
		ys:      make([][]byte, PoolSize),
		classes: make([]int, PoolSize),
	}
	h.base = h.secret
	switch pair {
	case EqualVsFirstDiffers:
	case EqualVsLastDiffers:
		h.at = n - 1
	case EqualVsLaneDiffers:
		h.lanes = LanePositions(n)
	case FixedVsRandom:
		h.random = true
		h.ones = 0x0101010101010101
	case UnequalFixedVsRandom:
		h.random = true
		h.base = randomBytes(rng, n)
	case EqualVsEqual:
		h.lanes = LanePositions(n)
		h.differs = 0
	default:
		panic(fmt.Sprintf("dudect: unknown class pair %d", int(pair)))
	}
	// One buffer for all inputs, carved into pool pairs: addresses depend
	// on the slot only.
	buf := make([]byte, 2*n*PoolSize)
	for i := range PoolSize {
		h.xs[i] = buf[2*i*n : (2*i+1)*n : (2*i+1)*n]
		h.ys[i] = buf[(2*i+1)*n : (2*i+2)*n : (2*i+2)*n]
	}
	return h
}

// prepare draws the classes of a batch and writes its inputs.
func (h *harness) prepare() {
	// Exactly half of each batch in each class, in random order: whatever
	// acts on a whole batch (how long it took to prepare, an interrupt, the
	// clock speed) then falls on both classes alike.
	for i := range h.classes {
		h.classes[i] = i & 1
	}
	h.rng.Shuffle(len(h.classes), func(i, j int) {
		h.classes[i], h.classes[j] = h.classes[j], h.classes[i]
	})
	for i, c := range h.classes {
		copy(h.xs[i], h.secret)
		// The same draws for both classes; class 0 masks them off.
		switch {
		case h.random:
			fillRandom(h.rng, h.delta, h.ones)
		case h.lanes != nil:
			h.delta[h.at] = 0
			h.at = h.lanes[h.rng.IntN(len(h.lanes))]
			h.delta[h.at] = 1 << (h.rng.Uint32() % 8)
		default:
			h.delta[h.at] = 1 << (h.rng.Uint32() % 8)
		}
		maskedXor(h.ys[i], h.base, h.delta, -uint64(c)&h.differs)
	}
}

// measure times each input pair of the batch, calls calls per measurement,
// into times.
func (h *harness) measure(equal func(x, y []byte) int, calls int, self bool, times []uint64) {
	sink := 0
	for i := range h.xs {
		x, y := h.xs[i], h.ys[i]
		if self {
			y = x
		}
		t0 := cycles()
		for range calls {
			sink += equal(x, y)
		}
		times[i] = cycles() - t0
	}
	h.sink += sink
}

// maskedXor sets dst to base ^ (mask & delta), for a mask of all zeros or
// all ones, without a branch: the same loads and stores whatever the mask.
func maskedXor(dst, base, delta []byte, mask uint64) {
	n := len(dst)
	base, delta = base[:n], delta[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		b := binary.LittleEndian.Uint64(base[i:])
		d := binary.LittleEndian.Uint64(delta[i:])
		binary.LittleEndian.PutUint64(dst[i:], b^(mask&d))
	}
	for ; i < n; i++ {
		dst[i] = base[i] ^ (byte(mask) & delta[i])
	}
}

// callsPerSample picks how many calls one measurement times, so that it
// spans at least 100 counter ticks: a slow counter (arm64's CNTVCT_EL0 may
// run at a few tens of MHz) would otherwise read the same value for most
// calls.
func callsPerSample(equal func(x, y []byte) int, x, y []byte) int {
	for calls := 1; calls < 1<<16; calls *= 2 {
		ticks := make([]uint64, 15)
		for i := range ticks {
			t0 := cycles()
			for range calls {
				equal(x, y)
			}
			ticks[i] = cycles() - t0
		}
		slices.Sort(ticks)
		if ticks[len(ticks)/2] >= 100 {
			return calls
		}
	}
	return 1 << 16
}

// cropThresholds returns dudect's thresholds: the percentiles
// 1 - 0.5^(10(k+1)/100) of the first measurements, for k = 0..99.
func cropThresholds(times []uint64) []uint64 {
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	th := make([]uint64, percentiles)
	for k := range th {
		p := 1 - math.Pow(0.5, 10*float64(k+1)/percentiles)
		th[k] = sorted[int(p*float64(len(sorted)-1))]
	}
	return th
}

// welch is Welch's t-test over two classes, with Welford's running mean
// and variance.
type welch struct {
	n    [2]float64
	mean [2]float64
	m2   [2]float64
}

func (w *welch) add(class int, v float64) {
	w.n[class]++
	d := v - w.mean[class]
	w.mean[class] += d / w.n[class]
	w.m2[class] += d * (v - w.mean[class])
}

// t returns Welch's t statistic; 0 while a class has fewer than two values.
func (w *welch) t() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	se := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	if se == 0 {
		if w.mean[0] == w.mean[1] {
			return 0
		}
		return math.Inf(1)
	}
	return (w.mean[0] - w.mean[1]) / se
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	fillRandom(rng, b, 0)
	return b
}

// fillRandom fills b with random bytes, eight per draw, each word ORed
// with ones.
func fillRandom(rng *rand.Rand, b []byte, ones uint64) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], rng.Uint64()|ones)
	}
	if i < len(b) {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], rng.Uint64()|ones)
		copy(b[i:], w[:])
	}
}
