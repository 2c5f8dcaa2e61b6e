package secretcmp

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A key names what can hold a value: a variable (path ""), the elements
// of a slice or map variable (path "[]"), or a field path from the named
// type of the value it is selected from ("Auth.HMAC.Buffer" from
// AuthCommand). Keying fields by the root value's type and the whole path,
// not by the field object, keeps a secret stored in one struct's field from
// making the same field secret in every other struct type that shares its
// declaration (type TPM2BName TPM2BData shares TPM2BData's fields).
type key struct {
	obj  types.Object // a *types.Var, or the *types.TypeName a field path starts at
	path string
}

// state is the taint of one package: which variables, fields, parameters
// and function results hold secrets (sec, funcs), and which hold values
// that whoever is on the other end chooses (ctl, ctlFuncs). The analysis
// is flow-insensitive: a variable that is ever assigned a secret is secret
// everywhere.
type state struct {
	pass     *analysis.Pass
	sec      map[key]*Src
	ctl      map[key]*Src
	funcs    map[*types.Func]map[int]*Src
	ctlFuncs map[*types.Func]map[int]*Src
	// calls counts the direct calls of each of this package's functions
	// from its (non-test) code; escapes marks those used as values.
	calls   map[*types.Func]int
	escapes map[*types.Func]bool
	// seeded are the parameters chosen by the other end because of the
	// function they belong to, with that function's body: a closure in
	// the body that reads one reads configuration (a middleware's
	// credentials), not a request.
	seeded   map[*types.Var]seed
	lits     []*ast.FuncLit
	bodyLits map[*ast.BlockStmt][]*ast.FuncLit
	reqTypes map[*types.Named]string
	// litVars are the variables bound to a function literal, and
	// litFuncs the secrets its results hold.
	litVars  map[types.Object]*ast.FuncLit
	litFuncs map[*ast.FuncLit][]*Src
	// variadic are the package's variadic parameters: their elements
	// take the taint of the arguments, as a plain parameter does.
	variadic map[*types.Var]bool
	// library is the import through which the package's build has
	// github.com/ctequal/ctequal, "" if it has not.
	library string
	changed bool
}

type seed struct {
	src  *Src
	body *ast.BlockStmt
}

func newState(pass *analysis.Pass) *state {
	return &state{
		pass:     pass,
		sec:      make(map[key]*Src),
		ctl:      make(map[key]*Src),
		funcs:    make(map[*types.Func]map[int]*Src),
		ctlFuncs: make(map[*types.Func]map[int]*Src),
		calls:    make(map[*types.Func]int),
		escapes:  make(map[*types.Func]bool),
		seeded:   make(map[*types.Var]seed),
		bodyLits: make(map[*ast.BlockStmt][]*ast.FuncLit),
		reqTypes: make(map[*types.Named]string),
		litVars:  make(map[types.Object]*ast.FuncLit),
		litFuncs: make(map[*ast.FuncLit][]*Src),
		variadic: make(map[*types.Var]bool),
	}
}

// propagate walks the package's code until no more values become secret
// or attacker-controlled.
func (s *state) propagate() {
	s.countCalls()
	s.seedParams()
	for range 50 {
		s.changed = false
		for _, f := range s.pass.Files {
			if s.skipFile(f) {
				continue
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Body == nil {
						continue
					}
					fn, _ := s.pass.TypesInfo.Defs[d.Name].(*types.Func)
					s.walk(d.Body, fn, nil)
				case *ast.GenDecl:
					s.walk(d, nil, nil)
				}
			}
		}
		if !s.changed {
			return
		}
	}
}

// skipFile reports whether f is a _test.go file and -testfiles is off.
// Such files are neither reported nor followed: a test that passes a
// random buffer to a helper must not make the helper's compare a finding.
func (s *state) skipFile(f *ast.File) bool {
	return !testFilesFlag && strings.HasSuffix(s.pass.Fset.File(f.Pos()).Name(), "_test.go")
}

// countCalls counts, for each function of the package, its direct calls
// and whether it is used as a value (a handler registered, a method value
// passed): the parameters of a function whose callers cannot all be seen
// are chosen by someone else.
func (s *state) countCalls() {
	info := s.pass.TypesInfo
	for _, f := range s.pass.Files {
		if s.skipFile(f) {
			continue
		}
		callee := make(map[*ast.Ident]bool)
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				switch fun := unparen(call.Fun).(type) {
				case *ast.Ident:
					callee[fun] = true
				case *ast.SelectorExpr:
					callee[fun.Sel] = true
				case *ast.IndexExpr: // f[T](x)
					if id, ok := fun.X.(*ast.Ident); ok {
						callee[id] = true
					}
				}
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			fn, ok := info.Uses[id].(*types.Func)
			if !ok || fn.Pkg() != s.pass.Pkg {
				return true
			}
			fn = fn.Origin()
			if callee[id] {
				s.calls[fn]++
			} else {
				s.escapes[fn] = true
			}
			return true
		})
	}
}

// seedParams marks the parameters that the other end chooses: those of
// exported functions and methods, of handlers, of function literals, and
// of unexported functions that nothing in the package calls directly.
func (s *state) seedParams() {
	info := s.pass.TypesInfo
	for _, f := range s.pass.Files {
		if s.skipFile(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn, _ := info.Defs[n.Name].(*types.Func)
				if fn == nil {
					return true
				}
				var why string
				switch {
				case n.Name.IsExported():
					why = "exported " + n.Name.Name
				case s.escapes[fn]:
					why = n.Name.Name + ", used as a value"
				case s.calls[fn] == 0:
					why = n.Name.Name + ", not called in its package"
				}
				if why != "" {
					s.seedFields(n.Type.Params, why, n.Body)
				}
			case *ast.FuncLit:
				s.lits = append(s.lits, n)
				s.seedFields(n.Type.Params, "a function literal", n.Body)
			}
			return true
		})
	}
}

func (s *state) seedFields(fl *ast.FieldList, why string, body *ast.BlockStmt) {
	if fl == nil {
		return
	}
	for _, field := range fl.List {
		for _, id := range field.Names {
			v, ok := s.pass.TypesInfo.Defs[id].(*types.Var)
			if !ok || id.Name == "_" {
				continue
			}
			s.seeded[v] = seed{&Src{What: "parameter " + id.Name + " of " + why, Where: s.where(id.Pos())}, body}
		}
	}
}

// walk propagates taint through the statements under n, whose returns
// belong to fn, or to lit inside a function literal.
func (s *state) walk(n ast.Node, fn *types.Func, lit *ast.FuncLit) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			s.walk(n.Body, nil, n)
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if l, ok := unparen(n.Rhs[0]).(*ast.FuncLit); ok {
					if id, ok := n.Lhs[0].(*ast.Ident); ok && s.pass.TypesInfo.ObjectOf(id) != nil {
						s.litVars[s.pass.TypesInfo.ObjectOf(id)] = l
					}
				}
			}
			s.assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			s.assign(lhs, n.Values)
		case *ast.ReturnStmt:
			if lit != nil {
				s.litReturn(lit, n)
				break
			}
			if fn == nil {
				break
			}
			res := fn.Signature().Results()
			switch {
			case len(n.Results) == res.Len():
				for i, r := range n.Results {
					s.markResult(fn, i, s.secret(r))
					s.markCtlResult(fn, i, s.attacker(r))
				}
			case len(n.Results) == 1:
				if call, ok := unparen(n.Results[0]).(*ast.CallExpr); ok {
					for i, t := range s.callTaints(call) {
						s.markResult(fn, i, t)
					}
					c := s.attacker(call)
					for i := range res.Len() {
						s.markCtlResult(fn, i, c)
					}
				}
			case len(n.Results) == 0:
				for i := range res.Len() {
					s.markResult(fn, i, s.sec[key{obj: res.At(i)}])
					s.markCtlResult(fn, i, s.ctl[key{obj: res.At(i)}])
				}
			}
		case *ast.RangeStmt:
			// for _, v := range xs: v holds what the elements hold.
			if n.Value != nil {
				if k, ok := s.keyOf(n.X); ok {
					s.mark(n.Value, s.sec[key{k.obj, elemPath(k.path)}])
					s.markCtlExpr(n.Value, s.ctl[key{k.obj, elemPath(k.path)}])
				}
				s.mark(n.Value, s.nameOfElems(n.Value, n.X))
				s.markCtlExpr(n.Value, s.attacker(n.X))
			}
			if n.Key != nil {
				s.markCtlExpr(n.Key, s.attacker(n.X))
			}
		case *ast.CompositeLit:
			s.compositeLit(n)
		case *ast.CallExpr:
			s.effects(n)
		}
		return true
	})
}

// nameOfElems makes v a secret by name where it ranges over a map of
// credentials keyed by user name (for user, password := range accounts
// names it itself; see mapLookup), or over a slice named like secrets
// (for _, k := range apiKeys).
func (s *state) nameOfElems(v, x ast.Expr) *Src {
	if nameLooksSecret(exprName(v), false) {
		return nil // named already
	}
	if t := s.elemsByName(x); t != nil {
		return t
	}
	m, ok := s.pass.TypesInfo.TypeOf(x).Underlying().(*types.Map)
	if !ok || !secretType(m.Elem()) {
		return nil
	}
	if n := exprName(x); credentialStoreName(n) {
		return &Src{What: n, Kind: secretKind, Name: true}
	}
	return nil
}

// elemsByName makes the elements of a slice or array variable or field a
// secret by its name, as a plain variable is by its own: secretToken[0] of
// a func(secretToken ...string), the keys of apiKeys []string.
func (s *state) elemsByName(x ast.Expr) *Src {
	var name string
	switch x := unparen(x).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.SelectorExpr:
		name = x.Sel.Name
	default:
		return nil
	}
	if _, ok := s.pass.TypesInfo.ObjectOf(identOf(x)).(*types.Var); !ok {
		return nil
	}
	var elem types.Type
	switch t := s.pass.TypesInfo.TypeOf(x).Underlying().(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Array:
		elem = t.Elem()
	default:
		return nil
	}
	if !secretType(elem) || isHardwareAddr(elem) || !nameLooksSecret(name, false) {
		return nil
	}
	return &Src{What: name, Kind: secretKind, Name: true}
}

// identOf returns the identifier an identifier or a selector names.
func identOf(e ast.Expr) *ast.Ident {
	switch e := unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

func elemPath(p string) string {
	if p == "" {
		return "[]"
	}
	return p + ".[]"
}

// assign propagates taint from the right-hand sides to the left.
func (s *state) assign(lhs, rhs []ast.Expr) {
	switch {
	case len(lhs) == len(rhs):
		for i := range lhs {
			s.mark(lhs[i], s.secret(rhs[i]))
			s.markCtlExpr(lhs[i], s.attacker(rhs[i]))
		}
	case len(rhs) == 1:
		r := unparen(rhs[0])
		if call, ok := r.(*ast.CallExpr); ok {
			ts := s.callTaints(call)
			for i := range lhs {
				if i < len(ts) {
					s.mark(lhs[i], ts[i])
				}
			}
			c := s.attacker(call)
			for i := range lhs {
				s.markCtlExpr(lhs[i], c)
			}
			return
		}
		// v, ok := m[k]; v, ok := x.(T); v, ok := <-ch
		if len(lhs) == 2 {
			s.mark(lhs[0], s.secret(r))
			s.markCtlExpr(lhs[0], s.attacker(r))
		}
	}
}

// compositeLit marks the fields of a struct literal that are given
// secrets or attacker data.
func (s *state) compositeLit(n *ast.CompositeLit) {
	t := s.pass.TypesInfo.TypeOf(n)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	tn := rootType(t)
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if tn == nil {
			return
		}
		for i, e := range n.Elts {
			var f *types.Var
			v := e
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				f, _ = s.pass.TypesInfo.Uses[id].(*types.Var)
				v = kv.Value
			} else if i < u.NumFields() {
				f = u.Field(i)
			}
			if f == nil {
				continue
			}
			k := key{tn, f.Name()}
			s.markKey(k, f.Type(), s.secret(v))
			s.markCtl(k, s.attacker(v))
		}
	}
}

// rootType returns the type name that field paths from a value of type t
// start at: t's named type (its generic origin), through a pointer.
func rootType(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Origin().Obj()
	}
	return nil
}

// keyOf returns the key an expression reads or an assignment to it writes.
func (s *state) keyOf(e ast.Expr) (key, bool) {
	info := s.pass.TypesInfo
	switch e := unparen(e).(type) {
	case *ast.Ident:
		if e.Name == "_" {
			return key{}, false
		}
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			return key{obj: v}, true
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok {
			if v, ok := info.Uses[e.Sel].(*types.Var); ok { // a qualified identifier
				return key{obj: v}, true
			}
			return key{}, false
		}
		if sel.Kind() != types.FieldVal {
			return key{}, false
		}
		names := fieldNames(sel)
		if names == "" {
			return key{}, false
		}
		// x.a.b: extend x.a's path, if x.a is a field path itself.
		if inner, ok := unparen(e.X).(*ast.SelectorExpr); ok {
			if isel, ok := info.Selections[inner]; ok && isel.Kind() == types.FieldVal {
				if k, ok := s.keyOf(inner); ok && k.path != "" && !strings.HasSuffix(k.path, "[]") {
					return key{k.obj, k.path + "." + names}, true
				}
			}
		}
		if tn := rootType(info.TypeOf(e.X)); tn != nil {
			return key{tn, names}, true
		}
		// An unnamed struct: key by the variable.
		if k, ok := s.keyOf(e.X); ok && k.path == "" {
			return key{k.obj, names}, true
		}
	case *ast.SliceExpr:
		return s.keyOf(e.X)
	case *ast.StarExpr:
		return s.keyOf(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return s.keyOf(e.X)
		}
	case *ast.IndexExpr:
		t := info.TypeOf(e.X)
		if t == nil {
			return key{}, false
		}
		// buf[i] = secretByte: buf holds (part of) a secret.
		if isByteSlice(t) || isByteArray(t) {
			return s.keyOf(e.X)
		}
		// m[k] = v, xs[i] = v: the elements.
		switch t.Underlying().(type) {
		case *types.Map, *types.Slice, *types.Array:
			if k, ok := s.keyOf(e.X); ok {
				return key{k.obj, elemPath(k.path)}, true
			}
		}
	}
	return key{}, false
}

// fieldNames returns the names of the fields a selection goes through,
// embedded ones included: "Inner.Secret" for o.Secret.
func fieldNames(sel *types.Selection) string {
	t := sel.Recv()
	var names []string
	for _, i := range sel.Index() {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return ""
		}
		f := st.Field(i)
		names = append(names, f.Name())
		t = f.Type()
	}
	return strings.Join(names, ".")
}

// mark records that what lhs writes holds the secret t.
func (s *state) mark(lhs ast.Expr, t *Src) {
	if t == nil {
		return
	}
	if k, ok := s.keyOf(lhs); ok {
		s.markKey(k, s.pass.TypesInfo.TypeOf(lhs), t)
	}
}

// markKey records that k (of type typ, nil if unknown) holds the secret t.
func (s *state) markKey(k key, typ types.Type, t *Src) {
	if t == nil || k.obj == nil {
		return
	}
	if typ == nil {
		if v, ok := k.obj.(*types.Var); ok && k.path == "" {
			typ = v.Type()
		}
	}
	if typ != nil && !canHold(typ, t.Kind) {
		return
	}
	if (k.path != "" && !s.variadicElems(k)) || isPackageVar(k.obj) {
		if isRandReader(t) || t.Param {
			return // see isRandReader and Src.Param
		}
	}
	if old, done := s.sec[k]; done && rank(old) >= rank(t) {
		return
	}
	s.sec[k] = t
	s.changed = true
}

// rank orders taints: where two reach one variable, the better-known
// wins. Provenance beats a name, and a name beats raw random bytes.
func rank(t *Src) int {
	switch {
	case t.Raw:
		return 1
	case t.Name:
		return 2
	}
	return 3
}

// variadicElems reports whether k is the elements of a variadic
// parameter: what the arguments give them is given as to a plain
// parameter.
func (s *state) variadicElems(k key) bool {
	v, ok := k.obj.(*types.Var)
	return ok && k.path == "[]" && s.variadic[v]
}

func isPackageVar(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

func (s *state) markCtlExpr(lhs ast.Expr, t *Src) {
	if t == nil {
		return
	}
	if k, ok := s.keyOf(lhs); ok {
		s.markCtl(k, t)
	}
}

// markCtl records that k holds a value the other end chose.
func (s *state) markCtl(k key, t *Src) {
	if t == nil || k.obj == nil {
		return
	}
	if k.path == "" && isPackageVar(k.obj) {
		return // a package variable is the program's state
	}
	if k.path != "" && !t.Strong && !s.variadicElems(k) {
		// A parameter stored in a field is configuration: NewServer(cfg)
		// keeps cfg, and its values are not a request's.
		return
	}
	if old, done := s.ctl[k]; done && (old.Strong || !t.Strong) {
		return
	}
	s.ctl[k] = t
	s.changed = true
}

// markResult records that result i of fn is the secret t.
func (s *state) markResult(fn *types.Func, i int, t *Src) {
	if t == nil || !canHold(fn.Signature().Results().At(i).Type(), t.Kind) || isRandReader(t) || t.Param {
		return
	}
	m := s.funcs[fn]
	if m == nil {
		m = make(map[int]*Src)
		s.funcs[fn] = m
	}
	if old, done := m[i]; done && rank(old) >= rank(t) {
		return
	}
	m[i] = t
	s.changed = true
}

// markCtlResult records that result i of fn is chosen by the other end.
func (s *state) markCtlResult(fn *types.Func, i int, t *Src) {
	if t == nil || !t.Strong {
		return // a call given a parameter is followed where it is made
	}
	m := s.ctlFuncs[fn]
	if m == nil {
		m = make(map[int]*Src)
		s.ctlFuncs[fn] = m
	}
	if old, done := m[i]; done && (old.Strong || !t.Strong) {
		return
	}
	m[i] = t
	s.changed = true
}

// isRandReader reports whether t is crypto/rand.Reader itself. Its bytes
// count as secret only where they are read from it directly: a function or
// field that returns "crypto/rand.Reader or the caller's reader" (crypto/tls's
// Config.rand) fills nonces and hello randoms, which are public.
func isRandReader(t *Src) bool {
	return t.Kind == readerKind && t.What == randReaderWhat
}

const randReaderWhat = "random bytes from crypto/rand.Reader"

// varSecret is the taint of a variable, from this package or from a fact.
func (s *state) varSecret(obj types.Object) *Src {
	v, ok := obj.(*types.Var)
	if !ok {
		return nil
	}
	if t := s.sec[key{obj: v}]; t != nil {
		return t
	}
	if v.Pkg() != nil && v.Pkg() != s.pass.Pkg && isPackageVar(v) {
		var f varFact
		if s.pass.ImportObjectFact(v, &f) {
			return &f.Src
		}
	}
	return nil
}

// keySecret is the taint of a field path, from this package or a fact,
// also where the path goes through an embedded field whose type's own
// methods stored the secret (o.Inner.Secret and Inner's s.Secret).
func (s *state) keySecret(k key) *Src {
	if k.path == "" {
		return s.varSecret(k.obj)
	}
	for range 8 {
		if t := s.sec[k]; t != nil {
			return t
		}
		tn, ok := k.obj.(*types.TypeName)
		if !ok {
			return nil
		}
		if tn.Pkg() != nil && tn.Pkg() != s.pass.Pkg {
			var f fieldsFact
			if s.pass.ImportObjectFact(tn, &f) {
				for _, p := range f.Fields {
					if p.Path == k.path {
						return &p.Src
					}
				}
			}
		}
		// The first field embedded, with a named type: look again from
		// that type.
		first, rest, ok := strings.Cut(k.path, ".")
		if !ok {
			return nil
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var next *types.TypeName
		for i := range st.NumFields() {
			if f := st.Field(i); f.Name() == first && f.Embedded() {
				next = rootType(f.Type())
			}
		}
		if next == nil {
			return nil
		}
		k = key{next, rest}
	}
	return nil
}

// secret returns where the secret e evaluates to came from, or nil.
func (s *state) secret(e ast.Expr) *Src {
	info := s.pass.TypesInfo
	switch e := unparen(e).(type) {
	case *ast.Ident:
		if publicName(e.Name) {
			return nil
		}
		t := s.varSecret(info.ObjectOf(e))
		if t != nil && !(t.Param && t.Name) {
			return t
		}
		// A parameter named like a secret is one by its own name, which
		// flows on, where one given a name's secret is not.
		if _, ok := info.ObjectOf(e).(*types.Var); ok {
			if n := s.byTypeOrName(e, e.Name); n != nil {
				return n
			}
		}
		return t
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() != types.FieldVal || publicName(e.Sel.Name) {
				return nil
			}
			if k, ok := s.keyOf(e); ok {
				if t := s.keySecret(k); t != nil {
					return t
				}
			}
			if t := s.keyField(e); t != nil {
				return t
			}
			return s.byTypeOrName(e, e.Sel.Name)
		}
		obj := info.Uses[e.Sel]
		if v, ok := obj.(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader" {
			return &Src{What: randReaderWhat, Where: s.where(e.Pos()), Kind: readerKind, Raw: true}
		}
		if t := s.varSecret(obj); t != nil {
			return t
		}
		if _, ok := obj.(*types.Var); ok {
			return s.byTypeOrName(e, e.Sel.Name)
		}
	case *ast.SliceExpr:
		return s.secret(e.X)
	case *ast.StarExpr:
		return s.secret(e.X)
	case *ast.TypeAssertExpr:
		return s.secret(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return s.secret(e.X)
		}
	case *ast.IndexExpr:
		t := info.TypeOf(e.X)
		if t == nil {
			return nil
		}
		if isByteSlice(t) || isByteArray(t) || isString(t) {
			// A byte of a secret (an HOTP's truncation reads them).
			if x := s.secret(e.X); x != nil && x.Kind == secretKind {
				return x
			}
			return nil
		}
		switch t.Underlying().(type) {
		case *types.Map, *types.Slice, *types.Array:
			if k, ok := s.keyOf(e.X); ok {
				if x := s.sec[key{k.obj, elemPath(k.path)}]; x != nil {
					return x
				}
			}
			if x := s.elemsByName(e.X); x != nil {
				return x
			}
			return s.mapLookup(e)
		}
	case *ast.BinaryExpr:
		t := info.TypeOf(e)
		if t == nil {
			return nil
		}
		if e.Op == token.ADD && isString(t) || isInteger(t) && arith[e.Op] {
			if x := s.secret(e.X); x != nil {
				return x
			}
			return s.secret(e.Y)
		}
	case *ast.CallExpr:
		if ts := s.callTaints(e); len(ts) > 0 && ts[0] != nil {
			return ts[0]
		}
		return s.callName(e)
	}
	return nil
}

var arith = map[token.Token]bool{
	token.ADD: true, token.SUB: true, token.MUL: true, token.QUO: true, token.REM: true,
	token.AND: true, token.OR: true, token.XOR: true, token.SHL: true, token.SHR: true, token.AND_NOT: true,
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// byTypeOrName makes a variable or field a secret by its type (a private
// key) or, in the lower-confidence class, by its name.
func (s *state) byTypeOrName(e ast.Expr, name string) *Src {
	t := s.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return nil
	}
	if kt := privateKeyType(t); kt != "" {
		return &Src{What: "private key (" + kt + ")", Where: s.where(e.Pos()), Kind: secretKind, Key: true}
	}
	if secretType(t) && !isHardwareAddr(t) && nameLooksSecret(name, false) {
		return &Src{What: name, Kind: secretKind, Name: true}
	}
	return nil
}

// keyField makes the bytes of a private key's struct secret by type:
// k.raw in a type PrivateKey struct{ raw []byte }.
func (s *state) keyField(e *ast.SelectorExpr) *Src {
	info := s.pass.TypesInfo
	t := info.TypeOf(e)
	if t == nil || !(isByteSlice(t) || isByteArray(t)) {
		return nil
	}
	tn := rootType(info.TypeOf(e.X))
	if tn == nil || !privateKeyName(tn.Name()) {
		return nil
	}
	if !privatePartName(e.Sel.Name) {
		return nil
	}
	return &Src{What: "private key (" + typeName(tn) + "." + e.Sel.Name + ")", Where: s.where(e.Pos()), Kind: secretKind, Key: true}
}

func typeName(tn *types.TypeName) string {
	if tn.Pkg() == nil {
		return tn.Name()
	}
	return tn.Pkg().Name() + "." + tn.Name()
}

// privateKeyType returns the name of t if it is a byte type named as a
// private or secret key (ed25519.PrivateKey, a NoisePrivateKey [32]byte).
func privateKeyType(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !(isByteSlice(t) || isByteArray(t)) || !privateKeyName(n.Obj().Name()) {
		return ""
	}
	return typeName(n.Obj())
}

// privateKeyName reports whether a type's name says it is a private or
// secret key: PrivateKey, PrivKey, SecretKey, NoisePrivateKey.
func privateKeyName(name string) bool {
	priv, k := false, false
	for _, w := range splitWords(name) {
		switch w {
		case "private", "priv", "secret":
			priv = true
		case "key", "scalar":
			k = priv
		case "pub", "public":
			return false
		}
	}
	return k
}

// mapLookup makes a map lookup a secret by name where the map holds
// credentials by user name: creds[user], cfg.Users[username],
// passwords[name].
func (s *state) mapLookup(e *ast.IndexExpr) *Src {
	info := s.pass.TypesInfo
	m, ok := info.TypeOf(e.X).Underlying().(*types.Map)
	if !ok || !secretType(m.Elem()) {
		return nil
	}
	mapName := exprName(e.X)
	if nameLooksSecret(mapName, false) || userName(exprName(e.Index)) && credentialStoreName(mapName) {
		return &Src{What: mapName + "[" + exprName(e.Index) + "]", Kind: secretKind, Name: true}
	}
	return nil
}

// exprName returns the name an expression is known by: x, x.Field,
// x.Method(), the operand of a conversion.
func exprName(e ast.Expr) string {
	switch e := unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.StarExpr:
		return exprName(e.X)
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			switch e.Fun.(type) {
			case *ast.Ident, *ast.ArrayType:
				if n := exprName(e.Args[0]); n != "" {
					return n // string(name)
				}
			}
		}
		return exprName(e.Fun)
	}
	return ""
}

// userName reports whether a name is a user's: user, username, login.
func userName(name string) bool {
	ws := splitWords(name)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "user", "username", "usr", "login", "uname", "name", "account":
		return true
	}
	return false
}

// credentialStoreName reports whether a map's name says it holds
// credentials: users, accounts, creds, credentials, logins.
func credentialStoreName(name string) bool {
	for _, w := range splitWords(name) {
		switch w {
		case "users", "accounts", "creds", "credentials", "logins", "passwords", "secrets", "htpasswd", "auth":
			return true
		}
	}
	return false
}

// callName makes a call's result a secret by name: cfg.WebhookSecret(),
// os.Getenv("API_KEY"), c.GetString("password").
func (s *state) callName(call *ast.CallExpr) *Src {
	info := s.pass.TypesInfo
	t := info.TypeOf(call)
	if t == nil || !secretType(t) || isHardwareAddr(t) {
		return nil
	}
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return nil
	}
	if len(call.Args) >= 1 {
		if lit, ok := unparen(call.Args[0]).(*ast.BasicLit); ok && lit.Kind == token.STRING {
			// A key's or a header's name, not a format or a message.
			if v, err := strconvUnquote(lit.Value); err == nil && !strings.ContainsAny(v, "% \t\n") && nameLooksSecret(v, true) {
				return &Src{What: v, Kind: secretKind, Name: true}
			}
		}
	}
	var name string
	switch fun := unparen(call.Fun).(type) {
	case *ast.Ident:
		name = fun.Name
	case *ast.SelectorExpr:
		name = fun.Sel.Name
	}
	if name != "" && nameLooksSecret(name, false) {
		return &Src{What: name, Kind: secretKind, Name: true}
	}
	return nil
}

// privatePartName reports whether a private key's field holds its
// private part: d (RSA's and JWK's exponent), key, priv, seed, scalar,
// secret, raw; not x, y, n or pub, which are public.
func privatePartName(name string) bool {
	ws := splitWords(name)
	for _, w := range ws {
		if w == "pub" || w == "public" {
			return false
		}
	}
	for _, w := range ws {
		switch w {
		case "d", "key", "priv", "private", "privkey", "seed", "scalar", "secret", "raw", "sk", "bytes", "data", "k":
			return true
		}
	}
	return false
}

// publicName reports whether a name says a value is public, whatever it
// was made from: a digest-auth opaque sent to every client, a salt, an
// IV, a multipart boundary, an ETag. (A nonce is not among them: some
// programs call their CSRF tokens nonces.)
func publicName(name string) bool {
	ws := splitWords(name)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "opaque", "salt", "iv", "boundary", "etag":
		return true
	}
	return false
}

// litReturn records the secrets a function literal's return gives its
// results.
func (s *state) litReturn(lit *ast.FuncLit, n *ast.ReturnStmt) {
	var ts []*Src
	switch {
	case len(n.Results) == 1:
		if call, ok := unparen(n.Results[0]).(*ast.CallExpr); ok {
			ts = s.callTaints(call)
		}
		if len(ts) == 0 {
			ts = []*Src{s.secret(n.Results[0])}
		}
	default:
		for _, r := range n.Results {
			ts = append(ts, s.secret(r))
		}
	}
	old := s.litFuncs[lit]
	for len(old) < len(ts) {
		old = append(old, nil)
	}
	for i, t := range ts {
		if t != nil && !t.Param && (old[i] == nil || rank(t) > rank(old[i])) {
			old[i] = t
			s.changed = true
		}
	}
	s.litFuncs[lit] = old
}
