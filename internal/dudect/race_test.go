//go:build race

package dudect

// raceEnabled: the race detector instruments the portable kernel's loads,
// and how long they take depends on its shadow memory, not on the data:
// timing tests mean nothing under it.
const raceEnabled = true
