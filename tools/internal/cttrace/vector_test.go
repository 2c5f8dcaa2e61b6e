package cttrace

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// TestPlantedLeaksAsm is the negative control for the ppc64le and s390x
// kernels: a branch on the folded accumulator, planted in the generated
// assembly, must show in the traces of every unequal call that reaches the
// kernel (above impl.ShortMax bytes), and in no other.
func TestPlantedLeaksAsm(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	lengths := []int{0, 1, 63, 64, 65, 100, 127, 128, 129, 4096}
	for _, p := range []struct {
		c          Config
		file, at   string
		planted    string
		skipTarget string
	}{
		{on("ppc64le/power8", "ppc64le-vsx-branch"),
			"equal_ppc64le.s", "\tMFVSRD\tV0, R7\n", "\tCMP\tR7, $0\n\tBEQ\tplanted\n\tMOVD\tR7, R7\n", "planted"},
		{on("ppc64le/power10", "ppc64le-power10-vsx-branch"),
			"equal_ppc64le.s", "\tMFVSRD\tV0, R7\n", "\tCMP\tR7, $0\n\tBEQ\tplanted\n\tMOVD\tR7, R7\n", "planted"},
		{on("s390x/max", "s390x-vx-branch"),
			"equal_s390x.s", "\tVLGVG\t$1, V0, R6\n\tOR\tR6, R5\n", "\tCMPBEQ\tR5, $0, planted\n\tMOVD\tR5, R5\n", "planted"},
	} {
		t.Run(p.c.Name, func(t *testing.T) {
			p.c.Overlay = plantAsm(t, dir, p.file, p.at, p.at+p.planted+"\n"+p.skipTarget+":\n")
			p.c.Lengths = lengths
			res := buildAndRun(t, p.c, dir)
			ds, err := Compare(res.Calls, res.Traces, res.Symbols)
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) == 0 {
				t.Fatalf("the check found no difference: it cannot see this leak")
			}
			t.Logf("caught: %d of %d calls differ; the first: %v", len(ds), len(res.Calls)-len(lengths), ds[0])
			checkDifferences(t, res, ds, unequalFrom(impl.ShortMax+1, math.MaxInt))
		})
	}
}

// plantAsm writes a copy of the library's file with its only occurrence
// of old replaced by new, and a go build -overlay file that puts the copy
// in the original's place, and returns the overlay file's path.
func plantAsm(t *testing.T, dir, file, old, new string) string {
	t.Helper()
	return plantAsmWith(t, dir, file, old, new, "")
}

// plantAsmWith is plantAsm that also appends tail to the copy.
func plantAsmWith(t *testing.T, dir, file, old, new, tail string) string {
	t.Helper()
	orig := library(t).Path(file)
	src, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(src, []byte(old)) != 1 {
		t.Fatalf("%s does not have one %q any more: update TestPlantedLeaksAsm to plant its leak in the new code", orig, strings.TrimSpace(old))
	}
	leakyPath := filepath.Join(dir, "leaky_"+file)
	overlayPath := filepath.Join(dir, "overlay_"+strings.TrimSuffix(file, ".s")+".json")
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {orig: leakyPath}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leakyPath, append(bytes.Replace(src, []byte(old), []byte(new), 1), tail...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlayPath, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	return overlayPath
}

// TestPlantedTableLookups is the negative control of the memory traces on
// riscv64, ppc64le and s390x: after each kernel has made its 0/1 answer, a
// planted load reads a table at 64 times it. No branch changes and the
// answer stays right; only the address of one load depends on the data.
// The memory trace must show it in every unequal call that reaches the
// kernel, and the instruction trace alone must not: it is the memory
// trace that sees it.
func TestPlantedTableLookups(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	const table = "\nGLOBL ·plantedTable(SB), NOPTR, $128\n"
	for _, p := range []struct {
		c       Config
		file    string
		after   string // the instruction that makes the answer
		planted string
	}{
		{on("riscv64/rvv128", "riscv64-rvv-table"),
			"equal_riscv64.s", "\tSEQZ\tX6, X6\n", "\tSLLI\t$6, X6, X7\n\tMOV\t$·plantedTable(SB), X8\n\tADD\tX7, X8, X8\n\tMOV\t(X8), X8\n"},
		{on("ppc64le/power8", "ppc64le-vsx-table"),
			"equal_ppc64le.s", "\tXOR\t$1, R6, R6\n", "\tSLD\t$6, R6, R8\n\tMOVD\t$·plantedTable(SB), R9\n\tMOVD\t(R9)(R8), R9\n"},
		{on("ppc64le/power10", "ppc64le-power10-vsx-table"),
			"equal_ppc64le.s", "\tXOR\t$1, R6, R6\n", "\tSLD\t$6, R6, R8\n\tMOVD\t$·plantedTable(SB), R9\n\tMOVD\t(R9)(R8), R9\n"},
		{on("s390x/max", "s390x-vx-table"),
			"equal_s390x.s", "\tXOR\t$1, R5\n", "\tSLD\t$6, R5, R7\n\tMOVD\t$·plantedTable(SB), R8\n\tMOVD\t(R8)(R7*1), R8\n"},
	} {
		overlay := plantAsmWith(t, dir, p.file, p.after, p.after+p.planted, table)
		for _, mem := range []bool{true, false} {
			c := p.c
			c.Overlay, c.Mem, c.Lengths = overlay, mem, []int{0, 64, 65, 100, 128, 129, 4096}
			if !mem {
				c.Name += "-without-addresses"
			}
			t.Run(c.Name, func(t *testing.T) {
				res := buildAndRun(t, c, dir)
				ds, err := Compare(res.Calls, res.Traces, res.Symbols)
				if err != nil {
					t.Fatal(err)
				}
				if !mem {
					for _, d := range ds {
						t.Errorf("traces differ, where they cannot: %v", d)
					}
					t.Logf("not seen, as expected: %s", verdict(res, ds))
					return
				}
				if len(ds) == 0 {
					t.Fatalf("the check found no difference: it cannot see this leak")
				}
				t.Logf("caught: %s; the first: %v", verdict(res, ds), ds[0])
				checkDifferences(t, res, ds, unequalFrom(impl.ShortMax+1, math.MaxInt))
				// The plant changes an address, not the instructions: each
				// call's first difference must be a memory access.
				for _, d := range ds {
					if !IsMem(d.Want) || !IsMem(d.Got) {
						t.Errorf("%v: want the first difference in a data address", d)
					}
				}
			})
		}
	}
}

// checkDifferences checks that the calls whose traces differ from equal
// inputs' (ds) are exactly the unequal calls that want names.
func checkDifferences(t *testing.T, res *Result, ds []Divergence, want func(plan.Call) bool) {
	t.Helper()
	found := map[plan.Call]bool{}
	for _, d := range ds {
		found[plan.Call{N: d.N, Class: d.Class}] = true
	}
	for _, c := range res.Calls {
		if c.Class != plan.Equal && found[c] != want(c) {
			t.Errorf("%d bytes, %s: difference found %v, want %v", c.N, c.Class, found[c], want(c))
		}
	}
}
