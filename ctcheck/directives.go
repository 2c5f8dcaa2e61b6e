package ctcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// A package says in its own files what its code may assume of the CPU,
// with directives (one a line, anywhere a comment may be, naming
// functions and variables of the package):
//
//	//ctcheck:needs FUNC FEATURE,...  FUNC runs only where the CPU has each feature: its code may use them
//	//ctcheck:claims FUNC MODE,...    FUNC claims the modes for its run, and must run each secret under them (arm64's dit)
//	//ctcheck:flag VAR FEATURE        VAR is set only where the CPU has the feature and the code is to use it
//
// Features and modes are named as golang.org/x/sys/cpu names them
// (lowercase: avx2, dit), those the build's architecture has. A directive
// in a file the build leaves out does not apply. Config.Policy adds to
// what the directives say.

// A Policy says what is secret and what the checked code may do; its zero
// value is the default.
type Policy = engine.Policy

// directives are what one build of a package's directives say, by symbol.
type directives struct {
	needs, claims map[string][]string
	flags         map[string]string
	applied       []string // each directive, with its position
}

// PackagePolicy returns what the //ctcheck: directives of a package's Go
// files (named relative to dir: the package's files in a build for
// architecture a) add to base, and each directive it applied, with its
// file and line.
func PackagePolicy(importPath, dir string, goFiles []string, a *engine.Arch, base Policy) (Policy, []string, error) {
	d, err := readDirectives(&listedPackage{ImportPath: importPath, Dir: dir, GoFiles: goFiles}, a)
	if err != nil {
		return Policy{}, nil, err
	}
	return d.policy(base), d.applied, nil
}

// readDirectives reads the directives of p's Go files in its build for
// architecture a.
func readDirectives(p *listedPackage, a *engine.Arch) (*directives, error) {
	d := &directives{needs: map[string][]string{}, claims: map[string][]string{}, flags: map[string]string{}}
	fset := token.NewFileSet()
	declared := map[string]bool{}
	type directive struct {
		pos                token.Position
		verb, name, values string
	}
	var found []directive
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					declared[decl.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range decl.Specs {
					if v, ok := s.(*ast.ValueSpec); ok {
						for _, n := range v.Names {
							declared[n.Name] = true
						}
					}
				}
			}
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				text, ok := strings.CutPrefix(c.Text, "//ctcheck:")
				if !ok {
					continue
				}
				fields := strings.Fields(text)
				if len(fields) > 0 && isVerb(fields[0]) {
					continue // a declaration of secrets: declared.go
				}
				pos := fset.Position(c.Pos())
				if len(fields) != 3 {
					return nil, fmt.Errorf("%s: //ctcheck:%s: want a verb, a name and a comma-separated list", pos, text)
				}
				found = append(found, directive{pos, fields[0], fields[1], fields[2]})
			}
		}
	}
	for _, dir := range found {
		if !declared[dir.name] {
			return nil, fmt.Errorf("%s: //ctcheck:%s: %s is not a function or variable of %s", dir.pos, dir.verb, dir.name, p.ImportPath)
		}
		sym := p.ImportPath + "." + dir.name
		values := strings.Split(dir.values, ",")
		known := a.Features
		if dir.verb == "claims" {
			known = a.Modes
		}
		for _, v := range values {
			if !slices.Contains(known, v) {
				return nil, fmt.Errorf("%s: //ctcheck:%s %s: %s has no %q (it has %s)", dir.pos, dir.verb, dir.name, a.GOARCH, v,
					strings.Join(known, ", "))
			}
		}
		switch dir.verb {
		case "needs":
			d.needs[sym] = append(d.needs[sym], values...)
		case "claims":
			d.claims[sym] = append(d.claims[sym], values...)
		case "flag":
			if len(values) != 1 {
				return nil, fmt.Errorf("%s: //ctcheck:flag %s: one feature a variable", dir.pos, dir.name)
			}
			d.flags[sym] = values[0]
		default:
			return nil, fmt.Errorf("%s: //ctcheck:%s: no such directive (needs, claims, flag)", dir.pos, dir.verb)
		}
		d.applied = append(d.applied, fmt.Sprintf("%s:%d: %s %s %s", filepath.Base(dir.pos.Filename), dir.pos.Line, dir.verb, dir.name, dir.values))
	}
	return d, nil
}

// policy is base with what the directives say added.
func (d *directives) policy(base Policy) Policy {
	p := base
	p.Needs = func(sym string) []string { return append(call(base.Needs, sym), d.needs[sym]...) }
	p.Modes = func(sym string) []string { return append(call(base.Modes, sym), d.claims[sym]...) }
	p.Flags = func(sym string) string {
		if f, ok := d.flags[sym]; ok {
			return f
		}
		if base.Flags != nil {
			return base.Flags(sym)
		}
		return ""
	}
	return p
}

func call(f func(string) []string, sym string) []string {
	if f == nil {
		return nil
	}
	return f(sym)
}
