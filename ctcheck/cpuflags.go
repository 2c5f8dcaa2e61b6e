package ctcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// CPU feature flags read from the source.
//
// Go's crypto chooses a kernel by a package variable that its initializer
// computes from the CPU's features:
//
//	var useAVX2 = cpu.X86HasAVX2 && cpu.X86HasBMI2 // crypto/internal/fips140deps/cpu
//	var X86HasAVX2 = cpu.X86.HasAVX2                // internal/cpu
//
// A sourceFlags reads such variables from the packages' files and names
// the features each implies (engine.Policy.Flags), so that the code on
// the path where one tested nonzero may use them, as a //ctcheck:flag
// directive would say; and a test of the struct's field itself
// (cpu.X86+73: HasAVX2), laid out from the source.
//
// A bool variable is a flag where its initializer is a conjunction (&&)
// one of whose terms is a feature of internal/cpu's or
// golang.org/x/sys/cpu's (X86.HasAVX2) or such a flag, or one of the
// disjunctions eval reads; a term that is not a flag only narrows where
// it is set. And nothing may set it but to false: not its package's code
// (but passing it to crypto/internal/impl's Register, whose Select sets
// a variable only to false or to what its initializer gave it), nor an
// importer's, nor any assembly, nor a //go:linkname that pulls it.
type sourceFlags struct {
	arch *engine.Arch
	// list runs go list on the build's packages: import path -> files,
	// which the overlay may replace (file -> the file read instead).
	list    func() (map[string]listedFiles, error)
	overlay map[string]string

	mu    sync.Mutex
	pkgs  map[string]*flagPackage
	err   error
	flags map[string]flagValue // by symbol
	// written are the variables (path.name) that some package's code
	// assigns, takes the address of, writes from assembly or joins by
	// linkname: of each path, its importers are scanned; every assembly
	// file and linkname of the build, once.
	written    map[string]bool
	scanned    map[string]bool
	unread     map[string]bool // an importer of the path did not parse
	unreadAll  bool            // a file of the build could not be read
	asmScanned bool
}

// listedFiles is what go list says of a package of the build.
type listedFiles struct {
	Dir, Name       string
	GoFiles, SFiles []string
	CgoFiles        []string          // where the build's environment enables cgo
	SysoFiles       []string          // objects the linker adds, which nothing here reads
	HFiles          []string          // the files assembly may #include
	Imports         []string          // resolved
	ImportMap       map[string]string // as written -> resolved (std's vendored)
	Standard        bool
	Module          *struct {
		Path, Version string
		Main          bool // a main module: the workspace's, of no version
		Replace       *struct{ Path string }
	}
}

// A flagPackage is what a package's files say of its variables.
type flagPackage struct {
	path    string
	imports map[*ast.File]map[string]string // name in the file -> import path
	dots    map[*ast.File][]string          // the file's dot imports
	inits   map[string]flagInit             // var -> its initializer
	consts  map[string]flagInit             // const -> its value, where the spec gives one
	written map[string]bool                 // vars assigned, or whose address is taken, outside their initializer
	fset    *token.FileSet
	files   []*ast.File
	fields  map[string]map[int64]string // cpuPackages': by struct, the field at each offset, once laid out
	// redeclaresFalse: a file declares a name false of its own.
	redeclaresFalse bool
}

type flagInit struct {
	expr ast.Expr
	file *ast.File
}

// cpuPackages are the packages whose structs of booleans (X86.HasAVX2)
// the runtime sets from CPUID, each field true only where the CPU has the
// feature its name says, by the module they must come from ("": the
// standard library's).
var cpuPackages = map[string]string{"internal/cpu": "", "vendor/golang.org/x/sys/cpu": "", "golang.org/x/sys/cpu": "golang.org/x/sys"}

// cpuPackage reports whether path is one of cpuPackages as its module
// gives it, a version of it: not a fork that a replace directive or a
// workspace's use put in its place.
func (s *sourceFlags) cpuPackage(path string) bool {
	mod, ok := cpuPackages[path]
	if !ok {
		return false
	}
	listed, err := s.list()
	if err != nil {
		return false
	}
	l := listed[path]
	if mod == "" {
		return l.Standard
	}
	m := l.Module
	return m != nil && m.Path == mod && m.Version != "" && !m.Main && m.Replace == nil
}

// cpuStructs name, by GOARCH, the struct of those packages that holds its
// CPU's features (the others stay false on it).
var cpuStructs = map[string]string{"amd64": "X86", "386": "X86", "arm64": "ARM64", "arm": "ARM",
	"ppc64le": "PPC64", "s390x": "S390X", "riscv64": "RISCV64", "loong64": "Loong64"}

// impliedFeatures are what a feature implies: every CPU with AVX2 has AVX,
// and both packages set HasAVX2 only where the OS saves the AVX state.
var impliedFeatures = map[string][]string{"avx2": {"avx"}}

// newSourceFlags derives the flags of a build's packages, listed (by go
// list) on the first variable asked of.
func newSourceFlags(list func() (map[string]listedFiles, error), overlay map[string]string, a *engine.Arch) *sourceFlags {
	s := &sourceFlags{arch: a, overlay: overlay, pkgs: map[string]*flagPackage{}, flags: map[string]flagValue{},
		written: map[string]bool{}, scanned: map[string]bool{}, unread: map[string]bool{}}
	var once sync.Once
	var listed map[string]listedFiles
	var err error
	s.list = func() (map[string]listedFiles, error) {
		once.Do(func() { listed, err = list() })
		return listed, err
	}
	return s
}

// Err is why the source could not be read where a flag was asked for:
// those flags were none.
func (s *sourceFlags) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Flag is the features, separated by commas, that the CPU has wherever
// the variable sym is nonzero; "" where sym is not such a flag.
func (s *sourceFlags) Flag(sym string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.variable(sym, map[string]bool{}).features, ",")
}

// A flagValue is what a boolean expression is on the build's GOARCH:
// false on every CPU, true only where the CPU has features (a flag), or
// neither (not known).
type flagValue struct {
	false    bool
	features []string
}

var unknown flagValue

// variable is the value of the variable sym (pkg.name, or pkg.name+off
// for a field); visiting guards against a cycle.
func (s *sourceFlags) variable(sym string, visiting map[string]bool) flagValue {
	if v, ok := s.flags[sym]; ok {
		return v
	}
	if visiting[sym] {
		return unknown
	}
	visiting[sym] = true
	path, name := splitSym(sym)
	v := unknown
	// What writes it elsewhere is asked last: the build's scan is the
	// costly part, and most bytes a program tests are no flag.
	if struc, off, ok := strings.Cut(name, "+"); ok {
		// A field of a variable: of the features' struct (X86+73).
		if p := s.pkg(path); p != nil && s.cpuPackage(path) && struc == cpuStructs[s.arch.GOARCH] {
			v = s.feature(s.field(p, struc, off))
		}
		if v.features != nil && s.writtenElsewhere(path, struc) {
			v = unknown
		}
	} else if p := s.pkg(path); p != nil && !p.written[name] {
		if in, ok := p.inits[name]; ok {
			v = s.eval(p, in.file, in.expr, visiting)
		} else if in, ok := p.consts[name]; ok {
			v = s.eval(p, in.file, in.expr, visiting)
		}
		if (v.features != nil || v.false) && s.writtenElsewhere(path, name) {
			v = unknown
		}
	}
	slices.Sort(v.features)
	v.features = slices.Compact(v.features)
	s.flags[sym] = v
	return v
}

// eval is the value of e, an expression of p's file f: a conjunction is a
// flag of every feature its terms are flags of (a term that is none only
// narrows where it is set), and false where a term is; a disjunction is
// a flag of the features all its terms that may be true are flags of.
func (s *sourceFlags) eval(p *flagPackage, f *ast.File, e ast.Expr, visiting map[string]bool) flagValue {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return s.eval(p, f, e.X, visiting)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			x, y := s.eval(p, f, e.X, visiting), s.eval(p, f, e.Y, visiting)
			if x.false || y.false {
				return flagValue{false: true}
			}
			return flagValue{features: slices.Concat(x.features, y.features)}
		case token.LOR:
			x, y := s.eval(p, f, e.X, visiting), s.eval(p, f, e.Y, visiting)
			switch {
			case x.false:
				return y
			case y.false:
				return x
			}
			var both []string
			for _, ft := range x.features {
				if slices.Contains(y.features, ft) {
					both = append(both, ft)
				}
			}
			return flagValue{features: both}
		case token.EQL, token.NEQ:
			x, xok := s.constInt(p, f, e.X, visiting)
			y, yok := s.constInt(p, f, e.Y, visiting)
			if xok && yok && (x == y) != (e.Op == token.EQL) {
				return flagValue{false: true}
			}
		}
	case *ast.Ident:
		if isFalse(p, e) {
			return flagValue{false: true}
		}
		return s.variable(p.path+"."+e.Name, visiting)
	case *ast.SelectorExpr:
		switch x := e.X.(type) {
		case *ast.Ident: // pkg.Var
			if path, ok := p.imports[f][x.Name]; ok {
				return s.variable(path+"."+e.Sel.Name, visiting)
			}
		case *ast.SelectorExpr: // cpu.X86.HasAVX2
			pkg, ok := x.X.(*ast.Ident)
			if !ok || !s.cpuPackage(p.imports[f][pkg.Name]) {
				break
			}
			switch path, struc := p.imports[f][pkg.Name], x.Sel.Name; {
			case cpuStructs[s.arch.GOARCH] == "" || s.writtenElsewhere(path, struc):
			case struc == cpuStructs[s.arch.GOARCH]:
				return s.feature(e.Sel.Name)
			case slices.Contains(slices.Collect(maps.Values(cpuStructs)), struc) && strings.HasPrefix(e.Sel.Name, "Has"):
				// Another architecture's: only its own sets it.
				return flagValue{false: true}
			}
		}
	}
	return unknown
}

// constInt is the value of e where it is an integer constant: a literal,
// or a constant whose value is one (internal/goarch's IsAmd64).
func (s *sourceFlags) constInt(p *flagPackage, f *ast.File, e ast.Expr, visiting map[string]bool) (int64, bool) {
	var in flagInit
	var q *flagPackage
	var key string
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return 0, false
		}
		n, err := strconv.ParseInt(e.Value, 0, 64)
		return n, err == nil
	case *ast.ParenExpr:
		return s.constInt(p, f, e.X, visiting)
	case *ast.Ident:
		q, in, key = p, p.consts[e.Name], p.path+"."+e.Name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return 0, false
		}
		path := p.imports[f][x.Name]
		if q = s.pkg(path); q != nil {
			in, key = q.consts[e.Sel.Name], path+"."+e.Sel.Name
		}
	}
	if in.expr == nil || visiting["const "+key] {
		return 0, false
	}
	visiting["const "+key] = true
	return s.constInt(q, in.file, in.expr, visiting)
}

// feature is the CPU feature a field of the features' struct says the
// CPU has (HasAVX2: avx2), with what it implies; none for another field.
func (s *sourceFlags) feature(field string) flagValue {
	feature, ok := strings.CutPrefix(field, "Has")
	feature = strings.ToLower(feature)
	if !ok || !slices.Contains(s.arch.Features, feature) {
		return unknown
	}
	out := []string{feature}
	for _, i := range impliedFeatures[feature] {
		if slices.Contains(s.arch.Features, i) {
			out = append(out, i)
		}
	}
	return flagValue{features: out}
}

// field names the boolean field at offset off (decimal) of p's struct
// variable v, laid out as the build's GOARCH does by go/types; "" where
// there is none or the layout is not known. Only the package's own files
// are read: a field whose type another package gives is not laid out.
func (s *sourceFlags) field(p *flagPackage, v, off string) string {
	if p.fields[v] == nil {
		if p.fields == nil {
			p.fields = map[string]map[int64]string{}
		}
		fields := map[int64]string{}
		p.fields[v] = fields
		conf := types.Config{
			Importer: importerFunc(func(string) (*types.Package, error) { return nil, fmt.Errorf("not imported") }),
			Sizes:    types.SizesFor("gc", s.arch.GOARCH),
			Error:    func(error) {}, // an import's: the struct needs none
		}
		var obj types.Object
		if tp, _ := conf.Check(p.path, p.fset, p.files, nil); tp != nil {
			obj = tp.Scope().Lookup(v)
		}
		if obj, ok := obj.(*types.Var); ok && conf.Sizes != nil {
			if st, ok := obj.Type().Underlying().(*types.Struct); ok && laidOut(st) {
				vars := make([]*types.Var, st.NumFields())
				for i := range vars {
					vars[i] = st.Field(i)
				}
				for i, o := range conf.Sizes.Offsetsof(vars) {
					if b, ok := vars[i].Type().(*types.Basic); ok && b.Kind() == types.Bool {
						fields[o] = vars[i].Name()
					}
				}
			}
		}
	}
	o, err := strconv.ParseInt(off, 10, 64)
	if err != nil {
		return ""
	}
	return p.fields[v][o]
}

// laidOut reports whether every field of st has a type go/types could
// size: none from an import it did not read, at any depth.
func laidOut(st *types.Struct) bool {
	for i := range st.NumFields() {
		if !sized(st.Field(i).Type()) {
			return false
		}
	}
	return true
}

func sized(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.Invalid
	case *types.Struct:
		return laidOut(u)
	case *types.Array:
		return sized(u.Elem())
	}
	return true // a pointer, slice, map, ...: of a fixed size
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// orFlag is first's flag of a symbol, else then's: a directive or -flag
// over what the source implies.
func orFlag(first, then func(sym string) string) func(sym string) string {
	return func(sym string) string {
		if f := first(sym); f != "" {
			return f
		}
		return then(sym)
	}
}

// splitSym splits a variable's symbol into its package's import path and
// its name.
func splitSym(sym string) (path, name string) {
	i := strings.LastIndex(sym, "/")
	j := strings.Index(sym[i+1:], ".")
	if j < 0 {
		return "", sym
	}
	return sym[:i+1+j], sym[i+1+j+1:]
}

// pkg reads the package at path once; nil where the build has none or it
// does not parse.
func (s *sourceFlags) pkg(path string) *flagPackage {
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	s.pkgs[path] = nil
	listed, err := s.list()
	if err != nil {
		s.err = err
		return nil
	}
	l, ok := listed[path]
	if !ok {
		return nil
	}
	p := &flagPackage{path: path, imports: map[*ast.File]map[string]string{}, dots: map[*ast.File][]string{},
		inits: map[string]flagInit{}, consts: map[string]flagInit{}, written: map[string]bool{}}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range slices.Concat(l.GoFiles, l.CgoFiles) {
		f, err := parser.ParseFile(fset, s.file(l.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		files = append(files, f)
		p.imports[f] = map[string]string{}
		for _, im := range f.Imports {
			ipath, _ := strconv.Unquote(im.Path.Value)
			if to, ok := l.ImportMap[ipath]; ok {
				ipath = to
			}
			name := listed[ipath].Name // the package clause's, not the path's
			if im.Name != nil {
				name = im.Name.Name
			}
			switch name {
			case ".":
				p.dots[f] = append(p.dots[f], ipath)
			case "", "_":
			default:
				p.imports[f][name] = ipath
			}
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR && g.Tok != token.CONST {
				continue
			}
			into := p.inits
			if g.Tok == token.CONST {
				into = p.consts
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				if len(v.Values) != len(v.Names) {
					continue // var a, b = f(), or a const of iota's: not read
				}
				for i, n := range v.Names {
					if id, ok := v.Type.(*ast.Ident); v.Type != nil && (!ok || id.Name != "bool") {
						continue // a flag is a bool
					}
					into[n.Name] = flagInit{v.Values[i], f}
				}
			}
		}
	}
	for _, f := range files {
		p.redeclaresFalse = p.redeclaresFalse || declaresFalse(f)
	}
	for _, f := range files {
		s.markWritten(p, f)
	}
	p.fset, p.files = fset, files
	s.pkgs[path] = p
	return p
}

// markWritten marks the variables that f's code assigns or takes the
// address of (but to register it with crypto/internal/impl, or to set it
// false): the package's own by name in p.written (a local of the same
// name counts too: that only loses a flag), another package's by symbol
// in s.written, a dot import's both ways.
func (s *sourceFlags) markWritten(p *flagPackage, f *ast.File) {
	registered := map[ast.Expr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Register" && len(n.Args) == 3 {
				if x, ok := sel.X.(*ast.Ident); ok && p.imports[f][x.Name] == "crypto/internal/impl" {
					registered[n.Args[2]] = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				// v = false only narrows where v is set.
				if n.Tok == token.ASSIGN && len(n.Rhs) == len(n.Lhs) && isFalse(p, n.Rhs[i]) {
					continue
				}
				s.markTarget(p, f, l)
			}
		case *ast.IncDecStmt:
			s.markTarget(p, f, n.X)
		case *ast.RangeStmt:
			s.markTarget(p, f, n.Key)
			s.markTarget(p, f, n.Value)
		case *ast.UnaryExpr:
			if n.Op == token.AND && !registered[n] {
				s.markTarget(p, f, n.X)
			}
		}
		return true
	})
}

// markTarget marks the variable that e, written or addressed, is part
// of: its root (v of v.f[i], or pkg.V of pkg.V.f).
func (s *sourceFlags) markTarget(p *flagPackage, f *ast.File, e ast.Expr) {
	for e != nil {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if path, ok := p.imports[f][id.Name]; ok {
					s.written[path+"."+x.Sel.Name] = true
					return
				}
			}
			e = x.X
		case *ast.Ident:
			p.written[x.Name] = true
			for _, path := range p.dots[f] {
				s.written[path+"."+x.Name] = true
			}
			return
		default:
			return
		}
	}
}

// writtenElsewhere reports whether a package other than path's own may
// write path's variable name: one that imports it, assembly anywhere, or
// a //go:linkname anywhere that names it. A file that cannot be read may
// write anything.
func (s *sourceFlags) writtenElsewhere(path, name string) bool {
	listed, err := s.list()
	if err != nil {
		s.err = err
		return true
	}
	if !s.scanned[path] {
		s.scanned[path] = true
		for q, l := range listed {
			if q != path && slices.Contains(l.Imports, path) && s.pkg(q) == nil {
				s.unread[path] = true // a package that does not parse may write it
			}
		}
	}
	if !s.asmScanned {
		s.asmScanned = true
		for q, l := range listed {
			if len(l.SysoFiles) > 0 {
				s.unreadAll = true // an object's code may write any variable
			}
			for _, name := range slices.Concat(l.SFiles, l.HFiles, l.GoFiles, l.CgoFiles) {
				b, err := os.ReadFile(s.file(l.Dir, name))
				switch {
				case err != nil:
					s.err, s.unreadAll = err, true
				case strings.HasSuffix(name, ".go"):
					linknames(q, string(b), s.written)
				default:
					asmWrites(q, string(b), s.written)
				}
			}
		}
	}
	return s.unreadAll || s.unread[path] || s.written[path+"."+name]
}

// file is the file the build reads for dir's name: the overlay's, if it
// replaces it.
func (s *sourceFlags) file(dir, name string) string {
	file := filepath.Join(dir, name)
	if with, ok := s.overlay[file]; ok {
		return with
	}
	return file
}

// linknames marks in written both variables that each //go:linkname
// local target of the Go source src, of package path, joins: either may
// be written under the other's name. A push of one's own (//go:linkname
// X86, internal/cpu's, for assembly elsewhere) joins nothing: a write
// under another name needs a pull, which this finds where it is.
func linknames(path, src string, written map[string]bool) {
	for _, line := range strings.Split(src, "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "//go:linkname" {
			continue
		}
		written[path+"."+f[1]] = true
		written[f[2]] = true
	}
}

// asmWrites marks in written each symbol that the Go assembly src, of
// package path, may write: every one it names (an instruction's operand,
// a macro's body or use, DATA) but where an instruction only reads it,
// as the source of a move or an operand of a compare or a test, by name
// and not by address ($sym, LEA, @GOT).
func asmWrites(path, src string, written map[string]bool) {
	var lines []string
	for _, line := range strings.Split(src, "\n") {
		line, _, _ = strings.Cut(line, "//")
		lines = append(lines, strings.Split(line, ";")...) // a macro's instructions
	}
	for _, line := range lines {
		line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "\\"))
		if label, rest, ok := strings.Cut(line, ":"); ok && !strings.ContainsAny(label, " \t") {
			line = strings.TrimSpace(rest)
		}
		op, args := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			op, args = line[:i], line[i+1:]
		}
		read := map[string]bool{}
		compare := strings.HasPrefix(op, "CMP") && !strings.HasPrefix(op, "CMPXCHG") || strings.HasPrefix(op, "TEST")
		operands := strings.Split(args, ",")
		for i, o := range operands {
			o = strings.TrimSpace(o)
			if !strings.HasSuffix(o, "(SB)") || strings.ContainsAny(o, "$@") || strings.HasPrefix(op, "LEA") {
				continue
			}
			if compare || strings.Contains(op, "MOV") && i < len(operands)-1 {
				read[asmSymbol.FindString(o)] = true
			}
		}
		for _, sym := range asmSymbol.FindAllString(line, -1) {
			if !read[sym] {
				written[asmSymbolName(path, sym)] = true
			}
		}
	}
}

// asmSymbol is a symbol as Go assembly names it: ·v, or pkg∕path·v.
var asmSymbol = regexp.MustCompile(`[\p{L}\p{N}_.~\-\x{2215}]*\x{00b7}[\p{L}\p{N}_]+`)

// asmSymbolName is the symbol sym, written in package path's assembly, as
// the linker names it: path.v.
func asmSymbolName(path, sym string) string {
	sym = strings.ReplaceAll(sym, "\u2215", "/")
	if strings.HasPrefix(sym, "\u00b7") {
		sym = path + sym
	}
	return strings.Replace(sym, "\u00b7", ".", 1)
}

// isFalse reports whether e is the constant false of the universe.
func isFalse(p *flagPackage, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "false" && !p.redeclaresFalse
}

// declaresFalse reports whether f declares a name false of its own,
// which would shadow the universe's.
func declaresFalse(f *ast.File) bool {
	found := false
	isFalse := func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == "false" }
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			found = found || slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return isFalse(id) })
		case *ast.Field:
			found = found || slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return isFalse(id) })
		case *ast.TypeSpec:
			found = found || isFalse(n.Name)
		case *ast.FuncDecl:
			found = found || isFalse(n.Name)
		case *ast.AssignStmt:
			found = found || n.Tok == token.DEFINE && slices.ContainsFunc(n.Lhs, isFalse)
		case *ast.RangeStmt:
			found = found || n.Tok == token.DEFINE && (n.Key != nil && isFalse(n.Key) || n.Value != nil && isFalse(n.Value))
		}
		return !found
	})
	return found
}

// goListFiles lists the Go files of pattern's packages and their
// dependencies, as the build with env and settings compiles them.
func goListFiles(ctx context.Context, goTool, dir string, env, settings []string, pattern string) (map[string]listedFiles, error) {
	cmd := exec.CommandContext(ctx, goTool, append(append([]string{"list", "-deps", "-json=ImportPath,Dir,Name,GoFiles,CgoFiles,SFiles,HFiles,SysoFiles,Imports,ImportMap,Standard,Module"}, settings...), pattern)...)
	cmd.Dir, cmd.Env = dir, env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %v: %s", pattern, err, strings.TrimSpace(stderr.String()))
	}
	listed := map[string]listedFiles{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			listedFiles
		}
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list -deps: %v", err)
		}
		listed[p.ImportPath] = p.listedFiles
	}
	return listed, nil
}
