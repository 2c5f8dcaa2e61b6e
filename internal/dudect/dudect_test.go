package dudect

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/kernels"
)

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

func bytesEqual(x, y []byte) int {
	if bytes.Equal(x, y) {
		return 1
	}
	return 0
}

// TestCompareIsConstantTime: ctequal.Compare at 1024 bytes shows no leak for
// any class pair, while bytes.Equal, which stops at the first difference,
// must show one in the same run: the negative control that proves the test
// can fail here.
func TestCompareIsConstantTime(t *testing.T) {
	if raceEnabled {
		t.Skip("timings mean nothing under the race detector")
	}
	const n = 1024
	cfg := Config{Samples: 1_000_000, Seed: 7}
	if testing.Short() {
		cfg.Samples = 300_000
	}
	for _, pair := range ClassPairs {
		first, confirm, leak := Test(ctequal.Compare, n, pair, cfg)
		t.Logf("Compare (%s), %d bytes, %s: max |t| = %.2f (%d samples x %d calls)%s",
			ctequal.Kernel(), n, pair, first.MaxT, first.Samples, first.CallsPer, confirmText(confirm))
		if leak {
			t.Errorf("Compare (%s), %s: timing leak, max |t| = %.2f, confirmed at %.2f", ctequal.Kernel(), pair, first.MaxT, confirm.MaxT)
		}
	}
	control := Measure(bytesEqual, n, EqualVsFirstDiffers, cfg)
	t.Logf("negative control bytes.Equal, %s: max |t| = %.2f", EqualVsFirstDiffers, control.MaxT)
	if !control.Leak() {
		t.Errorf("bytes.Equal shows no leak (max |t| = %.2f): this machine cannot tell, so the test proves nothing", control.MaxT)
	}
}

// TestEveryKernelIsConstantTime runs the test on every kernel this CPU
// supports, at a few sizes. Not in -short mode.
func TestEveryKernelIsConstantTime(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("every kernel at several sizes takes a while (and timings mean nothing under -race); TestCompareIsConstantTime covers the active one")
	}
	for _, k := range kernels.All() {
		if !k.Supported {
			continue
		}
		for _, n := range []int{16, 64, 1024} {
			for _, pair := range ClassPairs {
				first, confirm, leak := Test(k.Equal, n, pair, Config{Samples: 100_000, Seed: 11})
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
