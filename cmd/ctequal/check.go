package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ctequal/ctequal/internal/dudect"
	"github.com/ctequal/ctequal/internal/kernels"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "Run the dudect timing test on every kernel this CPU supports: two classes of\n"+
		"inputs, interleaved at random, through Welch's t-test. A kernel leaks when max |t|\n"+
		"exceeds 10 twice (the second run with twice the samples). bytes.Equal, which stops at\n"+
		"the first difference, is the negative control: it must leak, or this machine cannot\n"+
		"tell. Exits 1 on a leak or when the control shows none.", stderr)
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
	for _, k := range kernels.All() {
		if !k.Supported {
			continue
		}
		for _, n := range sizes {
			fmt.Fprintf(stderr, "check: %s, %s\n", k.Name, sizeText(n))
			row := []string{k.Name, sizeText(n)}
			verdict := "constant time"
			for _, pair := range dudect.ClassPairs {
				first, confirm, leak := dudect.Test(k.Equal, n, pair, cfg)
				cell := strconv.FormatFloat(first.MaxT, 'f', 2, 64)
				if confirm.Samples > 0 {
					cell += " (rerun " + strconv.FormatFloat(confirm.MaxT, 'f', 2, 64) + ")"
				}
				if leak {
					verdict = "LEAK"
				}
				row = append(row, cell)
			}
			if verdict == "LEAK" {
				leaks++
			}
			fmt.Fprintln(w, strings.Join(append(row, verdict), "\t"))
		}
	}
	w.Flush()

	// The control runs at 1 KiB at least, where stopping at the first byte
	// saves enough time to show through a slow counter or an emulator.
	controlSize := max(1024, sizes[len(sizes)-1])
	control := dudect.Measure(func(x, y []byte) int {
		if bytes.Equal(x, y) {
			return 1
		}
		return 0
	}, controlSize, dudect.EqualVsFirstDiffers, cfg)
	fmt.Fprintf(stdout, "\nNegative control: bytes.Equal at %s, %s: max |t| = %.2f (%s).\n",
		sizeText(controlSize), dudect.EqualVsFirstDiffers, control.MaxT,
		map[bool]string{true: "a leak, as it must be", false: "NO LEAK SEEN: this machine cannot tell"}[control.Leak()])
	fmt.Fprintf(stdout, "Numbers are max |t| over the whole and the cropped tests; above %d is a leak.\n", dudect.Threshold)
	switch {
	case leaks > 0:
		fmt.Fprintf(stdout, "%d kernel and size combinations leak.\n", leaks)
		return 1
	case !control.Leak():
		return 1
	}
	return 0
}
