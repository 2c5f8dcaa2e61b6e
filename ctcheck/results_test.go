package ctcheck

import (
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestResults checks the grouping: one Result per line, function and
// kind, whatever the builds and checks; another kind at the same line is
// another Result; the count of instructions is the most one build's
// check has there.
func TestResults(t *testing.T) {
	f := func(line int, text string, kind Kind) Finding {
		return Finding{File: "/m/x.go", Line: line, Func: "m.f", Text: text, Reason: "reason " + text, Kind: kind}
	}
	rs := Results([]*Report{
		{Build: "amd64", Check: "source", Findings: []Finding{f(3, "JEQ 4", engine.SecretBranch), f(3, "JNE 9", engine.SecretBranch), f(3, "MOVB (AX)(CX*1), DL", engine.SecretAddress)}},
		{Build: "arm64", Check: "compiled", Findings: []Finding{f(3, "BEQ 5(PC)", engine.SecretBranch)}},
	})
	if len(rs) != 2 {
		t.Fatalf("%d results, want 2: %v", len(rs), rs)
	}
	if got, want := rs[0].String(), "/m/x.go:3: m.f: reason JEQ 4 (JEQ, 2 instructions) [amd64 arm64; source compiled]"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !strings.Contains(rs[1].String(), "(MOVB) [amd64; source]") || rs[1].Kind != engine.SecretAddress {
		t.Errorf("the address: %s", rs[1])
	}
}
