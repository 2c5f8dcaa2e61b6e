package ctcheck

import (
	"os"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestREADMEHasEveryKind checks that README.md has a section for each
// kind of finding, by its id: SARIF's rules link there (RuleDocs).
func TestREADMEHasEveryKind(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range engine.Kinds {
		if !strings.Contains(string(b), "\n### "+string(k)+"\n") {
			t.Errorf("README.md has no section ### %s, which the SARIF rule %s links to", k, k)
		}
		if _, ok := rules[k]; !ok {
			t.Errorf("kind %s has no SARIF rule", k)
		}
	}
}
