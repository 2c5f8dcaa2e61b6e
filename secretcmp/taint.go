package secretcmp

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
	"golang.org/x/tools/go/types/typeutil"
)

// state is the taint of one package: which variables, fields, parameters
// and function results hold secrets. The analysis is flow-insensitive: a
// variable that is ever assigned a secret is secret everywhere.
type state struct {
	pass    *analysis.Pass
	vars    map[types.Object]*Src
	funcs   map[*types.Func]map[int]*Src
	changed bool
}

func newState(pass *analysis.Pass) *state {
	return &state{
		pass:  pass,
		vars:  make(map[types.Object]*Src),
		funcs: make(map[*types.Func]map[int]*Src),
	}
}

// propagate walks the package's code until no more values become secret.
func (s *state) propagate() {
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
					s.walk(d.Body, fn)
				case *ast.GenDecl:
					s.walk(d, nil)
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

// walk propagates taint through the statements under n, whose returns
// belong to fn (nil inside a function literal).
func (s *state) walk(n ast.Node, fn *types.Func) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			s.walk(n.Body, nil)
			return false
		case *ast.AssignStmt:
			s.assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			s.assign(lhs, n.Values)
		case *ast.ReturnStmt:
			if fn == nil {
				break
			}
			res := fn.Signature().Results()
			switch {
			case len(n.Results) == res.Len():
				for i, r := range n.Results {
					s.markResult(fn, i, s.exprTaint(r))
				}
			case len(n.Results) == 1:
				if call, ok := unparen(n.Results[0]).(*ast.CallExpr); ok {
					for i, t := range s.callTaints(call) {
						s.markResult(fn, i, t)
					}
				}
			case len(n.Results) == 0:
				for i := range res.Len() {
					s.markResult(fn, i, s.vars[res.At(i)])
				}
			}
		case *ast.CompositeLit:
			s.compositeLit(n)
		case *ast.CallExpr:
			s.effects(n)
		case *ast.RangeStmt:
			// for _, x := range secrets: a string element of a
			// tainted []string is not tracked; nothing to do.
		}
		return true
	})
}

// assign propagates taint from the right-hand sides to the left.
func (s *state) assign(lhs, rhs []ast.Expr) {
	switch {
	case len(lhs) == len(rhs):
		for i := range lhs {
			s.mark(lhs[i], s.exprTaint(rhs[i]))
		}
	case len(rhs) == 1:
		if call, ok := unparen(rhs[0]).(*ast.CallExpr); ok {
			ts := s.callTaints(call)
			for i := range lhs {
				if i < len(ts) {
					s.mark(lhs[i], ts[i])
				}
			}
		}
	}
}

// compositeLit marks the fields of a struct literal that are given
// secrets.
func (s *state) compositeLit(n *ast.CompositeLit) {
	t := s.pass.TypesInfo.TypeOf(n)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range n.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := s.pass.TypesInfo.Uses[id].(*types.Var); ok {
					s.markObj(f, s.exprTaint(kv.Value))
				}
			}
			continue
		}
		if i < st.NumFields() {
			s.markObj(st.Field(i), s.exprTaint(e))
		}
	}
}

// root returns the variable or field that an assignment to e writes.
func (s *state) root(e ast.Expr) types.Object {
	info := s.pass.TypesInfo
	switch e := unparen(e).(type) {
	case *ast.Ident:
		if e.Name == "_" {
			return nil
		}
		return info.ObjectOf(e)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() == types.FieldVal {
				return sel.Obj()
			}
			return nil
		}
		return info.Uses[e.Sel] // a qualified identifier
	case *ast.SliceExpr:
		return s.root(e.X)
	case *ast.IndexExpr:
		// buf[i] = secretByte: buf holds (part of) a secret.
		if isByteSlice(info.TypeOf(e.X)) || isByteArray(info.TypeOf(e.X)) {
			return s.root(e.X)
		}
		return nil
	case *ast.StarExpr:
		return s.root(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return s.root(e.X)
		}
	}
	return nil
}

func (s *state) mark(lhs ast.Expr, t *Src) {
	if t == nil {
		return
	}
	s.markObj(s.root(lhs), t)
}

func (s *state) markObj(obj types.Object, t *Src) {
	if t == nil || obj == nil {
		return
	}
	v, ok := obj.(*types.Var)
	if !ok || !canHold(v.Type(), t.Kind) {
		return
	}
	if (v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) && (isRandReader(t) || t.Param) {
		return // see isRandReader and Src.Param
	}
	if old, done := s.vars[v]; done && !(old.Raw && !t.Raw) {
		return
	}
	s.vars[v] = t
	s.changed = true
}

func (s *state) markResult(fn *types.Func, i int, t *Src) {
	if t == nil || !canHold(fn.Signature().Results().At(i).Type(), t.Kind) || isRandReader(t) || t.Param {
		return
	}
	m := s.funcs[fn]
	if m == nil {
		m = make(map[int]*Src)
		s.funcs[fn] = m
	}
	if old, done := m[i]; done && !(old.Raw && !t.Raw) {
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

// objTaint is the taint of a variable or field, from this package or from
// a fact.
func (s *state) objTaint(obj types.Object) *Src {
	if obj == nil {
		return nil
	}
	if t := s.vars[obj]; t != nil {
		return t
	}
	if obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg {
		var f varFact
		if s.pass.ImportObjectFact(obj, &f) {
			return &f.Src
		}
	}
	return nil
}

// exprTaint returns where the secret e evaluates to came from, or nil.
func (s *state) exprTaint(e ast.Expr) *Src {
	info := s.pass.TypesInfo
	switch e := unparen(e).(type) {
	case *ast.Ident:
		return s.objTaint(info.ObjectOf(e))
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() == types.FieldVal {
				return s.objTaint(sel.Obj())
			}
			return nil
		}
		obj := info.Uses[e.Sel]
		if v, ok := obj.(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader" {
			return &Src{What: randReaderWhat, Where: s.where(e.Pos()), Kind: readerKind, Raw: true}
		}
		return s.objTaint(obj)
	case *ast.SliceExpr:
		return s.exprTaint(e.X)
	case *ast.StarExpr:
		return s.exprTaint(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return s.exprTaint(e.X)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(info.TypeOf(e)) {
			if t := s.exprTaint(e.X); t != nil {
				return t
			}
			return s.exprTaint(e.Y)
		}
	case *ast.CallExpr:
		if ts := s.callTaints(e); len(ts) > 0 {
			return ts[0]
		}
	}
	return nil
}

// funcName returns "pkg/path.Name" or "(pkg/path.Type).Name" for fn.
func funcName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return "(" + fn.Pkg().Path() + "." + n.Obj().Name() + ")." + fn.Name()
	}
	return fn.Name()
}

// sources are the functions whose results are secrets: full name to the
// kind and description of result 0.
var sources = map[string]struct {
	kind kind
	what string
}{
	"crypto/hmac.New":                  {macKind, "hmac.New(...)"},
	"crypto/pbkdf2.Key":                {secretKind, "key from pbkdf2.Key"},
	"crypto/hkdf.Key":                  {secretKind, "key from hkdf.Key"},
	"crypto/hkdf.Extract":              {secretKind, "key from hkdf.Extract"},
	"crypto/hkdf.Expand":               {secretKind, "key from hkdf.Expand"},
	"crypto/rand.Text":                 {secretKind, "token from crypto/rand.Text"},
	"golang.org/x/crypto/pbkdf2.Key":   {secretKind, "key from pbkdf2.Key"},
	"golang.org/x/crypto/argon2.Key":   {secretKind, "key from argon2.Key"},
	"golang.org/x/crypto/argon2.IDKey": {secretKind, "key from argon2.IDKey"},
	"golang.org/x/crypto/scrypt.Key":   {secretKind, "key from scrypt.Key"},
	"golang.org/x/crypto/hkdf.Extract": {secretKind, "key from hkdf.Extract"},
	"golang.org/x/crypto/hkdf.New":     {readerKind, "key from hkdf.New"},
	"golang.org/x/crypto/hkdf.Expand":  {readerKind, "key from hkdf.Expand"},
}

// encoders are the functions whose result 0 is as secret as one argument,
// and what the encoding is called.
var encoders = map[string]struct {
	arg  int
	name string
}{
	"encoding/hex.EncodeToString":               {0, "hex"},
	"encoding/hex.DecodeString":                 {0, ""},
	"encoding/hex.AppendEncode":                 {1, "hex"},
	"encoding/hex.AppendDecode":                 {1, ""},
	"(encoding/base64.Encoding).EncodeToString": {0, "base64"},
	"(encoding/base64.Encoding).DecodeString":   {0, ""},
	"(encoding/base64.Encoding).AppendEncode":   {1, "base64"},
	"(encoding/base64.Encoding).AppendDecode":   {1, ""},
	"(encoding/base32.Encoding).EncodeToString": {0, "base32"},
	"(encoding/base32.Encoding).DecodeString":   {0, ""},
	"(encoding/base32.Encoding).AppendEncode":   {1, "base32"},
	"(encoding/base32.Encoding).AppendDecode":   {1, ""},
}

// encodeInto are the functions that write an encoding of argument 1 into
// argument 0.
var encodeInto = map[string]string{
	"encoding/hex.Encode":               "hex",
	"encoding/hex.Decode":               "",
	"(encoding/base64.Encoding).Encode": "base64",
	"(encoding/base64.Encoding).Decode": "",
	"(encoding/base32.Encoding).Encode": "base32",
	"(encoding/base32.Encoding).Decode": "",
}

func encoded(t *Src, name string) *Src {
	if t == nil || t.Kind != secretKind || name == "" {
		return t
	}
	if strings.HasPrefix(t.What, name+" of ") {
		if !t.Raw {
			return t
		}
		return &Src{What: t.What, Where: t.Where, Kind: t.Kind, Param: t.Param}
	}
	// Encoded as text, random bytes are a token.
	return &Src{What: name + " of " + t.What, Where: t.Where, Kind: t.Kind, Param: t.Param}
}

// callTaints returns the taint of each result of call.
func (s *state) callTaints(call *ast.CallExpr) []*Src {
	info := s.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		// A conversion: string(tag), []byte(tok), [32]byte(key).
		if len(call.Args) == 1 {
			return []*Src{s.exprTaint(call.Args[0])}
		}
		return nil
	}
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		// append(tag[:0:0], mac...) copies a secret; append(msg, mac...)
		// puts a tag on a message that is going out, and is public.
		if callee.Name() == "append" && len(call.Args) > 0 {
			if t := s.exprTaint(call.Args[0]); t != nil {
				return []*Src{t}
			}
			if !isEmptyBase(s.pass.TypesInfo, call.Args[0]) {
				return nil
			}
			for _, a := range call.Args[1:] {
				if t := s.exprTaint(a); t != nil {
					return []*Src{t}
				}
			}
		}
		return nil
	case *types.Func:
		name := funcName(callee)
		if src, ok := sources[name]; ok && src.what != "" {
			return []*Src{{What: src.what, Where: s.where(call.Pos()), Kind: src.kind}}
		}
		if enc, ok := encoders[name]; ok {
			if enc.arg >= 0 && enc.arg < len(call.Args) {
				return []*Src{encoded(s.exprTaint(call.Args[enc.arg]), enc.name)}
			}
			return nil
		}
		// The Sum of a keyed hash is its tag.
		if callee.Name() == "Sum" && callee.Signature().Recv() != nil {
			if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok {
				if t := s.exprTaint(sel.X); t != nil && t.Kind == macKind {
					return []*Src{{What: "tag from " + t.What + ".Sum", Where: s.where(call.Pos()), Kind: secretKind}}
				}
			}
		}
		if callee.Pkg() != nil {
			switch callee.Pkg().Path() {
			case "fmt":
				if strings.HasPrefix(callee.Name(), "Sprint") || strings.HasPrefix(callee.Name(), "Append") {
					for _, a := range call.Args {
						if t := s.exprTaint(a); t != nil && t.Kind == secretKind {
							return []*Src{t}
						}
					}
				}
				return nil
			case "strings", "bytes":
				// ToLower, TrimSpace, TrimPrefix, Clone, ...: a
				// function of the package that returns its first
				// argument's type keeps its secret.
				res := callee.Signature().Results()
				if callee.Signature().Recv() == nil && len(call.Args) > 0 && res.Len() >= 1 &&
					(isString(res.At(0).Type()) || isByteSlice(res.At(0).Type())) {
					return []*Src{s.exprTaint(call.Args[0])}
				}
				return nil
			}
		}
		return s.funcTaints(callee)
	}
	return nil
}

// isEmptyBase reports whether the base of an append is empty: nil, an
// empty literal, make([]byte, 0, n) or x[:0].
func isEmptyBase(info *types.Info, e ast.Expr) bool {
	e = unparen(e)
	if tv := info.Types[e]; tv.IsNil() {
		return true
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.SliceExpr:
		if e.High != nil {
			tv := info.Types[e.High]
			return tv.Value != nil && tv.Value.String() == "0"
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return isEmptyBase(info, e.Args[0]) // []byte(nil)
		}
		if b, ok := typeutil.Callee(info, e).(*types.Builtin); ok && b.Name() == "make" && len(e.Args) >= 2 {
			tv := info.Types[e.Args[1]]
			return tv.Value != nil && tv.Value.String() == "0"
		}
	}
	return false
}

// funcTaints returns the taint of fn's results, from this package or a
// fact.
func (s *state) funcTaints(fn *types.Func) []*Src {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return nil
	}
	out := make([]*Src, res.Len())
	any := false
	if m := s.funcs[fn]; m != nil {
		for i, t := range m {
			out[i] = t
			any = true
		}
	} else if fn.Pkg() != nil && fn.Pkg() != s.pass.Pkg {
		var f resultsFact
		if s.pass.ImportObjectFact(fn, &f) {
			for i, t := range f.Results {
				if i < len(out) {
					out[i] = &t
					any = true
				}
			}
		}
	}
	if !any {
		return nil
	}
	return out
}

// effects propagates taint that a call writes into its arguments: copy,
// crypto/rand.Read, io.ReadFull from a secret reader, hex.Encode, ...; and
// taints the parameters of this package's functions that are passed
// secrets.
func (s *state) effects(call *ast.CallExpr) {
	info := s.pass.TypesInfo
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		if callee.Name() == "copy" && len(call.Args) == 2 {
			s.mark(call.Args[0], s.exprTaint(call.Args[1]))
		}
	case *types.Func:
		name := funcName(callee)
		switch {
		case name == "crypto/rand.Read" && len(call.Args) == 1:
			s.mark(call.Args[0], &Src{What: "random bytes from crypto/rand.Read", Where: s.where(call.Pos()), Raw: true})
			return
		case (name == "io.ReadFull" || name == "io.ReadAtLeast") && len(call.Args) >= 2:
			if t := s.exprTaint(call.Args[0]); t != nil && t.Kind == readerKind {
				s.mark(call.Args[1], &Src{What: t.What, Where: t.Where, Raw: t.Raw, Param: t.Param})
			}
			return
		case callee.Name() == "Read" && callee.Signature().Recv() != nil && len(call.Args) == 1:
			if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok {
				if t := s.exprTaint(sel.X); t != nil && t.Kind == readerKind {
					s.mark(call.Args[0], &Src{What: t.What, Where: t.Where, Raw: t.Raw, Param: t.Param})
				}
			}
			return
		}
		if enc, ok := encodeInto[name]; ok && len(call.Args) == 2 {
			s.mark(call.Args[0], encoded(s.exprTaint(call.Args[1]), enc))
			return
		}
		// Parameters of this package's functions.
		if callee.Pkg() == s.pass.Pkg {
			sig := callee.Signature()
			for i, a := range call.Args {
				if i >= sig.Params().Len() || (sig.Variadic() && i >= sig.Params().Len()-1) {
					break
				}
				if t := s.exprTaint(a); t != nil {
					s.markObj(sig.Params().At(i), &Src{What: t.What, Where: t.Where, Kind: t.Kind, Raw: t.Raw, Param: true})
				}
			}
		}
	}
}

// exportFacts records for other packages which functions return secrets
// and which package-level variables and fields hold them.
func (s *state) exportFacts() {
	// Only exported objects: no other package can name the rest.
	for fn, m := range s.funcs {
		if !fn.Exported() {
			continue
		}
		if _, err := objectpath.For(fn); err != nil {
			continue
		}
		f := &resultsFact{Results: make(map[int]Src)}
		for i, t := range m {
			f.Results[i] = *t
		}
		s.pass.ExportObjectFact(fn, f)
	}
	for obj, t := range s.vars {
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() != s.pass.Pkg || !v.Exported() {
			continue
		}
		if !v.IsField() && v.Parent() != s.pass.Pkg.Scope() {
			continue
		}
		if _, err := objectpath.For(v); err != nil {
			continue
		}
		s.pass.ExportObjectFact(v, &varFact{*t})
	}
}
