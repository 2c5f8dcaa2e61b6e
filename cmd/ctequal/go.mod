module github.com/ctequal/ctequal/cmd/ctequal

go 1.24.0

require (
	github.com/ctequal/ctequal v0.0.0-00010101000000-000000000000
	github.com/klauspost/cpuid/v2 v2.4.2
	golang.org/x/sys v0.41.0
)

// The library is this repository's own: go.work puts it in the workspace,
// and this lets GOWORK=off runs (CI's oldest Go) build from the same tree.
replace github.com/ctequal/ctequal => ../../
