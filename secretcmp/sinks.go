package secretcmp

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// sinkCalls are the variable-time comparisons reported when an argument is
// secret. fix says which constant-time call replaces them.
var sinkCalls = map[string]fixKind{
	"bytes.Equal":       fixBytes,
	"bytes.Compare":     noFix, // unless compared with 0: see checkBinary
	"strings.Compare":   noFix, // likewise
	"strings.EqualFold": noFix, // case-insensitive: no constant-time equivalent keeps the meaning
	"bytes.EqualFold":   noFix,
	"reflect.DeepEqual": fixDeepEqual,
	"slices.Equal":      fixBytes,
	"bytes.HasPrefix":   noFix,
	"bytes.HasSuffix":   noFix,
	"strings.HasPrefix": noFix,
	"strings.HasSuffix": noFix,
}

type fixKind int

const (
	noFix fixKind = iota
	fixBytes
	fixDeepEqual
)

// A finding is one variable-time comparison of a secret.
type finding struct {
	node    ast.Node // the expression replaced by the fix
	sink    string   // "bytes.Equal", "==", "switch"
	src     *Src     // nil for a finding by name
	name    string   // the name that made it a finding by name
	x, y    ast.Expr // the operands, for the fix; nil if there is none
	negate  bool
	why     string // why there is no fix, if there is none
	isCall  bool   // node is a call (a primary expression)
	parents []ast.Node
}

func (s *state) checkFile(f *ast.File) {
	info := s.pass.TypesInfo
	done := make(map[ast.Node]bool)
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				break
			}
			if call, zero := compareWithZero(info, n); call != nil {
				// bytes.Compare(a, b) == 0 is an equality test.
				done[call] = true
				name := funcName(typeutil.Callee(info, call).(*types.Func))
				if !zero {
					s.checkCall(f, call, name, stack)
					break
				}
				fd := &finding{node: n, sink: name, negate: n.Op == token.NEQ, parents: stack}
				if !s.operands(fd, call.Args[0], call.Args[1]) {
					break
				}
				fd.x, fd.y = call.Args[0], call.Args[1]
				s.report(f, fd)
				break
			}
			s.checkBinary(f, n, stack)
		case *ast.CallExpr:
			if done[n] {
				break
			}
			if fn, ok := typeutil.Callee(info, n).(*types.Func); ok {
				name := funcName(fn)
				if _, ok := sinkCalls[name]; ok {
					s.checkCall(f, n, name, stack)
				}
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				break
			}
			t := info.TypeOf(n.Tag)
			if t == nil || !(isString(t) || isByteArray(t)) {
				break
			}
			fd := &finding{node: n.Tag, sink: "switch", why: "a switch has no constant-time form: compare with each case using ctequal.EqualString", parents: stack}
			// By provenance only: the cases of a switch are constants,
			// and a name compared with constants is a parser's.
			if fd.src = s.exprTaint(n.Tag); fd.src == nil || fd.src.Kind != secretKind || fd.src.Raw {
				break
			}
			s.report(f, fd)
		}
		return true
	})
}

// compareWithZero returns the bytes.Compare or strings.Compare call that is
// one side of n, and whether the other side is the constant 0.
func compareWithZero(info *types.Info, n *ast.BinaryExpr) (*ast.CallExpr, bool) {
	for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
		call, ok := unparen(pair[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			continue
		}
		if name := funcName(fn); name != "bytes.Compare" && name != "strings.Compare" {
			continue
		}
		tv := info.Types[pair[1]]
		return call, tv.Value != nil && tv.Value.String() == "0"
	}
	return nil, false
}

// operands fills fd's source (or name) from two compared expressions, and
// reports whether either is a secret.
func (s *state) operands(fd *finding, x, y ast.Expr) bool {
	info := s.pass.TypesInfo
	if isNilOrEmpty(info, x) || isNilOrEmpty(info, y) {
		return false
	}
	for _, e := range []ast.Expr{x, y} {
		if t := s.exprTaint(e); t != nil && t.Kind == secretKind && !t.Raw {
			fd.src = t
			return true
		}
	}
	if !namesFlag {
		return false
	}
	// By name: one side named like a secret, and the other not a
	// constant (a parser's token == "chunked" is not a secret's).
	if isConst(info, x) || isConst(info, y) {
		return false
	}
	for _, e := range []ast.Expr{x, y} {
		if !secretType(info.TypeOf(e)) || isHardwareAddr(info.TypeOf(e)) {
			continue
		}
		if n := secretName(e); n != "" {
			fd.name = n
			return true
		}
	}
	return false
}

func secretType(t types.Type) bool {
	return t != nil && (isString(t) || isByteSlice(t) || isByteArray(t))
}

// isHardwareAddr reports whether t is net.HardwareAddr: a "mac" that is
// an address.
func isHardwareAddr(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net" && n.Obj().Name() == "HardwareAddr"
}

func isConst(info *types.Info, e ast.Expr) bool {
	return info.Types[e].Value != nil
}

// isNilOrEmpty reports whether e is nil, "" or an empty []byte literal.
func isNilOrEmpty(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	if tv.IsNil() {
		return true
	}
	if tv.Value != nil && tv.Value.String() == `""` {
		return true
	}
	if cl, ok := unparen(e).(*ast.CompositeLit); ok && len(cl.Elts) == 0 {
		return true
	}
	if call, ok := unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			return isNilOrEmpty(info, call.Args[0])
		}
	}
	return false
}

func (s *state) checkBinary(f *ast.File, n *ast.BinaryExpr, stack []ast.Node) {
	info := s.pass.TypesInfo
	t := info.TypeOf(n.X)
	if t == nil || (!isString(t) && !isByteArray(t)) {
		// Only strings and arrays compare by contents; len(tag) == 32
		// compares ints.
		return
	}
	fd := &finding{node: n, sink: n.Op.String(), negate: n.Op == token.NEQ, parents: stack}
	if !s.operands(fd, n.X, n.Y) {
		return
	}
	fd.x, fd.y = n.X, n.Y
	s.report(f, fd)
}

func (s *state) checkCall(f *ast.File, call *ast.CallExpr, name string, stack []ast.Node) {
	if len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return
	}
	short := name[strings.LastIndex(name, "/")+1:]
	fd := &finding{node: call, sink: short, isCall: true, parents: stack}
	if !s.operands(fd, call.Args[0], call.Args[1]) {
		return
	}
	switch sinkCalls[name] {
	case fixBytes:
		fd.x, fd.y = call.Args[0], call.Args[1]
	case fixDeepEqual:
		// DeepEqual of strings is ==; of byte slices it also tells nil
		// from empty, which no constant-time compare does.
		info := s.pass.TypesInfo
		if isString(info.TypeOf(call.Args[0])) && isString(info.TypeOf(call.Args[1])) {
			fd.x, fd.y = call.Args[0], call.Args[1]
		} else {
			fd.why = "reflect.DeepEqual tells a nil slice from an empty one: compare with ctequal.Equal if that does not matter"
		}
	default:
		switch short {
		case "bytes.Compare", "strings.Compare":
			fd.why = short + " orders: no constant-time compare keeps that; if it is an equality test, use ctequal.Equal"
		case "strings.EqualFold", "bytes.EqualFold":
			fd.why = "no constant-time compare folds case: normalize both sides, then use ctequal.EqualString"
		default:
			fd.why = "compare the prefix's length publicly, then the bytes with ctequal.Equal"
		}
	}
	s.report(f, fd)
}

// report emits the diagnostic for fd, with a fix where one keeps the
// meaning.
func (s *state) report(f *ast.File, fd *finding) {
	var msg string
	category := "provenance"
	if fd.src != nil {
		msg = fmt.Sprintf("%s at %s compared with %s in variable time", fd.src.What, fd.src.Where, fd.sink)
	} else {
		category = "name"
		msg = fmt.Sprintf("possible secret %q (by name, lower confidence; -names=false turns these off) compared with %s in variable time", fd.name, fd.sink)
	}
	d := analysis.Diagnostic{Pos: fd.node.Pos(), End: fd.node.End(), Category: category}
	if fd.x != nil {
		if fix, use := s.fix(f, fd); fix != nil {
			msg += ": use " + use
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		}
	} else if fd.why != "" {
		msg += " (" + fd.why + ")"
	}
	d.Message = msg
	s.pass.Report(d)
}

// fix returns the constant-time replacement of fd.node, and its name.
func (s *state) fix(f *ast.File, fd *finding) (*analysis.SuggestedFix, string) {
	info := s.pass.TypesInfo
	tx, ty := info.TypeOf(fd.x), info.TypeOf(fd.y)
	if tx == nil || ty == nil {
		return nil, ""
	}
	x, okx := s.text(fd.x)
	y, oky := s.text(fd.y)
	if !okx || !oky {
		return nil, ""
	}
	var pkgPath, fn string
	var str bool // the operands are strings
	switch {
	case isString(tx) && isString(ty):
		str = true
		if !stdFlag { // []byte(x) converts a named string type as it is
			x, y = asString(info, fd.x, x), asString(info, fd.y, y)
		}
	case isByteArray(tx) && isByteArray(ty):
		if !addressable(info, fd.x) || !addressable(info, fd.y) {
			return nil, ""
		}
		x, y = x+"[:]", y+"[:]"
	case isByteSlice(tx) && isByteSlice(ty):
	default:
		return nil, ""
	}
	var expr string
	if stdFlag {
		if str {
			pkgPath, fn = "crypto/subtle", "ConstantTimeCompare"
		} else {
			pkgPath, fn = "crypto/hmac", "Equal"
		}
	} else {
		pkgPath = ctequalPath
		fn = "Equal"
		if str {
			fn = "EqualString"
		}
	}
	name, edits, ok := s.importName(f, fd.node.Pos(), pkgPath)
	if !ok {
		return nil, ""
	}
	use := name + "." + fn
	if stdFlag && str {
		op := "=="
		if fd.negate {
			op = "!="
		}
		expr = fmt.Sprintf("%s([]byte(%s), []byte(%s)) %s 1", use, x, y, op)
		if fd.isCall && needsParens(fd.parents) {
			expr = "(" + expr + ")"
		}
	} else {
		expr = fmt.Sprintf("%s(%s, %s)", use, x, y)
		if fd.negate {
			expr = "!" + expr
		}
	}
	edits = append([]analysis.TextEdit{{Pos: fd.node.Pos(), End: fd.node.End(), NewText: []byte(expr)}}, edits...)
	return &analysis.SuggestedFix{Message: "Use " + use, TextEdits: edits}, use
}

// needsParens reports whether a call replaced by a binary expression needs
// parentheses where it stands: under a unary, binary or selector
// expression.
func needsParens(stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	switch stack[len(stack)-2].(type) {
	case *ast.UnaryExpr, *ast.BinaryExpr, *ast.SelectorExpr, *ast.StarExpr:
		return true
	}
	return false
}

// asString converts a named string type's operand to string.
func asString(info *types.Info, e ast.Expr, text string) string {
	if b, ok := info.TypeOf(e).(*types.Basic); ok && (b.Kind() == types.String || b.Kind() == types.UntypedString) {
		return text
	}
	return "string(" + text + ")"
}

// addressable reports whether an array operand can be sliced.
func addressable(info *types.Info, e ast.Expr) bool {
	switch e := unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.ObjectOf(e).(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			if sel.Indirect() {
				return true
			}
			return addressable(info, e.X)
		}
		_, ok := info.Uses[e.Sel].(*types.Var)
		return ok
	case *ast.IndexExpr:
		if _, ok := info.TypeOf(e.X).Underlying().(*types.Slice); ok {
			return true
		}
		return addressable(info, e.X)
	case *ast.StarExpr:
		return true
	}
	return false
}

// text prints e as Go source.
func (s *state) text(e ast.Expr) (string, bool) {
	var b bytes.Buffer
	if err := format.Node(&b, s.pass.Fset, e); err != nil {
		return "", false
	}
	return b.String(), true
}

// importName returns the name by which f refers to pkgPath at pos, and the
// edit that imports it if f does not yet. ok is false if the name is taken
// there by something else.
func (s *state) importName(f *ast.File, pos token.Pos, pkgPath string) (string, []analysis.TextEdit, bool) {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == pkgPath {
			if imp.Name != nil {
				if imp.Name.Name == "_" || imp.Name.Name == "." {
					return "", nil, false
				}
				return imp.Name.Name, nil, true
			}
			return pkgPath[strings.LastIndex(pkgPath, "/")+1:], nil, true
		}
	}
	name := pkgPath[strings.LastIndex(pkgPath, "/")+1:]
	if scope := s.pass.Pkg.Scope().Innermost(pos); scope != nil {
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			return "", nil, false
		}
	}
	if s.pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false
	}
	spec := strconv.Quote(pkgPath)
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			break
		}
		if !g.Lparen.IsValid() {
			continue
		}
		if isStdPath(pkgPath) {
			// gofmt sorts it into the first group, the standard
			// library's.
			return name, []analysis.TextEdit{{Pos: g.Lparen + 1, End: g.Lparen + 1, NewText: []byte("\n\t" + spec)}}, true
		}
		// A module's path goes last, in a group of its own unless the
		// last group is not the standard library's.
		text := "\t" + spec + "\n"
		if n := len(g.Specs); n > 0 {
			if p, _ := strconv.Unquote(g.Specs[n-1].(*ast.ImportSpec).Path.Value); isStdPath(p) {
				text = "\n" + text
			}
		}
		return name, []analysis.TextEdit{{Pos: g.Rparen, End: g.Rparen, NewText: []byte(text)}}, true
	}
	// No parenthesized import declaration: add one after the package
	// clause (gofmt sorts it in).
	return name, []analysis.TextEdit{{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + spec)}}, true
}

// isStdPath reports whether an import path is the standard library's: its
// first element has no dot.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// secretName returns the name in e that looks like a secret's, or "".
func secretName(e ast.Expr) string {
	switch e := unparen(e).(type) {
	case *ast.Ident:
		if nameLooksSecret(e.Name, false) {
			return e.Name
		}
	case *ast.SelectorExpr:
		if nameLooksSecret(e.Sel.Name, false) {
			return e.Sel.Name
		}
	case *ast.SliceExpr:
		return secretName(e.X)
	case *ast.CallExpr:
		// r.Header.Get("X-Hub-Signature"), r.FormValue("csrf_token"),
		// cfg.WebhookSecret(), string(tok).
		if len(e.Args) >= 1 {
			if lit, ok := unparen(e.Args[0]).(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil && nameLooksSecret(v, true) {
					return v
				}
			}
		}
		switch fun := unparen(e.Fun).(type) {
		case *ast.Ident:
			if nameLooksSecret(fun.Name, false) {
				return fun.Name
			}
			if len(e.Args) == 1 {
				return secretName(e.Args[0]) // string(tok)
			}
		case *ast.SelectorExpr:
			if nameLooksSecret(fun.Sel.Name, false) {
				return fun.Sel.Name
			}
		case *ast.ArrayType:
			if len(e.Args) == 1 {
				return secretName(e.Args[0]) // []byte(tok)
			}
		}
	}
	return ""
}

// secretWords are the words of a name that make it a secret's.
// "signature" and "sig" count only in string literals (header and form
// names such as "X-Hub-Signature", which carry webhook HMACs): as
// identifiers they name public-key signatures as often, which are public.
// "token" alone is a parser's as often (HTTP's token grammar, a lexer's):
// in an identifier it counts with a word that says whose token it is
// (csrfToken, accessToken, sessionToken), in a literal ("X-Gitlab-Token")
// always.
var secretWords = map[string]bool{
	"secret": true, "password": true, "passwd": true,
	"apikey": true, "csrf": true, "xsrf": true, "mac": true, "hmac": true,
}

var literalWords = map[string]bool{"signature": true, "sig": true, "token": true}

var tokenQualifiers = map[string]bool{
	"access": true, "refresh": true, "auth": true, "api": true, "bearer": true,
	"session": true, "reset": true, "webhook": true, "verify": true,
	"verification": true, "login": true, "invite": true, "otp": true,
}

// nameLooksSecret splits name into words (camelCase, snake_case,
// kebab-case) and reports whether one is a secret's word ("api" "key"
// together count as apikey; "mac" "addr" is a MAC address).
func nameLooksSecret(name string, literal bool) bool {
	words := splitWords(name)
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch {
		case w == "mac" && (next == "addr" || next == "address" || next == "os"):
		case secretWords[w], literal && literalWords[w]:
			return true
		case w == "api" && next == "key":
			return true
		case w == "token" || w == "tokens":
			for _, q := range words {
				if tokenQualifiers[q] {
					return true
				}
			}
		}
	}
	return false
}

func splitWords(name string) []string {
	var words []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (unicode.IsUpper(rs[i-1]) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}
