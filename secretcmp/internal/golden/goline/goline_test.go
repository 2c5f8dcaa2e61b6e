package goline

import (
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
	"github.com/ctequal/ctequal/secretcmp/internal/secretcmptest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// -fixwith=ctequal in modules that do not require the library: the fix
// says that it needs go get and, where the module's go line is older than
// the library's, that go get raises it. The default calls the standard
// library there, and needs neither.
func TestGoLine(t *testing.T) {
	t.Run("auto", func(t *testing.T) {
		analysistest.RunWithSuggestedFixes(t, secretcmptest.Module(t, "go118"), secretcmp.Analyzer, "./auto")
	})
	t.Run("ctequal", func(t *testing.T) {
		secretcmptest.SetFlag(t, "fixwith", "ctequal")
		analysistest.RunWithSuggestedFixes(t, secretcmptest.Module(t, "go118"), secretcmp.Analyzer, "./forced")
		analysistest.RunWithSuggestedFixes(t, secretcmptest.Module(t, "go125"), secretcmp.Analyzer, "./forced")
	})
}
