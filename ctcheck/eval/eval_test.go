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
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
)

// xcrypto is the x/crypto release evaluated.
const xcrypto = "golang.org/x/crypto@v0.59.0"

// A evalCase is one function on one GOARCH, with its declarations. Its
// findings, each judged, are in judged.baseline (README.md says more of
// each); a case with none is constant time. pkg is a package of the
// x/crypto module ("./...") or of the standard library; follow, where
// set, names the packages whose code the checks follow (Config.Follow).
// A control is a negative control: real code that must be flagged, with
// what each check must find (want: by reason, how many findings).
type evalCase struct {
	pkg, goarch, decl string
	want              map[string]map[string]int // a control's: check -> reason -> count
	follow            []string
	control           bool
	// needs are CPU features the function may assume (-needs).
	needs []string
}

const (
	closed = "instruction not modelled (fail closed)"
	store  = "store outside the stack frame (not modelled)"
	branch = "conditional branch on secret" // the flags, CR0, registers
	addr   = "memory address depends on secret"
)

const chachaDecl = "golang.org/x/crypto/chacha20.(*Cipher).XORKeyStream: secret *s src[:] -- the key and the plaintext; public s.counter s.len s.overflow s.nonce s.precompDone -- the stream's position and nonce; writes dst[:] *s"

const polyDecl = "golang.org/x/crypto/internal/poly1305.update: secret *state msg[:] -- the key, the accumulator and the message; writes state.h"

// ct is a case for each GOARCH of function decl in pkg, each expected
// constant time (nothing found by either check).
func ct(pkg, decl string, goarches ...string) []evalCase {
	var cs []evalCase
	for _, g := range goarches {
		cs = append(cs, evalCase{pkg: pkg, goarch: g, decl: decl})
	}
	return cs
}

// both is the same findings in each check.
func both(m map[string]int) map[string]map[string]int {
	return map[string]map[string]int{"source": m, "compiled": m}
}

const (
	field  = "crypto/internal/fips140/edwards25519/field"
	subtle = "crypto/internal/fips140/subtle"
	bigmod = "crypto/internal/fips140/bigmod"
	all    = "amd64 arm64 ppc64le s390x riscv64 386 arm loong64"
)

var cases = concat(
	ct("./internal/poly1305", polyDecl, "amd64", "riscv64", "loong64"),
	[]evalCase{
		// Without its writes declared, the state's update is what the
		// default policy calls a store outside the frame: the control.
		{pkg: "./internal/poly1305", goarch: "amd64", decl: strings.TrimSuffix(polyDecl, "; writes state.h"), want: both(map[string]int{store: 3}), control: true},
		{pkg: "./internal/poly1305", goarch: "ppc64le", decl: polyDecl},
		{pkg: "./salsa20/salsa", goarch: "amd64",
			decl: "golang.org/x/crypto/salsa20/salsa.salsa2020XORKeyStream: secret *in[:n] *key[:32] -- the key and the plaintext; public *nonce[:16] -- the nonce and counter; writes *out[:n]"},
		// A secret stored at an unknown offset into *s, which has public
		// fields, fails closed (README: a declaration holds at return).
		{pkg: "./chacha20", goarch: "amd64", decl: chachaDecl},
		{pkg: "./chacha20", goarch: "riscv64", decl: chachaDecl},
	},
	// The standard library's field arithmetic of edwards25519: the
	// generic Go wherever it runs, the assembly on amd64.
	ct(field, field+".feMulGeneric: secret *a *b -- field elements; writes *v", strings.Fields(all)[1:]...),
	ct(field, field+".feSquareGeneric: secret *a; writes *v", strings.Fields(all)[1:]...),
	ct(field, field+".feMul: secret *a *b; writes *out", "amd64"),
	ct(field, field+".feSquare: secret *a; writes *out", "amd64"),
	ct(field, field+".(*Element).Add: secret *a *b; writes *v", strings.Fields(all)...),
	ct(field, field+".(*Element).Select: secret *a *b cond -- two points' coordinates and which to take; writes *v", "amd64", "arm64", "ppc64le", "s390x", "riscv64", "arm", "loong64"),
	ct(field, field+".(*Element).Swap: secret *v *u cond -- the conditional swap of a ladder step; writes *v *u", "amd64", "arm64", "ppc64le", "s390x", "riscv64", "arm", "loong64"),
	// crypto/internal/fips140/subtle's XORBytes kernel, assembly where
	// there is some.
	ct(subtle, subtle+".xorBytes: secret *a[:n] *b[:n] -- a key stream and a plaintext; writes *dst[:n]", "amd64", "arm64", "ppc64le", "riscv64"),
	ct(subtle, subtle+".xorBytes: secret *xb[:n] *yb[:n] -- a key stream and a plaintext; writes *dstb[:n]", "s390x", "arm"),
	// Findings judged in README.md: model and precision gaps.
	[]evalCase{
		{pkg: field, goarch: "386", decl: field + ".(*Element).Select: secret *a *b cond -- two points' coordinates and which to take; writes *v"},
		{pkg: field, goarch: "386", decl: field + ".(*Element).Swap: secret *v *u cond -- the conditional swap of a ladder step; writes *v *u"},
		{pkg: subtle, goarch: "386", decl: subtle + ".xorBytes: secret *xb[:n] *yb[:n] -- a key stream and a plaintext; writes *dstb[:n]"},
		{pkg: "./blake2b", goarch: "arm64", decl: "golang.org/x/crypto/blake2b.hashBlocksGeneric: secret *h blocks[:] -- the chaining value and the message; public *c flag -- the byte counter and the last-block flag; writes *h *c"},
	},
	[]evalCase{
		// Negative controls: real code that is not constant time.
		{pkg: "math/big", goarch: "amd64", control: true, decl: "math/big.nat.cmp: secret x[:] y[:] -- two secret numbers",
			want: both(map[string]int{branch: 3})},
		{pkg: "crypto/internal/fips140/aes", goarch: "riscv64", control: true,
			decl: "crypto/internal/fips140/aes.encryptBlockGeneric: secret *c src[:] -- the expanded key and the plaintext; public c.rounds -- the key's size; writes dst[:]",
			want: both(map[string]int{addr: 32})},
		{pkg: "bytes", goarch: "amd64", control: true, follow: []string{"bytes", "internal/bytealg"},
			decl: "bytes.Equal: secret a[:] b[:] -- a MAC and the one expected",
			want: both(map[string]int{branch: 3})},
	},
	moreCases,
	blockCases,
	s390xCases,
	ppc64leCases,
	loong64Cases,
)

func concat(css ...[]evalCase) []evalCase {
	var out []evalCase
	for _, cs := range css {
		out = append(out, cs...)
	}
	return out
}

// kind is a finding's reason without the registers it names.
func kind(reason string) string {
	for _, k := range []string{addr, branch} {
		if strings.HasPrefix(reason, k) {
			return k
		}
	}
	return reason
}

// xcryptoModule is x/crypto's folder in the module cache, downloaded
// through the proxy.
func xcryptoModule(t *testing.T) string {
	out, err := exec.Command("go", "mod", "download", "-json", xcrypto).Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", xcrypto, err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return m.Dir
}

// fetch copies x/crypto's module from the module cache (downloaded
// through the proxy) into a folder of the test's: the checks overlay a
// driver in a package's folder, which the go command refuses in the
// module cache.
func fetch(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "crypto")
	if out, err := exec.Command("cp", "-r", xcryptoModule(t), dir).CombinedOutput(); err != nil {
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
	verdicts, goarches := 0, map[string]bool{}
	cov := coverage{}
	// EVAL_ONLY, a regular expression, runs the cases whose declaration
	// and GOARCH ("decl goarch") it matches (the count below is then not
	// checked).
	only := regexp.MustCompile(os.Getenv("EVAL_ONLY"))
	pinned := readJudged(t)
	for _, c := range cases {
		if !only.MatchString(c.decl + " " + c.goarch) {
			continue
		}
		decls, err := ctcheck.ParseFuncLine(c.decl, "-func")
		if err != nil {
			t.Fatal(err)
		}
		cfg := ctcheck.Config{Dir: dir, Patterns: []string{c.pkg}, GOARCHes: []string{c.goarch}, Declarations: decls, Follow: c.follow}
		if c.needs != nil {
			fn, _, _ := strings.Cut(c.decl, ":")
			cfg.Policy.Needs = func(sym string) []string {
				if sym == fn {
					return c.needs
				}
				return nil
			}
		}
		rs, err := ctcheck.Run(context.Background(), cfg)
		if err != nil {
			t.Errorf("%s %s: %v", c.pkg, c.goarch, err)
			continue
		}
		fn, _, _ := strings.Cut(c.decl, ":")
		clean := 0
		for _, r := range rs {
			if !c.control {
				cov.add(c.goarch, r) // a control's declaration or code is wrong on purpose
			}
			got := map[string]int{}
			for _, f := range r.Findings {
				got[kind(f.Reason)]++
			}
			if len(got) == 0 {
				clean++
			}
			if c.control {
				want := c.want[r.Check]
				if len(got) == 0 {
					t.Errorf("%s %s %s: a negative control, not flagged", fn, c.goarch, r.Check)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s %s %s: findings by reason %v, want %v", fn, c.goarch, r.Check, got, want)
					for _, f := range r.Findings {
						t.Logf("\t%s", f)
					}
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
			label := fn
			if c.control {
				label += " (control)"
			}
			table = append(table, fmt.Sprintf("| %s | %s | %s | %s |", label, c.goarch, r.Check, verdict))
		}
		if !c.control {
			pinned.check(t, c, rs)
		}
		if clean == 2 && len(rs) == 2 {
			verdicts++
			goarches[c.goarch] = true
		}
	}
	pinned.finish(t, os.Getenv("EVAL_ONLY") == "")
	t.Logf("%d (function, GOARCH) verdicts of constant time, by both checks, on %d GOARCHes", verdicts, len(goarches))
	if os.Getenv("EVAL_ONLY") == "" && (verdicts < 40 || len(goarches) < 5) {
		t.Errorf("%d verdicts of constant time on %d GOARCHes: issue 33 asks for 40 on 5", verdicts, len(goarches))
	}
	t.Logf("x/crypto %s\n| function | GOARCH | check | verdict |\n|---|---|---|---|\n%s", xcrypto, strings.Join(table, "\n"))
	if os.Getenv("EVAL_TABLE") != "" {
		os.WriteFile(os.Getenv("EVAL_TABLE"), []byte(strings.Join(table, "\n")+"\n"), 0o644)
	}

	syms, err := asmSymbols(xcryptoModule(t))
	if err != nil {
		t.Fatal(err)
	}
	covTable, covLine, covered, _, missing := cov.table(syms)
	t.Logf("assembly functions with a verdict, per GOARCH (x/crypto %s, Go %s):\n%s%s", xcrypto, runtime.Version(), covTable, covLine)
	for _, m := range missing {
		t.Logf("\tno verdict: %s", m)
	}
	fmt.Println(covLine)
	if os.Getenv("EVAL_ONLY") == "" && covered < minCoverage {
		t.Errorf("%s: fewer than the %d functions with a verdict before", covLine, minCoverage)
	}
	if f := os.Getenv("EVAL_COVERAGE"); f != "" {
		os.WriteFile(f, []byte(covTable+"\n"+covLine+"\n"), 0o644)
	}
}

// minCoverage is how many assembly functions (symbol, GOARCH) had a
// verdict when it was last raised: a model or a case that loses one fails
// the eval.
const minCoverage = 198
