package main

import "testing"

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
