package impl

import (
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

// TestSelectFlags registers kernels of its own in a fresh registry and
// checks that the flags are the selection.
func TestSelectFlags(t *testing.T) {
	saved, savedCPU := kernels, cpu
	defer func() { kernels, cpu = saved, savedCPU }()
	kernels = nil
	SetCPU(Of(AVX2, AVX, SSE2))
	var wide, mid, narrow bool
	ks := []*Kernel{
		{Name: "wide", Needs: Of(AVX512F), Use: &wide},
		{Name: "mid", Needs: Of(AVX2), Use: &mid},
		{Name: "narrow", Needs: Of(SSE2), Use: &narrow},
		{Name: "portable"},
	}
	for _, k := range ks {
		Register(k)
	}
	if ks[0].Supported || !ks[1].Supported || !ks[3].Supported {
		t.Fatalf("Register did not set Supported in the records it was given: %+v", ks)
	}
	if got := Selected(); got != "portable" {
		t.Fatalf("no flag set: Selected() = %q, want portable", got)
	}
	narrow = true
	if got := Selected(); got != "narrow" {
		t.Fatalf("narrow's flag set: Selected() = %q", got)
	}
	if _, ok := Select("wide"); ok || !narrow || Selected() != "narrow" {
		t.Fatal("Select of a kernel the CPU cannot run was accepted or changed the flags")
	}
	restore, ok := Select("mid")
	if !ok || !mid || narrow || wide || Selected() != "mid" {
		t.Fatalf("Select(mid): ok %v, flags wide %v mid %v narrow %v", ok, wide, mid, narrow)
	}
	inner, ok := Select("portable")
	if !ok || mid || narrow || Selected() != "portable" {
		t.Fatalf("Select(portable): ok %v, flags mid %v narrow %v", ok, mid, narrow)
	}
	inner()
	if !mid || Selected() != "mid" {
		t.Fatal("the inner restore did not bring mid back")
	}
	restore()
	if mid || !narrow || Selected() != "narrow" {
		t.Fatalf("restore: flags mid %v narrow %v, want narrow alone", mid, narrow)
	}
	l := List()
	if len(l) != 4 || l[0].Name != "wide" || l[0].Supported || !l[1].Supported || !l[3].Supported {
		t.Fatalf("List() = %+v", l)
	}
	l[0].Name, l[0].Supported = "changed", true
	if ks[0].Name != "wide" || ks[0].Supported || List()[0].Name != "wide" {
		t.Fatal("List returns the registry's own records: a caller can change them")
	}
}

// TestRegisterRefuses: a name registered twice, or a kernel after the
// portable one (which choose would never reach), is a panic at start-up.
func TestRegisterRefuses(t *testing.T) {
	saved, savedCPU := kernels, cpu
	defer func() { kernels, cpu = saved, savedCPU }()
	var a, b bool
	for name, ks := range map[string][]*Kernel{
		"a name twice":           {{Name: "k", Use: &a}, {Name: "k", Use: &b}},
		"after the portable one": {{Name: "portable"}, {Name: "late", Use: &a}},
		"two without flags":      {{Name: "p1"}, {Name: "p2"}},
	} {
		kernels = nil
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: registered without a panic", name)
				}
			}()
			for _, k := range ks {
				Register(k)
			}
		}()
	}
}

func TestGodebugOff(t *testing.T) {
	for _, c := range []struct {
		godebug string
		off     bool
	}{
		{"", false},
		{"cpu.v=off", true},
		{"cpu.v=on", false},
		{"cpu.all=off", true},
		{"cpu.all=off,cpu.v=on", false},
		{"cpu.v=off,cpu.all=on", false},
		{"cpu.v=on,cpu.v=off", true},
		{"madvdontneed=1,cpu.v=off,gctrace=0", true},
		{"cpu.vx=off", false},
		{"cpu.v=maybe", false},
		{"xcpu.v=off", false},
	} {
		if got := GodebugOff(c.godebug, "v"); got != c.off {
			t.Errorf("GodebugOff(%q, v) = %v, want %v", c.godebug, got, c.off)
		}
	}
}
