package ctcheck

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestGenericShapes checks that a generic function's shape instantiation,
// whose symbol holds spaces, parentheses and brackets, is followed by
// both checks on each front end (the listing; GNU objdump on amd64 and
// 386; go tool objdump on arm64 and s390x): a copy through it is clean,
// and a branch on a secret in it is found at its line, in it.
func TestGenericShapes(t *testing.T) {
	needGo(t)
	decls := funcDecls(t, "example.com/generic.CopyPair: secret *src; writes *dst", "example.com/generic.CopyPairIf: secret *src *cond; writes *dst")
	goarches := []string{"amd64", "arm64", "386", "s390x"}
	rs, err := Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/generic"), Patterns: []string{"."}, GOARCHes: goarches, Declarations: decls})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2*len(goarches) {
		t.Fatalf("%d reports, want %d", len(rs), 2*len(goarches))
	}
	const args = "[go.shape.struct { X uint64; Y uint64; F [0]func(uint64, uint64) }]"
	const shape = "example.com/generic.CopyIf" + args
	for _, r := range rs {
		if !slices.Contains(r.Funcs, "example.com/generic.Copy"+args) || !slices.Contains(r.Funcs, shape) {
			t.Errorf("%s %s: the shape functions are not followed: %v", r.Build, r.Check, r.Funcs)
		}
		if len(r.Findings) != 1 || r.Findings[0].Func != shape || r.Findings[0].Line != 24 || !strings.HasPrefix(r.Findings[0].Reason, "conditional branch on secret") {
			t.Errorf("%s %s: findings %v, want the branch at generic.go:24 in %s", r.Build, r.Check, r.Findings, shape)
		}
	}
}
