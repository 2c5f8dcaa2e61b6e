package ctcheck

import (
	"context"
	"go/version"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestFIPSEnforced checks a call of crypto/fips140.Enforced, with crypto
// followed: its isBypassed, named as crypto/fips140's and defined by the
// runtime, is summarised (it reads the goroutine's flag), not an error
// nor a call not followed.
func TestFIPSEnforced(t *testing.T) {
	needGo(t)
	if v := engine.GoCommandVersion(); version.Compare(v, "go1.26") < 0 {
		t.Skipf("%s: crypto/fips140.Enforced is Go 1.26's", v)
	}
	decls, err := ParseFuncLine("example.com/fips.Pad: secret key[:]", "-func")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/fips"), Patterns: []string{"."}, GOARCHes: []string{"amd64", "arm64"},
		Declarations: decls, Follow: []string{"example.com/fips", "crypto"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if len(r.Findings) != 0 {
			t.Errorf("%s %s: %v", r.Build, r.Check, r.Findings)
		}
	}
}
