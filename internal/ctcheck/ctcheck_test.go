package ctcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/cttrace"
)

// TestShippedKernels checks every assembly file of the library's folder,
// which go list finds: a kernel added later is checked without anyone
// remembering to.
func TestShippedKernels(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(kernelsDir, "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("found %d assembly files in the package, want equal_amd64.s and equal_arm64.s at least", len(files))
	}
	for _, f := range files {
		findings, err := CheckFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range findings {
			t.Errorf("%s", fd)
		}
		t.Logf("%s: %d findings", filepath.Base(f), len(findings))
	}
}

var wantRE = regexp.MustCompile(`// want "([^"]*)"`)

// TestLeakyKernels checks that each leak in testdata is reported at the
// line marked with // want "reason", and nothing else is; and so is each
// of cttrace's plants (the red team's of issue 20) in today's amd64
// kernels, where its replacement text marks the line.
func TestLeakyKernels(t *testing.T) {
	files, err := filepath.Glob("testdata/*.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkWants(t, f, src)
		})
	}
	plants, err := filepath.Glob(filepath.Join(cttrace.PlantsDir(), "*.txt"))
	if err != nil || len(plants) == 0 {
		t.Fatalf("no plants in %s: %v", cttrace.PlantsDir(), err)
	}
	shipped, err := os.ReadFile(filepath.Join(kernelsDir, cttrace.KernelAsm))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range plants {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run("plant/"+name, func(t *testing.T) {
			p, err := cttrace.ReadPlant(name)
			if err != nil {
				t.Fatal(err)
			}
			src, err := p.Apply(shipped)
			if err != nil {
				t.Fatal(err)
			}
			// CheckFile takes the architecture from the file's name.
			planted := filepath.Join(t.TempDir(), cttrace.KernelAsm)
			if err := os.WriteFile(planted, src, 0o644); err != nil {
				t.Fatal(err)
			}
			checkWants(t, planted, src)
		})
	}
}

// checkWants checks that CheckFile reports, in the file at path whose text
// is src, a finding at each line marked // want "reason" whose reason holds
// that text, and none at any other line.
func checkWants(t *testing.T, path string, src []byte) {
	t.Helper()
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			want[i+1] = m[1]
		}
	}
	if len(want) == 0 {
		t.Fatal("no // want lines: a test that cannot fail")
	}
	findings, err := CheckFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int][]string{}
	for _, fd := range findings {
		got[fd.Line] = append(got[fd.Line], fd.Reason)
	}
	var lines []int
	for l := range want {
		lines = append(lines, l)
	}
	for l := range got {
		if _, ok := want[l]; !ok {
			lines = append(lines, l)
		}
	}
	sort.Ints(lines)
	for _, l := range lines {
		w, reasons := want[l], strings.Join(got[l], "; ")
		switch {
		case w == "" && reasons != "":
			t.Errorf("line %d: unexpected finding: %s", l, reasons)
		case w != "" && !strings.Contains(reasons, w):
			t.Errorf("line %d: want a finding containing %q, got %q", l, w, reasons)
		}
	}
}
