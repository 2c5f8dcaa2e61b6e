package dudect

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

// The tests in this file that time anything run only with CTEQUAL_DUDECT=1
// (EnableEnv): a timing test is a statistic, and it takes seconds. The
// rest (the maths, and what the harness prepares) always run.

// requireTiming skips t unless timing tests were asked for and mean
// something here.
func requireTiming(t *testing.T) {
	t.Helper()
	if os.Getenv(EnableEnv) != "1" {
		t.Skipf("a timing test: set %s=1 to run it", EnableEnv)
	}
	if raceEnabled {
		t.Skip("timings mean nothing under the race detector")
	}
}

func TestWelch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var same, shifted welch
	for range 100000 {
		same.add(0, rng.NormFloat64())
		same.add(1, rng.NormFloat64())
		shifted.add(0, rng.NormFloat64())
		shifted.add(1, rng.NormFloat64()+0.1)
	}
	if math.Abs(same.t()) > 5 {
		t.Errorf("two samples of one distribution: |t| = %.1f, want small", same.t())
	}
	// Means 0.1 apart, unit variances, 1e5 each: t = -0.1/sqrt(2e-5) = -22.4.
	if got := shifted.t(); got > -18 || got < -27 {
		t.Errorf("means 0.1 apart: t = %.1f, want about -22.4", got)
	}
}

func TestCropThresholds(t *testing.T) {
	times := make([]uint64, 1000)
	for i := range times {
		times[i] = uint64(i)
	}
	th := cropThresholds(times)
	// The first is the 1 - 0.5^0.1 = 6.7th percentile, the last the
	// 99.9th; they never decrease.
	if th[0] < 60 || th[0] > 72 || th[len(th)-1] < 990 {
		t.Errorf("thresholds run from %d to %d, want about 66 to 999", th[0], th[len(th)-1])
	}
	for i := 1; i < len(th); i++ {
		if th[i] < th[i-1] {
			t.Fatalf("threshold %d (%d) below threshold %d (%d)", i, th[i], i-1, th[i-1])
		}
	}
}

// TestPrepare checks what the harness gives each class, with no timing: a
// mistake here (both classes alike, say) would make every timing test
// pass and mean nothing.
func TestPrepare(t *testing.T) {
	for _, n := range []int{1, 7, 16, 33, 1024} {
		for _, pair := range append(ClassPairs, EqualVsEqual) {
			h := newHarness(n, pair, 3)
			secret := bytes.Clone(h.secret)
			seen := map[string]bool{}
			for batch := range 20 {
				h.prepare()
				ones := 0
				for i, c := range h.classes {
					ones += c
					x, y := h.xs[i], h.ys[i]
					if !bytes.Equal(x, secret) {
						t.Fatalf("n %d, %s, batch %d, input %d: x is not the secret", n, pair, batch, i)
					}
					if err := checkClass(pair, c, secret, h.base, y); err != nil {
						t.Fatalf("n %d, %s, batch %d, input %d (class %d): %v", n, pair, batch, i, c, err)
					}
					if pair == FixedVsRandom && c == 1 {
						if n >= 8 && seen[string(y)] {
							t.Fatalf("n %d, %s: class 1 drew the same random y twice", n, pair)
						}
						seen[string(y)] = true
					}
				}
				if ones != poolSize/2 {
					t.Fatalf("n %d, %s, batch %d: %d of %d inputs in class 1, want half", n, pair, batch, ones, poolSize)
				}
			}
		}
	}
}

// checkClass says how y is not what class c of pair should get.
func checkClass(pair ClassPair, c int, secret, base, y []byte) error {
	n := len(secret)
	switch {
	case pair == FixedVsRandom && c == 0:
		if bytes.Equal(base, secret) || !bytes.Equal(y, base) {
			return fmt.Errorf("y is not the fixed string, or that is the secret")
		}
	case pair == FixedVsRandom:
		if n >= 8 && bytes.Equal(y, base) {
			return fmt.Errorf("y is the fixed string, want random bytes")
		}
	case pair == EqualVsEqual || c == 0:
		if !bytes.Equal(y, secret) {
			return fmt.Errorf("y differs from x, want it equal")
		}
	default:
		at := 0
		if pair == EqualVsLastDiffers {
			at = n - 1
		}
		for i := range y {
			d := y[i] ^ secret[i]
			if i == at && (d == 0 || d&(d-1) != 0) {
				return fmt.Errorf("byte %d differs from x by %#x, want one bit", i, d)
			}
			if i != at && d != 0 {
				return fmt.Errorf("byte %d differs from x, want only byte %d to", i, at)
			}
		}
	}
	return nil
}

func bytesEqual(x, y []byte) int {
	if bytes.Equal(x, y) {
		return 1
	}
	return 0
}

// leakCycles is the planted leak's delay: iterations of a dependent
// multiply (3 to 4 cycles each on current amd64 and arm64 cores).
const leakCycles = 2

var leakSink uint64

// plantedLeak is a comparison with a small, known leak, to show what the
// harness can find: word-at-a-time XOR and OR with a branch-free reduction,
// like the portable kernel, plus a delay of leakCycles dependent multiplies
// that runs only when the first bytes differ. Measured on an Intel Xeon
// (family 6 model 207) at 1 KiB, it takes a few cycles longer when x[0] !=
// y[0] (the log of TestPlantedLeakIsFound gives the difference).
//
//go:noinline
func plantedLeak(x, y []byte) int {
	n := len(x)
	y = y[:n]
	var v uint64
	i := 0
	for ; i+8 <= n; i += 8 {
		v |= binary.LittleEndian.Uint64(x[i:]) ^ binary.LittleEndian.Uint64(y[i:])
	}
	for ; i < n; i++ {
		v |= uint64(x[i] ^ y[i])
	}
	// The leak: spins is leakCycles if x[0] != y[0], else 0, computed
	// without a branch; only the loop below branches on it.
	spins := int((uint64(x[0]^y[0])+0xff)>>8) * leakCycles
	acc := v
	for range spins {
		acc = acc*0x9e3779b97f4a7c15 + 1
	}
	leakSink = acc
	return int(1 - (v|-v)>>63)
}

// TestPlantedLeakIsACompare: the planted leak answers as a comparison
// must, so that what the timing tests find is its delay and nothing else.
func TestPlantedLeakIsACompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= 40; n++ {
		x := randomBytes(rng, n)
		for i := range n {
			y := bytes.Clone(x)
			if got := plantedLeak(x, y); got != 1 {
				t.Fatalf("n %d: equal inputs gave %d", n, got)
			}
			y[i] ^= 1 << (i % 8)
			if got := plantedLeak(x, y); got != 0 {
				t.Fatalf("n %d, byte %d differs: gave %d", n, i, got)
			}
		}
	}
}

// TestCompareIsConstantTime: ctequal.Compare at 1024 bytes shows no leak for
// any class pair, at 1M samples. Beside it run the controls that say what
// the verdict is worth: the same pairs timing Compare(x, x), which no
// harness may see leak, and bytes.Equal, which stops at the first
// difference and must be seen to.
func TestCompareIsConstantTime(t *testing.T) {
	requireTiming(t)
	const n = 1024
	cfg := Config{Samples: 1_000_000, Seed: 7}
	if testing.Short() {
		cfg.Samples = 300_000
	}
	self := cfg
	self.SelfCompare = true
	for _, pair := range ClassPairs {
		first, confirm, leak := Test(ctequal.Compare, n, pair, cfg)
		t.Logf("Compare (%s), %d bytes, %s: max |t| = %.2f (%d samples x %d calls)%s",
			ctequal.Kernel(), n, pair, first.MaxT, first.Samples, first.CallsPer, confirmText(confirm))
		if leak {
			t.Errorf("Compare (%s), %s: timing leak, max |t| = %.2f, confirmed at %.2f", ctequal.Kernel(), pair, first.MaxT, confirm.MaxT)
		}
		first, confirm, leak = Test(ctequal.Compare, n, pair, self)
		t.Logf("harness control Compare(x, x), %s: max |t| = %.2f%s", pair, first.MaxT, confirmText(confirm))
		if leak {
			t.Errorf("harness control Compare(x, x), %s: max |t| = %.2f, confirmed at %.2f: the harness treats the classes differently",
				pair, first.MaxT, confirm.MaxT)
		}
	}
	control := Measure(bytesEqual, n, EqualVsFirstDiffers, cfg)
	t.Logf("negative control bytes.Equal, %s: max |t| = %.2f (%+.1f ticks)", EqualVsFirstDiffers, control.MaxT, control.Diff)
	if !control.Leak() {
		t.Errorf("bytes.Equal shows no leak (max |t| = %.2f): this machine cannot tell, so the test proves nothing", control.MaxT)
	}
	// It stops at the first byte: class 1 must be the faster.
	if control.Diff >= 0 {
		t.Errorf("bytes.Equal: class 1 (first byte differs) %+.1f ticks slower than class 0, want faster: are the classes swapped?", control.Diff)
	}
}

// TestPlantedLeakIsFound: a leak of a few cycles, far smaller than
// bytes.Equal's, is found at 1M samples, confirmed; and where the data no
// longer depend on the class (both classes equal, or x against x) the
// same function is not.
func TestPlantedLeakIsFound(t *testing.T) {
	requireTiming(t)
	const n = 1024
	cfg := Config{Samples: 1_000_000, Seed: 13}
	first, confirm, leak := Test(plantedLeak, n, EqualVsFirstDiffers, cfg)
	t.Logf("planted leak, %s: max |t| = %.2f, %+.1f ticks per call (%d calls per sample)%s",
		EqualVsFirstDiffers, first.MaxT, first.Diff/float64(first.CallsPer), first.CallsPer, confirmText(confirm))
	if !leak {
		t.Errorf("planted leak not found: max |t| = %.2f%s", first.MaxT, confirmText(confirm))
	}
	self := cfg
	self.SelfCompare = true
	for _, c := range []struct {
		name string
		pair ClassPair
		cfg  Config
	}{
		{"both classes equal", EqualVsEqual, cfg},
		{"x against x", EqualVsFirstDiffers, self},
	} {
		first, confirm, leak := Test(plantedLeak, n, c.pair, c.cfg)
		t.Logf("planted leak, %s: max |t| = %.2f%s", c.name, first.MaxT, confirmText(confirm))
		if leak {
			t.Errorf("planted leak, %s: flagged (max |t| = %.2f, confirmed at %.2f), though no input differs", c.name, first.MaxT, confirm.MaxT)
		}
	}
}

// TestEveryKernelIsConstantTime runs the test on every kernel this CPU
// supports, at a few sizes. Not in -short mode.
func TestEveryKernelIsConstantTime(t *testing.T) {
	requireTiming(t)
	if testing.Short() {
		t.Skip("every kernel at several sizes takes a while; TestCompareIsConstantTime covers the active one")
	}
	for _, k := range impl.List() {
		if !k.Supported {
			continue
		}
		restore, _ := impl.Select(k.Name)
		defer restore()
		for _, n := range []int{16, 64, 1024} {
			for _, pair := range ClassPairs {
				first, confirm, leak := Test(ctequal.Compare, n, pair, Config{Samples: 100_000, Seed: 11})
				t.Logf("%s, %d bytes, %s: max |t| = %.2f%s", k.Name, n, pair, first.MaxT, confirmText(confirm))
				if leak {
					t.Errorf("%s, %d bytes, %s: timing leak, confirmed at max |t| = %.2f", k.Name, n, pair, confirm.MaxT)
				}
			}
		}
	}
}

func confirmText(r Result) string {
	if r.Samples == 0 {
		return ""
	}
	return fmt.Sprintf(", rerun: max |t| = %.2f", r.MaxT)
}
