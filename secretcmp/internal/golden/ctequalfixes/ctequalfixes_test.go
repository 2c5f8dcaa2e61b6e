package ctequalfixes

import (
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
	"github.com/ctequal/ctequal/secretcmp/internal/secretcmptest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// -fixwith=ctequal, with the fixes' outputs in .golden files:
//   - history: the historical shapes, each found;
//   - macs, usemacs: secrets made in one package and compared in another,
//     through facts.
func TestCtequalFixes(t *testing.T) {
	secretcmptest.SetFlag(t, "fixwith", "ctequal")
	analysistest.RunWithSuggestedFixes(t, secretcmptest.TestData(t), secretcmp.Analyzer, "history", "macs", "usemacs")
}
