package main

import (
	_ "embed"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// floorsText is floors.txt as this program was built with it.
//
//go:embed floors.txt
var floorsText string

// floorFraction is how far below the prediction -update sets a new floor:
// room for small changes to a loop or its scheduling, none for a
// regression of the kind that made a compiler's memcmp 3-4x slower.
const floorFraction = 0.9

// A key names one prediction: a loop of a kernel built for an
// architecture, on a core.
type key struct{ arch, loop, core string }

func (k key) String() string { return k.arch + " " + k.loop + " on " + k.core }

// parseFloors reads floors.txt: one "arch loop core floor" per line, # for
// comments.
func parseFloors(text string) (map[key]float64, error) {
	floors := map[key]float64{}
	for i, l := range strings.Split(text, "\n") {
		if j := strings.Index(l, "#"); j >= 0 {
			l = l[:j]
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("floors.txt:%d: want arch, loop, core and floor, got %q", i+1, l)
		}
		v, err := strconv.ParseFloat(f[3], 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("floors.txt:%d: bad floor %q", i+1, f[3])
		}
		k := key{f[0], f[1], f[2]}
		if _, dup := floors[k]; dup {
			return nil, fmt.Errorf("floors.txt:%d: second floor for %s", i+1, k)
		}
		floors[k] = v
	}
	return floors, nil
}

// checkFloors returns one line per prediction under its floor, per
// prediction without a floor, and per floor of an architecture that was
// checked whose loop or core no longer exists.
func checkFloors(floors, got map[key]float64, checked map[string]bool) []string {
	var bad []string
	for k, p := range got {
		f, ok := floors[k]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s: %.2f, and no floor (a new loop or core: run with -update)", k, p))
		case p < f:
			bad = append(bad, fmt.Sprintf("%s: %.2f bytes/cycle, under its floor of %.2f", k, p, f))
		}
	}
	for k, f := range floors {
		if _, ok := got[k]; !ok && checked[k.arch] {
			bad = append(bad, fmt.Sprintf("%s: floor %.2f, but no such loop or core (run with -update)", k, f))
		}
	}
	sort.Strings(bad)
	return bad
}

// updateFloors returns the floors after -update: floorFraction of each
// prediction, rounded down to 0.01, but never below the floor it had, so that
// floors only come down by hand; floors of vanished loops of the checked
// architectures go.
func updateFloors(floors, got map[key]float64, checked map[string]bool) map[key]float64 {
	out := map[key]float64{}
	for k, f := range floors {
		if !checked[k.arch] {
			out[k] = f
		}
	}
	for k, p := range got {
		out[k] = max(floors[k], math.Floor(p*floorFraction*100)/100)
	}
	return out
}

const floorsHeader = `# Floors of the model check, go run ./tools/cmd/mca: the bytes compared per
# cycle that llvm-mca 19 must predict for each loop of each kernel on each
# core. The check fails under a floor, and for a loop or core without one.
#
# go run ./tools/cmd/mca -update sets a new loop's floors to 90% of today's
# prediction and raises old ones to that, never lowers them: lower a floor
# by hand, in the same commit as the change that costs the speed, and say why.
#
# The NEON floors started as the figures of the LD1 kernel that the LDP
# one replaced (64 bytes per iteration), and 20 on apple-m1: no core may
# fall back below what it had.
#
# arch	loop	core	floor
`

func formatFloors(floors map[key]float64) string {
	keys := make([]key, 0, len(floors))
	for k := range floors {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.arch != b.arch {
			return a.arch < b.arch
		}
		if a.loop != b.loop {
			return a.loop < b.loop
		}
		return a.core < b.core
	})
	var b strings.Builder
	b.WriteString(floorsHeader)
	w := tabwriter.NewWriter(&b, 0, 0, 1, ' ', 0)
	for _, k := range keys {
		fmt.Fprintf(w, "%s\t%s\t%s\t%.2f\n", k.arch, k.loop, k.core, floors[k])
	}
	w.Flush()
	return b.String()
}
