package secretcmp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
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

// constantTimeCalls are the compares that take constant time.
var constantTimeCalls = map[string]bool{
	"crypto/subtle.ConstantTimeCompare": true, "crypto/hmac.Equal": true,
	ctequalPath + ".Equal": true, ctequalPath + ".EqualString": true, ctequalPath + ".Compare": true,
}

// isCompare reports whether the function named name (as funcName writes
// it) is a compare, in variable or in constant time.
func isCompare(name string) bool {
	_, sink := sinkCalls[name]
	return sink || constantTimeCalls[name]
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
	src     *Src     // the secret side: by provenance, type or name
	ctl     *Src     // the attacker side; nil for a switch
	other   ast.Expr // the attacker side's operand
	call    *ast.CallExpr
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
				fd := &finding{node: n, sink: name[strings.LastIndex(name, "/")+1:], negate: n.Op == token.NEQ, parents: stack, call: call}
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
			fd := &finding{node: n.Tag, sink: "switch", why: "a switch has no constant-time form: compare with each case using " + s.equalFunc(true), parents: stack}
			// By provenance only: the cases of a switch are constants,
			// and a name compared with constants is a parser's. The
			// cases are the program's, so there is no attacker side to
			// ask for: a secret's bytes decide the branch.
			if fd.src = s.secret(n.Tag); fd.src == nil || fd.src.Kind != secretKind || fd.src.Raw || fd.src.Name {
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

// operands fills fd's secret and attacker sides from two compared
// expressions, and reports whether the compare is a finding: one side a
// secret and the other chosen by whoever is on the other end.
func (s *state) operands(fd *finding, x, y ast.Expr) bool {
	info := s.pass.TypesInfo
	if isNilOrEmpty(info, x) || isNilOrEmpty(info, y) || isConst(info, x) || isConst(info, y) {
		return false
	}
	sx, sy := s.secretSide(x), s.secretSide(y)
	cx, cy := s.attacker(x), s.attacker(y)
	var best, ctl *Src
	var other ast.Expr
	bestScore := -1
	// The better pair: a better-known secret, then an attacker side that
	// is the request's own data, then a secret side that no parameter
	// brings in.
	try := func(sec, c, secCtl *Src, o ast.Expr) {
		if sec == nil || c == nil {
			return
		}
		score := rank(sec) * 8
		if sec.Key {
			score += 16
		}
		if c.Strong {
			score += 4
		}
		if secCtl == nil {
			score += 2
		}
		if score > bestScore {
			best, ctl, other, bestScore = sec, c, o, score
		}
	}
	try(sx, cy, cx, y)
	try(sy, cx, cy, x)
	if best == nil {
		return false
	}
	// Two copies of one stored value, or two values of the same field
	// (a reload's old and new .Password, a duplicate check's r1.MAC and
	// r2.MAC): nothing the other end chose is being guessed. A private
	// key's Equal method compares the same field too, and is reported.
	if !best.Key && sameField(info, x, y) {
		return false
	}
	if sx != nil && sy != nil && !sx.Name && !sy.Name && !sx.Key && sx.What == sy.What && sx.Where == sy.Where {
		return false
	}
	if gated(info, fd.parents) {
		return false
	}
	fd.src, fd.ctl, fd.other = best, ctl, other
	return true
}

// gated reports whether a compare runs only once a constant-time compare
// has said yes: if subtle.ConstantTimeCompare(h(a), h(b)) == 1 { return a
// == b } (a hash collision is needed to reach it).
func gated(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		ifs, ok := stack[i-1].(*ast.IfStmt)
		if !ok || stack[i] != ifs.Body {
			continue
		}
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && constantTimeCalls[funcName(fn)] {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// secretSide returns the secret e holds, if it can be the secret side of
// a compare: not raw random bytes, not a name when -names=false, and not
// a value named like a secret that the request itself carries (the
// password a client sent is the guess, not the secret).
func (s *state) secretSide(e ast.Expr) *Src {
	t := s.secret(e)
	if t == nil || t.Kind != secretKind || t.Raw {
		return nil
	}
	if t.Name {
		if !namesFlag {
			return nil
		}
		if c := s.attacker(e); c != nil && c.Strong {
			return nil
		}
		if !secretType(s.pass.TypesInfo.TypeOf(e)) || isHardwareAddr(s.pass.TypesInfo.TypeOf(e)) {
			return nil
		}
	}
	return t
}

// sameField reports whether x and y read the same field (through
// conversions and slicing): a.Password and b.Password.
func sameField(info *types.Info, x, y ast.Expr) bool {
	fx, fy := lastField(info, x), lastField(info, y)
	return fx != nil && fx == fy
}

func lastField(info *types.Info, e ast.Expr) types.Object {
	switch e := unparen(e).(type) {
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() == types.FieldVal || sel.Kind() == types.MethodVal {
				return sel.Obj()
			}
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return lastField(info, e.Args[0])
		}
		if len(e.Args) == 0 {
			// a.GetPassword() and b.GetPassword()
			return lastField(info, e.Fun)
		}
	case *ast.SliceExpr:
		return lastField(info, e.X)
	case *ast.StarExpr:
		return lastField(info, e.X)
	}
	return nil
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
	fd := &finding{node: call, sink: short, isCall: true, parents: stack, call: call}
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
			fd.why = "reflect.DeepEqual tells a nil slice from an empty one: compare with " + s.equalFunc(false) + " if that does not matter"
		}
	default:
		switch short {
		case "bytes.Compare", "strings.Compare":
			fd.why = short + " orders: no constant-time compare keeps that; if it is an equality test, use " + s.equalFunc(false)
		case "strings.EqualFold", "bytes.EqualFold":
			fd.why = "no constant-time compare folds case: normalize both sides, then use " + s.equalFunc(true)
		default:
			fd.why = "compare the prefix's length publicly, then the bytes with " + s.equalFunc(false)
		}
	}
	s.report(f, fd)
}

// report emits the diagnostic for fd, with a fix where one keeps the
// meaning, and says why there is none where there is none.
func (s *state) report(f *ast.File, fd *finding) {
	var msg string
	category := "provenance"
	if fd.src.Name {
		category = "name"
		msg = fmt.Sprintf("possible secret %q (by name, lower confidence; -names=false turns these off) compared with %s in variable time", fd.src.What, fd.sink)
	} else if fd.src.Where != "" {
		msg = fmt.Sprintf("%s at %s compared with %s in variable time", fd.src.What, fd.src.Where, fd.sink)
	} else {
		msg = fmt.Sprintf("%s compared with %s in variable time", fd.src.What, fd.sink)
	}
	if fd.ctl != nil {
		msg += " against " + s.attackerText(fd.other, fd.ctl)
	}
	d := analysis.Diagnostic{Pos: fd.node.Pos(), End: fd.node.End(), Category: category}
	why := fd.why
	if fd.x != nil {
		fix, use, whyNot := s.fix(f, fd)
		if fix != nil {
			msg += ": use " + use
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		} else {
			why = "no fix: " + whyNot
		}
	}
	if why != "" {
		msg += " (" + why + ")"
	}
	d.Message = msg
	s.pass.Report(d)
}

// attackerText describes the attacker side: the operand, and where its
// value came from if that is not the operand itself.
func (s *state) attackerText(e ast.Expr, c *Src) string {
	text := s.short(e)
	what := c.What
	if strings.HasSuffix(what, " "+text) {
		return what + " (" + c.Where + ")"
	}
	return text + ", " + what + " (" + c.Where + ")"
}

// fix returns the constant-time replacement of fd.node and its name, or
// why there is none. The edits touch only the compare's own tokens, so
// the operands keep their text and their comments.
func (s *state) fix(f *ast.File, fd *finding) (*analysis.SuggestedFix, string, string) {
	info := s.pass.TypesInfo
	tx, ty := info.TypeOf(fd.x), info.TypeOf(fd.y)
	if tx == nil || ty == nil {
		return nil, "", "the operands' types are unknown"
	}
	var str, arr bool
	switch {
	case isString(tx) && isString(ty):
		str = true
	case isByteArray(tx) && isByteArray(ty):
		if !addressable(info, fd.x) || !addressable(info, fd.y) {
			return nil, "", "an array that is not a variable cannot be sliced: assign it to one, then compare with " + s.equalFunc(false) + "(a[:], b[:])"
		}
		arr = true
	case isByteSlice(tx) && isByteSlice(ty):
	default:
		return nil, "", "the operands are of different kinds"
	}
	var pkgPath, fn, note string
	std := s.fixWith() == fixStd
	if std {
		if str {
			pkgPath, fn = "crypto/subtle", "ConstantTimeCompare"
		} else {
			pkgPath, fn = "crypto/hmac", "Equal"
		}
	} else {
		pkgPath, fn = ctequalPath, "Equal"
		if str {
			fn = "EqualString"
		}
		note = s.libraryNote()
	}
	name, edits, whyNot := s.importName(f, fd.node.Pos(), pkgPath)
	if whyNot != "" {
		return nil, "", whyNot
	}
	use := name + "." + fn
	// Around each operand: what goes before and after it.
	wrap := func(e ast.Expr) (string, string) {
		switch {
		case str && std:
			return "[]byte(", ")"
		case str:
			if b, ok := info.TypeOf(e).(*types.Basic); ok && (b.Kind() == types.String || b.Kind() == types.UntypedString) {
				return "", ""
			}
			return "string(", ")"
		case arr:
			if _, ok := unparen(e).(*ast.StarExpr); ok {
				return "(", ")[:]"
			}
			return "", "[:]"
		}
		return "", ""
	}
	open, closing := use+"(", ")"
	if fd.negate && !(std && str) {
		open = "!" + open
	}
	if std && str {
		op := " == 1"
		if fd.negate {
			op = " != 1"
		}
		closing += op
		// A call replaced by a comparison, under a unary, binary or
		// selector expression, needs parentheses.
		if fd.isCall && needsParens(fd.parents) {
			open, closing = "("+open, closing+")"
		}
	}
	xl, xr := wrap(fd.x)
	yl, yr := wrap(fd.y)
	var out []analysis.TextEdit
	add := func(pos, end token.Pos, text string) {
		out = append(out, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)})
	}
	switch n := fd.node.(type) {
	case *ast.BinaryExpr:
		if fd.call != nil {
			// bytes.Compare(a, b) == 0: drop the comparison with 0,
			// then replace the call as below.
			if fd.call.Pos() > n.Pos() {
				add(n.Pos(), fd.call.Pos(), "")
			}
			if fd.call.End() < n.End() {
				add(fd.call.End(), n.End(), "")
			}
			s.callEdits(add, fd.call, open, closing, xl, xr, yl, yr)
			break
		}
		// x == y: open before x, "," for the operator, close after y.
		add(n.X.Pos(), n.X.Pos(), open+xl)
		add(n.X.End(), n.X.End(), xr)
		add(n.OpPos, n.OpPos+token.Pos(len(n.Op.String())), ",")
		add(n.Y.Pos(), n.Y.Pos(), yl)
		add(n.Y.End(), n.Y.End(), yr+closing)
	case *ast.CallExpr:
		s.callEdits(add, n, open, closing, xl, xr, yl, yr)
	default:
		return nil, "", "unexpected compare"
	}
	out = append(out, edits...)
	return &analysis.SuggestedFix{Message: "Use " + use + note, TextEdits: out}, use + note, ""
}

// fixWith says what the package's fixes call: -fixwith, or -std; under
// auto, ctequal where the package's build has it already, so that the
// fixed code builds as it is, and the standard library elsewhere.
func (s *state) fixWith() fixWith {
	switch {
	case stdFlag:
		return fixStd
	case fixWithFlag != fixAuto:
		return fixWithFlag
	case s.library != "":
		return fixCtequal
	}
	return fixStd
}

// equalFunc names the constant-time compare the package's fixes call, of
// strings or of bytes, for the messages of findings that have no fix.
func (s *state) equalFunc(str bool) string {
	switch {
	case s.fixWith() != fixStd && str:
		return "ctequal.EqualString"
	case s.fixWith() != fixStd:
		return "ctequal.Equal"
	case str:
		return "subtle.ConstantTimeCompare"
	}
	return "hmac.Equal"
}

// libraryNote says what a fix that calls ctequal needs before it builds,
// "" if nothing: go get, where the package's build does not have the
// library yet, and a go line of ctequalGoLine, which go get raises the
// module's to (it never changes silently: the finding says so).
func (s *state) libraryNote() string {
	line := s.goLine()
	older := line != "" && version.Compare("go"+line, "go"+ctequalGoLine) < 0
	switch {
	case s.library != "" && older:
		return " (" + ctequalPath + " needs go " + ctequalGoLine + "; this module's go line is " + line + ")"
	case s.library != "":
		return ""
	case older:
		return " (after go get " + ctequalPath + ", which raises this module's go line from " + line + " to " + ctequalGoLine + ")"
	case line == "":
		return " (after go get " + ctequalPath + ", which needs a go line of " + ctequalGoLine + " or later)"
	}
	return " (after go get " + ctequalPath + ")"
}

// goLine returns the go line of the package's module ("1.18"), or "" if
// the driver does not say.
func (s *state) goLine() string {
	if m := s.pass.Module; m != nil {
		return strings.TrimPrefix(m.GoVersion, "go")
	}
	return ""
}

// callEdits replaces a two-argument call's function and parentheses,
// leaving its arguments (and any comments among them) as they are.
func (s *state) callEdits(add func(pos, end token.Pos, text string), call *ast.CallExpr, open, closing, xl, xr, yl, yr string) {
	add(call.Pos(), call.Lparen+1, open)
	x, y := call.Args[0], call.Args[1]
	if xl != "" {
		add(x.Pos(), x.Pos(), xl)
	}
	if xr != "" {
		add(x.End(), x.End(), xr)
	}
	if yl != "" {
		add(y.Pos(), y.Pos(), yl)
	}
	if yr != "" {
		add(y.End(), y.End(), yr)
	}
	add(call.Rparen, call.Rparen+1, closing)
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

// importName returns the name by which f can refer to pkgPath at pos,
// and the edit that imports it under that name if f cannot yet: the
// import's own name where it is not shadowed there, else a fresh name
// (hmac2 beside a local variable hmac). whyNot says why there is no name.
func (s *state) importName(f *ast.File, pos token.Pos, pkgPath string) (string, []analysis.TextEdit, string) {
	scope := s.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		scope = s.pass.TypesInfo.Scopes[f]
	}
	resolves := func(name string) bool {
		if scope == nil {
			return false
		}
		_, obj := scope.LookupParent(name, pos)
		pn, ok := obj.(*types.PkgName)
		return ok && pn.Imported().Path() == pkgPath
	}
	base := pkgPath[strings.LastIndex(pkgPath, "/")+1:]
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p != pkgPath {
			continue
		}
		name := base
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name != "_" && name != "." && resolves(name) {
			return name, nil, ""
		}
	}
	// A name free at pos, in the file and in the package.
	free := func(name string) bool {
		if s.pass.Pkg.Scope().Lookup(name) != nil {
			return false
		}
		if fs := s.pass.TypesInfo.Scopes[f]; fs != nil && fs.Lookup(name) != nil {
			return false
		}
		if scope != nil {
			if _, obj := scope.LookupParent(name, pos); obj != nil {
				return false
			}
		}
		return true
	}
	name := ""
	for i := 1; i < 100 && name == ""; i++ {
		cand := base
		if i > 1 {
			cand = base + strconv.Itoa(i)
		}
		if free(cand) {
			name = cand
		}
	}
	if name == "" {
		return "", nil, "no free name to import " + pkgPath + " under"
	}
	spec := strconv.Quote(pkgPath)
	if name != base {
		spec = name + " " + spec
	}
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
			return name, []analysis.TextEdit{{Pos: g.Lparen + 1, End: g.Lparen + 1, NewText: []byte("\n\t" + spec)}}, ""
		}
		// A module's path goes last, in a group of its own unless the
		// last group is not the standard library's.
		text := "\t" + spec + "\n"
		if n := len(g.Specs); n > 0 {
			if p, _ := strconv.Unquote(g.Specs[n-1].(*ast.ImportSpec).Path.Value); isStdPath(p) {
				text = "\n" + text
			}
		}
		return name, []analysis.TextEdit{{Pos: g.Rparen, End: g.Rparen, NewText: []byte(text)}}, ""
	}
	// No parenthesized import declaration: add one after the package
	// clause (gofmt sorts it in).
	return name, []analysis.TextEdit{{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + spec)}}, ""
}

// isStdPath reports whether an import path is the standard library's: its
// first element has no dot.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
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
	"secret": true, "secrets": true, "password": true, "passwords": true, "passwd": true,
	"pass": true, "pwd": true, "passphrase": true, "apikey": true, "apikeys": true,
	"csrf": true, "xsrf": true, "mac": true, "hmac": true,
}

var literalWords = map[string]bool{"signature": true, "sig": true, "token": true}

var tokenQualifiers = map[string]bool{
	"access": true, "refresh": true, "auth": true, "api": true, "bearer": true,
	"session": true, "reset": true, "webhook": true, "verify": true,
	"verification": true, "login": true, "invite": true, "otp": true,
}

// aboutWords, as the last word of a name, say that it names something
// about a secret, not the secret: PasswordCookie (a cookie's name),
// TokenEndpointAuthSigningAlgorithm, hashPrefix, secretLength, secretName
// (a Kubernetes object's), apiKeyHeader, passwordFile.
var aboutWords = map[string]bool{
	"cookie": true, "name": true, "names": true, "alg": true, "algorithm": true, "algorithms": true,
	"prefix": true, "prefixes": true, "suffix": true, "length": true, "len": true, "size": true,
	"type": true, "types": true, "kind": true, "mode": true, "method": true, "methods": true,
	"field": true, "fields": true, "header": true, "headers": true, "param": true, "params": true,
	"parameter": true, "query": true, "path": true, "file": true, "filename": true, "dir": true,
	"env": true, "url": true, "uri": true, "endpoint": true, "id": true, "ids": true,
	"policy": true, "format": true, "scheme": true, "schemes": true, "version": true,
	"count": true, "min": true, "max": true, "timeout": true, "ttl": true, "expiry": true,
	"expires": true, "expiration": true, "time": true, "duration": true, "age": true,
	"enabled": true, "required": true, "set": true, "ok": true, "err": true, "error": true,
	"fn": true, "func": true, "callback": true, "handler": true, "store": true, "cache": true,
	"manager": true, "provider": true, "source": true, "location": true, "label": true,
	"description": true, "hint": true, "regex": true, "pattern": true, "rule": true, "rules": true,
	"strategy": true, "validator": true, "generator": true, "flag": true, "option": true,
	"options": true, "ref": true, "encoding": true, "charset": true, "style": true, "char": true,
	"chars": true, "placeholder": true, "prompt": true,
	"changed": true, "reset": true, "expired": true, "valid": true, "invalid": true,
	"mismatch": true, "mutex": true, "lock": true, "mu": true, "attr": true, "attribute": true,
	"claim": true, "index": true, "idx": true, "offset": true, "pos": true, "status": true,
}

// nameLooksSecret splits name into words (camelCase, snake_case,
// kebab-case) and reports whether they name a secret's value: one is a
// secret's word ("api" "key" together count as apikey; "mac" "addr" is a
// MAC address), and the name does not end in a word that says it is about
// the secret (PasswordCookie) or a hash of a token claim (at_hash,
// accessTokenHash).
func nameLooksSecret(name string, literal bool) bool {
	words := splitWords(name)
	found := -1
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch {
		case w == "mac" && (next == "addr" || next == "address" || next == "os"):
		case w == "pass" && (next == "through" || next == "thru"):
		case secretWords[w], literal && literalWords[w]:
			found = i
		case w == "api" && (next == "key" || next == "keys"):
			found = i + 1
		case w == "token" || w == "tokens":
			for _, q := range words {
				if tokenQualifiers[q] {
					found = i
				}
			}
		}
		if found >= 0 {
			break
		}
	}
	if found < 0 {
		return false
	}
	last := words[len(words)-1]
	if found < len(words)-1 {
		if aboutWords[last] {
			return false
		}
		if last == "hash" || last == "hashes" {
			// A hash of a token is a public claim (OIDC's at_hash); a
			// password's hash is what is stored.
			for _, w := range words[found:] {
				if w == "token" || w == "tokens" {
					return false
				}
			}
		}
	}
	return true
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
