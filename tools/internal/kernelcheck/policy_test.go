package kernelcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

// TestPolicyFromRecords checks that the policy names what the library
// has: a record of every kernel of tools/internal/archfacts, whose
// function is in the GOARCH's assembly and whose features its model
// knows; and the feature flags and helpers of policy.go, each in the
// library's source.
func TestPolicyFromRecords(t *testing.T) {
	toolchain(t)
	var src strings.Builder
	files, err := filepath.Glob(filepath.Join(kernelsDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	asm, err := filepath.Glob(filepath.Join(kernelsDir, "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(files, asm...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	for _, a := range archfacts.All() {
		recs, err := Records(a.GOARCH)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range a.Kernels {
			i := slices.IndexFunc(recs, func(r Record) bool { return r.Name == k })
			if i < 0 {
				t.Errorf("%s: no record of kernel %s in select_%s.go", a.GOARCH, k, a.GOARCH)
				continue
			}
			r := recs[i]
			if r.Func != archfacts.KernelSymbol(k) || !strings.Contains(kernelFile(t, "equal_"+a.GOARCH+".s"), "TEXT ·"+r.Func+"(SB)") {
				t.Errorf("%s: the record of %s names %s, which is not its TEXT in equal_%s.s", a.GOARCH, k, r.Func, a.GOARCH)
			}
			for _, f := range append(slices.Clone(r.Needs), r.Uses...) {
				if !slices.Contains(engine.ArchOf(a.GOARCH).Features, f) {
					t.Errorf("%s: kernel %s: the %s model has no feature %s", a.GOARCH, k, a.GOARCH, f)
				}
			}
			t.Logf("%s: %s (%s) needs %v, uses %v", a.GOARCH, k, r.Func, r.Needs, r.Uses)
		}
	}
	for v := range featureFlags {
		if !regexp.MustCompile(`(?m)^var ` + v + `\b`).MatchString(src.String()) {
			t.Errorf("feature flag %s: no var %s in the library", v, v)
		}
	}
	for fn := range helperNeeds {
		if !strings.Contains(src.String(), "TEXT ·"+fn+"(SB)") {
			t.Errorf("helper %s: no TEXT ·%s in the library", fn, fn)
		}
	}
}
