package secretcmp

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// attacker returns where a value that whoever is on the other end can
// choose came from, or nil: request data (net/http's Request, its
// headers, form, body, URL, cookies and BasicAuth, and a web framework's
// request context), data read from a connection or decoded from one, and
// the parameters of exported functions, of handlers, of function literals
// and of functions called with such data.
func (s *state) attacker(e ast.Expr) *Src {
	info := s.pass.TypesInfo
	e = unparen(e)
	if t := info.TypeOf(e); t != nil {
		if what := s.requestType(t); what != "" {
			return &Src{What: what + " " + s.short(e), Where: s.where(e.Pos()), Strong: true}
		}
	}
	switch e := e.(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			if c := s.ctl[key{obj: v}]; c != nil {
				return c
			}
			if sd, ok := s.seeded[v]; ok && !s.captured(e, sd.body) {
				return sd.src
			}
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok {
			return nil // a package's variable is its own state
		}
		if sel.Kind() != types.FieldVal {
			return nil
		}
		if c := s.attacker(e.X); c != nil {
			return s.derived(c, e)
		}
		if k, ok := s.keyOf(e); ok {
			return s.ctl[k]
		}
	case *ast.SliceExpr:
		return s.attacker(e.X)
	case *ast.StarExpr:
		return s.attacker(e.X)
	case *ast.TypeAssertExpr:
		return s.attacker(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND || e.Op == token.ARROW {
			return s.attacker(e.X)
		}
	case *ast.IndexExpr:
		if c := s.attacker(e.X); c != nil {
			return s.derived(c, e)
		}
		if k, ok := s.keyOf(e.X); ok {
			return s.ctl[key{k.obj, elemPath(k.path)}]
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if c := s.attacker(e.X); c != nil {
				return c
			}
			return s.attacker(e.Y)
		}
	case *ast.CallExpr:
		return s.callCtl(e)
	}
	return nil
}

// captured reports whether the use id is inside a function literal
// within body, the body of the function whose parameter it reads.
func (s *state) captured(id *ast.Ident, body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	lits, ok := s.bodyLits[body]
	if !ok {
		for _, l := range s.lits {
			if l.Pos() > body.Pos() && l.End() <= body.End() {
				lits = append(lits, l)
			}
		}
		s.bodyLits[body] = lits
	}
	for _, l := range lits {
		if l.Pos() <= id.Pos() && id.End() <= l.End() {
			return true
		}
	}
	return false
}

// derived describes a value taken from request data by the expression
// that took it: r.Header.Get("X-Signature"), not r.
func (s *state) derived(c *Src, e ast.Expr) *Src {
	if !c.Strong || !strings.HasPrefix(c.What, "request ") {
		return c
	}
	return &Src{What: "request data " + s.short(e), Where: s.where(e.Pos()), Strong: true}
}

// callCtl is the attacker taint of a call's result: any call given
// attacker data (as an argument or a receiver) returns attacker data, and
// so do this package's functions that return it.
func (s *state) callCtl(call *ast.CallExpr) *Src {
	info := s.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return s.attacker(call.Args[0])
		}
		return nil
	}
	var best *Src
	better := func(c *Src) {
		if c != nil && (best == nil || c.Strong && !best.Strong) {
			best = c
		}
	}
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		switch callee.Name() {
		case "append", "min", "max":
			for _, a := range call.Args {
				better(s.attacker(a))
			}
		}
		return best
	case *types.Func:
		if m := s.ctlFuncs[callee.Origin()]; m != nil {
			better(m[0])
		}
		if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok && callee.Signature().Recv() != nil {
			if c := s.attacker(sel.X); c != nil {
				better(s.derived(c, call))
			}
			// A method of a program's own type given attacker data
			// (store.Get(token), client.Lookup(user)) returns what it
			// holds, not what it was given; the standard library's
			// (base64.StdEncoding.DecodeString(sig)) transform it.
			if callee.Pkg() == nil || !isStdPath(callee.Pkg().Path()) {
				return best
			}
		}
	}
	// A function given attacker data returns attacker data: strings.Split,
	// base64's DecodeString, io.ReadAll, fiber's utils.GetString. Only
	// the standard library's pass on a parameter's: the program's own
	// constructors (newClient(opts)) are given configuration as often.
	std := false
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil {
		std = isStdPath(fn.Pkg().Path())
	}
	for _, a := range call.Args {
		if c := s.attacker(a); c != nil && (c.Strong || std) {
			better(s.derived(c, call))
		}
	}
	return best
}

// requestType says whether values of type t come from the other end by
// their type: an HTTP request, a web framework's request context, a
// network connection.
func (s *state) requestType(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	if what, ok := s.reqTypes[n]; ok {
		return what
	}
	s.reqTypes[n] = "" // a struct with a field of its own type
	what := s.requestNamed(n)
	s.reqTypes[n] = what
	return what
}

func (s *state) requestNamed(n *types.Named) string {
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	switch {
	case path == "net/http" && name == "Request":
		return "request"
	case path == "net" && strings.HasSuffix(name, "Conn"), path == "crypto/tls" && name == "Conn":
		return "connection"
	case isStdPath(path):
		return ""
	case name == "Context" || name == "Ctx" || name == "RequestCtx" || name == "RequestContext":
		// gin's *Context, echo's Context, fiber's *Ctx, fasthttp's
		// *RequestCtx, hertz's *RequestContext, beego's *context.Context:
		// a handler's view of the request.
		if s.hasRequestMethod(n) {
			return "request"
		}
	case name == "Conn" && (strings.Contains(path, "websocket") || strings.Contains(path, "quic") || strings.HasSuffix(path, "/ssh")):
		// gorilla's and x/net's websocket, quic-go, x/crypto/ssh: a
		// peer's connection (a database driver's Conn is not).
		return "connection"
	}
	return ""
}

// hasRequestMethod reports whether a context type looks like a web
// framework's: it has a method or field that returns the request or a
// header.
func (s *state) hasRequestMethod(n *types.Named) bool {
	var ms *types.MethodSet
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	} else {
		ms = types.NewMethodSet(types.NewPointer(n))
	}
	for i := range ms.Len() {
		switch ms.At(i).Obj().Name() {
		case "Request", "GetHeader", "Header", "FormValue", "Query", "Param", "Cookie", "Cookies", "BasicAuth":
			return true
		}
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if s.requestType(st.Field(i).Type()) == "request" {
				return true
			}
		}
	}
	return false
}

// short prints e as source, shortened to a message's length.
func (s *state) short(e ast.Expr) string {
	t := types.ExprString(e)
	if len(t) > 60 {
		t = t[:57] + "..."
	}
	return t
}
