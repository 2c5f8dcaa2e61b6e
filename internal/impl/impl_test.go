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
	Register(Kernel{Name: "wide", Needs: Of(AVX512F)}, &wide)
	Register(Kernel{Name: "mid", Needs: Of(AVX2)}, &mid)
	Register(Kernel{Name: "narrow", Needs: Of(SSE2)}, &narrow)
	Register(Kernel{Name: "portable"}, nil)
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
	if ks := List(); len(ks) != 4 || ks[0].Supported || !ks[1].Supported || !ks[3].Supported {
		t.Fatalf("List() = %+v", ks)
	}
}
