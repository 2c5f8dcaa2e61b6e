package ctcheck

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestSARIFResult checks a SARIF log's results: one per finding found by
// two builds, at its line relative to the root, the chain of inlined
// calls as related locations, the builds and checks as properties; a
// file outside the root by its absolute URI; a finding a baseline
// accepted, a result with a suppression that gives the entry's reason.
func TestSARIFResult(t *testing.T) {
	leak := Finding{File: "/repo/mac/verify.go", Line: 18, Func: "example.com/mac.verify", Text: "CALL runtime.memequal(SB)",
		Inlined: []string{"bytes.Equal /usr/local/go/src/bytes/bytes.go:22"}, Reason: "call of runtime.memequal, which the analysis does not follow (fail closed)", Kind: engine.CallNotFollowed}
	std := Finding{File: "/usr/local/go/src/crypto/x.go", Line: 7, Func: "crypto/x.f", Text: "JEQ 4", Reason: "conditional branch on secret flags", Kind: engine.SecretBranch}
	accepted := AcceptedFinding{Finding: Finding{File: "/repo/mac/verify.go", Line: 30, Func: "example.com/mac.tag", Text: "JNE 9", Reason: "conditional branch on secret flags", Kind: engine.SecretBranch},
		Reason: "the length is public", Where: "ctcheck.baseline:3"}
	reports := []*Report{
		{Build: "amd64", Check: "source", Findings: []Finding{leak, std}, Accepted: []AcceptedFinding{accepted}},
		{Build: "arm64", Check: "compiled", Findings: []Finding{leak}},
	}
	var b strings.Builder
	if err := WriteSARIF(&b, reports, SARIFOptions{Root: "/repo", Version: "v0.1.0"}); err != nil {
		t.Fatal(err)
	}
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI, URIBaseID string }
			Region           struct{ StartLine int }
		}
		Message struct{ Text string }
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Version, SemanticVersion string }
			}
			OriginalURIBaseIDs map[string]struct{ URI string }
			Results            []struct {
				RuleID           string
				Locations        []loc
				RelatedLocations []loc
				Suppressions     []struct{ Kind, Status, Justification string }
				Properties       struct{ Goarches, Checks []string }
			}
		}
	}
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Version != "0.1.0" || run.OriginalURIBaseIDs["%SRCROOT%"].URI != "file:///repo/" {
		t.Errorf("driver %+v, base %+v", run.Tool.Driver, run.OriginalURIBaseIDs)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3:\n%s", len(run.Results), b.String())
	}
	r := run.Results[0]
	if l := r.Locations[0].PhysicalLocation; r.RuleID != "call-not-followed" || l.ArtifactLocation.URI != "mac/verify.go" || l.ArtifactLocation.URIBaseID != "%SRCROOT%" || l.Region.StartLine != 18 {
		t.Errorf("the leak: %+v", r)
	}
	if len(r.RelatedLocations) != 1 || r.RelatedLocations[0].PhysicalLocation.ArtifactLocation.URI != "file:///usr/local/go/src/bytes/bytes.go" ||
		r.RelatedLocations[0].PhysicalLocation.Region.StartLine != 22 || r.RelatedLocations[0].Message.Text != "inlined: bytes.Equal" {
		t.Errorf("the inlined call: %+v", r.RelatedLocations)
	}
	if strings.Join(r.Properties.Goarches, " ") != "amd64 arm64" || strings.Join(r.Properties.Checks, " ") != "source compiled" || len(r.Suppressions) != 0 {
		t.Errorf("the leak's properties %+v, suppressions %+v", r.Properties, r.Suppressions)
	}
	if u := run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation; u.URI != "file:///usr/local/go/src/crypto/x.go" || u.URIBaseID != "" {
		t.Errorf("a file outside the root: %+v", u)
	}
	if s := run.Results[2].Suppressions; len(s) != 1 || s[0].Status != "accepted" || !strings.Contains(s[0].Justification, "the length is public") {
		t.Errorf("the accepted finding's suppressions: %+v", s)
	}
}
