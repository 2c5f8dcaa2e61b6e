package cttrace

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	// The library registers its kernels with impl: without it impl.List
	// is empty, and the test skipped on every CPU.
	_ "github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/internal/race"
)

// dudectPackage is ctequal check's timing engine, whose tests time every
// kernel.
const dudectPackage = "github.com/ctequal/ctequal/cmd/ctequal/internal/dudect"

// A dudectResult is one line of the results file that dudect's
// TestEveryKernelIsConstantTime writes.
type dudectResult struct {
	Kernel         string
	N              int
	Pair           string
	MaxT, ConfirmT float64
	Leak           bool
}

// TestPlantedKernelLeaksAreFound builds the tests of ctequal check's
// timing engine (cmd/ctequal/internal/dudect) with a leak planted in the
// AVX2 kernel (from testdata/plants), runs its
// TestEveryKernelIsConstantTime on that kernel in the binary, and
// requires the leak found where it is large, and, where the plant cannot
// act, not found. The kernel is called directly, so the test runs the
// AVX2 kernel whatever this CPU would select.
//
// The red team's plants 1 and 2 of issue 20 end the loop early once its
// fourth accumulator is non-zero, through JCXZQ, and through SBBQ of a
// register with itself: they must be found at 1000 and 4096 bytes for
// inputs that differ everywhere (fixed vs random), and at 4096 for inputs
// that differ in one lane (a quarter of them in that accumulator's lanes).
// The first byte differing is not among them: it lands in the first
// accumulator, which the plants do not test.
//
// Issue 24's avx2-bit13-delay spins for about 64 cycles when the inputs
// differ, at lengths with bit 13 set only: none of the sizes before that
// issue (16, 65, 200, 1000, 4096, 40000) has it, and 8192, the power of two
// added for bit 13, does. It must be found at 8192 bytes for every pair
// whose class 1 differs from x and class 0 does not (all but unequal fixed
// vs random, whose classes both differ), and not at 4096.
func TestPlantedKernelLeaksAreFound(t *testing.T) {
	if os.Getenv("CTEQUAL_DUDECT") != "1" {
		t.Skip("a timing test: set CTEQUAL_DUDECT=1 to run it")
	}
	if race.Enabled {
		t.Skip("timings mean nothing under the race detector")
	}
	if runtime.GOARCH != "amd64" || !supported("avx2") {
		if slices.Contains(strings.Split(os.Getenv("CTEQUAL_REQUIRE_KERNELS"), ","), "avx2") {
			t.Fatal("CTEQUAL_REQUIRE_KERNELS names avx2, which this test finds unsupported")
		}
		t.Skip("the plants are in the amd64 AVX2 kernel, which this CPU cannot run")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the planted kernel with")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// The timing engine is the command's, in a module of its own: its
	// package's folder, from the workspace.
	out, err := exec.CommandContext(ctx, "go", "list", "-f", "{{.Dir}}", dudectPackage).Output()
	if err != nil {
		t.Fatalf("go list %s: %v (the workspace's go.work puts the command's module beside this one)", dudectPackage, err)
	}
	pkgDir := strings.TrimSpace(string(out))
	dir := t.TempDir()
	type at struct {
		n    int
		pair string
	}
	// The class pairs, as the results name them (dudect.ClassPair's
	// String): the first byte, the last byte or one lane differs, fixed
	// against random, and unequal fixed against random.
	pairs := []string{"equal vs first byte differs", "equal vs last byte differs", "equal vs one lane differs",
		"fixed vs random", "unequal fixed vs random"}
	first, last, lane, fixed := pairs[0], pairs[1], pairs[2], pairs[3]
	bit13 := []at{{8192, first}, {8192, last}, {8192, lane}, {8192, fixed}}
	var bit13Not []at
	for _, pair := range pairs {
		bit13Not = append(bit13Not, at{4096, pair})
	}
	earlyExit := []at{{1000, fixed}, {4096, fixed}, {4096, lane}}
	for _, p := range []struct {
		plant      string
		sizes      string
		found, not []at
	}{
		{"avx2-jcxz", "1000,4096", earlyExit, nil},
		{"avx2-sbb", "1000,4096", earlyExit, nil},
		{"avx2-bit13-delay", "4096,8192", bit13, bit13Not},
	} {
		t.Run(p.plant, func(t *testing.T) {
			overlay, err := PlantOverlay(ctx, p.plant, dir)
			if err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, p.plant+".test")
			build := exec.CommandContext(ctx, "go", "test", "-c", "-overlay", overlay, "-o", bin, ".")
			build.Dir = pkgDir
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go test -c -overlay %s: %v\n%s", overlay, err, out)
			}
			resultsPath := filepath.Join(dir, p.plant+".jsonl")
			cmd := exec.CommandContext(ctx, bin, "-test.run", "^TestEveryKernelIsConstantTime$")
			cmd.Env = append(os.Environ(), "CTEQUAL_DUDECT=1", "CTEQUAL_DUDECT_KERNEL=avx2",
				"CTEQUAL_DUDECT_SIZES="+p.sizes, "CTEQUAL_DUDECT_RESULTS="+resultsPath)
			out, runErr := cmd.CombinedOutput()
			data, err := os.ReadFile(resultsPath)
			if err != nil {
				t.Fatalf("the planted build wrote no results (%v): %v\n%s", runErr, err, out)
			}
			got := map[string]dudectResult{}
			for line := range strings.Lines(string(data)) {
				var r dudectResult
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%s: %v", resultsPath, err)
				}
				got[fmt.Sprintf("%d %s", r.N, r.Pair)] = r
				t.Logf("planted %s: %s, %d bytes, %s: max |t| = %.1f, rerun %.1f, leak %v", p.plant, r.Kernel, r.N, r.Pair, r.MaxT, r.ConfirmT, r.Leak)
			}
			if want := (strings.Count(p.sizes, ",") + 1) * len(pairs); len(got) != want {
				t.Fatalf("%d results, want %d\n%s", len(got), want, out)
			}
			for _, w := range p.found {
				if r := got[fmt.Sprintf("%d %s", w.n, w.pair)]; !r.Leak {
					t.Errorf("planted %s not found at %d bytes, %s: max |t| = %.2f, rerun %.2f", p.plant, w.n, w.pair, r.MaxT, r.ConfirmT)
				}
			}
			for _, w := range p.not {
				if r := got[fmt.Sprintf("%d %s", w.n, w.pair)]; r.Leak {
					t.Errorf("planted %s found at %d bytes, %s, where it cannot act: max |t| = %.2f, rerun %.2f", p.plant, w.n, w.pair, r.MaxT, r.ConfirmT)
				}
			}
			if runErr == nil {
				t.Errorf("the planted build's TestEveryKernelIsConstantTime passed")
			}
		})
	}
}

// supported reports whether the kernel called name runs on this CPU.
func supported(name string) bool {
	for _, k := range impl.List() {
		if k.Name == name {
			return k.Supported
		}
	}
	return false
}
