package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/cmd/ctequal/internal/dudect"
	"github.com/ctequal/ctequal/internal/impl"
)

// The timing functions check calls; the tests replace them to check the
// verdicts and the exit status without timing anything.
var (
	checkTest     = dudect.Test
	checkMeasure  = dudect.Measure
	checkEstimate = estimateCheck
)

// howToRead is printed after every check: what its numbers are worth on a
// machine where other programs run.
const howToRead = `On a busy machine, other programs add noise to the times. Noise hides leaks
(it lowers |t|) but does not make them up: the classes are interleaved at
random and prepared alike, so whatever slows the machine slows both. The two
controls say what a run is worth. If bytes.Equal shows no leak, the noise hid
even a large one and the table is no evidence: rerun with more -samples, or
when the machine is quieter. If the harness control (a kernel comparing x with
x, whose data do not depend on the class) leaks, something told the classes
apart that no kernel can have: the table means nothing; rerun it. A real leak
grows with the samples: rerun a LEAK with 4 times the -samples and its |t|
about doubles; a fluke's does not.
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "Run the dudect timing test on every kernel this CPU supports: two classes of\n"+
		"inputs, interleaved at random and prepared alike, through Welch's t-test. A\n"+
		"kernel leaks when max |t| exceeds 10 twice (the second run with twice the\n"+
		"samples). Two controls run beside: bytes.Equal, which stops at the first\n"+
		"difference, must leak, and the selected kernel comparing x with x must not.\n"+
		"Exits 1 on a leak or when a control fails.\n\n"+howToRead, stdout)
	sizesFlag := fs.String("sizes", "16,64,1K", "input `sizes`, comma-separated, up to 256M; K and M (or k, KiB, ...) are KiB and MiB, and 1.5K is 1536")
	samples := fs.Int("samples", 200_000, fmt.Sprintf("measurements per test, from 20000 to %d", maxSamples))
	memFlag := fs.String("mem", "1G", "the most `memory` a test's inputs may take, up to 1T; K, M, G and T suffixes")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	sizes, err := parseSizes(*sizesFlag)
	if err == nil && (*samples < 20_000 || *samples > maxSamples) {
		err = fmt.Errorf("-samples must be from 20000 to %d", maxSamples)
	}
	var memBudget int
	if err == nil {
		memBudget, err = parseBytes(*memFlag)
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	// The controls run at the largest size, and at 1 KiB at least.
	if need := checkMemory(max(1024, sizes[len(sizes)-1])); need > memBudget {
		fmt.Fprintf(stderr, "ctequal check: -sizes %s needs %s for the inputs of one test, over the -mem budget of %s:\n"+
			"choose smaller sizes, or raise -mem if this machine has the memory\n",
			sizeText(sizes[len(sizes)-1]), sizeText(need), sizeText(memBudget))
		return 2
	}
	fmt.Fprintf(stderr, "check: about %s for %d tests (longer where a leak is rerun)\n",
		roughly(checkEstimate(sizes, *samples)), checkTests(sizes))

	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	header := []string{"KERNEL", "SIZE"}
	for _, p := range dudect.ClassPairs {
		header = append(header, strings.ToUpper(p.String()))
	}
	fmt.Fprintln(w, strings.Join(append(header, "VERDICT"), "\t"))
	leaks := 0
	cfg := dudect.Config{Samples: *samples, Seed: 1}
	for _, k := range impl.List() {
		if !k.Supported {
			continue
		}
		// ctequal.Compare with the kernel selected: what users call.
		restore, _ := impl.Select(k.Name)
		for _, n := range sizes {
			fmt.Fprintf(stderr, "check: %s, %s\n", k.Name, sizeText(n))
			row := []string{k.Name, sizeText(n)}
			verdict := "constant time"
			for _, pair := range dudect.ClassPairs {
				first, confirm, leak := checkTest(ctequal.Compare, n, pair, cfg)
				if leak {
					verdict = "LEAK"
				}
				row = append(row, tText(first, confirm))
			}
			if verdict == "LEAK" {
				leaks++
			}
			fmt.Fprintln(w, strings.Join(append(row, verdict), "\t"))
		}
		restore()
	}
	w.Flush()

	// Both controls run at 1 KiB at least, where stopping at the first byte
	// saves enough time to show through a slow counter or an emulator.
	controlSize := max(1024, sizes[len(sizes)-1])
	fmt.Fprintf(stderr, "check: controls, %s\n", sizeText(controlSize))
	control := checkMeasure(bytesEqual, controlSize, dudect.EqualVsFirstDiffers, cfg)
	fmt.Fprintf(stdout, "\nNegative control: bytes.Equal at %s, %s: max |t| = %.2f (%s).\n",
		sizeText(controlSize), dudect.EqualVsFirstDiffers, control.MaxT,
		map[bool]string{true: "a leak, as it must be", false: "NO LEAK SEEN: this machine cannot tell"}[control.Leak()])

	// The harness control: any kernel would do, as the data compared are
	// the same for both classes; the selected one is the one that matters.
	self := cfg
	self.SelfCompare = true
	var cells []string
	harnessLeak := false
	for _, pair := range dudect.ClassPairs {
		first, confirm, leak := checkTest(ctequal.Compare, controlSize, pair, self)
		harnessLeak = harnessLeak || leak
		cells = append(cells, tText(first, confirm))
	}
	fmt.Fprintf(stdout, "Harness control: %s comparing x with x at %s, pair by pair: max |t| = %s (%s).\n",
		ctequal.Kernel(), sizeText(controlSize), strings.Join(cells, ", "),
		map[bool]string{false: "no leak, as it must be", true: "A LEAK: this machine tells the classes apart by itself, the table above means nothing"}[harnessLeak])
	fmt.Fprintf(stdout, "Numbers are max |t| over the whole and the cropped tests; above %d in a run and in\n"+
		"its rerun with twice the samples is a leak.\n\n%s", dudect.Threshold, howToRead)
	code := 0
	if leaks > 0 {
		fmt.Fprintf(stdout, "\n%d kernel and size combinations leak.\n", leaks)
		code = 1
	}
	if !control.Leak() || harnessLeak {
		fmt.Fprintf(stdout, "\nA control failed: this run is no evidence either way.\n")
		code = 1
	}
	return code
}

// bytesEqual is the negative control: bytes.Equal, which stops at the
// first difference.
func bytesEqual(x, y []byte) int {
	if bytes.Equal(x, y) {
		return 1
	}
	return 0
}

// maxSamples bounds -samples: a test keeps no sample, but its time grows
// with them, and more than this is hours per test at large sizes.
const maxSamples = 100_000_000

// checkPool is the input pairs a test prepares at once: a test holds them
// in one buffer, 2*n*checkPool bytes, beside three inputs of n bytes (the
// secret, the base and the delta).
const checkPool = dudect.PoolSize

// checkMemory is what a test at n bytes allocates for its inputs.
func checkMemory(n int) int {
	return (2*checkPool + 3) * n
}

// checkTests is how many tests a check runs: every pair for every
// supported kernel and size, then the controls.
func checkTests(sizes []int) int {
	return (supportedKernels()*len(sizes)+1)*len(dudect.ClassPairs) + 1
}

func supportedKernels() int {
	n := 0
	for _, k := range impl.List() {
		if k.Supported {
			n++
		}
	}
	return n
}

// estimateCheck guesses how long a check takes by running each of its
// tests on the spot, the same harness on the same inputs, with a few
// samples (probeSamples, after the harness's warm-up), and scaling the
// time each took to -samples. Timing a test's parts one by one instead
// (preparing a pair of inputs, a compare, a guess at the t-tests'
// bookkeeping) overestimated a whole check 1.5 to 4 times: the
// bookkeeping costs a fraction of the microsecond it guessed.
func estimateCheck(sizes []int, samples int) time.Duration {
	const warmup = 20 * checkPool // dudect's warm-up batches, before every test
	probe := func(equal func(x, y []byte) int, n int, pair dudect.ClassPair, self bool) time.Duration {
		// Fewer samples for large inputs, whose every sample takes long.
		probeSamples := max(checkPool, min(2048, (8<<20)/n))
		start := time.Now()
		dudect.Measure(equal, n, pair, dudect.Config{Samples: probeSamples, Seed: 1, SelfCompare: self})
		perSample := time.Since(start) / time.Duration(probeSamples+warmup)
		return perSample * time.Duration(samples+warmup)
	}
	var total time.Duration
	for _, k := range impl.List() {
		if !k.Supported {
			continue
		}
		restore, _ := impl.Select(k.Name)
		for _, n := range sizes {
			for _, pair := range dudect.ClassPairs {
				total += probe(ctequal.Compare, n, pair, false)
			}
		}
		restore()
	}
	control := max(1024, sizes[len(sizes)-1])
	total += probe(bytesEqual, control, dudect.EqualVsFirstDiffers, false)
	for _, pair := range dudect.ClassPairs {
		total += probe(ctequal.Compare, control, pair, true)
	}
	return total
}

// roughly rounds an estimate of a run's time for printing.
func roughly(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// maxMem is the largest -mem: 1T, or what an int holds.
const maxMem = 1 << 40

// parseBytes reads "512M", "2G" or "1T" as a byte count.
func parseBytes(s string) (int, error) {
	n, ok := parseByteCount(s, maxMem)
	if !ok {
		return 0, fmt.Errorf("bad -mem %q: want a positive byte count up to 1T (1024G), like 512M or 2G", strings.TrimSpace(s))
	}
	return n, nil
}

// tText formats a test's max |t|, and its rerun's if there was one.
func tText(first, confirm dudect.Result) string {
	s := strconv.FormatFloat(first.MaxT, 'f', 2, 64)
	if confirm.Samples > 0 {
		s += " (rerun " + strconv.FormatFloat(confirm.MaxT, 'f', 2, 64) + ")"
	}
	return s
}
