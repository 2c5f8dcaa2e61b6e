package ctcheck

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestBoundedIndex checks stores of secrets at an index the code bounds,
// on amd64 and arm64 by both checks: a bounds check or a mask bounds the
// bytes the store may reach, so a buffer filled a byte at a time beside a
// cursor declared public (Write, Masked), assembly that branches on its
// compare (Checked), a loop over a local array (Local) and one whose
// counter's alignment keeps its last word inside the buffer (Fill) are
// constant time. A mask wider than the buffer (Wide), an index nothing bounds
// (Unchecked), a bounds check of an array that overlays the cursor
// (Overrun), an index a secret chooses (SecretIndex, LocalIndex), a
// compare of one register followed by a store at another that replaced
// it (Stale), a loop counter compared with a length in a register
// (LocalUnbounded), a signed compare of an index that may be negative
// (Signed), a mask that reaches the return address (LocalOverrun), a
// counter whose last word reaches the cursor (FillOver), arm64's index
// scaled by a shift (Words.Put, LocalBranch: a branch on a word the store
// may have written), a register LOOP or a SUB moved below zero
// (LoopBack), one sign-extended before a signed compare (Widen), and
// stores past a local array over the return address or the caller's
// saved link register (OverB) or amd64's saved frame pointer (SavedBP),
// and a callee's store over its caller's saved frame pointer (CallerBP)
// are each found at their "// leak" line (the last eight from three red
// teams). A copy of a length the code does not fix, by a callee into its
// caller's frame, raises the bytes from the destination to the end of
// that frame: a cursor below them stays public (Absorb), the buffer does
// not (AbsorbLeak); one the code caps with a signed compare
// (min(len(p), 64)) reaches no further than the cap (Filled, FilledLeak).
// A conditional move or select of an index below a constant, or of a
// constant, bounds the index by the larger (Capped, CappedAbove; past
// the buffer, CappedOver); a signed compare does not (CappedSigned). A
// compare of two registers bounds the one at most the other where that
// one is bounded (Go's slice check i <= j: Sliced, SlicedLeak; Below),
// and not the other (BelowSwapped).
func TestBoundedIndex(t *testing.T) {
	needGo(t)
	const pkg = "example.com/bounded."
	roots := map[string]string{ // root -> its leak's mark ("" clean)
		"(*Acc).Write": "", "(*Acc).Masked": "", "(*Acc).Checked": "", "Local": "",
		"(*Acc).Wide": "wide", "(*Acc).Unchecked": "unchecked", "(*Acc).Overrun": "overrun", "(*Acc).SecretIndex": "index",
		"(*Acc).Stale": "stale", "LocalUnbounded": "local unbounded", "LocalIndex": "local index", "LocalOverrun": "local overrun",
		"Signed": "signed", "(*Acc).Fill": "", "(*Acc).FillOver": "fill over",
		"(*Words).Put": "words", "LocalBranch": "local branch", "(*Cursor).LoopBack": "loop", "(*Cursor).Widen": "widen",
		"OverB": "past frame", "SavedBP": "saved bp", "CallerBP": "caller bp", "Absorb": "", "AbsorbLeak": "absorbed",
		"Filled": "", "FilledLeak": "filled",
		"(*Acc).Capped": "", "(*Acc).CappedAbove": "", "(*Acc).CappedOver": "capped over", "(*Acc).CappedSigned": "capped signed",
		"Sliced": "", "SlicedLeak": "sliced", "(*Acc).Below": "", "(*Acc).BelowSwapped": "below swapped",
	}
	// A leak on one GOARCH only: elsewhere the root is clean.
	only := map[string]string{"SavedBP": "amd64"}
	decl := map[string]string{
		"(*Acc).Unchecked": "secret b; public a.n; writes *a", "(*Acc).Overrun": "secret b; public a.n; writes *a",
		"(*Acc).Stale": "secret b; public a.n; writes *a", "(*Acc).Checked": "secret b; public a.n; writes *a",
		"(*Acc).SecretIndex": "secret data[:]; public a.n; writes *a",
		"Local":              "secret *x *y", "LocalUnbounded": "secret x[:] y[:]", "LocalIndex": "secret *x", "LocalOverrun": "secret *x",
		"Signed":      "secret *x",
		"(*Acc).Fill": "secret x; public a.n; writes *a", "(*Acc).FillOver": "secret x; public a.n; writes *a",
		"(*Words).Put": "secret x; public s.n; writes *s", "LocalBranch": "secret x",
		"(*Cursor).LoopBack": "secret b; public c.n; writes *c", "(*Cursor).Widen": "secret b; public c.n; writes *c",
		"OverB": "secret x", "SavedBP": "secret x", "CallerBP": "secret x",
		"Absorb": "secret data[:]", "AbsorbLeak": "secret data[:]", "Filled": "secret data[:]", "FilledLeak": "secret data[:]",
		"(*Acc).Capped": "secret b; public a.n; writes *a", "(*Acc).CappedAbove": "secret b; public a.n; writes *a",
		"(*Acc).CappedOver": "secret b; public a.n; writes *a", "(*Acc).CappedSigned": "secret b; public a.n; writes *a",
		"Sliced": "secret x", "SlicedLeak": "secret x",
		"(*Acc).Below": "secret b; public a.n; writes *a", "(*Acc).BelowSwapped": "secret b; public a.n; writes *a",
	}
	var lines []string
	for root := range roots {
		d, ok := decl[root]
		if !ok {
			d = "secret data[:] a.buf; public a.n; writes *a"
		}
		lines = append(lines, pkg+root+": "+d)
	}
	decls := funcDecls(t, lines...)
	rs, err := Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/bounded"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"}, Declarations: decls})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 {
		t.Fatalf("%d reports, want 4", len(rs))
	}
	for _, r := range rs {
		goarch, _, _ := strings.Cut(r.Build, ",")
		asm := "bounded_" + goarch + ".s"
		got := map[string][]string{}
		for _, f := range r.Findings {
			root := strings.TrimPrefix(f.Func, pkg)
			switch root {
			case "stale.abi0":
				root = "(*Acc).Stale"
			case "checked.abi0":
				root = "(*Acc).Checked"
			case "fill.abi0":
				root = "(*Acc).Fill"
			case "fillOver.abi0":
				root = "(*Acc).FillOver"
			case "loopBack.abi0":
				root = "(*Cursor).LoopBack"
			case "widen.abi0":
				root = "(*Cursor).Widen"
			case "callerBP.abi0", "smashAbove.abi0":
				root = "CallerBP"
			case "(*digest).write":
				root = "Absorb" // its copies, from either root: none expected
			case "(*block).fill":
				root = "Filled"
			case "capped.abi0", "cappedAbove.abi0", "cappedOver.abi0", "cappedSigned.abi0", "below.abi0", "belowSwapped.abi0":
				root = "(*Acc)." + strings.ToUpper(root[:1]) + strings.TrimSuffix(root, ".abi0")[1:]
			}
			got[root] = append(got[root], fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line))
		}
		for root, mark := range roots {
			lines := slices.Compact(slices.Sorted(slices.Values(got[root])))
			if arch, ok := only[root]; ok && arch != goarch {
				mark = ""
			}
			if mark == "" {
				if len(lines) > 0 {
					t.Errorf("%s %s: %s: findings at %v, want none", r.Build, r.Check, root, lines)
				}
				continue
			}
			file := "bounded.go"
			if root == "(*Acc).Stale" || root == "(*Acc).FillOver" || root == "(*Cursor).LoopBack" || root == "(*Cursor).Widen" || root == "CallerBP" ||
				strings.HasPrefix(root, "(*Acc).Capped") || strings.HasPrefix(root, "(*Acc).Below") {
				file = asm
			}
			marked := markedLines(t, "testdata/bounded/"+file, "// leak: "+mark)
			if len(marked) != 1 {
				t.Fatalf("%s: %d lines marked %q, want 1", file, len(marked), mark)
			}
			// At its line; what follows a store over the return address
			// (amd64's RET through it) may be found too.
			if want := fmt.Sprintf("%s:%d", file, marked[0]); !slices.Contains(lines, want) {
				t.Errorf("%s %s: %s: findings at %v, want one at %s", r.Build, r.Check, root, lines, want)
			}
		}
	}
}
