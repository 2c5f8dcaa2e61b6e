package cttrace

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
)

// TestPlantedLeaksAsm is the negative control for the ppc64le and s390x
// kernels: a branch on the folded accumulator, planted in the generated
// assembly, must show in the traces of every unequal call that reaches the
// kernel (above impl.ShortMax bytes), and in no other.
func TestPlantedLeaksAsm(t *testing.T) {
	needQEMU(t)
	dir := t.TempDir()
	lengths := []int{0, 1, 63, 64, 65, 100, 127, 128, 129, 4096}
	for _, p := range []struct {
		c          Config
		file, at   string
		planted    string
		skipTarget string
	}{
		{Config{Name: "ppc64le-vsx-branch", GOARCH: "ppc64le", CPU: "power8", Kernel: "vsx"},
			"equal_ppc64le.s", "\tMFVSRD\tV0, R7\n", "\tCMP\tR7, $0\n\tBEQ\tplanted\n\tMOVD\tR7, R7\n", "planted"},
		{Config{Name: "ppc64le-power10-vsx-branch", GOARCH: "ppc64le", CPU: "power10", Env: []string{"GOPPC64=power10"}, Kernel: "vsx"},
			"equal_ppc64le.s", "\tMFVSRD\tV0, R7\n", "\tCMP\tR7, $0\n\tBEQ\tplanted\n\tMOVD\tR7, R7\n", "planted"},
		{Config{Name: "s390x-vx-branch", GOARCH: "s390x", CPU: "max", Kernel: "vx"},
			"equal_s390x.s", "\tVLGVG\t$1, V0, R6\n\tOR\tR6, R5\n", "\tCMPBEQ\tR5, $0, planted\n\tMOVD\tR5, R5\n", "planted"},
	} {
		t.Run(p.c.Name, func(t *testing.T) {
			p.c.Overlay = plantAsm(t, dir, p.file, p.at, p.at+p.planted+"\n"+p.skipTarget+":\n")
			p.c.Lengths = lengths
			res := buildAndRun(t, p.c, dir)
			ds, err := Compare(res.Calls, res.Traces, res.Symbols)
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) == 0 {
				t.Fatalf("the check found no difference: it cannot see this leak")
			}
			t.Logf("caught: %d of %d calls differ; the first: %v", len(ds), len(res.Calls)-len(lengths), ds[0])
			found := map[Call]bool{}
			for _, d := range ds {
				found[Call{d.N, d.Class}] = true
			}
			want := unequalFrom(impl.ShortMax+1, 1<<62)
			for _, c := range res.Calls {
				if c.Class != Equal && found[c] != want(c) {
					t.Errorf("%d bytes, %s: difference found %v, want %v", c.N, c.Class, found[c], want(c))
				}
			}
		})
	}
}

// plantAsm writes a copy of the library's file with its only occurrence
// of old replaced by new, and a go build -overlay file that puts the copy
// in the original's place, and returns the overlay file's path.
func plantAsm(t *testing.T, dir, file, old, new string) string {
	t.Helper()
	orig := library(t).Path(file)
	src, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(src, []byte(old)) != 1 {
		t.Fatalf("%s does not have one %q any more: update TestPlantedLeaksAsm to plant its leak in the new code", orig, strings.TrimSpace(old))
	}
	leakyPath := filepath.Join(dir, "leaky_"+file)
	overlayPath := filepath.Join(dir, "overlay_"+strings.TrimSuffix(file, ".s")+".json")
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {orig: leakyPath}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leakyPath, bytes.Replace(src, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlayPath, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	return overlayPath
}
