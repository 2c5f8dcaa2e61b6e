package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// seriesColors are distinguishable on white and for the common forms of
// colour blindness (Okabe and Ito's palette).
var seriesColors = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// writeSVG plots throughput (GB/s, linear) against input size (log scale),
// one line per implementation through the rounds' medians, with error bars
// from the slowest round to the fastest, labelled axes and a legend.
func writeSVG(out io.Writer, rep report) {
	const (
		width, height            = 920, 520
		left, right, top, bottom = 80, 260, 50, 70
		plotW, plotH             = width - left - right, height - top - bottom
	)
	var sizes []int
	var names []string
	maxGB := 0.0
	for _, r := range rep.Results {
		if len(sizes) == 0 || sizes[len(sizes)-1] != r.Size {
			sizes = append(sizes, r.Size)
		}
		names = appendUnique(names, r.Implementation)
		maxGB = math.Max(maxGB, r.GBPerSecond)
		if r.NsMin > 0 {
			maxGB = math.Max(maxGB, float64(r.Size)/r.NsMin) // the top of the error bar
		}
	}
	yStep := niceStep(maxGB / 5)
	yMax := math.Max(yStep, math.Ceil(maxGB/yStep)*yStep)
	lo, hi := math.Log2(float64(sizes[0])), math.Log2(float64(sizes[len(sizes)-1]))
	if hi == lo {
		lo, hi = lo-1, hi+1
	}
	x := func(size int) float64 { return left + (math.Log2(float64(size))-lo)/(hi-lo)*plotW }
	y := func(gb float64) float64 { return top + plotH - gb/yMax*plotH }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="28" font-size="16" font-weight="bold">%s</text>`+"\n", left,
		esc("Compare throughput on equal inputs: "+rep.CPU+" ("+rep.GOARCH+")"))
	// Grid and y ticks: whole multiples of a 1-2-5 step, written with as
	// many decimals as the step has (0.15, not 0.15000000000000002).
	for k := 0; float64(k)*yStep <= yMax+yStep/2; k++ {
		v := float64(k) * yStep
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y(v), left+plotW, y(v))
		fmt.Fprintf(&b, `<text class="ytick" x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, y(v)+4, tickText(v, yStep))
	}
	// x grid lines at every measured size; labels where they fit: a label
	// that would come within labelGap of the one before is left out (the
	// largest size's label always shows, in place of the one before it).
	for _, s := range sizes {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x(s), top, x(s), top+plotH)
	}
	for _, s := range xLabels(sizes, x) {
		fmt.Fprintf(&b, `<text class="xtick" x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(s), top+plotH+20, esc(sizeText(s)))
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>`+"\n", left, top, plotW, plotH)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">input size (log scale)</text>`+"\n", left+plotW/2, height-20)
	fmt.Fprintf(&b, `<text transform="translate(24 %d) rotate(-90)" text-anchor="middle">throughput (GB/s, higher is better)</text>`+"\n", top+plotH/2)

	for i, name := range names {
		color := seriesColors[i%len(seriesColors)]
		label := name
		var points []string
		var dots strings.Builder
		for _, r := range rep.Results {
			if r.Implementation != name {
				continue
			}
			switch {
			case r.Selected:
				label = name + " (selected)"
			case name == nameBytes:
				label = name + " (not constant time)"
			}
			points = append(points, fmt.Sprintf("%.1f,%.1f", x(r.Size), y(r.GBPerSecond)))
			// The rounds' spread: from the slowest round's throughput to
			// the fastest's, with caps.
			if r.NsMin > 0 && r.NsMax >= r.NsMin {
				hiY, loY := y(float64(r.Size)/r.NsMin), y(float64(r.Size)/r.NsMax)
				cx := x(r.Size)
				fmt.Fprintf(&dots, `<path class="errorbar" d="M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f" stroke="%s" stroke-width="1.2" fill="none"/>`,
					cx, hiY, loY, cx-4, hiY, cx+4, cx-4, loY, cx+4, color)
			}
			fmt.Fprintf(&dots, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s</title></circle>`,
				x(r.Size), y(r.GBPerSecond), color, esc(fmt.Sprintf("%s, %s: %.1f GB/s, %.2f ns", name, sizeText(r.Size), r.GBPerSecond, r.NsPerCall)))
		}
		fmt.Fprintf(&b, `<g class="series" data-name="%s"><polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>%s</g>`+"\n",
			esc(name), color, strings.Join(points, " "), dots.String())
		ly := top + 10 + i*22
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>`, left+plotW+16, ly, left+plotW+40, ly, color)
		fmt.Fprintf(&b, `<text class="legend" x="%d" y="%d">%s</text>`+"\n", left+plotW+46, ly+4, esc(label))
	}
	b.WriteString("</svg>\n")
	io.WriteString(out, b.String())
}

// labelGap is the least distance, in pixels, between the centres of two
// x labels: "1568 B" is about 45 px wide at 13 px.
const labelGap = 56

// xLabels picks the sizes whose labels are drawn: from the smallest up,
// each at least labelGap right of the last one kept; the largest size is
// always labelled, dropping the one before it if the two would touch.
func xLabels(sizes []int, x func(int) float64) []int {
	var keep []int
	for _, s := range sizes {
		if len(keep) == 0 || x(s)-x(keep[len(keep)-1]) >= labelGap {
			keep = append(keep, s)
		}
	}
	if last := sizes[len(sizes)-1]; keep[len(keep)-1] != last {
		if x(last)-x(keep[len(keep)-1]) < labelGap {
			keep = keep[:len(keep)-1]
		}
		keep = append(keep, last)
	}
	return keep
}

// tickText writes a tick value with the decimals its step needs.
func tickText(v, step float64) string {
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// niceStep rounds a tick interval up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

func appendUnique(list []string, s string) []string {
	for _, t := range list {
		if t == s {
			return list
		}
	}
	return append(list, s)
}
