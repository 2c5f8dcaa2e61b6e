package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// quick makes bench fast enough for tests; the numbers are not checked.
var quick = []string{"-time", "30ms", "-rounds", "2", "-sizes", "16,1K"}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args   []string
		reason string // in the first line
	}{
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"bench", "-nope"}, "not defined: -nope"},
		{[]string{"bench", "-sizes", "12x"}, `bad size "12x"`},
		{[]string{"bench", "-sizes", "0"}, `bad size "0"`},
		{[]string{"bench", "-rounds", "0"}, "-rounds must be"},
		{[]string{"bench", "-time", "-1s"}, "-time must be"},
		{[]string{"bench", "extra"}, `unexpected argument "extra"`},
		{[]string{"info", "extra"}, `unexpected argument "extra"`},
		{[]string{"info", "-json"}, "not defined: -json"},
		{[]string{"check", "-samples", "5"}, "-samples must be"},
		{[]string{"check", "-sizes", "x"}, `bad size "x"`},
		{[]string{"check", "-mem", "x"}, `bad -mem "x"`},
		{[]string{"check", "-nope"}, "not defined: -nope"},
	}
	for _, c := range cases {
		name := strings.Join(c.args, " ")
		code, stdout, stderr := runCmd(t, c.args...)
		if code != 2 {
			t.Errorf("ctequal %s: exit %d, want 2", name, code)
		}
		// The reason, one line of usage, and where the rest is: not the
		// full help, under which the reason scrolls away.
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "ctequal") || !strings.Contains(lines[0], c.reason) ||
			!strings.HasPrefix(lines[1], "usage: ctequal") || !strings.HasSuffix(lines[2], "-h' for the rest.") {
			t.Errorf("ctequal %s: stderr is not the reason (%q), a line of usage and where the rest is:\n%s", name, c.reason, stderr)
		}
		if stdout != "" {
			t.Errorf("ctequal %s: wrote to stdout on a usage error:\n%s", name, stdout)
		}
	}
	// The line of usage names every flag.
	_, _, stderr := runCmd(t, "bench", "-nope")
	if want := "usage: ctequal bench [-json] [-rounds int] [-sizes sizes] [-svg file] [-time duration]\n"; !strings.Contains(stderr, want) {
		t.Errorf("bench -nope: no %q in:\n%s", want, stderr)
	}
}

// TestHelp checks that -h prints the full help to stdout (ctequal -h |
// less) and exits 0, for the command and each subcommand, and that
// -version prints the version.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"info", "-h"}, {"bench", "-h"}, {"check", "-h"}} {
		code, stdout, stderr := runCmd(t, args...)
		if code != 0 || !strings.HasPrefix(stdout, "usage: ctequal") || stderr != "" {
			t.Errorf("ctequal %s: exit %d, stdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	_, stdout, _ := runCmd(t, "bench", "-h")
	for _, flag := range []string{"-sizes", "-time", "-rounds", "-json", "-svg"} {
		if !strings.Contains(stdout, flag) {
			t.Errorf("bench -h does not mention %s", flag)
		}
	}
	// -h is the full help: check's has the flags' defaults and how to read
	// a noisy run.
	_, stdout, _ = runCmd(t, "check", "-h")
	for _, s := range []string{"usage: ctequal check [-mem memory] [-samples int] [-sizes sizes]", "Flags:", "(default 200000)", "On a busy machine"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("check -h does not print %q:\n%s", s, stdout)
		}
	}
	code, stdout, _ := runCmd(t, "-version")
	if code != 0 || !strings.HasPrefix(stdout, "ctequal ") || !strings.Contains(stdout, " go1.") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("-version: exit %d, stdout %q", code, stdout)
	}
}

func TestInfoNamesTheSelectedKernel(t *testing.T) {
	code, stdout, _ := runCmd(t, "info")
	if code != 0 {
		t.Fatalf("info: exit %d", code)
	}
	var selected string
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "selected" {
			selected = f[1]
		}
	}
	if selected != ctequal.Kernel() {
		t.Fatalf("info says the selected kernel is %q, Kernel() says %q:\n%s", selected, ctequal.Kernel(), stdout)
	}
	for _, k := range impl.List() {
		if !strings.Contains(stdout, "  "+k.Name) {
			t.Errorf("info does not list kernel %s:\n%s", k.Name, stdout)
		}
	}
}

func TestBenchTable(t *testing.T) {
	code, stdout, stderr := runCmd(t, append([]string{"bench"}, quick...)...)
	if code != 0 {
		t.Fatalf("bench: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "round 2/2") || !strings.Contains(stderr, "bench: about ") {
		t.Errorf("no estimate or no progress on stderr:\n%s", stderr)
	}
	lines := strings.Split(stdout, "\n")
	if got := strings.Join(strings.Fields(lines[0]), " "); got != strings.Join(tableColumns, " ") {
		t.Fatalf("header %q, want %q", got, strings.Join(tableColumns, " "))
	}
	impls := implementations()
	rows := 0
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) < 2 || (f[1] != "B" && f[1] != "KiB") {
			continue
		}
		rows++
		// SIZE is two fields ("16 B"), IMPLEMENTATION one or two ("avx512
		// *"), and a noisy row ends in its mark.
		if f[len(f)-1] == noiseMark {
			f = f[:len(f)-1]
		}
		if n := len(f); n != len(tableColumns)+1 && n != len(tableColumns)+2 {
			t.Errorf("row %q has %d fields", line, n)
		}
		// Both speedups are written alike: "2.50x".
		for _, v := range f[len(f)-2:] {
			if !strings.HasSuffix(v, "x") {
				t.Errorf("row %q: speedup %q is not written as times faster", line, v)
			}
		}
	}
	if want := 2 * len(impls); rows != want {
		t.Fatalf("%d rows, want %d (2 sizes x %d implementations):\n%s", rows, want, len(impls), stdout)
	}
	if !strings.Contains(stdout, ctequal.Kernel()+" *") {
		t.Errorf("the selected kernel %s is not marked:\n%s", ctequal.Kernel(), stdout)
	}
}

func TestBenchJSON(t *testing.T) {
	code, stdout, stderr := runCmd(t, append([]string{"bench", "-json"}, quick...)...)
	if code != 0 {
		t.Fatalf("bench -json: exit %d\n%s", code, stderr)
	}
	var rep report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("bench -json output does not parse: %v\n%s", err, stdout)
	}
	if rep.Kernel != ctequal.Kernel() || rep.Rounds != 2 {
		t.Errorf("kernel %q rounds %d, want %q and 2", rep.Kernel, rep.Rounds, ctequal.Kernel())
	}
	seen := map[string]bool{}
	bytesNs := map[int]float64{}
	for _, r := range rep.Results {
		if r.Implementation == nameBytes {
			bytesNs[r.Size] = r.NsPerCall
		}
	}
	for _, r := range rep.Results {
		seen[r.Implementation+"@"+sizeText(r.Size)] = true
		if !(r.NsPerCall > 0 && r.NsMin <= r.NsPerCall && r.NsPerCall <= r.NsMax && r.GBPerSecond > 0) {
			t.Errorf("implausible result %+v", r)
		}
		if !near(r.SpeedupVsBytesEqual, bytesNs[r.Size]/r.NsPerCall) {
			t.Errorf("%s at %s: speedup_vs_bytes_equal %v, want bytes.Equal's time over this one's, %v",
				r.Implementation, sizeText(r.Size), r.SpeedupVsBytesEqual, bytesNs[r.Size]/r.NsPerCall)
		}
	}
	if rep.NoiseThresholdPercent != noiseThreshold {
		t.Errorf("noise_threshold_percent %v, want %v", rep.NoiseThresholdPercent, float64(noiseThreshold))
	}
	for _, im := range implementations() {
		for _, size := range []string{"16 B", "1 KiB"} {
			if !seen[im.name+"@"+size] {
				t.Errorf("no result for %s at %s", im.name, size)
			}
		}
	}
	if len(rep.Results) != 2*len(implementations()) {
		t.Errorf("%d results, want %d", len(rep.Results), 2*len(implementations()))
	}
}

// TestBenchSVG runs bench -svg end to end, then checks the plot of a
// report whose numbers are known: one series per implementation, a point
// per size from left to right, higher throughput drawn higher, and the
// legend marking the selected kernel and the one that is not constant time.
func TestBenchSVG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bench.svg")
	code, _, stderr := runCmd(t, append([]string{"bench", "-svg", path}, quick...)...)
	if code != 0 {
		t.Fatalf("bench -svg: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := parseSVG(t, data); len(got.series) != len(implementations()) {
		t.Errorf("bench -svg drew %d series, want one per implementation (%d)", len(got.series), len(implementations()))
	}

	rep := report{CPU: "Test CPU", GOARCH: "amd64", Kernel: "fast", Rounds: 1}
	gb := map[string][]float64{"fast": {1, 8, 40}, nameSubtle: {0.5, 0.6, 0.7}, nameBytes: {2, 9, 30}}
	for i, size := range []int{16, 1024, 65536} {
		for _, name := range []string{"fast", nameSubtle, nameBytes} {
			rep.Results = append(rep.Results, result{Size: size, Implementation: name, Selected: name == "fast",
				GBPerSecond: gb[name][i], NsPerCall: float64(size) / gb[name][i]})
		}
	}
	var buf bytes.Buffer
	writeSVG(&buf, rep)
	got := parseSVG(t, buf.Bytes())
	if strings.Join(got.series, ",") != "fast,crypto/subtle,bytes.Equal" {
		t.Fatalf("series %v, want fast, crypto/subtle, bytes.Equal", got.series)
	}
	if want := "fast (selected),crypto/subtle,bytes.Equal (not constant time)"; strings.Join(got.legends, ",") != want {
		t.Errorf("legend %q, want %q", strings.Join(got.legends, ","), want)
	}
	for name, pts := range got.points {
		if len(pts) != 3 {
			t.Fatalf("series %s has %d points, want 3", name, len(pts))
		}
		for i := 1; i < len(pts); i++ {
			if pts[i][0] <= pts[i-1][0] {
				t.Errorf("series %s: point %d is not right of point %d: %v", name, i, i-1, pts)
			}
		}
	}
	// SVG's y grows downwards: more GB/s is a smaller y, across series at
	// one size and along a series.
	names := []string{"fast", nameSubtle, nameBytes}
	for _, a := range names {
		for _, b := range names {
			for i := range 3 {
				for j := range 3 {
					if gb[a][i] > gb[b][j] && got.points[a][i][1] >= got.points[b][j][1] {
						t.Errorf("%s at point %d (%.1f GB/s) is drawn no higher than %s at point %d (%.1f GB/s)",
							a, i, gb[a][i], b, j, gb[b][j])
					}
				}
			}
		}
	}
	for _, label := range []string{"input size", "GB/s", "Test CPU"} {
		if !bytes.Contains(buf.Bytes(), []byte(label)) {
			t.Errorf("the SVG has no text with %q", label)
		}
	}
}

type svgPlot struct {
	series, legends []string
	points          map[string][][2]float64 // series -> polyline points
}

// parseSVG reads the series, their polylines and the legend of a plot,
// and fails if the document is not well-formed SVG.
func parseSVG(t *testing.T, data []byte) svgPlot {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	p := svgPlot{points: map[string][][2]float64{}}
	root, current, inLegend := "", "", false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch {
			case tok.Name.Local == "g" && attr["class"] == "series":
				current = attr["data-name"]
				p.series = append(p.series, current)
			case tok.Name.Local == "polyline" && current != "":
				for _, xy := range strings.Fields(attr["points"]) {
					var x, y float64
					if _, err := fmt.Sscanf(xy, "%g,%g", &x, &y); err != nil {
						t.Fatalf("series %s: bad point %q", current, xy)
					}
					p.points[current] = append(p.points[current], [2]float64{x, y})
				}
			case tok.Name.Local == "text" && attr["class"] == "legend":
				inLegend = true
			}
		case xml.CharData:
			if inLegend {
				p.legends = append(p.legends, string(tok))
				inLegend = false
			}
		case xml.EndElement:
			if tok.Name.Local == "g" {
				current = ""
			}
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return p
}

func TestParseSizes(t *testing.T) {
	got, err := parseSizes("64K, 16,1K,16,1M")
	if err != nil {
		t.Fatal(err)
	}
	want := []int{16, 1024, 65536, 1 << 20}
	if len(got) != len(want) {
		t.Fatalf("parseSizes = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("parseSizes = %v, want %v", got, want)
		}
	}
	// What the usage and the output write, lowercase, and the maximum.
	for s, want := range map[string]int{
		"1.5K": 1536, "1k": 1024, "1 KiB": 1024, "16 B": 16, "64KiB": 65536, "0.5k": 512, "256M": 256 << 20, "2m": 2 << 20,
		" 7 ": 7, "1.25M": 1310720, "1kb": 1024,
	} {
		if got, err := parseSizes(s); err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("parseSizes(%q) = %v, %v; want %d", s, got, err, want)
		}
	}
	// Every size the output writes reads back.
	for _, n := range []int{1, 16, 1000, 1024, 1536, 65536, 1 << 20, 256 << 20} {
		if got, err := parseSizes(sizeText(n)); err != nil || got[0] != n {
			t.Errorf("parseSizes(sizeText(%d) = %q) = %v, %v", n, sizeText(n), got, err)
		}
	}
	// The message names the whole token refused.
	for _, s := range []string{"1.5X", "1.5", "0", "-1", "1.0001K", "257M", "1T", "K", "1e3", "0x10", "1KK", "1 2K", "+5", "1/2K", "1iB"} {
		_, err := parseSizes("16," + s)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", strings.TrimSpace(s))) {
			t.Errorf("parseSizes(\"16,%s\") = %v, want an error naming %q", s, err, s)
		}
	}
}

func TestParseBytes(t *testing.T) {
	for s, want := range map[string]int{"1G": 1 << 30, "512M": 512 << 20, "1.5G": 3 << 29, "1g": 1 << 30, "100 MiB": 100 << 20} {
		if got, err := parseBytes(s); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	if strconv.IntSize == 64 {
		for _, s := range []string{"1T", "1024G", "1t"} {
			if got, err := parseBytes(s); err != nil || int64(got) != maxMem {
				t.Errorf("parseBytes(%q) = %d, %v: the stated maximum, want 1<<40", s, got, err)
			}
		}
	}
	for _, s := range []string{"1025G", "2T", "0", "x", "1.5"} {
		if _, err := parseBytes(s); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
			t.Errorf("parseBytes(%q) = %v, want an error naming it", s, err)
		}
	}
}
