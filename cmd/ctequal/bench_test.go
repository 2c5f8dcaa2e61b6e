package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// fakeReport is a report of two sizes, 16 B and 1 KiB, with the kernel
// "fast" selected; every row's median is 100 ns and its spread 5%, except
// where set says otherwise (implementation@size to median and spread).
func fakeReport(rounds int, set map[string][2]float64) report {
	rep := report{CPU: "Test CPU", GOARCH: "amd64", Kernel: "fast", Rounds: rounds}
	for _, size := range []int{16, 1024} {
		for _, name := range []string{nameCompare, "fast", "slow", nameSubtle, nameBytes} {
			ns, spread := 100.0, 5.0
			if v, ok := set[name+"@"+sizeText(size)]; ok {
				ns, spread = v[0], v[1]
			}
			rep.Results = append(rep.Results, result{Size: size, Implementation: name, Selected: name == "fast",
				NsPerCall: ns, NsMin: ns * (1 - spread/100), NsMax: ns * (1 + spread/100), SpreadPercent: spread,
				GBPerSecond: float64(size) / ns, SpeedupVsSubtle: 1, SpeedupVsBytesEqual: 1})
		}
	}
	return rep
}

// noisyRows lists the rows judgeNoise marked, as implementation@size.
func noisyRows(rep report) string {
	var rows []string
	for _, r := range rep.Results {
		if r.Noisy {
			rows = append(rows, r.Implementation+"@"+sizeText(r.Size))
		}
	}
	return strings.Join(rows, ",")
}

// TestJudgeNoise: which rows are marked and what the warnings say, on
// made-up results (no timing: a loaded machine passes).
func TestJudgeNoise(t *testing.T) {
	for _, c := range []struct {
		name     string
		rounds   int
		set      map[string][2]float64
		noisy    string
		warnings []string // a substring of each warning, in order
	}{
		{name: "quiet", rounds: 5},
		{name: "at the threshold", rounds: 5,
			set: map[string][2]float64{"slow@1 KiB": {100, 25}, "fast@16 B": {125, 5}}},
		{name: "one row", rounds: 5,
			set:      map[string][2]float64{"slow@1 KiB": {100, 156}},
			noisy:    "slow@1 KiB",
			warnings: []string{"1 of 10 rows (marked !) are noise: their rounds, or their references', spread more than ±25% (up to ±156%, slow at 1 KiB)"}},
		{name: "a reference", rounds: 5,
			set:      map[string][2]float64{"bytes.Equal@16 B": {100, 30}, "slow@16 B": {100, 741}},
			noisy:    "Compare@16 B,fast@16 B,slow@16 B,crypto/subtle@16 B,bytes.Equal@16 B",
			warnings: []string{"5 of 10 rows (marked !) are noise: their rounds, or their references', spread more than ±25% (up to ±741%, slow at 16 B)"}},
		{name: "the same code disagrees", rounds: 5,
			set:      map[string][2]float64{"fast@1 KiB": {140, 5}, "Compare@16 B": {100, 5}, "fast@16 B": {120, 5}},
			noisy:    "Compare@1 KiB,fast@1 KiB",
			warnings: []string{"Compare and fast run the same code, yet differ by more than 25% at 1 size (by 40% at 1 KiB)"}},
		{name: "both", rounds: 3,
			set:      map[string][2]float64{"Compare@16 B": {60, 5}, "fast@16 B": {100, 5}, "crypto/subtle@1 KiB": {100, 80}},
			noisy:    "Compare@16 B,fast@16 B,Compare@1 KiB,fast@1 KiB,slow@1 KiB,crypto/subtle@1 KiB,bytes.Equal@1 KiB",
			warnings: []string{"5 of 10 rows (marked !) are noise", "differ by more than 25% at 1 size (by 67% at 16 B)"}},
		{name: "one round", rounds: 1,
			set:      map[string][2]float64{"Compare@16 B": {60, 0}, "Compare@1 KiB": {140, 0}, "slow@1 KiB": {500, 0}},
			noisy:    "Compare@16 B,fast@16 B,Compare@1 KiB,fast@1 KiB",
			warnings: []string{"one round has no spread", "differ by more than 25% at 2 sizes (by 67% at 16 B)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := fakeReport(c.rounds, c.set)
			judgeNoise(&rep, 25)
			if got := noisyRows(rep); got != c.noisy {
				t.Errorf("noisy rows %q, want %q", got, c.noisy)
			}
			if len(rep.Warnings) != len(c.warnings) {
				t.Fatalf("warnings %q, want %d of them", rep.Warnings, len(c.warnings))
			}
			for i, w := range c.warnings {
				if !strings.Contains(rep.Warnings[i], w) || strings.Contains(rep.Warnings[i], "\n") {
					t.Errorf("warning %d is %q, want one line with %q", i, rep.Warnings[i], w)
				}
			}
			if rep.NoiseThresholdPercent != 25 {
				t.Errorf("noise_threshold_percent %v, want 25", rep.NoiseThresholdPercent)
			}
		})
	}
}

// TestSummarizeSpeedups: both speedups are times faster than the
// reference, over 1 where the row is faster.
func TestSummarizeSpeedups(t *testing.T) {
	impls := []candidate{{name: nameCompare}, {name: nameSubtle}, {name: nameBytes}}
	// One size, three rounds each: medians 10, 400 and 20 ns.
	samples := [][][]float64{{{9, 10, 14}, {400, 380, 420}, {20, 20, 30}}}
	got := summarize(impls, []int{64}, samples)
	want := []struct {
		name                    string
		spread, subtle, bytesEq float64
	}{
		{nameCompare, 25, 40, 2},
		{nameSubtle, 5, 1, 0.05},
		{nameBytes, 25, 20, 1},
	}
	for i, w := range want {
		r := got[i]
		if r.Implementation != w.name || !near(r.SpreadPercent, w.spread) || !near(r.SpeedupVsSubtle, w.subtle) || !near(r.SpeedupVsBytesEqual, w.bytesEq) {
			t.Errorf("%s: spread %v%%, speedup vs subtle %v, vs bytes.Equal %v; want %v%%, %v, %v",
				r.Implementation, r.SpreadPercent, r.SpeedupVsSubtle, r.SpeedupVsBytesEqual, w.spread, w.subtle, w.bytesEq)
		}
	}
}

func near(a, b float64) bool { return a > b*0.999 && a < b*1.001 }

// TestTableMarksNoise: the table marks exactly the noisy rows, prints the
// warnings under it, and says what the speedups and the mark mean; the
// JSON carries the same.
func TestTableMarksNoise(t *testing.T) {
	rep := fakeReport(5, map[string][2]float64{"slow@1 KiB": {100, 156}, "fast@16 B": {140, 5}})
	judgeNoise(&rep, 25)
	var buf bytes.Buffer
	writeTable(&buf, rep)
	out := buf.String()
	marked := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if strings.TrimRight(line, " ") != line {
			t.Errorf("line %q ends in spaces", line)
		}
		f := strings.Fields(line)
		if len(f) < 3 || (f[1] != "B" && f[1] != "KiB") {
			continue
		}
		if f[len(f)-1] == noiseMark {
			marked[f[2]+"@"+f[0]+" "+f[1]] = true
		}
	}
	want := map[string]bool{"Compare@16 B": true, "fast@16 B": true, "slow@1 KiB": true}
	if fmt.Sprint(marked) != fmt.Sprint(want) {
		t.Errorf("marked rows %v, want %v:\n%s", marked, want, out)
	}
	for _, s := range append(rep.Warnings,
		"SPEEDUP VS SUBTLE", "SPEEDUP VS BYTES.EQUAL", "how many times faster", "over 1 is faster",
		"! marks a row whose speedups are noise", "±25%") {
		if !strings.Contains(out, s) {
			t.Errorf("the table has no %q:\n%s", s, out)
		}
	}
	// The warnings come right under the rows, before the explanation.
	if w, e := strings.Index(out, "warning:"), strings.Index(out, "Compare is ctequal.Compare"); w < 0 || w > e {
		t.Errorf("the warnings are not between the rows and the explanation:\n%s", out)
	}

	var fromJSON report
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &fromJSON); err != nil {
		t.Fatal(err)
	}
	if noisyRows(fromJSON) != noisyRows(rep) || len(fromJSON.Warnings) != 2 || fromJSON.NoiseThresholdPercent != 25 {
		t.Errorf("the JSON lost the judgement: %s", data)
	}
	for _, field := range []string{`"speedup_vs_subtle"`, `"speedup_vs_bytes_equal"`, `"spread_percent"`, `"noisy"`, `"warnings"`} {
		if !bytes.Contains(data, []byte(field)) {
			t.Errorf("the JSON has no %s field", field)
		}
	}
}
