package ctcheck

import (
	"context"
	"fmt"
	"go/importer"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/ctcheck/internal/fixture"
)

// TestDeclaredFile checks the declarations of testdata/declared's
// assembly, read from its Go stubs, checked as one file: every finding at
// a line marked // want, and each marked line found. A secret scalar (a
// frame slot, on every GOARCH: the second argument is secret, the first
// not), a public field, a writable field, a public slice, the frame
// through LEAQ and a realigned SP: each of those lines is what its
// declaration or its provenance makes it. On amd64 too: a secret stored
// over a field declared public, at its offset or at an index, is a
// finding that names the field, and a public value is not; a secret
// stored through a region is what a later load of a package variable
// reads (the region may be it), and a public one is not; an argument
// whose address a function this file does not hold was passed is
// secret after the call (argAddr), and a pointer to secret memory passed
// to one is a finding (passKey).
func TestDeclaredFile(t *testing.T) {
	needGo(t)
	dir := fixture.Module(t, "testdata/declared")
	var files []string
	for _, goarch := range []string{"amd64", "arm64", "riscv64", "loong64", "386", "arm", "ppc64le", "s390x"} {
		files = append(files, filepath.Join(dir, "decl_"+goarch+".s"))
	}
	rs := run(t, Config{Files: files})
	for i, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		checkWants(t, src, rs[i].Findings)
		if len(rs[i].Funcs) == 0 || rs[i].Instrs == 0 {
			t.Errorf("%s: %d functions, %d instructions analysed", file, len(rs[i].Funcs), rs[i].Instrs)
		}
	}
	want := []string{
		"decl_amd64.go:3: ctcheckasm.branchOnCond: secret cond -- the choice is the secret bit",
		"decl_amd64.go:6: ctcheckasm.update: public s.len -- the count of absorbed bytes",
		"decl_amd64.go:7: ctcheckasm.update: writes s.h",
		"decl_amd64.go:10: ctcheckasm.sum: public msg[:] -- a public message, read at any offset",
		"decl_amd64.go:22: ctcheckasm.mixed: public *t -- a table of constants",
		"decl_amd64.go:23: ctcheckasm.mixed: secret t.key -- but for the key",
		"decl_amd64.go:26: ctcheckasm.at: public msg[:] -- a public message",
		"decl_amd64.go:29: ctcheckasm.clear1: writes *t",
		"decl_amd64.go:37: ctcheckasm.pubStore: writes *s",
		"decl_amd64.go:36: ctcheckasm.pubStore: public s.len -- the count of absorbed bytes",
		"decl_amd64.go:43: ctcheckasm.viaGlobal: writes *s",
		"decl_amd64.go:46: ctcheckasm.viaGlobalPublic: writes *s",
		"decl_amd64.go:55: ctcheckasm.spillOver: secret s.a -- a key",
		"decl_amd64.go:56: ctcheckasm.spillOver: public s.b -- a counter",
		"decl_amd64.go:61: ctcheckasm.argAddr: secret *k -- a key",
		"decl_amd64.go:62: ctcheckasm.argAddr: public n -- a count",
		"decl_amd64.go:65: ctcheckasm.passKey: secret *k -- a key",
	}
	if !slices.Equal(rs[0].Declarations, want) {
		t.Errorf("declarations applied:\n%s\nwant\n%s", strings.Join(rs[0].Declarations, "\n"), strings.Join(want, "\n"))
	}
	for i, n := range []int{4, 2, 2, 1, 1, 1, 1} {
		if r := rs[i+1]; len(r.Declarations) != n {
			t.Errorf("%s: declarations applied %q", r.Build, r.Declarations)
		}
	}
}

var wantRE = regexp.MustCompile(`// want "([^"]*)"`)

// checkWants requires a finding at each line of src marked // want
// "reason" with that reason, and none elsewhere.
func checkWants(t *testing.T, src []byte, findings []engine.Finding) {
	t.Helper()
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			want[i+1] = m[1]
		}
	}
	got := map[int]bool{}
	for _, f := range findings {
		if w, ok := want[f.Line]; !ok || !strings.Contains(f.Reason, w) {
			t.Errorf("unexpected finding %s", f)
		}
		got[f.Line] = true
	}
	for line, w := range want {
		if !got[line] {
			t.Errorf("line %d: no finding, want %q", line, w)
		}
	}
}

// TestDeclaredPackage checks declarations in compiled Go (ABIInternal:
// registers) through both checks: Pick's index, declared secret by its
// directive, is found; a method named with -func is a root, its counter
// declared public, and so is clean, where the same without the counter's
// declaration is not.
func TestDeclaredPackage(t *testing.T) {
	needGo(t)
	decls, err := ParseFuncLine("example.com/declared.(*Cipher).Pos: secret *c -- the key; public c.Len -- a counter", "-func")
	if err != nil {
		t.Fatal(err)
	}
	more, err := ParseFuncLine("example.com/declared.Pick: public tbl", "-func")
	if err != nil {
		t.Fatal(err)
	}
	next, err := ParseFuncLine("example.com/declared.Next: public c.Len -- a counter", "-func")
	if err != nil {
		t.Fatal(err)
	}
	rs := run(t, Config{Dir: fixture.Module(t, "testdata/declared"), Patterns: []string{"."}, GOARCHes: []string{"amd64"},
		Declarations: append(append(decls, more...), next...)})
	for _, r := range rs {
		if !slices.Equal(r.Roots, []string{"example.com/declared.Pick", "example.com/declared.(*Cipher).Pos", "example.com/declared.Next"}) {
			t.Errorf("%s: roots %v", r.Check, r.Roots)
		}
		if len(r.Findings) != 1 || r.Findings[0].Func != "example.com/declared.Pick" || r.Findings[0].Line != 10 {
			t.Errorf("%s: findings %v, want Pick's at pick.go:10", r.Check, r.Findings)
		}
		if !slices.Contains(r.Funcs, "example.com/declared.(*Cipher).step") {
			t.Errorf("%s: the method Next calls is not analysed: %v", r.Check, r.Funcs)
		}
		if len(r.Declarations) != 5 {
			t.Errorf("%s: declarations applied %q", r.Check, r.Declarations)
		}
	}
	// Without the counter's declaration, it is secret: Pos branches on it.
	rs = run(t, Config{Dir: fixture.Module(t, "testdata/declared"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Declarations: decls[:1]})
	for _, r := range rs {
		if len(r.Findings) == 0 {
			t.Errorf("%s: no finding in Pos without c.Len public", r.Check)
		}
	}
}

// TestParseDeclarations checks the grammar of -func and of policy files,
// and what is refused.
func TestParseDeclarations(t *testing.T) {
	ds, err := ParseFuncLine("golang.org/x/crypto/internal/poly1305.update: secret *state msg[:] -- the key and message; public state.len; writes state.h", "-func")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	want := []string{
		"-func: golang.org/x/crypto/internal/poly1305.update: secret *state msg[:] -- the key and message",
		"-func: golang.org/x/crypto/internal/poly1305.update: public state.len",
		"-func: golang.org/x/crypto/internal/poly1305.update: writes state.h",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, bad := range []string{"update secret x", "p.F: hide x", "p.F: secret", "p.F: secret *p.f", "p.F: secret s[:n]",
		"p.F: secret *p[:]", "p.F: secret 1x", ""} {
		if _, err := ParseFuncLine(bad, "-func"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	dir := t.TempDir()
	policy := filepath.Join(dir, "policy")
	os.WriteFile(policy, []byte("# x/crypto\n\np.F: secret k # the key\np.G: public n; writes *out\n"), 0o644)
	ds, err = ReadPolicyFile(policy)
	if err != nil || len(ds) != 3 || ds[1].Where != policy+":4" || ds[0].Names[0] != "k" {
		t.Errorf("policy file: %v %v", ds, err)
	}
	os.WriteFile(policy, []byte("p.F secret k\n"), 0o644)
	if _, err := ReadPolicyFile(policy); err == nil || !strings.Contains(err.Error(), policy+":1") {
		t.Errorf("bad policy file: %v", err)
	}
}

// TestDeclarationErrors checks what a declaration that cannot be laid
// out, or has no reason, or names no function, is told.
func TestDeclarationErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(src string) {
		os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\ntype T struct{ A, B uint32 }\n\n"+src), 0o644)
	}
	for _, c := range []struct{ src, err string }{
		{"//ctcheck:secret x\nfunc F(x int)\n", "say why"},
		{"//ctcheck:secret y -- why\nfunc F(x int)\n", "no argument y"},
		{"//ctcheck:secret t.C -- why\nfunc F(t *T)\n", "has no field C"},
		{"//ctcheck:writes x -- why\nfunc F(x int)\n", "writes names memory"},
		{"//ctcheck:secret *x -- why\nfunc F(x int)\n", "not a pointer"},
		{"var v int //ctcheck:secret v -- why\n", "doc comment of the func"},
	} {
		write(c.src)
		_, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default())
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.err)
		}
	}
	// A field is laid out by the GOARCH's sizes: B at 4, in the frame
	// after t's 8 bytes on amd64, 4 on 386.
	write("//ctcheck:secret v.B -- why\nfunc F(t *T, v T)\n")
	for goarch, off := range map[string]int64{"amd64": 12, "386": 8} {
		d, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For(goarch, ""), nil, importer.Default())
		if err != nil {
			t.Fatal(err)
		}
		f := d.funcs["example.com/a.F"].ABI0.Frame
		if len(f) != 1 || f[0].Off != off || f[0].Size != 4 || f[0].Level != engine.Secret {
			t.Errorf("%s: frame %+v, want 4 bytes at %d", goarch, f, off)
		}
	}
	d, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default())
	if err != nil {
		t.Fatal(err)
	}
	// ABIInternal: t in AX, v.A in BX, v.B in CX.
	if r := d.funcs["example.com/a.F"].Internal.Regs; len(r) != 1 || r["CX"] != engine.Secret {
		t.Errorf("ABIInternal registers %v, want CX", r)
	}
}

// TestLayouts checks where each form of name lands, for ABI0 (the frame)
// and ABIInternal (registers), on amd64 and arm64.
func TestLayouts(t *testing.T) {
	dir := t.TempDir()
	src := `package a

type T struct{ A, B uint32; K [4]uint64 }

//ctcheck:secret *p[:4] -- four elements
//ctcheck:public *q[:n] -- as many as n says
//ctcheck:secret s.len -- a secret length
//ctcheck:public str[:] -- a public string
//ctcheck:writes t.K
func F(p *uint64, q *byte, n int, s []byte, str string, t *T)

//ctcheck:secret v.B -- a field of a value receiver
func (v T) M(x int)

//ctcheck:secret x -- after a byte: aligned
func G(b byte, x uint64)
`
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default())
	if err != nil {
		t.Fatal(err)
	}
	f := d.funcs["example.com/a.F"]
	// ABI0: p 0, q 8, n 16, s 24-47 (len at 32), str 48-63, t 64.
	if fr := f.ABI0.Frame; len(fr) != 1 || fr[0] != (engine.Span{Off: 32, Size: 8, Level: engine.Secret}) {
		t.Errorf("ABI0 frame %+v, want s.len at 32", fr)
	}
	byName := map[string]*engine.Region{}
	for _, r := range f.ABI0.Regions {
		byName[r.Name] = r
	}
	if r := byName["*p[:4]"]; r == nil || r.Slot != 0 || len(r.Spans) != 1 || r.Spans[0] != (engine.Span{Off: 0, Size: 32, Level: engine.Secret, Name: "*p[:4]"}) {
		t.Errorf("*p[:4]: %+v", r)
	}
	if r := byName["*q[:n]"]; r == nil || r.Slot != 8 || r.Level != engine.Public {
		t.Errorf("*q[:n]: %+v", r)
	}
	if r := byName["str[:]"]; r == nil || r.Slot != 48 || r.Level != engine.Public {
		t.Errorf("str[:]: %+v", r)
	}
	if r := byName["t.K"]; r == nil || r.Slot != 64 || len(r.Writes) != 1 || r.Writes[0] != (engine.Span{Off: 8, Size: 32, Level: engine.Secret, Name: "t.K"}) {
		t.Errorf("t.K: %+v", r)
	}
	// ABIInternal: p AX, q BX, n CX, s DI SI R8, str R9 R10, t R11.
	if r := f.Internal.Regs; len(r) != 1 || r["SI"] != engine.Secret {
		t.Errorf("ABIInternal registers %v, want s.len in SI", r)
	}
	regs := map[string]string{}
	for _, r := range f.Internal.Regions {
		regs[r.Name] = r.Reg
	}
	if want := map[string]string{"*p[:4]": "AX", "*q[:n]": "BX", "str[:]": "R9", "t.K": "R11"}; fmt.Sprint(regs) != fmt.Sprint(want) {
		t.Errorf("ABIInternal regions in %v, want %v", regs, want)
	}
	if g := d.funcs["example.com/a.G"].ABI0.Frame; len(g) != 1 || g[0].Off != 8 {
		t.Errorf("G: x at %+v, want 8 (aligned after the byte)", g)
	}
	// A value receiver with an array of four: ABIInternal puts no array of
	// more than one element in registers, so T is in the frame, v.B at 4,
	// and x takes the first register.
	m := d.funcs["example.com/a.T.M"].Internal
	if len(m.Regs) != 0 || len(m.Frame) != 1 || m.Frame[0] != (engine.Span{Off: 4, Size: 4, Level: engine.Secret}) {
		t.Errorf("T.M: registers %v, frame %+v; want v.B in the frame at 4", m.Regs, m.Frame)
	}
}

// TestLayoutsRealTypes checks that declarations are laid out by the real
// types of what a package imports (an interface of another package takes
// two registers, a float one of the floating-point registers, not an
// integer one), and that one that cannot be placed is an error naming it.
func TestLayoutsRealTypes(t *testing.T) {
	dir := t.TempDir()
	src := `package a

import "crypto/cipher"

type C struct {
	b   cipher.Block
	f   float32
	ctr uint64
}

type P struct {
	A int
	F float64
	B int
}

//ctcheck:secret cond -- the choice
func F(b cipher.Block, x float64, cond int)

//ctcheck:public c.ctr -- the counter
func (c *C) G()

//ctcheck:secret y -- a float
func H(a int, y float64, z int)

//ctcheck:secret p.B -- after a float field
func K(p P)
`
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		goarch          string
		cond, pb, float string // registers
		floatLanes      int
	}{
		{"amd64", "CX", "BX", "X0", 8},
		{"arm64", "R2", "R1", "V0", 2},
		{"riscv64", "X12", "X11", "F10", 1},
	} {
		d, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For(c.goarch, ""), nil, importer.Default())
		if err != nil {
			t.Fatal(err)
		}
		if r := d.funcs["example.com/a.F"].Internal.Regs; len(r) != 1 || r[c.cond] != engine.Secret {
			t.Errorf("%s: F: registers %v, want cond in %s (b an interface of two words, x in a float register)", c.goarch, r, c.cond)
		}
		if r := d.funcs["example.com/a.K"].Internal.Regs; len(r) != 1 || r[c.pb] != engine.Secret {
			t.Errorf("%s: K: registers %v, want p.B in %s", c.goarch, r, c.pb)
		}
		h := d.funcs["example.com/a.H"].Internal.Regs
		lanes := 0
		for loc, l := range h {
			if loc == c.float || strings.HasPrefix(loc, c.float+".") && l == engine.Secret {
				lanes++
			}
		}
		if lanes != c.floatLanes || len(h) != c.floatLanes {
			t.Errorf("%s: H: registers %v, want the %d locations of %s", c.goarch, h, c.floatLanes, c.float)
		}
		g := d.funcs["example.com/a.(*C).G"].Internal.Regions
		if len(g) != 1 || len(g[0].Spans) != 1 || g[0].Spans[0] != (engine.Span{Off: 24, Size: 8, Level: engine.Public, Name: "c.ctr"}) {
			t.Errorf("%s: (*C).G: regions %+v, want ctr at 24 (after a two-word interface and a float32)", c.goarch, g)
		}
		if len(d.placed) == 0 || !slices.ContainsFunc(d.placed, func(s string) bool {
			return strings.HasPrefix(s, "example.com/a.F: secret cond: ") && strings.Contains(s, "ABIInternal "+c.cond)
		}) {
			t.Errorf("%s: placements %q do not say cond is in %s", c.goarch, d.placed, c.cond)
		}
	}
	for _, c := range []struct{ src, err string }{
		{"//ctcheck:secret x -- why\nfunc Gen[T any](x T)\n", "generic function"},
		{"type G[T any] struct{ x T }\n\n//ctcheck:secret *g -- why\nfunc (g *G[T]) M()\n", "generic function"},
		{"//ctcheck:secret x -- why\n//ctcheck:public x -- no\nfunc F(x int)\n", "one of them is wrong"},
		{"import \"example.invalid/nosuch\"\n\n//ctcheck:secret y -- why\nfunc F(x nosuch.T, y int)\n", "not known to the type checker"},
	} {
		os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n"+c.src), 0o644)
		_, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default())
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.err)
		}
	}
	// A -func line against a directive: both places named.
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n//ctcheck:secret *a -- the key\nfunc F(a *int)\n"), 0o644)
	_, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""),
		[]Declaration{{Func: "example.com/a.F", Verb: "public", Names: []string{"*a"}, Where: "-func"}}, importer.Default())
	if err == nil || !strings.Contains(err.Error(), "a.go:3") || !strings.Contains(err.Error(), "-func") {
		t.Errorf("a -func line against a directive: error %v, want both places named", err)
	}
}

// TestPromotedFields checks that a field promoted from an embedded
// struct is found where Go finds it, and one through an embedded pointer
// is refused.
func TestPromotedFields(t *testing.T) {
	dir := t.TempDir()
	src := `package a

type Inner struct{ pad [3]uint64; Ctr uint64 }

type Outer struct {
	key [16]byte
	Inner
}

type Ptr struct {
	key [16]byte
	*Inner
}

//ctcheck:public o.Ctr -- the counter
func F(o *Outer)
`
	os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644)
	d, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default())
	if err != nil {
		t.Fatal(err)
	}
	if r := d.funcs["example.com/a.F"].Internal.Regions; len(r) != 1 || len(r[0].Spans) != 1 || r[0].Spans[0] != (engine.Span{Off: 40, Size: 8, Level: engine.Public, Name: "o.Ctr"}) {
		t.Errorf("o.Ctr: regions %+v, want bytes 40-47 (16 of key, 24 of pad)", r)
	}
	os.WriteFile(filepath.Join(dir, "a.go"), []byte(strings.Replace(src, "func F(o *Outer)", "func F(o *Ptr)", 1)), 0o644)
	if _, err := readDeclared("example.com/a", "example.com/a", dir, []string{"a.go"}, arch.For("amd64", ""), nil, importer.Default()); err == nil || !strings.Contains(err.Error(), "embedded pointer") {
		t.Errorf("a field through an embedded pointer: error %v", err)
	}
}

// TestAssumeFieldRejected checks that assume naming an argument's field
// (c.g) is an error, not a package variable of a package named c.
func TestAssumeFieldRejected(t *testing.T) {
	needGo(t)
	ds, err := ParseFuncLine("example.com/indirect.Seal: secret *x; assume gen.f: constant time", "-func")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Config{Dir: fixture.Module(t, "testdata/indirect"), Patterns: []string{"."}, GOARCHes: []string{"amd64"}, Declarations: ds})
	if err == nil || !strings.Contains(err.Error(), "not its field") {
		t.Fatalf("err %v, want one saying assume names an argument whole", err)
	}
}
