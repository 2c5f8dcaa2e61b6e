package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ctequal/ctequal/cmd/ctequal/internal/dudect"
	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/race"
)

// fakeTiming replaces check's timing functions for the rest of t with
// ones that answer at once: every test and the harness control give
// max |t| 1, except where leakAt says (size, pair, self-compare) that a
// test leaks; bytes.Equal gives 500, or 1 if blind.
func fakeTiming(t *testing.T, leakAt func(n int, pair dudect.ClassPair, self bool) bool, blind bool) {
	t.Helper()
	test, measure, estimate := checkTest, checkMeasure, checkEstimate
	t.Cleanup(func() { checkTest, checkMeasure, checkEstimate = test, measure, estimate })
	checkEstimate = func([]int, int) time.Duration { return 42 * time.Second }
	checkTest = func(_ func(x, y []byte) int, n int, pair dudect.ClassPair, cfg dudect.Config) (first, confirm dudect.Result, leak bool) {
		if leakAt(n, pair, cfg.SelfCompare) {
			return dudect.Result{MaxT: 12, Samples: cfg.Samples}, dudect.Result{MaxT: 17, Samples: 2 * cfg.Samples}, true
		}
		return dudect.Result{MaxT: 1, Samples: cfg.Samples}, dudect.Result{}, false
	}
	checkMeasure = func(_ func(x, y []byte) int, n int, pair dudect.ClassPair, cfg dudect.Config) dudect.Result {
		if cfg.SelfCompare || pair != dudect.EqualVsFirstDiffers || n < 1024 {
			t.Errorf("the negative control ran at %d bytes, %s, self-compare %v; want bytes.Equal at 1 KiB at least, %s",
				n, pair, cfg.SelfCompare, dudect.EqualVsFirstDiffers)
		}
		if blind {
			return dudect.Result{MaxT: 1, Samples: cfg.Samples}
		}
		return dudect.Result{MaxT: 500, Samples: cfg.Samples}
	}
}

// TestCheckVerdicts: what check prints and how it exits, for each way a
// run can end, with the timing replaced (no timing in the default run).
func TestCheckVerdicts(t *testing.T) {
	never := func(int, dudect.ClassPair, bool) bool { return false }
	cases := []struct {
		name   string
		leakAt func(n int, pair dudect.ClassPair, self bool) bool
		blind  bool
		code   int
		want   []string
		refuse []string
	}{
		{"clean", never, false, 0,
			[]string{"a leak, as it must be", "no leak, as it must be", "On a busy machine,"},
			[]string{"LEAK\n", "A control failed"}},
		{"a kernel leaks", func(n int, pair dudect.ClassPair, self bool) bool {
			return !self && n == 64 && pair == dudect.FixedVsRandom
		}, false, 1,
			[]string{"12.00 (rerun 17.00)", "LEAK\n", "combinations leak", "no leak, as it must be"},
			[]string{"A control failed"}},
		{"bytes.Equal shows nothing", never, true, 1,
			[]string{"NO LEAK SEEN", "A control failed"},
			[]string{"combinations leak"}},
		{"the harness control leaks", func(n int, pair dudect.ClassPair, self bool) bool {
			return self && pair == dudect.FixedVsRandom
		}, false, 1,
			[]string{"A LEAK: this machine tells the classes apart", "max |t| = 1.00, 1.00, 1.00, 12.00 (rerun 17.00), 1.00 (A LEAK", "A control failed"},
			[]string{"combinations leak"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fakeTiming(t, c.leakAt, c.blind)
			code, stdout, stderr := runCmd(t, "check", "-sizes", "16,64", "-samples", "20000")
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s\n%s", code, c.code, stdout, stderr)
			}
			for _, s := range c.want {
				if !strings.Contains(stdout, s) {
					t.Errorf("no %q in the output:\n%s", s, stdout)
				}
			}
			for _, s := range c.refuse {
				if strings.Contains(stdout, s) {
					t.Errorf("%q in the output:\n%s", s, stdout)
				}
			}
			if rows := strings.Count(stdout, "constant time") + strings.Count(stdout, "LEAK\n"); rows != 2*supportedKernels() {
				t.Errorf("%d verdicts, want one per kernel and size (%d):\n%s", rows, 2*supportedKernels(), stdout)
			}
		})
	}
}

// TestCheckTiming runs check for real: a timing test, so only with
// CTEQUAL_DUDECT=1 (see package dudect). Every kernel must be constant
// time at 64 bytes, bytes.Equal must leak and the harness control not,
// and the run must take between a third of the estimate check prints (it
// took a quarter of it once) and 3 times it. Load on a shared machine
// moves either way: it slowed a run 1.83 times with a build beside it,
// and in CI a load that ended after the estimate had it 1.6 times long.
func TestCheckTiming(t *testing.T) {
	if os.Getenv(dudect.EnableEnv) != "1" {
		t.Skipf("a timing test: set %s=1 to run it", dudect.EnableEnv)
	}
	if race.Enabled {
		t.Skip("timings mean nothing under the race detector")
	}
	estimate := estimateCheck([]int{64}, 30000)
	start := time.Now()
	code, stdout, stderr := runCmd(t, "check", "-sizes", "64", "-samples", "30000")
	took := time.Since(start)
	if code != 0 {
		t.Fatalf("check: exit %d\n%s\n%s", code, stdout, stderr)
	}
	t.Logf("estimated %v, took %v", estimate, took)
	if ratio := float64(took) / float64(estimate); ratio > 3 || ratio < 1.0/3 {
		t.Errorf("check took %v, %.2f times its estimate of %v", took, ratio, estimate)
	}
	for _, k := range impl.List() {
		if k.Supported && !strings.Contains(stdout, "\n"+k.Name+" ") {
			t.Errorf("check does not report kernel %s:\n%s", k.Name, stdout)
		}
	}
	if strings.Count(stdout, "constant time") != supportedKernels() {
		t.Errorf("want one verdict per kernel:\n%s", stdout)
	}
	for _, s := range []string{"Negative control: bytes.Equal", "a leak, as it must be", "Harness control:", "no leak, as it must be"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("no %q in the output:\n%s", s, stdout)
		}
	}
}
