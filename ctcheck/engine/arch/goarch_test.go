package arch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGOARCHOfFileBuild checks the architecture of a lone assembly file:
// from its name, ppc64x's as ppc64le, from its //go:build line where
// its name gives none, and a clear refusal for those without a model or
// with a constraint that allows several.
func TestGOARCHOfFileBuild(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, src, want, err string }{
		{"a_386.s", "", "386", ""},
		{"a_arm.s", "", "arm", ""},
		{"a_loong64.s", "", "loong64", ""},
		{"sum_ppc64x.s", "", "ppc64le", ""},
		{"ppc.s", "//go:build (ppc64 || ppc64le) && !purego\n", "ppc64le", ""},
		{"sum_ppc64.s", "", "", "ppc64 has no model"},
		{"sum_mips64x.s", "", "", "mips64x has no model"},
		{"a_mipsle.s", "", "", "mipsle has no model"},
		{"sum.s", "// Copyright\n\n//go:build amd64 && gc && !purego\n\n#include \"textflag.h\"\n", "amd64", ""},
		{"both.s", "//go:build amd64 || arm64\n", "", "allows amd64, arm64"},
		{"none.s", "//go:build mips\n", "", "allows none"},
		{"bare.s", "TEXT ·f(SB), 0, $0\n", "", "no //go:build line"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := goarchOfFileBuild(path)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %q, %v; want %q, %q", c.name, got, err, c.want, c.err)
		}
	}
}
