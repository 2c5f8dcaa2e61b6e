package kernelcheck_test

import (
	"go/version"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// TestPolicyFromRecords checks that the policy names what the library
// has: a record of every kernel of tools/internal/archfacts, whose
// function is in the GOARCH's assembly and whose features its model
// knows; and the feature flags and helpers of policy.go, each in the
// library's source.
func TestPolicyFromRecords(t *testing.T) {
	kernelchecktest.Toolchain(t)
	var src strings.Builder
	files, err := filepath.Glob(filepath.Join(kernelchecktest.KernelsDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	asm, err := filepath.Glob(filepath.Join(kernelchecktest.KernelsDir, "*.s"))
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
		recs, err := kernelcheck.Records(a.GOARCH)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range a.Kernels {
			i := slices.IndexFunc(recs, func(r kernelcheck.Record) bool { return r.Name == k })
			if i < 0 {
				t.Errorf("%s: no record of kernel %s in select_%s.go", a.GOARCH, k, a.GOARCH)
				continue
			}
			r := recs[i]
			if r.Func != archfacts.KernelSymbol(k) || !strings.Contains(kernelchecktest.KernelFile(t, "equal_"+a.GOARCH+".s"), "TEXT ·"+r.Func+"(SB)") {
				t.Errorf("%s: the record of %s names %s, which is not its TEXT in equal_%s.s", a.GOARCH, k, r.Func, a.GOARCH)
			}
			for _, f := range append(slices.Clone(r.Needs), r.Uses...) {
				if !slices.Contains(arch.Of(a.GOARCH).Features, f) {
					t.Errorf("%s: kernel %s: the %s model has no feature %s", a.GOARCH, k, a.GOARCH, f)
				}
			}
			t.Logf("%s: %s (%s) needs %v, uses %v", a.GOARCH, k, r.Func, r.Needs, r.Uses)
		}
	}
}

// TestDirectivesAreTheRecords checks the library's //ctcheck: directives,
// which the checks run under, against its kernel records, which the
// selection runs on: each kernel needs what its record needs, and claims
// the modes among the features its record uses, and nothing else; and
// every directive names something the library has (PackagePolicy refuses
// any other).
func TestDirectivesAreTheRecords(t *testing.T) {
	kernelchecktest.Toolchain(t)
	for _, a := range archfacts.WithKernels() {
		if !kernelchecktest.AsmBuilt(a) {
			t.Logf("%s: this Go (%s) builds no kernel there (they need %s): no directive applies", a.GOARCH, runtime.Version(), a.AsmGo)
			continue
		}
		policy, applied, err := kernelcheck.LibraryPolicy(a.GOARCH, "")
		if err != nil {
			t.Fatal(err)
		}
		recs, err := kernelcheck.Records(a.GOARCH)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			policy := policy
			if r.Experiment != "" {
				// The kernels of an experiment, under the directives of
				// its builds, where this Go has it.
				i := slices.IndexFunc(a.Experiments, func(e archfacts.Experiment) bool { return e.Name == r.Experiment })
				if i < 0 {
					t.Errorf("%s: kernel %s is GOEXPERIMENT=%s's, which archfacts does not list", a.GOARCH, r.Name, r.Experiment)
					continue
				}
				if version.Compare(runtime.Version(), a.Experiments[i].Go) < 0 {
					t.Logf("%s: this Go (%s) has no GOEXPERIMENT=%s: kernel %s not checked", a.GOARCH, runtime.Version(), r.Experiment, r.Name)
					continue
				}
				if policy, _, err = kernelcheck.LibraryPolicy(a.GOARCH, r.Experiment); err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(a.Experiments[i].Kernels, r.Name) {
					t.Errorf("%s: kernel %s of GOEXPERIMENT=%s is not in archfacts' list of its kernels", a.GOARCH, r.Name, r.Experiment)
				}
			}
			sym := kernelcheck.LibraryPath() + "." + r.Func
			var claims []string
			for _, f := range r.Uses {
				if slices.Contains(arch.Of(a.GOARCH).Modes, f) {
					claims = append(claims, f)
				}
			}
			if got := slices.Sorted(slices.Values(policy.Needs(sym))); !slices.Equal(got, slices.Sorted(slices.Values(r.Needs))) {
				t.Errorf("%s: //ctcheck:needs %s says %v; its record needs %v", a.GOARCH, r.Func, got, r.Needs)
			}
			if got := slices.Sorted(slices.Values(policy.Modes(sym))); !slices.Equal(got, slices.Sorted(slices.Values(claims))) {
				t.Errorf("%s: //ctcheck:claims %s says %v; its record uses the modes %v", a.GOARCH, r.Func, got, claims)
			}
		}
		t.Logf("%s: %s", a.GOARCH, strings.Join(applied, "; "))
	}
}
