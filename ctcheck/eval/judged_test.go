//go:build eval

package eval

import (
	"os"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
)

// judgedFile is the eval's baseline: every finding of a case that is not
// a control, each with its judgment (README.md says more of each). A
// finding it does not accept fails the eval (one it does not list, or
// more of a key than its entry says), and so, on a whole run, does an
// entry that no finding matched or fewer than it says: the file is the
// eval's pinned findings, in ctcheck's baseline format (ctcheck
// -baseline).
const judgedFile = "judged.baseline"

// pinnedFindings is the baseline and how many findings each of its
// entries accepted in one report, at most, in the run.
type pinnedFindings struct {
	base    *ctcheck.Baseline
	matched map[string]int // BaselineEntry.Where
	// write, where EVAL_WRITE_BASELINE names a file, collects every
	// finding of the cases run, with its case, to write a baseline of them.
	write []*ctcheck.Report
}

func readJudged(t *testing.T) *pinnedFindings {
	b, err := ctcheck.ReadBaseline(judgedFile)
	if err != nil {
		t.Fatal(err)
	}
	return &pinnedFindings{base: b, matched: map[string]int{}}
}

// check applies the baseline to a case's reports: each finding it does
// not list is an error.
func (j *pinnedFindings) check(t *testing.T, c evalCase, rs []*ctcheck.Report) {
	t.Helper()
	if os.Getenv("EVAL_WRITE_BASELINE") != "" {
		for _, r := range rs {
			w := *r
			w.Findings = append([]ctcheck.Finding(nil), r.Findings...)
			j.write = append(j.write, &w)
		}
	}
	j.base.Apply(rs)
	for _, r := range rs {
		n := map[string]int{}
		for _, a := range r.Accepted {
			n[a.Where]++
			j.matched[a.Where] = max(j.matched[a.Where], n[a.Where])
		}
	}
	fn, _, _ := strings.Cut(c.decl, ":")
	for _, r := range rs {
		for _, f := range r.Findings {
			t.Errorf("%s %s %s: not judged (no entry in %s accepts it): %s", fn, c.goarch, r.Check, judgedFile, f)
		}
	}
}

// finish reports the entries no finding matched, where every case ran,
// and writes EVAL_WRITE_BASELINE.
func (j *pinnedFindings) finish(t *testing.T, all bool) {
	if f := os.Getenv("EVAL_WRITE_BASELINE"); f != "" {
		var b strings.Builder
		if err := ctcheck.WriteBaseline(&b, j.write); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !all {
		return
	}
	for _, e := range j.base.Entries {
		switch n := j.matched[e.Where]; {
		case n == 0:
			t.Errorf("%s: no finding of the eval matches %s", e.Where, e)
		case n != e.N:
			// Fewer findings than pinned: the entry must say so.
			t.Errorf("%s: %d findings of the key in a check at most, the entry accepts %d: %s", e.Where, n, e.N, e)
		}
	}
}
