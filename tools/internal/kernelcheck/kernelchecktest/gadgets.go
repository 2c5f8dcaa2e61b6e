package kernelchecktest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The gadgets' families, the sample the default run plants, and the
// tallies docs/verification.md's table shows.

// The families, by what hides the leak or carries the secret; every
// architecture has each but masks (x86 only: NEON has no opmasks).
const (
	FamilyBranch  = "branch"  // branches on flags or registers computed from a secret
	FamilyChain   = "chain"   // from the flags to a register to a branch
	FamilyAddr    = "address" // memory addressed by a secret
	FamilyLatency = "latency" // variable-latency instructions on a secret
	FamilyJump    = "jump"    // jumps and calls through a secret
	FamilyHidden  = "hidden"  // a branch as a second statement, in a macro, as raw bytes
	FamilyParts   = "parts"   // a partial vector write that leaves a secret part, then the whole register
	FamilyMask    = "mask"    // an AVX-512 merge-masked write that leaves a secret, then the register
	FamilySP      = "sp"      // the stack pointer moved by a secret, then a load
	FamilyMemory  = "memory"  // a secret through the frame, the stack or a global, then a branch
	FamilyArgs    = "args"    // a secret passed in a seventh, a float or a stack argument to a function that branches on it
)

// GadgetSample reports whether the default run plants gadget g at site s:
// about one pair in 13, every gadget at several sites and every site with
// several gadgets.
func GadgetSample(g, s int) bool { return (7*g+s)%13 == 0 }

// GadgetCounts tallies, per family, what was planted and what each check
// flagged.
type GadgetCounts map[string]*[3]int // planted, flagged by the source check, by the compiled check

// Add counts a gadget of family planted, and whether each check flagged it.
func (c GadgetCounts) Add(family string, src, bin bool) {
	if c[family] == nil {
		c[family] = &[3]int{}
	}
	c[family][0]++
	if src {
		c[family][1]++
	}
	if bin {
		c[family][2]++
	}
}

// Log logs the counts by family and in all, as the rows of where.
func (c GadgetCounts) Log(t testing.TB, where string) {
	t.Helper()
	fams := make([]string, 0, len(c))
	for f := range c {
		fams = append(fams, f)
	}
	sort.Strings(fams)
	total := [3]int{}
	for _, f := range fams {
		n := c[f]
		t.Logf("gadgets %-28s %-8s planted %5d  flagged: source %5d  compiled %5d", where, f, n[0], n[1], n[2])
		for i := range total {
			total[i] += n[i]
		}
	}
	t.Logf("gadgets %-28s %-8s planted %5d  flagged: source %5d  compiled %5d", where, "all", total[0], total[1], total[2])
}

// CheckGadgetTables compares, in a run of every gadget at every site
// (CTEQUAL_GADGETS=all, as CI runs them), the counts of where with the
// gadget table of docs/verification.md (by where, all families and each),
// so that the numbers it shows are what CI measured.
func CheckGadgetTables(t testing.TB, where string, c GadgetCounts) {
	t.Helper()
	if os.Getenv("CTEQUAL_GADGETS") != "all" {
		return
	}
	total := [3]int{}
	for _, n := range c {
		for i := range total {
			total[i] += n[i]
		}
	}
	row := func(cells ...any) string {
		var s []string
		for _, x := range cells {
			s = append(s, fmt.Sprint(x))
		}
		return "| " + strings.Join(s, " | ") + " |"
	}
	check := func(file, key, want string) {
		t.Helper()
		text, err := os.ReadFile(filepath.Join(KernelsDir, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(text), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, key) {
				if strings.TrimSpace(l) != want {
					t.Errorf("%s: the row %q says %q; CI measured %q", file, key, strings.TrimSpace(l), want)
				}
				return
			}
		}
		t.Errorf("%s: no row %q; CI measured %q", file, key, want)
	}
	check(filepath.Join("docs", "verification.md"), "| "+where+" | all |", row(where, "all", total[0], total[1], total[2]))
	for f, n := range c {
		check(filepath.Join("docs", "verification.md"), "| "+where+" | "+f+" |", row(where, f, n[0], n[1], n[2]))
	}
}
