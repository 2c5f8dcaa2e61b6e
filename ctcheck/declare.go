package ctcheck

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Declarations of secrets. A function's arguments are, by default, as
// the engine's policy says: the memory behind them secret, read-only, and
// the arguments themselves (pointers, lengths, scalars) public. A
// declaration says otherwise, naming parts of the arguments by the Go
// declaration of the function (the assembly stub's, for assembly):
//
//	//ctcheck:secret NAMES -- REASON   the named parts are secret
//	//ctcheck:public NAMES -- REASON   the named parts are public
//	//ctcheck:writes NAMES             the function may store to the named memory
//	//ctcheck:assume NAMES: constant time[, result public] -- REASON
//	                                   a call through the named func value or
//	                                   interface (an argument, or a package
//	                                   variable: Var, importpath.Var), whose
//	                                   target the code does not fix, or of a
//	                                   function the analysis is not to follow
//	                                   (importpath.Func, importpath.(*T).M),
//	                                   takes the same time whatever it is
//	                                   passed (and returns only public values)
//
// in the doc comment of the func declaration, one verb a line; the
// reason after " -- " is required in a directive (the command line's may
// leave it out). A name is
//
//	p         the argument p (a scalar: a register or a frame slot)
//	p.f       a field of p, or of what p points to (laid out with the Go
//	          types' sizes for the GOARCH); s.len, s.cap of a slice or string
//	*p        what the pointer p points to (the whole of it)
//	s[:]      the elements of the slice or string s
//	*p[:n]    n elements from p: n a constant or another argument
//
// The same grammar names functions on the command line and in a policy
// file, for code one cannot edit:
//
//	-func 'importpath.Func: secret *state msg[:]; public s.len; writes state.h'
//
// and a policy file holds one such line per function (# starts a comment).

// A Declaration is one verb of a function's declarations.
type Declaration struct {
	Func  string   // importpath.Func, importpath.(*T).M; or the name alone
	Verb  string   // secret, public or writes
	Names []string // as written: *state, msg[:], s.len
	// Says is what assume says of the callees: "constant time" or
	// "constant time, result public".
	Says   string `json:",omitempty"`
	Reason string `json:",omitempty"`
	Where  string // the file and line, "-func", or the policy file and line
}

func (d Declaration) String() string {
	s := fmt.Sprintf("%s: %s: %s %s", d.Where, d.Func, d.Verb, strings.Join(d.Names, " "))
	if d.Says != "" {
		s += ": " + d.Says
	}
	if d.Reason != "" {
		s += " -- " + d.Reason
	}
	return s
}

var declVerbs = []string{"secret", "public", "writes", "assume"}

// assumptions are what assume may say of a callee the code does not fix.
var assumptions = []string{"constant time", "constant time, result public"}

// parseClause reads "VERB NAMES [-- REASON]".
func parseClause(fn, text, where string, needReason bool) (Declaration, error) {
	body, reason, hasReason := strings.Cut(text, " -- ")
	if !hasReason {
		body, reason, hasReason = strings.Cut(text, "--")
	}
	fields := strings.Fields(body)
	if len(fields) == 0 {
		return Declaration{}, fmt.Errorf("%s: %s: an empty declaration", where, fn)
	}
	d := Declaration{Func: fn, Verb: fields[0], Names: fields[1:], Reason: strings.TrimSpace(reason), Where: where}
	if d.Verb == "assume" {
		names, says, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(body), "assume")), ":")
		d.Names, d.Says = strings.Fields(names), strings.Join(strings.Fields(says), " ")
		if !ok || !slices.Contains(assumptions, d.Says) {
			return d, fmt.Errorf("%s: %s: assume %s: say what a call through it does: %q or %q", where, fn, strings.TrimSpace(names), assumptions[0], assumptions[1])
		}
	}
	switch {
	case !isVerb(d.Verb):
		return d, fmt.Errorf("%s: %s: %q: no such declaration (secret, public, writes, assume)", where, fn, d.Verb)
	case len(d.Names) == 0:
		return d, fmt.Errorf("%s: %s: %s names nothing", where, fn, d.Verb)
	case needReason && d.Verb != "writes" && (!hasReason || d.Reason == ""):
		return d, fmt.Errorf("%s: %s: %s %s: say why, after \" -- \"", where, fn, d.Verb, strings.Join(d.Names, " "))
	}
	for _, n := range d.Names {
		var err error
		if d.Verb == "assume" {
			if _, v := splitVar(n); !isIdent(v) {
				err = fmt.Errorf("assume names a func value or interface argument, a package variable (importpath.Var) or a function")
			}
		} else {
			_, err = parseName(n)
		}
		if err != nil {
			return d, fmt.Errorf("%s: %s: %s %s: %v", where, fn, d.Verb, n, err)
		}
	}
	return d, nil
}

func isVerb(v string) bool {
	for _, x := range declVerbs {
		if v == x {
			return true
		}
	}
	return false
}

// ParseFuncLine reads one function's declarations as -func and a policy
// file give them: "importpath.Func: secret *state msg[:]; public s.len;
// writes state.h", each clause with an optional " -- reason".
func ParseFuncLine(line, where string) ([]Declaration, error) {
	fn, rest, ok := strings.Cut(line, ": ")
	if !ok {
		fn, rest, ok = strings.Cut(line, ":")
	}
	fn = strings.TrimSpace(fn)
	if !ok || fn == "" || strings.ContainsAny(fn, " \t") {
		return nil, fmt.Errorf("%s: %q: want importpath.Func: verb names; verb names", where, line)
	}
	var out []Declaration
	for _, clause := range strings.Split(rest, ";") {
		if strings.TrimSpace(clause) == "" {
			continue
		}
		d, err := parseClause(fn, clause, where, false)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %s: no declaration", where, fn)
	}
	return out, nil
}

// ReadPolicyFile reads a policy file: one function's declarations a line,
// as ParseFuncLine takes them; blank lines and # comments are skipped.
func ReadPolicyFile(path string) ([]Declaration, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Declaration
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		ds, err := ParseFuncLine(line, fmt.Sprintf("%s:%d", path, n))
		if err != nil {
			return nil, err
		}
		out = append(out, ds...)
	}
	return out, sc.Err()
}

// A declName is a name, read: the argument, the fields after it, whether
// it is what the pointer points to (*p), and the elements ([:], with a
// count n for *p[:n]).
type declName struct {
	arg    string
	fields []string
	deref  bool
	elems  bool
	count  string // *p[:n]: a constant or an argument
}

func parseName(s string) (declName, error) {
	var n declName
	if rest, ok := strings.CutPrefix(s, "*"); ok {
		n.deref = true
		s = rest
	}
	if i := strings.Index(s, "[:"); i >= 0 {
		if !strings.HasSuffix(s, "]") {
			return n, fmt.Errorf("want [:] or [:n]")
		}
		n.elems = true
		n.count = s[i+2 : len(s)-1]
		s = s[:i]
		if n.count != "" && !n.deref {
			return n, fmt.Errorf("[:n] is for a pointer: *p[:n]")
		}
		if n.count == "" && n.deref {
			return n, fmt.Errorf("*p[:] needs a count: *p[:n]")
		}
	}
	parts := strings.Split(s, ".")
	for _, p := range parts {
		if !isIdent(p) {
			return n, fmt.Errorf("%q is not a Go name", p)
		}
	}
	n.arg, n.fields = parts[0], parts[1:]
	if n.deref && len(n.fields) > 0 {
		return n, fmt.Errorf("*p.f: name the field as p.f")
	}
	return n, nil
}

// splitVar splits an assumed name into a package's path and the
// variable's name: "" and the name where it is unqualified.
func splitVar(name string) (pkg, v string) {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return "", name
	}
	return name[:i], name[i+1:]
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' && i > 0 || r > 127) {
			return false
		}
	}
	return true
}
