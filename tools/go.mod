module github.com/ctequal/ctequal/tools

go 1.24.0

require (
	github.com/ctequal/ctequal v0.0.0-00010101000000-000000000000
	github.com/ctequal/ctequal/ctcheck v0.0.0-00010101000000-000000000000
)

require golang.org/x/sys v0.41.0

// The library and the checker are this repository's own: go.work puts
// them in the workspace, and these let GOWORK=off runs (CI's oldest Go)
// build from the same tree.
replace (
	github.com/ctequal/ctequal => ../
	github.com/ctequal/ctequal/ctcheck => ../ctcheck
)
