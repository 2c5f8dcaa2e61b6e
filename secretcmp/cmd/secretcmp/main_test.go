package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionAndHelp builds the command and checks that -version prints
// the version, and -h the usage to stdout, each exiting 0.
func TestVersionAndHelp(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in PATH")
	}
	bin := filepath.Join(t.TempDir(), "secretcmp")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-version").Output()
	if err != nil || !strings.HasPrefix(string(out), "secretcmp ") || !strings.Contains(string(out), " go1.") {
		t.Errorf("-version: %v, %q", err, out)
	}
	cmd := exec.Command(bin, "-h")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if err != nil || !strings.Contains(string(out), "Usage: secretcmp") || stderr.Len() != 0 {
		t.Errorf("-h: %v, stdout %q, stderr %q", err, out, stderr.String())
	}
}

// TestSARIF checks -format sarif: a MAC compared with bytes.Equal is one
// result at its line, relative to the module's root, under secretcmp's
// rule; the same module with hmac.Equal is a log with no result; both
// exit 0.
func TestSARIF(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in PATH")
	}
	bin := filepath.Join(t.TempDir(), "secretcmp")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const src = `package mac

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
)

// Valid checks a MAC.
func Valid(msg, tag, key []byte) bool {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return bytes.Equal(m.Sum(nil), tag)
}
`
	for _, c := range []struct {
		src     string
		results int
	}{{src, 1}, {strings.Replace(src, "bytes.Equal", "hmac.Equal", 1), 0}} {
		dir := t.TempDir()
		files := map[string]string{"go.mod": "module example.com/mac\n\ngo 1.24\n", "mac.go": strings.Replace(c.src, "\t\"bytes\"\n", map[bool]string{true: "\t\"bytes\"\n", false: ""}[c.results > 0], 1)}
		for name, body := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bin, "-format", "sarif", "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		var log struct {
			Version string
			Runs    []struct {
				Results []struct {
					RuleID    string
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI, URIBaseID string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
		if err := json.Unmarshal(out, &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
			t.Fatalf("%v: %s", err, out)
		}
		rs := log.Runs[0].Results
		if len(rs) != c.results {
			t.Fatalf("%d results, want %d:\n%s", len(rs), c.results, out)
		}
		if c.results > 0 {
			loc := rs[0].Locations[0].PhysicalLocation
			if rs[0].RuleID != "secretcmp" || loc.ArtifactLocation.URI != "mac.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || loc.Region.StartLine != 13 {
				t.Errorf("result %+v", rs[0])
			}
		}
	}
}
