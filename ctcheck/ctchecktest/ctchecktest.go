// Package ctchecktest holds the checker's findings against the code they
// were found in, as golang.org/x/tools/go/analysis/analysistest does for
// analyzers: each line marked // want "reason" must have a finding whose
// reason holds that text, and no other line may have one.
package ctchecktest

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

var wantRE = regexp.MustCompile(`// want "([^"]*)"`)

// Wants returns what the // want comments of src ask for, by line.
func Wants(src []byte) map[int]string {
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			want[i+1] = m[1]
		}
	}
	return want
}

// Check holds findings, all in the file whose text is src, against its
// // want comments. A file with none fails: its test could not fail.
func Check(t testing.TB, src []byte, findings []engine.Finding) {
	t.Helper()
	want := Wants(src)
	if len(want) == 0 {
		t.Fatal("no // want lines: a test that cannot fail")
	}
	got := map[int][]string{}
	for _, fd := range findings {
		got[fd.Line] = append(got[fd.Line], fd.Reason)
	}
	var lines []int
	for l := range want {
		lines = append(lines, l)
	}
	for l := range got {
		if _, ok := want[l]; !ok {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	for _, l := range lines {
		w, reasons := want[l], strings.Join(got[l], "; ")
		switch {
		case w == "" && reasons != "":
			t.Errorf("line %d: unexpected finding: %s", l, reasons)
		case w != "" && !strings.Contains(reasons, w):
			t.Errorf("line %d: want a finding containing %q, got %q", l, w, reasons)
		}
	}
}
