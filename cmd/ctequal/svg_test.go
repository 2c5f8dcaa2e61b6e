package main

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"testing"
)

// plotOf draws a report with the given sizes, a fast and a slow series,
// each round's spread ±10%.
func plotOf(sizes []int, gbScale float64) []byte {
	rep := report{CPU: "Test CPU", GOARCH: "amd64", Kernel: "fast", Rounds: 5}
	for _, size := range sizes {
		for k, name := range []string{"fast", nameSubtle} {
			gb := gbScale * float64(k+1) * math.Log2(float64(size)+1)
			ns := float64(size) / gb
			rep.Results = append(rep.Results, result{Size: size, Implementation: name, Selected: name == "fast",
				GBPerSecond: gb, NsPerCall: ns, NsMin: ns * 0.9, NsMax: ns * 1.1})
		}
	}
	var buf bytes.Buffer
	writeSVG(&buf, rep)
	return buf.Bytes()
}

var (
	xtickRE    = regexp.MustCompile(`<text class="xtick" x="([0-9.]+)"[^>]*>([^<]*)</text>`)
	ytickRE    = regexp.MustCompile(`<text class="ytick"[^>]*>([^<]*)</text>`)
	errorbarRE = regexp.MustCompile(`<path class="errorbar" d="M([0-9.]+) ([0-9.]+)V([0-9.]+)`)
)

// TestSVGLabelsDoNotOverlap: with the default sizes (1 KiB, 1088 B and
// 1568 B within a few pixels) and others, no two x labels are closer than
// their width, and the largest size is labelled.
func TestSVGLabelsDoNotOverlap(t *testing.T) {
	def, err := parseSizes(defaultSizes)
	if err != nil {
		t.Fatal(err)
	}
	for _, sizes := range [][]int{def, {1}, {16, 17}, {1024, 1088, 1100, 1568}, {1, 2, 3, 4, 5, 6, 7, 8, 1 << 20}} {
		m := xtickRE.FindAllSubmatch(plotOf(sizes, 1), -1)
		if len(m) == 0 {
			t.Fatalf("sizes %v: no x labels", sizes)
		}
		for i := 1; i < len(m); i++ {
			a, _ := strconv.ParseFloat(string(m[i-1][1]), 64)
			b, _ := strconv.ParseFloat(string(m[i][1]), 64)
			// 13 px sans-serif: about 7.5 px a character, half a label on
			// each side of its centre.
			need := 7.5 * float64(len(m[i-1][2])+len(m[i][2])) / 2
			if b-a < need {
				t.Errorf("sizes %v: labels %q and %q are %.1f px apart, want %.0f", sizes, m[i-1][2], m[i][2], b-a, need)
			}
		}
		if last := string(m[len(m)-1][2]); last != sizeText(sizes[len(sizes)-1]) {
			t.Errorf("sizes %v: last label %q, want the largest size", sizes, last)
		}
	}
}

// TestSVGTicksAreNice: y ticks are evenly spaced, short numbers, whatever
// the scale (GB/s of 0.01 to 1000).
func TestSVGTicksAreNice(t *testing.T) {
	for _, scale := range []float64{0.003, 0.01, 0.0333, 0.1, 0.7, 1, 13, 300} {
		m := ytickRE.FindAllSubmatch(plotOf([]int{1, 16, 1024}, scale), -1)
		if len(m) < 3 {
			t.Fatalf("scale %g: %d y ticks", scale, len(m))
		}
		var vals []float64
		for _, s := range m {
			if len(s[1]) > 6 {
				t.Errorf("scale %g: tick %q is not a short number", scale, s[1])
			}
			v, err := strconv.ParseFloat(string(s[1]), 64)
			if err != nil {
				t.Fatalf("scale %g: tick %q: %v", scale, s[1], err)
			}
			vals = append(vals, v)
		}
		step := vals[1] - vals[0]
		for i := 2; i < len(vals); i++ {
			if d := vals[i] - vals[i-1]; math.Abs(d-step) > step*1e-6 {
				t.Errorf("scale %g: ticks %v are not evenly spaced", scale, vals)
				break
			}
		}
		mant := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if r := math.Round(mant*1e6) / 1e6; r != 1 && r != 2 && r != 5 {
			t.Errorf("scale %g: step %g is not 1, 2 or 5 times a power of ten", scale, step)
		}
	}
}

// TestSVGErrorBars: every point has an error bar that spans it.
func TestSVGErrorBars(t *testing.T) {
	sizes := []int{16, 1024, 65536}
	svg := plotOf(sizes, 1)
	bars := errorbarRE.FindAllSubmatch(svg, -1)
	if len(bars) != 2*len(sizes) {
		t.Fatalf("%d error bars, want one per point (%d)", len(bars), 2*len(sizes))
	}
	for _, b := range bars {
		top, _ := strconv.ParseFloat(string(b[2]), 64)
		bottom, _ := strconv.ParseFloat(string(b[3]), 64)
		if !(top < bottom) {
			t.Errorf("error bar from y %v to %v: the fastest round must be drawn higher", top, bottom)
		}
	}
}
