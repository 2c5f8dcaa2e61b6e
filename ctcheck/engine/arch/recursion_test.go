package arch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/testenv"
)

// TestRecursion: a recursive call is a finding, and the analysis of it
// ends, whatever state each call enters with (here a frame holds the
// return address its caller saved, one call further up at each level).
func TestRecursion(t *testing.T) {
	testenv.Toolchain(t)
	for _, goarch := range GOARCHes() {
		t.Run(goarch, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rec_"+goarch+".s")
			src := "#include \"textflag.h\"\n\nTEXT ·rec(SB), NOSPLIT, $16-0\n\tCALL ·rec(SB)\n\tRET\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			type result struct {
				findings []engine.Finding
				err      error
			}
			done := make(chan result, 1)
			go func() {
				a, err := OfFile(path, rowtest.ToolVersion())
				if err != nil {
					done <- result{nil, err}
					return
				}
				findings, err := engine.CheckFile(path, a, nil, engine.Policy{})
				done <- result{findings, err}
			}()
			select {
			case r := <-done:
				if r.err != nil {
					t.Fatal(r.err)
				}
				if !slices.ContainsFunc(r.findings, func(f engine.Finding) bool { return strings.Contains(f.Reason, "recursive call") }) {
					t.Errorf("findings %v, want a recursive call", r.findings)
				}
			case <-time.After(time.Minute):
				t.Fatal("the analysis of a recursive function does not end")
			}
		})
	}
}
