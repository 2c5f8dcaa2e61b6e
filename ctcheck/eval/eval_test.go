//go:build eval

// Package eval checks foreign crypto code with ctcheck, declarations
// given as -func would give them, and holds each verdict to the judged
// table of README.md. It fetches a pinned golang.org/x/crypto through the
// Go module proxy at test time (nothing of it is in this repository):
//
//	go test -C ctcheck -tags eval -run TestEval -v ./eval
package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
)

// xcrypto is the x/crypto release evaluated.
const xcrypto = "golang.org/x/crypto@v0.59.0"

// A evalCase is one function on one GOARCH, with its declarations and
// what each check must find: by reason, how many findings (the judged
// table in README.md says why each is there).
type evalCase struct {
	pkg, goarch, decl string
	want              map[string]map[string]int // check -> reason -> count
}

const (
	closed = "instruction not modelled (fail closed)"
	store  = "store outside the stack frame (not modelled)"
	cr0    = "conditional branch on secret CR0"
	move   = "call of runtime.memmove, which the analysis does not follow (fail closed)"
	panics = "call of runtime.gopanic: a deferred call that the panic path runs is not followed (fail closed)"
)

const polyDecl = "golang.org/x/crypto/internal/poly1305.update: secret *state msg[:] -- the key, the accumulator and the message; writes state.h"

var cases = []evalCase{
	{"./internal/poly1305", "amd64", polyDecl, nil},
	// Without its writes declared, the state's update is what the
	// default policy calls a store outside the frame: the control.
	{"./internal/poly1305", "amd64", strings.TrimSuffix(polyDecl, "; writes state.h"), map[string]map[string]int{
		"source":   {store: 3},
		"compiled": {store: 3},
	}},
	{"./internal/poly1305", "riscv64", polyDecl, nil},
	{"./internal/poly1305", "loong64", polyDecl, nil},
	{"./internal/poly1305", "ppc64le", polyDecl, map[string]map[string]int{
		"source":   {closed: 1, cr0: 1},
		"compiled": {cr0: 1},
	}},
	{"./salsa20/salsa", "amd64",
		"golang.org/x/crypto/salsa20/salsa.salsa2020XORKeyStream: secret *in[:n] *key[:32] -- the key and the plaintext; public *nonce[:16] -- the nonce and counter; writes *out[:n]",
		map[string]map[string]int{
			"source":   {closed: 168, store: 16},
			"compiled": {closed: 166, store: 16},
		}},
	{"./chacha20", "amd64",
		"golang.org/x/crypto/chacha20.(*Cipher).XORKeyStream: secret *s src[:] -- the key and the plaintext; public s.counter s.len s.overflow s.nonce s.precompDone -- the stream's position and nonce; writes dst[:] *s",
		map[string]map[string]int{
			"source":   {panics: 4, move: 2},
			"compiled": {panics: 4, move: 2},
		}},
}

// fetch copies x/crypto's module from the module cache (downloaded
// through the proxy) into a folder of the test's: the checks overlay a
// driver in a package's folder, which the go command refuses in the
// module cache.
func fetch(t *testing.T) string {
	out, err := exec.Command("go", "mod", "download", "-json", xcrypto).Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", xcrypto, err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "crypto")
	if out, err := exec.Command("cp", "-r", m.Dir, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	if out, err := exec.Command("chmod", "-R", "u+w", dir).CombinedOutput(); err != nil {
		t.Fatalf("chmod: %v %s", err, out)
	}
	return dir
}

func TestEval(t *testing.T) {
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := fetch(t)
	var table []string
	for _, c := range cases {
		decls, err := ctcheck.ParseFuncLine(c.decl, "-func")
		if err != nil {
			t.Fatal(err)
		}
		rs, err := ctcheck.Run(context.Background(), ctcheck.Config{Dir: dir, Patterns: []string{c.pkg}, GOARCHes: []string{c.goarch},
			Declarations: decls})
		if err != nil {
			t.Errorf("%s %s: %v", c.pkg, c.goarch, err)
			continue
		}
		fn, _, _ := strings.Cut(c.decl, ":")
		for _, r := range rs {
			got := map[string]int{}
			for _, f := range r.Findings {
				got[f.Reason]++
			}
			want := c.want[r.Check]
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%s %s %s: findings by reason %v, want %v", fn, c.goarch, r.Check, got, want)
				for _, f := range r.Findings {
					t.Logf("\t%s", f)
				}
			}
			verdict := "constant time"
			if len(r.Findings) > 0 {
				var rs []string
				for k, n := range got {
					rs = append(rs, fmt.Sprintf("%d %s", n, k))
				}
				sort.Strings(rs)
				verdict = strings.Join(rs, "; ")
			}
			table = append(table, fmt.Sprintf("| %s | %s | %s | %s |", fn, c.goarch, r.Check, verdict))
		}
	}
	t.Logf("x/crypto %s\n| function | GOARCH | check | verdict |\n|---|---|---|---|\n%s", xcrypto, strings.Join(table, "\n"))
	if os.Getenv("EVAL_TABLE") != "" {
		os.WriteFile(os.Getenv("EVAL_TABLE"), []byte(strings.Join(table, "\n")+"\n"), 0o644)
	}
}
