// Package diagnostics holds secretcmp's golden tests of what it reports,
// with no fix checked: at the default flags (TestDiagnostics), with
// -names=false (TestNamesOff) and with -testfiles (TestTestFiles).
// Each test loads its folders together: every load type-checks the
// standard library's packages they import from source (net/http among
// them), which is most of a test's time.
package diagnostics
