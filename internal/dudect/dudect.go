// Package dudect tests whether a comparison's running time depends on its
// inputs, by the method of Reparaz, Balasch and Verbauwhede, "Dude, is my
// code constant time?" (DATE 2017).
//
// Each measurement times one call on inputs of one of two classes, chosen
// at random and interleaved. The inputs are prepared before the timed region
// in a fixed pool of buffers, so that no address depends on the class. The
// timings of the two classes go through Welch's t-test (Welford's running
// mean and variance), both whole and cropped at dudect's percentiles of the
// first batch, which removes the long tail that interrupts and other
// programs add. The statistic is the largest |t|: above 10, the time
// depends on the class.
//
// It is evidence on the machine it runs on, not proof: timing that depends
// on data only on other microarchitectures, or only through frequency, is
// out of its reach.
package dudect

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Threshold is the |t| above which the two classes' times differ.
const Threshold = 10

// A ClassPair says what the inputs of the two classes are. The secret x is
// one random string for the whole test; y is the other input.
type ClassPair int

const (
	// EqualVsFirstDiffers: y equals x, or differs in its first byte.
	EqualVsFirstDiffers ClassPair = iota
	// EqualVsLastDiffers: y equals x, or differs in its last byte.
	EqualVsLastDiffers
	// FixedVsRandom: y is one fixed string, or fresh random bytes each time.
	FixedVsRandom
)

// ClassPairs lists every pair, in the order tests and reports use.
var ClassPairs = []ClassPair{EqualVsFirstDiffers, EqualVsLastDiffers, FixedVsRandom}

func (p ClassPair) String() string {
	switch p {
	case EqualVsFirstDiffers:
		return "equal vs first byte differs"
	case EqualVsLastDiffers:
		return "equal vs last byte differs"
	case FixedVsRandom:
		return "fixed vs random"
	}
	return fmt.Sprintf("ClassPair(%d)", int(p))
}

// Result is one test's outcome.
type Result struct {
	MaxT     float64 // the largest |t| over the whole and the cropped tests
	Samples  int     // measurements taken
	CallsPer int     // calls timed together in one measurement
}

// Leak reports whether the classes' times differ.
func (r Result) Leak() bool { return r.MaxT > Threshold }

// Config sets the size of a test.
type Config struct {
	Samples int    // measurements; 0 means 200,000
	Seed    uint64 // for the classes and the random inputs
}

const (
	poolSize    = 32 // input pairs prepared per batch: a few KiB to 64 KiB, in cache
	percentiles = 100
	// enough is the fewest measurements a cropped test needs to count.
	enough = 10000
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
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x64756465637421))
	secret := randomBytes(rng, n)
	fixed := randomBytes(rng, n)

	// One buffer for all inputs, carved into pool pairs: addresses depend
	// on the slot only.
	buf := make([]byte, 2*n*poolSize)
	xs, ys := make([][]byte, poolSize), make([][]byte, poolSize)
	for i := range poolSize {
		xs[i] = buf[2*i*n : (2*i+1)*n : (2*i+1)*n]
		ys[i] = buf[(2*i+1)*n : (2*i+2)*n : (2*i+2)*n]
	}
	classes := make([]int, poolSize)
	prepare := func() {
		for i := range poolSize {
			classes[i] = int(rng.Uint32() & 1)
			copy(xs[i], secret)
			y := ys[i]
			switch pair {
			case EqualVsFirstDiffers, EqualVsLastDiffers:
				copy(y, secret)
				if classes[i] == 1 {
					at := 0
					if pair == EqualVsLastDiffers {
						at = n - 1
					}
					y[at] ^= 1 << (rng.Uint32() % 8)
				}
			case FixedVsRandom:
				if classes[i] == 0 {
					copy(y, fixed)
				} else {
					fillRandom(rng, y)
				}
			}
		}
	}

	calls := callsPerSample(equal, xs[0], ys[0])
	sink := 0
	measureBatch := func(times []uint64) {
		for i := range poolSize {
			x, y := xs[i], ys[i]
			t0 := cycles()
			for range calls {
				sink += equal(x, y)
			}
			times[i] = cycles() - t0
		}
	}

	// Warm up, then take the cropping thresholds from a first batch.
	times := make([]uint64, poolSize)
	var first []uint64
	for len(first) < 20*poolSize {
		prepare()
		measureBatch(times)
		first = append(first, times...)
	}
	thresholds := cropThresholds(first)

	tests := make([]welch, percentiles+1) // [0] uncropped, then one per threshold
	taken := 0
	for taken < samples {
		prepare()
		measureBatch(times)
		for i, t := range times {
			v := float64(t)
			tests[0].add(classes[i], v)
			for k, th := range thresholds {
				if t < th {
					tests[k+1].add(classes[i], v)
				}
			}
		}
		taken += poolSize
	}
	_ = sink

	maxT := 0.0
	for i, w := range tests {
		if i > 0 && w.n[0]+w.n[1] < enough {
			continue
		}
		maxT = math.Max(maxT, math.Abs(w.t()))
	}
	return Result{MaxT: maxT, Samples: taken, CallsPer: calls}
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
	fillRandom(rng, b)
	return b
}

func fillRandom(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}
