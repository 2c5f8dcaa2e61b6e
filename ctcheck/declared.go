package ctcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// declared is what one build of one package's declarations say: by
// function symbol, without .abi0.
type declared struct {
	funcs map[string]*engine.FuncDecl
	order []string // the declared functions' symbols, in the order declared
	// named are those of order that a Config's declaration names (-func,
	// a policy file): what a run that names no roots checks.
	named      []string
	applied    []string
	appliedSym []string     // the function of each
	used       map[int]bool // the indexes of the Config's declarations that matched
	// placed says where each applied declaration landed, for each of
	// its names: the frame offset (ABI0), the register or frame offset
	// (ABIInternal) and the region bytes.
	placed []string
	// keys are the package's functions that a program can refer to by
	// name (not generic), by key: F, (*T).M, T.M.
	keys map[string]bool
}

// funcKey is how a declaration names a function within its package: F,
// (*T).M or T.M.
func funcKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if ix, ok := t.(*ast.IndexListExpr); ok {
		t = ix.X
	}
	id, _ := t.(*ast.Ident)
	if id == nil {
		return d.Name.Name
	}
	if star != "" {
		return "(*" + id.Name + ")." + d.Name.Name
	}
	return id.Name + "." + d.Name.Name
}

// matchFunc reports whether a declaration's Func names the function key
// of the package importPath: by its full symbol, or by its key alone.
func matchFunc(fn, importPath, key string) bool {
	return fn == importPath+"."+key || fn == key || importPath == engine.AsmPackage && strings.HasSuffix(fn, "."+key) &&
		!strings.Contains(strings.TrimSuffix(fn, "."+key)[strings.LastIndex(strings.TrimSuffix(fn, "."+key), "/")+1:], ".")
}

// readDeclared reads the declarations of the Go files of a package (in
// dir, those of goFiles) in its build for architecture a: the //ctcheck:secret,
// public and writes directives of its func declarations, and those of
// extra that name its functions; and lays them out by the package's
// types, its imports read by imp. Its functions' symbols start with
// symPkg: the import path, or main for a main package (whose functions
// a declaration may name either way).
func readDeclared(importPath, symPkg, dir string, goFiles []string, a *engine.Arch, extra []Declaration, imp types.Importer) (*declared, error) {
	out := &declared{funcs: map[string]*engine.FuncDecl{}, used: map[int]bool{}, keys: map[string]bool{}}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range goFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	type fn struct {
		key   string
		decl  *ast.FuncDecl
		decls []Declaration
	}
	var fns []*fn
	byKey := map[string]*fn{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			e := &fn{key: funcKey(fd), decl: fd}
			byKey[e.key] = e
			fns = append(fns, e)
			if fd.Type.TypeParams == nil && !genericRecv(fd) && fd.Name.Name != "_" && fd.Name.Name != "init" && fd.Body != nil {
				out.keys[e.key] = true
			}
			if fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				text, ok := strings.CutPrefix(c.Text, "//ctcheck:")
				if !ok || !isVerb(strings.Fields(text + " x")[0]) {
					continue
				}
				pos := fset.Position(c.Pos())
				where := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
				dd, err := parseClause(e.key, text, where, true)
				if err != nil {
					return nil, fmt.Errorf("%s: //ctcheck:%s: %v", pos, text, err)
				}
				e.decls = append(e.decls, dd)
			}
		}
	}
	// A directive of a verb of declarations must be in a func's doc
	// comment.
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				text, ok := strings.CutPrefix(c.Text, "//ctcheck:")
				if !ok || !isVerb(strings.Fields(text + " x")[0]) {
					continue
				}
				if !slices.ContainsFunc(fns, func(e *fn) bool { return e.decl.Doc == g }) {
					return nil, fmt.Errorf("%s: //ctcheck:%s: a declaration goes in the doc comment of the func it declares", fset.Position(c.Pos()), text)
				}
			}
		}
	}
	for i, d := range extra {
		for _, e := range fns {
			if matchFunc(d.Func, importPath, e.key) || symPkg != importPath && matchFunc(d.Func, symPkg, e.key) {
				e.decls = append(e.decls, d)
				out.used[i] = true
			}
		}
	}
	var declaredFns []*fn
	for _, e := range fns {
		if len(e.decls) > 0 {
			declaredFns = append(declaredFns, e)
		}
	}
	if len(declaredFns) == 0 {
		return out, nil
	}
	sizes := types.SizesFor("gc", a.GOARCH)
	var typeErrs []error
	conf := types.Config{Importer: imp, Error: func(err error) { typeErrs = append(typeErrs, err) }, Sizes: sizes, FakeImportC: true}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	conf.Check(importPath, fset, files, info)
	for _, e := range declaredFns {
		if err := contradiction(e.decls); err != nil {
			return nil, fmt.Errorf("%s.%s: %v", importPath, e.key, err)
		}
		obj, _ := info.Defs[e.decl.Name].(*types.Func)
		if obj == nil {
			return nil, fmt.Errorf("%s: %s: not a function the type checker could read", importPath, e.key)
		}
		l, err := newLayouter(obj.Pkg(), obj.Type().(*types.Signature), sizes, a)
		if err != nil {
			if len(typeErrs) > 0 {
				err = fmt.Errorf("%v (the type checker: %v)", err, typeErrs[0])
			}
			return nil, fmt.Errorf("%s: %s.%s: cannot be declared: %v", e.decls[0].Where, importPath, e.key, err)
		}
		// Whole regions first, so that a field's level (a span) wins
		// over its region's whatever the order they are written in.
		slices.SortStableFunc(e.decls, func(x, y Declaration) int { return wholeFirst(x) - wholeFirst(y) })
		sym := symPkg + "." + e.key
		for _, d := range e.decls {
			for _, name := range d.Names {
				if err := l.declare(d.Verb, name, d.Says); err != nil {
					return nil, fmt.Errorf("%s: %s.%s: %s: %v", d.Where, importPath, e.key, d.Verb, err)
				}
				for _, where := range l.placed {
					out.placed = append(out.placed, fmt.Sprintf("%s: %s %s: %s", sym, d.Verb, name, where))
				}
				l.placed = nil
			}
			d.Func = sym
			out.applied = append(out.applied, d.String())
			out.appliedSym = append(out.appliedSym, d.Func)
		}
		out.funcs[sym] = l.decl()
		out.order = append(out.order, sym)
	}
	for _, sym := range out.order {
		key := strings.TrimPrefix(sym, symPkg+".")
		if slices.ContainsFunc(extra, func(d Declaration) bool {
			return matchFunc(d.Func, importPath, key) || matchFunc(d.Func, symPkg, key)
		}) {
			out.named = append(out.named, sym)
		}
	}
	return out, nil
}

// genericRecv reports whether d is a method of a generic type.
func genericRecv(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return false
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// contradiction is the error of a name that one declaration of a
// function says is secret and another public: which holds is not the
// checker's to guess.
func contradiction(decls []Declaration) error {
	type said struct{ verb, where string }
	first := map[string]said{}
	for _, d := range decls {
		if d.Verb == "writes" || d.Verb == "assume" {
			continue
		}
		for _, n := range d.Names {
			if f, ok := first[n]; ok && f.verb != d.Verb {
				return fmt.Errorf("%s: %s %s, but %s: %s %s: one of them is wrong", f.where, f.verb, n, d.Where, d.Verb, n)
			}
			if _, ok := first[n]; !ok {
				first[n] = said{d.Verb, d.Where}
			}
		}
	}
	return nil
}

// wholeFirst orders declarations of whole regions (*p, s[:]) before the
// rest.
func wholeFirst(d Declaration) int {
	for _, n := range d.Names {
		if strings.Contains(n, ".") {
			return 1
		}
	}
	return 0
}

// funcsPolicy returns the policy's Funcs: d's, then base's.
func (d *declared) funcsPolicy(base func(string) *engine.FuncDecl) func(string) *engine.FuncDecl {
	return func(sym string) *engine.FuncDecl {
		if f, ok := d.funcs[sym]; ok {
			return f
		}
		if base != nil {
			return base(sym)
		}
		return nil
	}
}

// appliedIn is what was applied of the declarations of the functions an
// assembly file defines (TEXT ·name(SB)).
func (d *declared) appliedIn(file string) []string {
	src, err := os.ReadFile(file)
	if err != nil {
		return d.applied
	}
	var out []string
	for _, a := range d.applied {
		_, rest, _ := strings.Cut(a, ": "+engine.AsmPackage+".")
		key, _, _ := strings.Cut(rest, ":")
		if strings.Contains(string(src), "·"+key+"(SB)") {
			out = append(out, a)
		}
	}
	return out
}

// appliedTo is what was applied of the declarations of roots: those of
// other functions do not apply (declarations say what a root is called
// with).
func (d *declared) appliedTo(roots []string) []string {
	var out []string
	for i, a := range d.applied {
		if slices.Contains(roots, d.appliedSym[i]) {
			out = append(out, a)
		}
	}
	return out
}

// placedFor is where the declarations of roots landed.
func (d *declared) placedFor(roots []string) []string {
	var out []string
	for _, p := range d.placed {
		if slices.ContainsFunc(roots, func(r string) bool { return strings.HasPrefix(p, r+": ") }) {
			out = append(out, p)
		}
	}
	return out
}
