package fixes

import (
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
	"github.com/ctequal/ctequal/secretcmp/internal/secretcmptest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The default fixes, each fix's output in a .golden file beside it:
//   - imports: how a fix adds, reuses or cannot add its import;
//   - basicauth: basic-auth middlewares: a header built by concatenation
//     and compared with ==, a password looked up by user name and compared
//     with ==;
//   - autodep: the default fixes call ctequal where the package's build
//     has it already, here through an import of an import; and the
//     standard library where it has not (TestGoLine, otp).
func TestDefaultFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, secretcmptest.TestData(t), secretcmp.Analyzer, "imports", "basicauth", "autodep")
}

// -std, and -fixwith=std, which it is short for: fixes from crypto/hmac
// and crypto/subtle; any other -fixwith is refused.
func TestStd(t *testing.T) {
	for _, flag := range []string{"std", "fixwith"} {
		t.Run(flag, func(t *testing.T) {
			secretcmptest.SetFlag(t, flag, map[string]string{"std": "true", "fixwith": "std"}[flag])
			analysistest.RunWithSuggestedFixes(t, secretcmptest.TestData(t), secretcmp.Analyzer, "stdfix")
		})
	}
	if err := secretcmp.Analyzer.Flags.Set("fixwith", "stdlib"); err == nil {
		t.Error("-fixwith=stdlib was taken")
	}
}
