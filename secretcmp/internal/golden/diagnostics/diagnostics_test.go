package diagnostics

import (
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
	"github.com/ctequal/ctequal/secretcmp/internal/secretcmptest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// What is found, and what stays quiet, with no fix checked:
//   - negatives: comparisons that must stay quiet;
//   - otp: one-time passwords: an HMAC truncated to digits is still a
//     secret;
//   - twosides: compares with no attacker side (a reload diff, a
//     duplicate check, an in-memory copy), names about secrets (a cookie's
//     name, an algorithm, a prefix, at_hash), a field shared by two types,
//     a compare gated by a constant-time one, and a public opaque stay
//     quiet; the attacker side is named where there is one;
//   - keys: private and secret keys are secrets by their type;
//   - variadic: secrets reached through variadic parameters, indexed and
//     ranged over, are found as the plain parameter is; the same shapes
//     with nothing secret or no attacker side stay quiet.
func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, secretcmptest.TestData(t), secretcmp.Analyzer, "negatives", "otp", "twosides", "keys", "variadic")
}

// -names=false: no finding by name, the others as before.
func TestNamesOff(t *testing.T) {
	secretcmptest.SetFlag(t, "names", "false")
	analysistest.Run(t, secretcmptest.TestData(t), secretcmp.Analyzer, "namesoff")
}

// -testfiles: _test.go files are reported and followed.
func TestTestFiles(t *testing.T) {
	secretcmptest.SetFlag(t, "testfiles", "true")
	analysistest.Run(t, secretcmptest.TestData(t), secretcmp.Analyzer, "testfiles")
}
