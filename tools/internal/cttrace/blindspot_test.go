package cttrace

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// oldLengths are the lengths of the plan before issue 24: every length to
// 300, one page, and one byte more than a chunk, with the basic classes
// only.
func oldLengths() []int {
	var ls []int
	for n := 0; n <= 300; n++ {
		ls = append(ls, n)
	}
	return append(ls, 4096, 65537)
}

// kernelCalls returns the lengths of the kernel calls that Compare makes
// for n bytes above impl.ShortMax (none at or below it): one call up to a
// chunk, then a call per chunk and one for the rest.
func kernelCalls(n int) []int {
	if n <= impl.ShortMax {
		return nil
	}
	var ms []int
	for n > impl.ChunkSize {
		ms = append(ms, impl.ChunkSize)
		n -= impl.ChunkSize
	}
	return append(ms, n)
}

// avx2Folded returns the bytes of the AVX2 kernel's folded accumulator
// (0-31) that a difference at byte p of a call of m bytes, m > 128, sets:
// the loop, the half block and the vector take 32-byte vectors from the
// start, up to the last multiple of 32, and the last partial vector is the
// one that ends where the input ends.
func avx2Folded(m, p int) []int {
	var bs []int
	if p < m&^31 {
		bs = append(bs, p%32)
	}
	if m%32 != 0 && p >= m-32 {
		if b := p - (m - 32); !slices.Contains(bs, b) {
			bs = append(bs, b)
		}
	}
	return bs
}

// forEachKernelCall calls f for each call of the kernel that Compare makes
// for c, with its length m and, where c's inputs differ in one byte, the
// byte's index in that call (-1 where the call's inputs are equal); for
// Random, every call's inputs differ everywhere (p = -2).
func forEachKernelCall(c plan.Call, f func(m, p int)) {
	pos, _, flip := c.Class.Flip(c.N)
	off := 0
	for _, m := range kernelCalls(c.N) {
		p := -1
		switch {
		case c.Class == plan.Random:
			p = -2
		case flip && pos >= off && pos < off+m:
			p = pos - off
		}
		f(m, p)
		off += m
	}
}

// TestPlantedBlindSpots holds issue 24's plants in the AVX2 kernel. Two
// leaks that the plan before it missed, each run under that plan (which
// must still miss it: the evidence that the plan's new classes and
// lengths are what sees it) and under today's plan (TestTraces', full or
// sampled), which must find exactly the calls that take the leak's path:
//
//   - avx2-lane16, a branch taken only when bytes 16-23 of the folded
//     accumulator are the only ones set: no input of the four basic
//     classes does that; a word class whose byte folds there does, at every
//     length above 128 bytes.
//   - avx2-bit9, a branch on the data in the reduction at lengths with
//     bit 9 set: none of the lengths 0-300, 4096, 65537 (whose chunks are
//     65536 and 1 bytes) has it.
//
// And three leaks that cttrace cannot see by design, which it must not
// report, so that the README's trust table says so from a measurement:
// a conditional jump to the next instruction (avx2-jump-next: the same
// instruction follows either way), a DIVQ by a divisor taken from the
// data (avx2-divq: the same instructions, no memory), and a PREFETCHT0 at
// an address taken from the data (avx2-prefetch: TCG executes a prefetch
// as no access at all). The static checks must catch all five
// (internal/kernelcheck's TestLeakyKernels reads the same plants).
func TestPlantedBlindSpots(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	// The plan of the "cannot see" controls: every path of the AVX2 kernel
	// and every class, at less cost than the default plan.
	var cannot []int
	for n := 0; n <= 300; n++ {
		cannot = append(cannot, n)
	}
	for n := 512; n <= 575; n++ {
		cannot = append(cannot, n)
	}
	cannot = append(cannot, 1024, 4096, 65537)
	// Today's plan: TestTraces' (the word classes at every length, or at
	// SampleWords' with CTEQUAL_TRACE=sample).
	var today []int
	if os.Getenv("CTEQUAL_TRACE") == "sample" {
		today = plan.SampleWords()
	}

	lane16 := func(c plan.Call) bool {
		hit := false
		forEachKernelCall(c, func(m, p int) {
			if m <= 128 || p < 0 {
				return
			}
			bs := avx2Folded(m, p)
			hit = hit || len(bs) > 0 && !slices.ContainsFunc(bs, func(b int) bool { return b < 16 || b > 23 })
		})
		return hit
	}
	bit9 := func(c plan.Call) bool {
		hit := false
		forEachKernelCall(c, func(m, p int) {
			hit = hit || m > 128 && m&0x200 != 0 && p != -1
		})
		return hit
	}
	for _, p := range []struct {
		plant string
		// want says which calls take the leak's path; nil: none may differ
		want func(plan.Call) bool
		// lengths and words of the plan; nil: the default's
		lengths, words []int
		name, what     string
	}{
		{"avx2-lane16", nil, oldLengths(), nil, "old-plan", "the plan before issue 24"},
		{"avx2-lane16", lane16, nil, today, "default-plan", "today's plan"},
		{"avx2-bit9", nil, oldLengths(), nil, "old-plan", "the plan before issue 24"},
		{"avx2-bit9", bit9, nil, today, "default-plan", "today's plan"},
		{"avx2-jump-next", nil, cannot, cannot, "blind", "cttrace (blind to it by design)"},
		{"avx2-divq", nil, cannot, cannot, "blind", "cttrace (blind to it by design)"},
		{"avx2-prefetch", nil, cannot, cannot, "blind", "cttrace (blind to it by design)"},
	} {
		t.Run(p.plant+"/"+p.name, func(t *testing.T) {
			overlay, err := PlantOverlay(context.Background(), p.plant, dir)
			if err != nil {
				t.Fatal(err)
			}
			c := on("amd64/haswell", "amd64-"+p.plant).withOverlay(overlay)
			c.Lengths, c.Words = p.lengths, p.words
			res := buildAndRun(t, c, dir)
			ds, err := Compare(res.Calls, res.Traces, res.Symbols)
			if err != nil {
				t.Fatal(err)
			}
			if p.want == nil {
				for i, d := range ds {
					if i == 5 {
						t.Errorf("... and %d more", len(ds)-i)
						break
					}
					t.Errorf("traces differ, where %s cannot see the leak: %v", p.what, d)
				}
				t.Logf("not seen by %s, as expected: %s", p.what, verdict(res, ds))
				return
			}
			if len(ds) == 0 {
				t.Fatalf("%s found no difference: it cannot see this leak (%s)", p.what, verdict(res, ds))
			}
			n := 0
			for _, c := range res.Calls {
				if p.want(c) {
					n++
				}
			}
			t.Logf("caught by %s: %s (%d predicted); the first: %v", p.what, verdict(res, ds), n, ds[0])
			checkDifferences(t, res, ds, p.want)
		})
	}
}
