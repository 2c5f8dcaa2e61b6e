package main

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/klauspost/cpuid/v2"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

// defaultSizes: MAC tags and tokens (16 to 64 bytes), ML-KEM-768 and
// ML-KEM-1024 ciphertexts (1088 and 1568: every decapsulation compares one
// in constant time), and sizes from L1 to L2.
const defaultSizes = "16,32,64,256,1K,1088,1568,4K,64K"

// candidate is one implementation measured side by side with the others.
type candidate struct {
	name     string
	loop     func(x, y []byte, n int) int // n calls, the sum of their results
	kernel   string                       // selected while equal runs; "" leaves the selection alone
	selected bool                         // the kernel ctequal.Compare uses here
}

// The two references. bytes.Equal is not constant time; on equal inputs it
// reads everything, which is the fair comparison.
const (
	nameCompare = "Compare"
	nameSubtle  = "crypto/subtle"
	nameBytes   = "bytes.Equal"
)

func implementations() []candidate {
	// Each is called directly in a loop of its own, as users call it and
	// as go test -bench does: through a func value, bytes.Equal (which
	// inlines into its caller) would pay a call that Compare does not. First
	// ctequal.Compare with the kernel chosen for this CPU, then with each
	// kernel this CPU supports selected in turn.
	impls := []candidate{{name: nameCompare, loop: loopCompare}}
	for _, k := range impl.List() {
		if k.Supported {
			impls = append(impls, candidate{name: k.Name, loop: loopCompare, kernel: k.Name, selected: k.Name == ctequal.Kernel()})
		}
	}
	return append(impls,
		candidate{name: nameSubtle, loop: func(x, y []byte, n int) (s int) {
			for range n {
				s += subtle.ConstantTimeCompare(x, y)
			}
			return s
		}},
		candidate{name: nameBytes, loop: func(x, y []byte, n int) (s int) {
			for range n {
				if bytes.Equal(x, y) {
					s++
				}
			}
			return s
		}},
	)
}

func loopCompare(x, y []byte, n int) (s int) {
	for range n {
		s += ctequal.Compare(x, y)
	}
	return s
}

// result is one implementation at one size, over all rounds. Both
// speedups are times faster than the reference: crypto/subtle's or
// bytes.Equal's time over this one's, over 1 when this is faster.
type result struct {
	Size                int     `json:"size"`
	Implementation      string  `json:"implementation"`
	Selected            bool    `json:"selected"`
	NsPerCall           float64 `json:"ns_per_call"` // median over rounds
	NsMin               float64 `json:"ns_min"`
	NsMax               float64 `json:"ns_max"`
	SpreadPercent       float64 `json:"spread_percent"`         // half the range of the rounds, in percent of the median
	GBPerSecond         float64 `json:"gb_per_second"`          // bytes compared per ns, from the median
	SpeedupVsSubtle     float64 `json:"speedup_vs_subtle"`      // crypto/subtle's time / this time
	SpeedupVsBytesEqual float64 `json:"speedup_vs_bytes_equal"` // bytes.Equal's time / this time
	// Noisy marks a row whose speedups are noise: its rounds, or those of
	// a reference at its size, spread more than the report's threshold,
	// or it runs the same code as another row and disagrees with it by
	// more than that.
	Noisy bool `json:"noisy"`
}

type report struct {
	CPU    string `json:"cpu"`
	GOARCH string `json:"goarch"`
	Kernel string `json:"kernel"`
	Rounds int    `json:"rounds"`
	// NoiseThresholdPercent is the spread, and the disagreement of two
	// rows that run the same code, over which a row is noisy.
	NoiseThresholdPercent float64  `json:"noise_threshold_percent"`
	Warnings              []string `json:"warnings,omitempty"` // one line each, as the table prints them
	Results               []result `json:"results"`
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "Time every kernel this CPU supports, crypto/subtle.ConstantTimeCompare and\n"+
		"bytes.Equal on equal inputs, side by side, in interleaved rounds. Progress\n"+
		"goes to stderr, the table (or JSON) to stdout.", stdout)
	sizesFlag := fs.String("sizes", defaultSizes, "input `sizes`, comma-separated, up to 256M; K and M (or k, KiB, ...) are KiB and MiB, and 1.5K is 1536")
	budget := fs.Duration("time", 3*time.Second, "total measuring time")
	rounds := fs.Int("rounds", 5, fmt.Sprintf("rounds, at most %d; each measures every implementation at every size once", maxRounds))
	asJSON := fs.Bool("json", false, "print JSON instead of the table")
	svgPath := fs.String("svg", "", "also write a plot of throughput against size to this SVG `file`")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	sizes, err := parseSizes(*sizesFlag)
	if err == nil && (*rounds < 1 || *rounds > maxRounds) {
		err = fmt.Errorf("-rounds must be from 1 to %d", maxRounds)
	}
	if err == nil && *budget <= 0 {
		err = fmt.Errorf("-time must be positive")
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}

	// Open the plot's file before measuring: a run must not be lost to a
	// path that cannot be written.
	var svgFile *os.File
	if *svgPath != "" {
		if svgFile, err = os.Create(*svgPath); err != nil {
			fmt.Fprintf(stderr, "ctequal bench: cannot write the plot: %v\n", err)
			return 2
		}
		defer svgFile.Close()
	}

	rep := measure(implementations(), sizes, *rounds, *budget, stderr)
	code := 0
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil && !writeFailed(stdout) {
			// Not a failed write, which run reports: the report itself.
			fmt.Fprintf(stderr, "ctequal bench: %v\n", err)
			code = 1
		}
	} else {
		writeTable(stdout, rep)
	}
	if svgFile != nil {
		var buf bytes.Buffer
		writeSVG(&buf, rep)
		_, err := svgFile.Write(buf.Bytes())
		if cerr := svgFile.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintf(stderr, "ctequal bench: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "wrote %s\n", *svgPath)
	}
	return code
}

// maxRounds bounds -rounds: each round keeps a sample per implementation
// and size, and -time is shared out among the rounds.
const maxRounds = 1000

// maxSize is the largest input -sizes takes.
const maxSize = 256 << 20

// parseSizes reads "16,1K,1.5K,64K" as byte counts, sorted, without
// duplicates.
func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, ok := parseByteCount(f, maxSize)
		if !ok {
			return nil, fmt.Errorf("bad size %q in -sizes: want a positive count of bytes up to 256M, like 16, 1K, 1.5K or 64K", strings.TrimSpace(f))
		}
		sizes = append(sizes, n)
	}
	slices.Sort(sizes)
	return slices.Compact(sizes), nil
}

// units are the suffixes parseByteCount reads, in either case: K, KB and
// KiB are all 1024 bytes, as sizeText writes them.
var units = func() map[string]int64 {
	u := map[string]int64{"": 1, "B": 1}
	for i, p := range []string{"K", "M", "G", "T"} {
		for _, s := range []string{p, p + "B", p + "IB"} {
			u[s] = 1 << (10 * (i + 1))
		}
	}
	return u
}()

// parseByteCount reads a count of bytes: a decimal number ("16", "1.5"),
// then a unit, with or without a space between ("1.5K", "1k", "64 KiB");
// the result must be a whole number of bytes from 1 to limit.
func parseByteCount(s string, limit int64) (int, bool) {
	s = strings.TrimSpace(s)
	num := strings.TrimRight(s, "KkMmGgTtBbIi ")
	mult, ok := units[strings.ToUpper(strings.TrimSpace(s[len(num):]))]
	if !ok || num == "" || strings.Trim(num, "0123456789.") != "" {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(num)
	if !ok {
		return 0, false
	}
	r.Mul(r, new(big.Rat).SetInt64(mult))
	if !r.IsInt() || r.Sign() <= 0 || r.Num().Cmp(big.NewInt(min(limit, math.MaxInt))) > 0 {
		return 0, false
	}
	return int(r.Num().Int64()), true
}

// timeImpl returns the nanoseconds per call of n calls of im, with its
// kernel selected.
func timeImpl(im candidate, x, y []byte, n int) float64 {
	if im.kernel != "" {
		restore, ok := impl.Select(im.kernel)
		if !ok {
			panic("ctequal bench: kernel " + im.kernel + " cannot be selected")
		}
		defer restore()
	}
	return timeCalls(im.loop, x, y, n)
}

// timeCalls returns the nanoseconds per call of loop's n calls.
func timeCalls(loop func(x, y []byte, n int) int, x, y []byte, n int) float64 {
	start := time.Now()
	s := loop(x, y, n)
	elapsed := time.Since(start)
	// Keep the calls from being optimised away.
	runtime.KeepAlive(s)
	return float64(elapsed.Nanoseconds()) / float64(n)
}

// input is a pair of equal inputs of one size.
type input struct{ x, y []byte }

// measure runs the rounds. In each, every implementation is timed at every
// size once, one after the other, so a change of machine load hits all of
// them alike; the report gives the median of the rounds.
func measure(impls []candidate, sizes []int, rounds int, budget time.Duration, progress io.Writer) report {
	inputs := make([]input, len(sizes))
	for i, n := range sizes {
		x := make([]byte, n)
		for j := range x {
			x[j] = byte(j*131 + 7)
		}
		inputs[i] = input{x, bytes.Clone(x)}
	}
	slot := budget / time.Duration(rounds*len(sizes)*len(impls))
	fmt.Fprintf(progress, "bench: about %s for %s of %s at %s\n",
		roughly(estimateBench(impls, inputs, rounds, slot, budget)),
		plural(rounds, "round"), plural(len(impls), "implementation"), plural(len(sizes), "size"))
	// Calibrate: how many calls fill one slot.
	calls := make([][]int, len(sizes))
	for i := range sizes {
		calls[i] = make([]int, len(impls))
		for j, im := range impls {
			n := 1
			for {
				ns := timeImpl(im, inputs[i].x, inputs[i].y, n)
				if time.Duration(ns*float64(n)) >= slot/8 || n >= 1<<30 {
					calls[i][j] = max(1, int(float64(slot.Nanoseconds())/ns))
					break
				}
				n *= 4
			}
		}
	}
	samples := make([][][]float64, len(sizes))
	for i := range samples {
		samples[i] = make([][]float64, len(impls))
	}
	// The rounds are planned to fill the budget; where calls take longer
	// than their slot (a size whose single call is longer, a busy machine)
	// they stop before a round that would end past twice the budget and a
	// second, whatever -rounds said. Progress is a line per tenth of the rounds at
	// most.
	start := time.Now()
	every := max(1, rounds/10)
	done := 0
	for r := range rounds {
		if elapsed := time.Since(start); r > 0 && elapsed+elapsed/time.Duration(r) > 2*budget+time.Second {
			fmt.Fprintf(progress, "bench: -time %v spent after %d of %d rounds\n", budget, r, rounds)
			break
		}
		for i := range sizes {
			for j, im := range impls {
				samples[i][j] = append(samples[i][j], timeImpl(im, inputs[i].x, inputs[i].y, calls[i][j]))
			}
		}
		done = r + 1
		if done%every == 0 || done == rounds {
			fmt.Fprintf(progress, "bench: round %d/%d done (%.1fs)\n", done, rounds, time.Since(start).Seconds())
		}
	}
	rounds = done

	rep := report{CPU: orUnknown(cpuid.CPU.BrandName), GOARCH: runtime.GOARCH, Kernel: ctequal.Kernel(), Rounds: rounds,
		Results: summarize(impls, sizes, samples)}
	judgeNoise(&rep, noiseThreshold)
	return rep
}

// summarize turns the rounds' times, samples[size][implementation][round]
// in ns per call, into the report's results.
func summarize(impls []candidate, sizes []int, samples [][][]float64) []result {
	var results []result
	for i, n := range sizes {
		median := func(name string) float64 {
			for j, im := range impls {
				if im.name == name {
					return medianOf(samples[i][j])
				}
			}
			return 0
		}
		subtleNs, bytesNs := median(nameSubtle), median(nameBytes)
		for j, im := range impls {
			s := samples[i][j]
			med := medianOf(s)
			results = append(results, result{
				Size: n, Implementation: im.name, Selected: im.selected,
				NsPerCall: med, NsMin: slices.Min(s), NsMax: slices.Max(s),
				SpreadPercent:       100 * (slices.Max(s) - slices.Min(s)) / 2 / med,
				GBPerSecond:         float64(n) / med,
				SpeedupVsSubtle:     subtleNs / med,
				SpeedupVsBytesEqual: bytesNs / med,
			})
		}
	}
	return results
}

// noiseThreshold is the spread of a row's rounds, in percent of its
// median, over which its speedups are noise. On a 2-core Zen 3 VM shared
// with other jobs (24 default runs, quiet to loaded), where Compare's and
// its kernel's rows, the same code, both spread 25% or less, their
// medians differed by 9% at most (7% at the 90th percentile); where one
// spread more, by up to 300% (65% or more at the 90th percentile).
const noiseThreshold = 25

// judgeNoise marks the rows whose speedups are noise and words a warning
// for each kind of noise found: rows whose rounds, or whose references'
// rounds at their size, spread more than threshold percent; and rows that
// run the same code (Compare and the kernel it selects) whose medians
// differ by more than threshold percent, which no spread shows when every
// round of one row was slowed alike.
func judgeNoise(rep *report, threshold float64) {
	rep.NoiseThresholdPercent = threshold
	rep.Warnings = nil
	if rep.Rounds < 2 {
		rep.Warnings = append(rep.Warnings, "warning: one round has no spread to tell noise from a difference: "+
			"use -rounds 3 or more")
	}
	bySize := make(map[int]map[string]*result)
	for i := range rep.Results {
		r := &rep.Results[i]
		if bySize[r.Size] == nil {
			bySize[r.Size] = make(map[string]*result)
		}
		bySize[r.Size][r.Implementation] = r
	}
	wide := func(r *result) bool { return r != nil && r.SpreadPercent > threshold }
	var widest *result
	noisy := 0
	for i := range rep.Results {
		r := &rep.Results[i]
		at := bySize[r.Size]
		if wide(r) || wide(at[nameSubtle]) || wide(at[nameBytes]) {
			r.Noisy = true
			noisy++
		}
		if wide(r) && (widest == nil || r.SpreadPercent > widest.SpreadPercent) {
			widest = r
		}
	}
	if noisy > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("warning: %d of %d rows (marked %s) are noise: their rounds, or their "+
			"references', spread more than ±%.0f%% (up to ±%.0f%%, %s at %s); rerun on a quieter machine, or with a longer -time",
			noisy, len(rep.Results), noiseMark, threshold, widest.SpreadPercent, widest.Implementation, sizeText(widest.Size)))
	}
	// Compare and its kernel's row run the same code: their difference
	// is the noise of this run, whatever the spreads say.
	var worst float64
	var worstSize, sizes int
	for i := range rep.Results {
		r := &rep.Results[i]
		c := bySize[r.Size][nameCompare]
		if !r.Selected || c == nil {
			continue
		}
		d := 100 * (max(r.NsPerCall, c.NsPerCall)/min(r.NsPerCall, c.NsPerCall) - 1)
		if d > threshold {
			r.Noisy, c.Noisy = true, true
			sizes++
			if d > worst {
				worst, worstSize = d, r.Size
			}
		}
	}
	if sizes > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("warning: %s and %s run the same code, yet differ by more than %.0f%% "+
			"at %s (by %.0f%% at %s): differences of that size in this run are noise",
			nameCompare, rep.Kernel, threshold, plural(sizes, "size"), worst, sizeText(worstSize)))
	}
}

// estimateBench guesses how long measure takes: the calibration and the
// rounds, each of which gives every implementation at every size its slot
// or, where one call takes longer, one call, until the rounds would end
// past twice the budget and a second. It times one call of each (a
// thousand where one is under a microsecond), as the calibration starts.
func estimateBench(impls []candidate, inputs []input, rounds int, slot, budget time.Duration) time.Duration {
	var calibration, round time.Duration
	for _, in := range inputs {
		for _, im := range impls {
			one := time.Duration(timeImpl(im, in.x, in.y, 1))
			calibration += one
			if one < time.Microsecond {
				// One call is mostly the clock's own time: take a
				// thousand's average.
				one = time.Duration(timeImpl(im, in.x, in.y, 1000))
			}
			// The calibration's calls: 1, 4, 16, ... until they fill an
			// eighth of the slot.
			for n := time.Duration(1); one*n < slot/8 && n < 1<<30; {
				n *= 4
				calibration += one * n
			}
			round += max(one, slot)
		}
	}
	total := calibration
	for r := range rounds {
		if elapsed := time.Duration(r) * round; r > 0 && elapsed+round > 2*budget+time.Second {
			break
		}
		total += round
	}
	return total
}

// plural writes n things.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func medianOf(s []float64) float64 {
	s = slices.Clone(s)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// tableColumns are the table's header, in order; a noisy row has one
// more field, its mark.
var tableColumns = []string{"SIZE", "IMPLEMENTATION", "NS/CALL", "SPREAD", "GB/S", "SPEEDUP VS SUBTLE", "SPEEDUP VS BYTES.EQUAL"}

// noiseMark ends a noisy row.
const noiseMark = "!"

func writeTable(out io.Writer, rep report) {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, strings.Join(tableColumns, "\t"))
	for _, r := range rep.Results {
		name := r.Implementation
		if r.Selected {
			name += " *"
		}
		mark := ""
		if r.Noisy {
			mark = "\t" + noiseMark
		}
		fmt.Fprintf(w, "%s\t%s\t%.2f\t±%.0f%%\t%.1f\t%.2fx\t%.2fx%s\n",
			sizeText(r.Size), name, r.NsPerCall, r.SpreadPercent,
			r.GBPerSecond, r.SpeedupVsSubtle, r.SpeedupVsBytesEqual, mark)
	}
	w.Flush()
	if len(rep.Warnings) > 0 {
		fmt.Fprintf(out, "\n%s\n", strings.Join(rep.Warnings, "\n"))
	}
	fmt.Fprintf(out, "\nCompare is ctequal.Compare, which runs the kernel marked * (%s); each kernel's row is\n"+
		"Compare with that kernel selected. Every row calls directly, in a loop, as users do and as go test\n"+
		"-bench does (inputs of up to 64 bytes take Compare's own Go path). NS/CALL: median of %d rounds;\n"+
		"SPREAD: half the range of the rounds. SPEEDUP VS SUBTLE and VS BYTES.EQUAL: how many times faster\n"+
		"than crypto/subtle.ConstantTimeCompare and than bytes.Equal (not constant time) on equal inputs;\n"+
		"over 1 is faster, under 1 slower. %s marks a row whose speedups are noise: its rounds, or\n"+
		"crypto/subtle's or bytes.Equal's at its size, spread more than ±%.0f%%, or Compare and the kernel\n"+
		"it runs differ by more than that.\n",
		rep.Kernel, rep.Rounds, noiseMark, rep.NoiseThresholdPercent)
}

// sizeText writes a byte count the way -sizes reads it.
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}
