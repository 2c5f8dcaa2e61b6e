package cttrace

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// configs are the configurations whose traces must be identical across
// classes: every run of the architecture table that cttrace traces. With
// CTEQUAL_TRACE=sample (CI), each runs the word classes at SampleWords'
// lengths only: every lane of every kernel still, at a third of the calls.
var configs = func() []Config {
	cs := Configs()
	if os.Getenv("CTEQUAL_TRACE") == "sample" {
		for i := range cs {
			if cs[i].Lengths == nil {
				cs[i].Words = plan.SampleWords()
			}
		}
	}
	return cs
}()

// on is the table's run spec (GOARCH/NAME) as a Config named name.
func on(spec, name string) Config {
	a, r, err := archfacts.FindRun(spec)
	if err != nil {
		panic(err)
	}
	c := ForRun(a, r)
	c.Name = name
	return c
}

// withArgs is c with the driver's flags args.
func (c Config) withArgs(args ...string) Config {
	c.Args = append(slices.Clone(c.Args), args...)
	return c
}

// withoutMem is c with the instructions from qemu's exec log, and no
// data addresses.
func (c Config) withoutMem() Config {
	c.Mem = false
	return c
}

// withOverlay is c built with a go build -overlay file.
func (c Config) withOverlay(overlay string) Config {
	c.Overlay = overlay
	return c
}

// needQEMU skips the test unless CTEQUAL_TRACE is 1 (the full plan) or
// sample, this is Linux, and the qemu-user programs and the go command are
// installed.
func needQEMU(t *testing.T) {
	t.Helper()
	if v := os.Getenv("CTEQUAL_TRACE"); v != "1" && v != "sample" {
		t.Skip("set CTEQUAL_TRACE=1 to trace the kernels under qemu-user (ten minutes on two cores; CTEQUAL_TRACE=sample, CI's, five)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("qemu-user runs on Linux only")
	}
	progs := []string{"go", "cc"}
	for _, a := range archfacts.All() {
		if len(a.Runs) > 0 {
			progs = append(progs, a.QEMUStatic(), a.QEMUPlugins())
		}
	}
	for _, prog := range progs {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install qemu-user-static gcc, and apt-get install --no-install-recommends qemu-user for the plugins): %v", prog, err)
		}
	}
}

// TestTraces runs Compare under qemu for every configuration and requires
// that, at every length, all classes execute the same sequence of
// instruction addresses and make the same sequence of memory accesses (the
// same addresses, sizes, loads and stores), and that the kernel meant is
// the one that ran.
func TestTraces(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	for _, c := range configs {
		t.Run(c.Name, func(t *testing.T) {
			start := time.Now()
			res := buildAndRun(t, c, dir)
			ds, err := Compare(res.Calls, res.Traces, res.Symbols)
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range ds {
				if i == 5 {
					t.Errorf("... and %d more", len(ds)-i)
					break
				}
				t.Errorf("traces differ: %v", d)
			}
			checkKernelRan(t, c, res)
			t.Logf("%s: %s, %s; %d preemptions cut, %d blocks retracted; %.1fs",
				res.Header, verdict(res, ds), sizes(res), res.Cuts, res.Stopped, time.Since(start).Seconds())
		})
	}
}

func buildAndRun(t *testing.T, c Config, dir string) *Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bin, err := Build(ctx, c, dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, c, bin)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkKernelRan requires that every call of more than impl.ShortMax
// bytes entered the expected kernel, and, for DIT, executed MSR DIT, #1.
func checkKernelRan(t *testing.T, c Config, res *Result) {
	t.Helper()
	name := map[string]string{
		"avx2": "equalAVX2", "sse2": "equalSSE2", "neon": "equalNEON", "rvv": "equalRVV", "generic": "equalGeneric",
		"vsx": "equalVSX", "vx": "equalVX",
	}[c.Kernel]
	entry, ok := res.Symbols.Addr(KernelPackage + "." + name)
	if !ok {
		t.Fatalf("no symbol %s.%s in the driver", KernelPackage, name)
	}
	for i, call := range res.Calls {
		if call.N <= impl.ShortMax {
			continue
		}
		tr := res.Traces[i]
		if !contains(tr, entry) {
			t.Fatalf("%d bytes, %s: the trace never enters %s", call.N, call.Class, name)
		}
		if c.GOARCH == "arm64" && c.Kernel == "neon" {
			if dit := ranMSRDIT(tr, res.Symbols); dit != c.DIT {
				t.Fatalf("%d bytes, %s: MSR DIT, #1 executed: %v, want %v", call.N, call.Class, dit, c.DIT)
			}
		}
	}
}

// msrDIT1 is MSR DIT, #1: MSR (immediate) with op1 3, CRm 1, op2 2.
const msrDIT1 = 0xd503415f

func ranMSRDIT(trace []uint64, syms *Symbols) bool {
	for _, pc := range trace {
		if w, ok := syms.Word32(pc); ok && w == msrDIT1 {
			return true
		}
	}
	return false
}

func contains(tr []uint64, pc uint64) bool {
	for _, p := range tr {
		if p == pc {
			return true
		}
	}
	return false
}

// verdict says what the comparison of res's traces found: all identical,
// or how many differ.
func verdict(res *Result, ds []Divergence) string {
	lengths, words := 0, 0
	for _, c := range res.Calls {
		switch {
		case c.Class == plan.Equal:
			lengths++
		case c.Class >= plan.HeadWord:
			words++
		}
	}
	what := "instruction traces"
	if res.Accesses > 0 {
		what = fmt.Sprintf("instruction and memory traces (%d accesses)", res.Accesses)
	}
	desc := fmt.Sprintf("%d lengths x %d classes + %d word-class calls", lengths, plan.NumBasic, words)
	if len(ds) == 0 {
		return fmt.Sprintf("%s: %s identical", desc, what)
	}
	return fmt.Sprintf("%s: %s: %d of the %d calls with unequal inputs DIFFER from equal inputs'",
		desc, what, len(ds), len(res.Calls)-lengths)
}

// sizes reports the instructions per call of the equal inputs at a few
// lengths.
func sizes(res *Result) string {
	var parts []string
	for i, c := range res.Calls {
		switch c.N {
		case 0, 64, 300, 1100, 4096, 65537, 131073:
			if c.Class == plan.Equal {
				parts = append(parts, fmt.Sprintf("%d B: %d", c.N, Instructions(res.Traces[i])))
			}
		}
	}
	return "instructions per call " + strings.Join(parts, ", ")
}

// TestPlantedLeaks is the negative control: the same check must report
// comparisons that leak, and where. bytes.Equal returns at the first
// differing block. The overlay builds end a reduction in
// `if v != 0 { return 0 }` instead of isZero(v), which the compiler turns
// into a branch to one of two returns: in the portable kernel under purego,
// where Compare uses it above impl.ShortMax bytes, and in Compare's own
// straight-line path up to ShortMax, on the shipped build.
func TestPlantedLeaks(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	kernelLeak := plantBranch(t, dir, "equal_generic.go", "isZero(a0 | a1 | a2 | a3)")
	shortLeak := plantBranch(t, dir, "equal.go", "isZero(v)")
	plant := func(name string) string {
		overlay, err := PlantOverlay(context.Background(), name, dir)
		if err != nil {
			t.Fatal(err)
		}
		return overlay
	}
	jcxz, sbb, btTable := plant("avx2-jcxz"), plant("avx2-sbb"), plant("avx2-bt-table")
	lengths := []int{0, 1, 2, 7, 8, 31, 32, 63, 64, 65, 100, 200, 300, 1000, 4096}
	// The red team's AVX2 plants test the fourth accumulator, which random
	// inputs set at once; inputs that differ in their first byte never set
	// it, so only the calls of random inputs must differ. Its two branches
	// leave the loop, which runs from 256 bytes; its table lookup is in the
	// reduction, which runs above 128 bytes.
	randomFrom := func(lo int) func(plan.Call) bool {
		return func(c plan.Call) bool { return c.N >= lo && c.Class == plan.Random }
	}
	leaks := []struct {
		c Config
		// want reports whether the check must find the call's trace
		// different from that of equal inputs; nil: somewhere.
		want func(plan.Call) bool
		// must, if set instead, says which calls must differ, and others
		// may; none says that no call may: a leak the check cannot see,
		// kept to show that another part of it is what sees it.
		must func(plan.Call) bool
		none bool
	}{
		{on("amd64/haswell", "amd64-bytes.Equal").withArgs("-impl", "bytes.Equal"), nil, nil, false},
		{on("arm64/a53", "arm64-bytes.Equal").withArgs("-impl", "bytes.Equal"), nil, nil, false},
		{on("ppc64le/power8", "ppc64le-bytes.Equal").withArgs("-impl", "bytes.Equal"), nil, nil, false},
		{on("s390x/max", "s390x-bytes.Equal").withArgs("-impl", "bytes.Equal"), nil, nil, false},
		{on("amd64/purego", "amd64-purego-kernel-branch").withOverlay(kernelLeak), unequalFrom(impl.ShortMax+1, math.MaxInt), nil, false},
		{on("arm64/purego", "arm64-purego-kernel-branch").withOverlay(kernelLeak), unequalFrom(impl.ShortMax+1, math.MaxInt), nil, false},
		{on("amd64/haswell", "amd64-short-path-branch").withOverlay(shortLeak), unequalFrom(1, impl.ShortMax), nil, false},
		{on("riscv64/rvv128", "riscv64-rvv-early-exit").withOverlay(plantRVVExit(t, dir)), unequalFrom(impl.ShortMax+1, math.MaxInt), nil, false},
		{c: on("amd64/haswell", "amd64-avx2-jcxz").withOverlay(jcxz), must: randomFrom(256)},
		{c: on("amd64/haswell", "amd64-avx2-sbb").withOverlay(sbb), must: randomFrom(256)},
		{c: on("amd64/haswell", "amd64-avx2-bt-table").withOverlay(btTable), must: randomFrom(129)},
		{c: on("amd64/haswell", "amd64-avx2-bt-table-without-addresses").withOverlay(btTable).withoutMem(), none: true},
	}
	for _, l := range leaks {
		t.Run(l.c.Name, func(t *testing.T) {
			l.c.Lengths = lengths
			res := buildAndRun(t, l.c, dir)
			ds, err := Compare(res.Calls, res.Traces, res.Symbols)
			if err != nil {
				t.Fatal(err)
			}
			if l.none {
				for _, d := range ds {
					t.Errorf("traces differ, where they cannot: %v", d)
				}
				t.Logf("not seen, as expected: %s", verdict(res, ds))
				return
			}
			if len(ds) == 0 {
				t.Fatalf("the check found no difference: it cannot see this leak (%s)", verdict(res, ds))
			}
			t.Logf("caught: %s; the first: %v", verdict(res, ds), ds[0])
			found := map[plan.Call]bool{}
			for _, d := range ds {
				found[plan.Call{N: d.N, Class: d.Class}] = true
			}
			if l.must != nil {
				for _, c := range res.Calls {
					if l.must(c) && !found[c] {
						t.Errorf("%d bytes, %s: no difference found, want one", c.N, c.Class)
					}
				}
				return
			}
			if l.want == nil {
				// bytes.Equal stops after the first block at 4096 bytes.
				if !slices.ContainsFunc(ds, func(d Divergence) bool { return d.N == 4096 && d.Class == plan.FirstDiff }) {
					t.Errorf("no difference for 4096 bytes whose first differs")
				}
				return
			}
			checkDifferences(t, res, ds, l.want)
		})
	}
}

// unequalFrom is where a planted branch on the result leaks: for lengths
// lo..hi, every class whose inputs differ.
func unequalFrom(lo, hi int) func(plan.Call) bool {
	return func(c plan.Call) bool { return c.N >= lo && c.N <= hi && c.Class != plan.Equal }
}

// plantBranch writes a copy of file, in KernelPackage, in which
// `return reduction` becomes `if v != 0 { return 0 }; return 1`, with v
// the argument of isZero, and a go build -overlay file that puts the copy
// in the original's place, and returns the overlay file's path.
func plantBranch(t *testing.T, dir, file, reduction string) string {
	t.Helper()
	kdir, err := PackageDir(context.Background(), KernelPackage)
	if err != nil {
		t.Fatal(err)
	}
	orig := filepath.Join(kdir, file)
	ret := "\treturn " + reduction + "\n"
	v := strings.TrimSuffix(strings.TrimPrefix(reduction, "isZero("), ")")
	branch := fmt.Sprintf("\tif %s != 0 {\n\t\treturn 0\n\t}\n\treturn 1\n", v)
	overlay, err := writeOverlay(orig, dir, strings.TrimSuffix(file, ".go"), func(src []byte) ([]byte, error) {
		if bytes.Count(src, []byte(ret)) != 1 {
			return nil, fmt.Errorf("%s does not have one %q any more: update TestPlantedLeaks to plant its leak in the new code", orig, strings.TrimSpace(ret))
		}
		return bytes.Replace(src, []byte(ret), []byte(branch), 1), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return overlay
}

// execLogConfigs are the configurations TestTracesPluginMatchesExecLog
// runs: of each architecture's, purego and an assumed DIT aside, the
// first at its highest level (the most kernel code: POWER10's loop, the
// RVV build).
func execLogConfigs() []Config {
	var out []Config
	for _, a := range archfacts.All() {
		var pick *archfacts.Run
		for _, r := range a.Runs {
			if r.Trace && !r.Purego && !r.AssumeDIT && (pick == nil || a.LevelIndex(r.Level) > a.LevelIndex(pick.Level)) {
				pick = &r
			}
		}
		if pick != nil {
			out = append(out, ForRun(a, *pick))
		}
	}
	return out
}

// TestTracesPluginMatchesExecLog checks memplugin's instruction trace
// against qemu's own exec log, on each architecture: the same driver,
// under the two, must give every call the same sequence of instruction
// addresses, once the memory accesses are left out of the plugin's. The
// exec log (one instruction per block, qemu-user-static) is qemu's
// account of what ran; the plugin, which TestTraces and the controls use
// because it costs a hundredth as much, is ours.
func TestTracesPluginMatchesExecLog(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	lengths := []int{0, 1, 7, 16, 33, 64, 65, 100, 129, 200, 255, 256, 300, 1024, 4097}
	words := []int{100, 300}
	for _, c := range execLogConfigs() {
		c.Lengths, c.Words = lengths, words
		t.Run(c.Name, func(t *testing.T) {
			c.Mem = true
			plugin := buildAndRun(t, c, dir)
			c.Mem = false
			execLog := buildAndRun(t, c, dir)
			if !slices.Equal(plugin.Calls, execLog.Calls) {
				t.Fatalf("the two runs made different calls")
			}
			bad := 0
			for i, call := range plugin.Calls {
				var insns []uint64
				for _, e := range plugin.Traces[i] {
					if !IsMem(e) {
						insns = append(insns, e)
					}
				}
				if !slices.Equal(insns, execLog.Traces[i]) {
					if bad++; bad <= 5 {
						t.Errorf("%d bytes, %s: memplugin logged %d instructions, the exec log %d", call.N, call.Class.Name(call.N), len(insns), len(execLog.Traces[i]))
					}
				}
			}
			t.Logf("%d calls: the same instructions in both logs for %d (%d accesses besides); %d and %d preemptions cut",
				len(plugin.Calls), len(plugin.Calls)-bad, plugin.Accesses, plugin.Cuts, execLog.Cuts)
		})
	}
}
