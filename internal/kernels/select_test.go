package kernels

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestFeatureNames(t *testing.T) {
	seen := map[string]Feature{}
	for f := range numFeatures {
		name := f.String()
		if name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, " ,=") {
			t.Errorf("feature %d has name %q: want a GODEBUG name like avx2", f, name)
		}
		if g, dup := seen[name]; dup {
			t.Errorf("features %d and %d are both called %q", g, f, name)
		}
		seen[name] = f
	}
	if s := Of(SSE2, AVX2).String(); s != "avx2, sse2" {
		t.Errorf("Of(SSE2, AVX2).String() = %q, want %q", s, "avx2, sse2")
	}
	if !Of(AVX, AVX2).HasAll(Of(AVX2)) || Of(AVX2).HasAll(Of(AVX, AVX2)) || !Of().HasAll(0) {
		t.Error("HasAll is wrong")
	}
}

// TestTable: the portable kernel comes last, needs nothing and is supported
// everywhere; names are unique; Selected is the first supported kernel.
func TestTable(t *testing.T) {
	ks := All()
	last := ks[len(ks)-1]
	if last.Name != "generic" || last.Needs != 0 || !last.Supported {
		t.Fatalf("last kernel is %q (needs %v, supported %v), want generic, needing nothing, supported", last.Name, last.Needs, last.Supported)
	}
	names := map[string]bool{}
	for _, k := range ks {
		if names[k.Name] {
			t.Errorf("two kernels are called %q", k.Name)
		}
		names[k.Name] = true
		if k.Equal == nil {
			t.Errorf("kernel %s has no function", k.Name)
		}
		if k.Supported != CPU().HasAll(k.Needs) {
			t.Errorf("kernel %s: Supported %v, but the CPU has %v and it needs %v", k.Name, k.Supported, CPU(), k.Needs)
		}
	}
	first := -1
	for i, k := range ks {
		if k.Supported {
			first = i
			break
		}
	}
	if got := Selected(); got.Name != ks[first].Name || !got.Supported {
		t.Fatalf("Selected() = %s (supported %v), want %s, the first supported of %d", got.Name, got.Supported, ks[first].Name, len(ks))
	}
	ks[0].Name = "changed"
	if All()[0].Name == "changed" {
		t.Fatal("All returns the package's own table: a caller can change it")
	}
}

// TestSetForTesting: every supported kernel can be selected and Selected
// reports it; restore puts the selection back; unknown or unsupported
// names are refused.
func TestSetForTesting(t *testing.T) {
	before := Selected().Name
	for _, k := range All() {
		restore, ok := SetForTesting(k.Name)
		if ok != k.Supported {
			t.Errorf("SetForTesting(%q) = %v, kernel supported: %v", k.Name, ok, k.Supported)
		}
		if ok && Selected().Name != k.Name {
			t.Errorf("after SetForTesting(%q), Selected() = %s", k.Name, Selected().Name)
		}
		checkDispatch(t)
		restore()
		if Selected().Name != before {
			t.Fatalf("restore left %s selected, want %s", Selected().Name, before)
		}
	}
	if _, ok := SetForTesting("nonesuch"); ok {
		t.Error("SetForTesting accepted an unknown kernel")
	}
}

// TestSelectionGODEBUG re-runs this test binary with GODEBUG switches off
// and checks the kernel the child selects.
func TestSelectionGODEBUG(t *testing.T) {
	if os.Getenv("CTEQUAL_WANT_KERNEL") != "" {
		t.Skip("child process")
	}
	supported := map[string]bool{}
	for _, k := range All() {
		supported[k.Name] = k.Supported
	}
	cases := []struct{ godebug, want, needs string }{
		{"cpu.avx512f=off", "avx2", "avx512"},
		{"cpu.avx512bw=off", "avx2", "avx512"},
		{"cpu.avx512vl=off", "avx2", "avx512"},
		{"cpu.avx512vbmi2=off", "avx2", "avx512"},
		{"cpu.avx2=off", "sse2", "avx2"},
		{"cpu.avx=off", "sse2", "avx2"},
	}
	ran := 0
	for _, c := range cases {
		if !supported[c.needs] {
			t.Logf("%s: this build or CPU has no %s kernel, skipped", c.godebug, c.needs)
			continue
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSelectedKernelIs$", "-test.v")
		cmd.Env = append(os.Environ(), "GODEBUG="+c.godebug, "CTEQUAL_WANT_KERNEL="+c.want)
		out, err := cmd.CombinedOutput()
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
	if got := Selected().Name; got != want {
		t.Fatalf("GODEBUG=%s: Selected() = %q, want %q", os.Getenv("GODEBUG"), got, want)
	}
	checkDispatch(t)
}
