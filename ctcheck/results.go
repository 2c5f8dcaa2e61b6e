package ctcheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// A Kind is the rule a finding breaks (engine.Kinds lists them).
type Kind = engine.Kind

// A Result is one finding as a reader wants it: a line of a function and
// the rule broken there, with every build and check that found it. The
// same leak found on eight GOARCHes by both checks is one Result.
type Result struct {
	File    string
	Line    int
	Func    string
	Inlined []string `json:",omitempty"` // the chain of inlined calls, as Finding's
	Kind    Kind
	// Found are the findings grouped, each with the build and check of
	// its report, in the reports' order.
	Found []Found
}

// A Found is one finding of one report.
type Found struct {
	Build, Check string
	Finding
}

// Results groups the reports' findings into Results: by file, line,
// function, chain of inlined calls and kind, in the order first found.
func Results(reports []*Report) []Result {
	var rs []Result
	at := map[string]int{}
	for _, r := range reports {
		for _, f := range r.Findings {
			key := fmt.Sprintf("%s\x00%d\x00%s\x00%s\x00%s", f.File, f.Line, f.Func, strings.Join(f.Inlined, "\x01"), f.Kind)
			i, ok := at[key]
			if !ok {
				i = len(rs)
				at[key] = i
				rs = append(rs, Result{File: f.File, Line: f.Line, Func: f.Func, Inlined: f.Inlined, Kind: f.Kind})
			}
			rs[i].Found = append(rs[i].Found, Found{Build: r.Build, Check: r.Check, Finding: f})
		}
	}
	return rs
}

// Builds are the builds that found r, in order, each once.
func (r Result) Builds() []string { return r.uniq(func(f Found) string { return f.Build }) }

// Checks are the checks that found r, in order, each once.
func (r Result) Checks() []string { return r.uniq(func(f Found) string { return f.Check }) }

func (r Result) uniq(of func(Found) string) []string {
	var s []string
	for _, f := range r.Found {
		if v := of(f); !slices.Contains(s, v) {
			s = append(s, v)
		}
	}
	return s
}

// First is the finding that speaks for r: the first of the source check
// (the toolchain's own syntax), else the first.
func (r Result) First() Found {
	if i := slices.IndexFunc(r.Found, func(f Found) bool { return f.Check == "source" }); i >= 0 {
		return r.Found[i]
	}
	return r.Found[0]
}

// String is r in one line: its position, function and chain of inlined
// calls, the reason of its first finding with that instruction's
// mnemonic, and the builds and checks that found it:
//
//	main.go:32: main.verifyMAC: conditional branch on secret flags (JEQ) [amd64 arm64; source compiled]
func (r Result) String() string {
	f := r.First()
	inlined := ""
	if len(r.Inlined) > 0 {
		inlined = " (inlined: " + strings.Join(r.Inlined, ", ") + ")"
	}
	op, _, _ := strings.Cut(strings.TrimSpace(f.Text), " ")
	// More than one instruction at the line in some build's check: how
	// many, at most (-v prints each).
	per := map[string]int{}
	most := 0
	for _, x := range r.Found {
		per[x.Build+"\x00"+x.Check]++
		most = max(most, per[x.Build+"\x00"+x.Check])
	}
	n := ""
	if most > 1 {
		n = fmt.Sprintf(", %d instructions", most)
	}
	return fmt.Sprintf("%s:%d: %s%s: %s (%s%s) [%s; %s]", r.File, r.Line, r.Func, inlined, f.Reason, op, n,
		strings.Join(r.Builds(), " "), strings.Join(r.Checks(), " "))
}
