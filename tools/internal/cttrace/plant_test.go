package cttrace

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

// TestPlantsBuild: every plant in testdata/plants (the red team's of issue
// 20: two branches that leave the loop early, and a table lookup at an
// address that depends on the accumulator; issue 24's, see
// TestPlantedBlindSpots) applies to the kernel as it is now, and the
// kernel package builds with it; a plant whose code moved fails to apply.
// Without this a plant could go stale and the checks that must report it
// would test nothing.
func TestPlantsBuild(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(PlantsDir(), "*.txt"))
	if err != nil || len(files) < 8 {
		t.Fatalf("%d plants in %s, want the 8 of issues 20 and 24: %v", len(files), PlantsDir(), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		p, err := ReadPlant(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.Comment == "" || len(p.Edits) == 0 {
			t.Errorf("%s: no comment or no edit", name)
		}
		if _, err := p.Apply([]byte("TEXT ·equalAVX2(SB), NOSPLIT, $0-56\n\tRET\n")); err == nil || !strings.Contains(err.Error(), "occurs 0 times") {
			t.Errorf("%s applied to a kernel without its code: %v", name, err)
		}
		overlay, err := PlantOverlay(ctx, name, dir)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(ctx, "go", "build", "-overlay", overlay, KernelPackage)
		cmd.Env = append(cmd.Environ(), "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: the kernels do not build with it: %v\n%s", name, err, out)
		}
	}
}

// library describes the library package, as go list does.
func library(t *testing.T) *golist.Package {
	t.Helper()
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	return lib
}
