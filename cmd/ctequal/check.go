package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/dudect"
	"github.com/ctequal/ctequal/internal/impl"
)

// The timing functions check calls; the tests replace them to check the
// verdicts and the exit status without timing anything.
var (
	checkTest    = dudect.Test
	checkMeasure = dudect.Measure
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
		"Exits 1 on a leak or when a control fails.\n\n"+howToRead, stderr)
	sizesFlag := fs.String("sizes", "16,64,1K", "input sizes, comma-separated; K and M suffixes are KiB and MiB")
	samples := fs.Int("samples", 200_000, "measurements per test")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	sizes, err := parseSizes(*sizesFlag)
	if err == nil && *samples < 20_000 {
		err = fmt.Errorf("-samples must be at least 20000")
	}
	if err != nil {
		fmt.Fprintf(stderr, "ctequal check: %v\n", err)
		fs.Usage()
		return 2
	}

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
	control := checkMeasure(func(x, y []byte) int {
		if bytes.Equal(x, y) {
			return 1
		}
		return 0
	}, controlSize, dudect.EqualVsFirstDiffers, cfg)
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

// tText formats a test's max |t|, and its rerun's if there was one.
func tText(first, confirm dudect.Result) string {
	s := strconv.FormatFloat(first.MaxT, 'f', 2, 64)
	if confirm.Samples > 0 {
		s += " (rerun " + strconv.FormatFloat(confirm.MaxT, 'f', 2, 64) + ")"
	}
	return s
}
