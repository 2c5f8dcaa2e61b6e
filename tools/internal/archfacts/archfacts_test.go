package archfacts

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// root is the repository's root: the library module's.
const root = "../../.."

// TestTable checks the entries against each other: a run names kernels
// and levels its architecture has, and the lists the tools take from
// the table are what they must be.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range table {
		if seen[a.GOARCH] {
			t.Errorf("%s: two entries", a.GOARCH)
		}
		seen[a.GOARCH] = true
		// The instruction set's facts are the checker's: an entry of an
		// architecture it models has its description, and one with
		// kernels must be modelled (their proofs need the model).
		if m := arch.Of(a.GOARCH); m != a.Arch && (m != nil || len(a.Kernels) > 0 || a.Step != nil) {
			t.Errorf("%s: the entry's instruction set is not ctcheck's engine's (%p, %p)", a.GOARCH, a.Arch, m)
		}
		if a.GOOS == "" || a.PtrSize != 4 && a.PtrSize != 8 {
			t.Errorf("%s: GOOS %q, PtrSize %d", a.GOARCH, a.GOOS, a.PtrSize)
		}
		if a.LevelVar != "" && a.LevelIndex("") < 0 {
			t.Errorf("%s: default level %q is not one of %v", a.GOARCH, a.DefaultLevel, a.Levels)
		}
		for _, l := range a.Checked {
			if a.LevelIndex(l.Value) < 0 {
				t.Errorf("%s: checked level %q is not one of %v", a.GOARCH, l.Value, a.Levels)
			}
		}
		if (a.QEMU == "") != (len(a.Runs) == 0) {
			t.Errorf("%s: qemu name %q with %d runs", a.GOARCH, a.QEMU, len(a.Runs))
		}
		if len(a.Kernels) > 0 && (a.QEMU == "" || a.Triple == "" || len(a.MCA) == 0 && a.NoMCA == "") {
			t.Errorf("%s: kernels without qemu runs or LLVM names: nothing would test or predict them", a.GOARCH)
		}
		names := map[string]bool{}
		traced := map[string]bool{}
		for _, r := range a.Runs {
			if names[r.Name] || r.Name == "" || strings.ContainsAny(r.Name, "/ ") {
				t.Errorf("%s: run name %q is empty, repeated or not fit for a file name", a.GOARCH, r.Name)
			}
			names[r.Name] = true
			if r.Level != "" && a.LevelIndex(r.Level) < 0 {
				t.Errorf("%s/%s: level %q is not one of %v", a.GOARCH, r.Name, r.Level, a.Levels)
			}
			if len(r.Kernels) == 0 || r.Kernels[len(r.Kernels)-1] != "generic" {
				t.Errorf("%s/%s: kernels %v do not end in generic", a.GOARCH, r.Name, r.Kernels)
				continue
			}
			vector := r.Kernels[:len(r.Kernels)-1]
			if r.Purego && len(vector) > 0 {
				t.Errorf("%s/%s: kernels %v in a build that has none", a.GOARCH, r.Name, r.Kernels)
			}
			if r.Trace && r.QEMU10 {
				t.Errorf("%s/%s: traced under qemu 10, which loads no TCG plugins", a.GOARCH, r.Name)
			}
			// In Compare's order: a subsequence of the architecture's.
			i := 0
			for _, k := range vector {
				j := slices.Index(a.Kernels[i:], k)
				if j < 0 {
					t.Errorf("%s/%s: kernels %v are not among %v, in that order", a.GOARCH, r.Name, r.Kernels, a.Kernels)
					break
				}
				i += j + 1
			}
			if r.Trace {
				key := r.Kernel() + " " + r.Level + " " + r.Tags()
				if r.AssumeDIT {
					key += " dit"
				}
				if traced[key] {
					t.Errorf("%s/%s: a second traced run of the same build and kernel", a.GOARCH, r.Name)
				}
				traced[key] = true
			}
		}
		for _, b := range a.MCA {
			if b.Level != "" && a.LevelIndex(b.Level) < 0 || len(b.CPUs) == 0 {
				t.Errorf("%s: mca build at level %q on %v", a.GOARCH, b.Level, b.CPUs)
			}
		}
	}
	if got := AsmConstraint(); got != "gc && !purego && (amd64 || arm64 || ppc64le || (go1.26 && (riscv64 || s390x)) || (go1.25 && loong64))" {
		t.Errorf("AsmConstraint() = %q", got)
	}
	if got := Must("ppc64le").AsmMacros("power10"); !slices.Equal(got, []string{"GOPPC64_power8", "GOPPC64_power9", "GOPPC64_power10"}) {
		t.Errorf("ppc64le power10 macros %v", got)
	}
	if got := Must("riscv64").AsmMacros("rva23u64"); !slices.Equal(got, []string{"GORISCV64_rva23u64"}) {
		t.Errorf("riscv64 rva23u64 macros %v", got)
	}
	if got := Must("s390x").AsmMacros(""); got != nil {
		t.Errorf("s390x macros %v", got)
	}
	if got := Must("arm64").Reserved(); !slices.Equal(got, []string{"ZR", "RSP", "R30", "R28", "R27", "R18", "R26", "R29"}) {
		t.Errorf("arm64 reserved %v", got)
	}
}

// TestKernelsAreTheFiles checks Kernels against the library: each
// architecture with kernels has its equal_GOARCH.s, which defines a
// function for each kernel of the table and for no other, and no other
// equal_GOARCH.s exists.
func TestKernelsAreTheFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(root, "equal_*.s"))
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)^TEXT\s+·(equal\w+)\(SB\)`)
	var goarches []string
	for _, f := range files {
		goarch := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "equal_"), ".s")
		goarches = append(goarches, goarch)
		a := Get(goarch)
		if a == nil || len(a.Kernels) == 0 {
			t.Errorf("%s: the table has no kernels of %s", filepath.Base(f), goarch)
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, m := range text.FindAllStringSubmatch(string(src), -1) {
			if m[1] != "equalVector" { // the dispatcher
				got = append(got, m[1])
			}
		}
		for _, k := range a.Kernels {
			want = append(want, KernelSymbol(k))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s defines %v; the table's kernels are %v", filepath.Base(f), got, want)
		}
	}
	if want := Names(WithKernels()); !slices.Equal(slices.Sorted(slices.Values(goarches)), slices.Sorted(slices.Values(want))) {
		t.Errorf("assembly files for %v, the table's kernels for %v", goarches, want)
	}
}

// TestBuildConstraints checks the //go:build lines that name the
// architectures with kernels against the table: a file built where a
// kernel is (or where none is) says AsmConstraint (NoAsmConstraint), and
// a file of one GOARCH built with its kernel says the Go release its
// assembly needs.
func TestBuildConstraints(t *testing.T) {
	kernels := WithKernels()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".s") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		line, ok := buildLine(string(src))
		if !ok {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		if strings.HasPrefix(line, "gc && !purego && (") || strings.HasPrefix(line, "!gc || purego || !(") {
			n++
			if line != AsmConstraint() && line != NoAsmConstraint() {
				t.Errorf("%s: //go:build %s\n\twant %s\n\tor   %s", rel, line, AsmConstraint(), NoAsmConstraint())
			}
		}
		base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".go"), ".s")
		base = strings.TrimSuffix(base, "_test")
		for _, a := range kernels {
			if !strings.HasSuffix(base, "_"+a.GOARCH) || !strings.HasPrefix(line, "gc && !purego") {
				continue
			}
			n++
			want := "gc && !purego"
			if a.AsmGo != "" {
				want += " && " + a.AsmGo
			}
			if line != want {
				t.Errorf("%s: //go:build %s, want %s", rel, line, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("checked %d constraints: the walk missed the files", n)
	}
}

// buildLine returns the expression of src's //go:build line.
func buildLine(src string) (string, bool) {
	for line := range strings.Lines(src) {
		line = strings.TrimSpace(line)
		if expr, ok := strings.CutPrefix(line, "//go:build "); ok {
			return strings.TrimSpace(expr), true
		}
		if line != "" && !strings.HasPrefix(line, "//") {
			break
		}
	}
	return "", false
}

// TestCIRunsExist checks that every run .ci/run names is in the table:
// it takes its CPUs from the table through cmd/archfacts.
func TestCIRunsExist(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile(`(?m)^[^#\n]*"\$facts" (?:test|exec|env) "?([\w$-]+/[\w$.-]+)`).FindAllStringSubmatch(string(src), -1) {
		n++
		if _, _, err := FindRun(m[1]); err != nil && !strings.Contains(m[1], "$") {
			t.Errorf(".ci/run: %v", err)
		}
	}
	if n < 10 {
		t.Errorf(".ci/run runs %d runs through cmd/archfacts: the pattern misses them", n)
	}
}
