package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// infoOf is what writeSelection prints for made-up facts.
func infoOf(m facts) string {
	var buf bytes.Buffer
	writeSelection(&buf, m)
	return buf.String()
}

// cpuidSees makes a cpuid/v2 that reads the features in has, and knows
// only those in known.
func cpuidSees(has, known impl.Features) func(impl.Feature) (bool, bool) {
	return func(f impl.Feature) (bool, bool) { return has.Has(f), known.Has(f) }
}

// rowOf is the line of the "Kernels in this binary" table for name.
func rowOf(t *testing.T, out, name string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == name {
			return line
		}
	}
	t.Fatalf("no row for kernel %s:\n%s", name, out)
	return ""
}

// TestInfoWordsTheFacts: info says why each kernel is or is not supported
// from the registry's facts alone (needs, uses, supported, selected) and
// the features' notes, for CPUs and builds this machine is not.
func TestInfoWordsTheFacts(t *testing.T) {
	var x86 impl.Features
	for f := range cpuidFeature {
		x86 |= impl.Of(f)
	}
	avx512 := impl.Of(impl.AVX512F, impl.AVX512BW, impl.AVX512VL, impl.AVX512VBMI2, impl.BMI2, impl.AVX2, impl.AVX)
	amd64 := []impl.Kernel{
		{Name: "wide", Needs: avx512},
		{Name: "mid", Needs: impl.Of(impl.AVX2, impl.AVX)},
		{Name: "narrow", Needs: impl.Of(impl.SSE2)},
		{Name: "portable"},
	}
	skylake := impl.Of(impl.SSE2, impl.AVX, impl.AVX2, impl.BMI2, impl.AVX512F, impl.AVX512BW, impl.AVX512VL)
	withSupport := func(ks []impl.Kernel, have impl.Features) []impl.Kernel {
		out := make([]impl.Kernel, len(ks))
		for i, k := range ks {
			k.Supported = have.HasAll(k.Needs)
			out[i] = k
		}
		return out
	}

	t.Run("Skylake-SP", func(t *testing.T) {
		out := infoOf(facts{kernels: withSupport(amd64, skylake), have: skylake, selected: "mid", cpuid: cpuidSees(skylake, x86)})
		if !strings.Contains(out, "selected        mid") || !strings.Contains(out, "GODEBUG=cpu.avx2=off") {
			t.Errorf("no selected kernel mid and its GODEBUG switch:\n%s", out)
		}
		if row := rowOf(t, out, "wide"); !strings.Contains(row, "not supported here") || !strings.HasSuffix(row, "missing: avx512vbmi2") {
			t.Errorf("the AVX-512 kernel's row does not say it lacks VBMI2 alone: %q", row)
		}
		if row := rowOf(t, out, "mid"); !strings.Contains(row, "(selected)") || strings.Contains(row, "missing") {
			t.Errorf("row %q", row)
		}
		if !strings.Contains(out, "avx512vbmi2  no kernel executes it") || !strings.Contains(out, "Skylake-SP") {
			t.Errorf("no note on why VBMI2 is needed:\n%s", out)
		}
	})

	t.Run("Zen 4, GODEBUG=cpu.avx512f=off", func(t *testing.T) {
		have := skylake | impl.Of(impl.AVX512VBMI2)
		out := infoOf(facts{kernels: withSupport(amd64, have&^impl.Of(impl.AVX512F)), have: have &^ impl.Of(impl.AVX512F),
			selected: "mid", cpuid: cpuidSees(have, x86), godebug: "cpu.avx512f=off"})
		if row := rowOf(t, out, "wide"); !strings.HasSuffix(row, "missing: avx512f (turned off: see the notes below)") {
			t.Errorf("row %q: want avx512f turned off", row)
		}
		if !strings.Contains(out, "cpuid/v2 says avx512f is yes, golang.org/x/sys/cpu says no") {
			t.Errorf("no note that the two readers disagree:\n%s", out)
		}
	})

	rvv := []impl.Kernel{{Name: "vector", Needs: impl.Of(impl.V)}, {Name: "portable", Supported: true}}
	t.Run("riscv64, GODEBUG=cpu.v=off", func(t *testing.T) {
		out := infoOf(facts{kernels: rvv, selected: "portable", cpuid: cpuidSees(0, 0), godebug: "cpu.v=off"})
		if row := rowOf(t, out, "vector"); !strings.HasSuffix(row, "missing: v (turned off by GODEBUG)") {
			t.Errorf("row %q", row)
		}
		if !strings.Contains(out, "no other kernel is supported") || !strings.Contains(out, "riscv_hwprobe") {
			t.Errorf("no portable-kernel reason or no note on where V comes from:\n%s", out)
		}
	})
	t.Run("riscv64, no V", func(t *testing.T) {
		out := infoOf(facts{kernels: rvv, selected: "portable", cpuid: cpuidSees(0, 0), godebug: "cpu.v=on"})
		if row := rowOf(t, out, "vector"); !strings.HasSuffix(row, "missing: v") {
			t.Errorf("row %q", row)
		}
	})

	t.Run("a kernel that uses a feature where present", func(t *testing.T) {
		ks := []impl.Kernel{{Name: "simd", Needs: impl.Of(impl.ASIMD), Uses: impl.Of(impl.DIT), Supported: true}, {Name: "portable", Supported: true}}
		for _, have := range []impl.Features{impl.Of(impl.ASIMD, impl.DIT), impl.Of(impl.ASIMD)} {
			out := infoOf(facts{kernels: ks, have: have, selected: "simd", cpuid: cpuidSees(have, impl.Of(impl.ASIMD))})
			want := map[bool]string{true: "uses dit        yes", false: "uses dit        no"}[have.Has(impl.DIT)]
			if !strings.Contains(out, want) || !strings.Contains(rowOf(t, out, "simd"), "uses dit where present") ||
				!strings.Contains(out, "dit    FEAT_DIT") || !strings.Contains(out, "to turn it off  build with -tags purego") {
				t.Errorf("have %v: want %q, the row's uses, the note on DIT and purego as the switch:\n%s", have, want, out)
			}
		}
	})
}

// TestInfoNamesNoKernel: the command words the registry's facts and names
// no kernel in its code, so that a new kernel needs nothing here.
func TestInfoNamesNoKernel(t *testing.T) {
	names := map[string]bool{}
	for _, n := range []string{"avx512", "avx2", "sse2", "neon", "rvv", "vsx", "vx", "lasx", "lsx", "generic"} {
		names[n] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s: the string %q names a kernel: say it with the registry's facts", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
	}
}
