//go:build race

// Package race reports whether the race detector is on, as Go's
// internal/race does, for the tests of every package here: under it the
// portable kernel's loads are instrumented, and how long they take depends
// on its shadow memory, not on the data, so timing tests mean nothing.
package race

// Enabled is true in a build with -race.
const Enabled = true
