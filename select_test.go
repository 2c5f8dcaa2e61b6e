package ctequal

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// TestStartupSelection: the kernel chosen at start-up is the first that
// the CPU supports, as choose says, and its flag alone is set; the
// portable kernel comes last, needs nothing, is supported everywhere and
// has no flag. (impl.Register refuses a name twice and a kernel after the
// portable one.)
func TestStartupSelection(t *testing.T) {
	last := kernels[len(kernels)-1]
	if last != portable || last.Needs != 0 || !last.Supported || last.Use != nil {
		t.Fatalf("last kernel is %q (needs %v, supported %v, flag %v), want the portable kernel, needing nothing, supported, with no flag",
			last.Name, last.Needs, last.Supported, last.Use != nil)
	}
	for _, k := range kernels {
		if k.Supported != impl.CPU().HasAll(k.Needs) {
			t.Errorf("kernel %s: Supported %v, but the CPU has %v and it needs %v", k.Name, k.Supported, impl.CPU(), k.Needs)
		}
	}
	// The first supported, but one that gives way to a feature the CPU has.
	first := slices.IndexFunc(kernels, func(k *kernel) bool { return k.Supported && impl.CPU()&k.GivesWay == 0 })
	if got := Kernel(); got != kernels[first].Name {
		t.Fatalf("Kernel() = %s, want %s, the first supported of %d that does not give way", got, kernels[first].Name, len(kernels))
	}
	if got := choose(impl.CPU(), kernels); got != Kernel() {
		t.Fatalf("choose(CPU) = %s, Kernel() = %s", got, Kernel())
	}
	checkFlags(t)
}

// TestSelect: every supported kernel can be selected, which sets its flag
// alone, and Kernel reports it; restore puts the flags back; unknown or
// unsupported names are refused and change nothing.
func TestSelect(t *testing.T) {
	before := Kernel()
	for _, k := range impl.List() {
		restore, ok := impl.Select(k.Name)
		if ok != k.Supported {
			t.Errorf("impl.Select(%q) = %v, kernel supported: %v", k.Name, ok, k.Supported)
		}
		if ok && Kernel() != k.Name {
			t.Errorf("after impl.Select(%q), Kernel() = %s", k.Name, Kernel())
		}
		if !ok && Kernel() != before {
			t.Errorf("a refused impl.Select(%q) changed the kernel to %s", k.Name, Kernel())
		}
		checkFlags(t)
		restore()
		if Kernel() != before {
			t.Fatalf("restore left %s selected, want %s", Kernel(), before)
		}
	}
	if _, ok := impl.Select("nonesuch"); ok {
		t.Error("impl.Select accepted an unknown kernel")
	}
}

// checkFlags: equalVector jumps by the use flags, so at most one of them
// is set, and it is the selected kernel's; none is for the portable kernel.
func checkFlags(t *testing.T) {
	t.Helper()
	var set []string
	for _, k := range kernels {
		if k.Use != nil && *k.Use {
			set = append(set, k.Name)
		}
	}
	if len(set) > 1 || len(set) == 1 && set[0] != Kernel() || len(set) == 0 && Kernel() != "generic" {
		t.Errorf("flags set: %v, Kernel() = %s", set, Kernel())
	}
}

// TestSelectionGODEBUG re-runs this test binary with GODEBUG switches off
// and checks the kernel the child selects.
func TestSelectionGODEBUG(t *testing.T) {
	if os.Getenv("CTEQUAL_WANT_KERNEL") != "" {
		t.Skip("child process")
	}
	supported := map[string]bool{}
	archsimd := false
	for _, k := range impl.List() {
		supported[k.Name] = k.Supported
		archsimd = archsimd || strings.HasPrefix(k.Name, "archsimd-")
	}
	// archsimd: what a build with the archsimd kernels (GOEXPERIMENT=simd)
	// selects instead, where it differs; that build needs the archsimd
	// kernel of needs' width.
	cases := []struct{ godebug, want, needs, archsimd string }{
		{"cpu.avx512f=off", "avx2", "avx512", "archsimd-avx2"},
		{"cpu.avx512bw=off", "avx2", "avx512", "archsimd-avx2"},
		{"cpu.avx512vl=off", "avx2", "avx512", "archsimd-avx2"},
		{"cpu.avx512vbmi2=off", "avx2", "avx512", "archsimd-avx2"},
		{"cpu.avx2=off", "sse2", "avx2", "archsimd-avx"},
		{"cpu.avx=off", "sse2", "avx2", "sse2"},
		{"cpu.v=off", "generic", "rvv", ""},
		{"cpu.all=off", "generic", "rvv", ""},
		{"cpu.vx=off", "generic", "vx", ""},
		{"cpu.lasx=off", "lsx", "lasx", ""},
		{"cpu.lasx=off,cpu.lsx=off", "generic", "lasx", ""},
		{"cpu.lsx=off", "lasx", "lasx", ""},
	}
	ran := 0
	for _, c := range cases {
		if archsimd && c.archsimd != "" {
			c.want, c.needs = c.archsimd, "archsimd-"+c.needs
		}
		if !supported[c.needs] {
			t.Logf("%s: this build or CPU has no %s kernel, skipped", c.godebug, c.needs)
			continue
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSelectedKernelIs$", "-test.v")
		cmd.Env = append(os.Environ(), "GODEBUG="+c.godebug, "CTEQUAL_WANT_KERNEL="+c.want)
		out, err := cmd.CombinedOutput()
		if errors.Is(err, syscall.ENOEXEC) {
			// qemu-user without binfmt_misc cannot start a child of the
			// emulated binary: CI runs the suite with this GODEBUG instead.
			t.Logf("GODEBUG=%s: cannot start a child process here (%v), skipped", c.godebug, err)
			continue
		}
		if err != nil || !bytes.Contains(out, []byte("--- PASS: TestSelectedKernelIs")) {
			t.Errorf("GODEBUG=%s: want kernel %s: %v\n%s", c.godebug, c.want, err, out)
		}
		ran++
	}
	if ran == 0 {
		t.Skip("no GODEBUG switch changes the selection on this build")
	}
}

// TestSelectedKernelIs runs in the child processes of TestSelectionGODEBUG,
// and where CI runs the suite on an emulated CPU (qemu -cpu Haswell must
// select avx2, -cpu Nehalem sse2) with CTEQUAL_WANT_KERNEL set.
func TestSelectedKernelIs(t *testing.T) {
	want := os.Getenv("CTEQUAL_WANT_KERNEL")
	if want == "" {
		t.Skip("run by TestSelectionGODEBUG with CTEQUAL_WANT_KERNEL set")
	}
	if got := Kernel(); got != want {
		t.Fatalf("GODEBUG=%s: Kernel() = %q, want %q", os.Getenv("GODEBUG"), got, want)
	}
	checkFlags(t)
}

// TestChooseGivesWay: a kernel that gives way to a feature is not chosen
// where the CPU has it, though it runs there (archsimd-neon gives way to
// the NEON assembly where the CPU has DIT, which only the assembly sets).
func TestChooseGivesWay(t *testing.T) {
	ks := []*kernel{
		{Kernel: impl.Kernel{Name: "go", Needs: impl.Of(impl.ASIMD), GivesWay: impl.Of(impl.DIT)}},
		{Kernel: impl.Kernel{Name: "asm", Needs: impl.Of(impl.ASIMD)}},
		portable,
	}
	for _, c := range []struct {
		have impl.Features
		want string
	}{
		{impl.Of(impl.ASIMD), "go"},
		{impl.Of(impl.ASIMD, impl.DIT), "asm"},
		{0, "generic"},
	} {
		if got := choose(c.have, ks); got != c.want {
			t.Errorf("choose(%v) = %s, want %s", c.have, got, c.want)
		}
	}
}
