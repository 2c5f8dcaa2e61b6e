// Package ctcheck tells whether machine code runs in time that depends on
// secret data. It reads what Go's toolchain emits, twice: the compiler's
// and the assembler's listing of what they encode (the source check), and
// the disassembly of the linked binary (the compiled check); and it follows
// every path from a program's roots through a model of each instruction
// set, with the data behind the roots' arguments secret. A branch, a
// memory address or a variable-latency instruction that depends on a
// secret is a finding; so is anything the models do not know: the checks
// fail closed.
//
// Run checks packages or assembly files as a Config says; the engine
// package holds the analysis, the front ends and the models, for harnesses
// that plant code in a program to test the checks themselves.
package ctcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// A Config says what to check.
type Config struct {
	// Dir is the folder the go command runs in; "" is the current one.
	Dir string
	// Patterns are the packages to check, as go list takes them. A main
	// package is built as it is; any other, linked into a program that
	// refers to each of its roots.
	Patterns []string
	// Files are assembly files checked on their own, each function a root
	// with public arguments, for the GOARCH the file's name gives; one that
	// includes go_asm.h, as its package from the functions it defines.
	Files []string
	// GOARCHes are the architectures each package is built for; none: the
	// go command's GOARCH.
	GOARCHes []string
	Tags     string   // build tags
	Env      []string // more of each build's environment: a level, such as GOAMD64=v3
	// Roots are the functions the analysis starts from, as the linker
	// names them (importpath.Func); none: main.main of a main package, and
	// every exported function of any other.
	Roots []string
	// Follow are the import paths whose functions, and those of the
	// packages below them, the analysis follows calls into; none: the
	// module of each package (the package itself in the standard
	// library).
	Follow []string
	// Policy says what is secret and what the code may do.
	Policy Policy
	// Declarations say what functions' arguments hold, as -func and a
	// policy file give them (declare.go), beside the packages' own
	// directives. A declared function is a root: where Roots is empty,
	// a package with declared functions is checked from them.
	Declarations []Declaration
	// GoTool is the go command; "" is "go" from PATH.
	GoTool string
	// Overlay maps source files (absolute paths) to the files compiled
	// in their place, as go build -overlay does: a copy of a function
	// checked without editing its package (eval's planted leaks). A
	// file that does not exist is added.
	Overlay map[string]string
}

// A Policy says what is secret and what the checked code may do; its zero
// value is the default.
type Policy = engine.Policy

// A Finding is one instruction whose timing may depend on secret data.
type Finding = engine.Finding

// A Report is what one check found in one build of one package, or in one
// assembly file.
type Report struct {
	Package   string // the import path, or the file
	Build     string // GOARCH, the environment and the tags: amd64,GOAMD64=v3/purego
	Check     string // "source" (the toolchain's listing) or "compiled" (the binary)
	GoVersion string `json:",omitempty"`
	Roots     []string
	// Directives are the package's //ctcheck: directives that the checks
	// applied, each with its file and line.
	Directives []string `json:",omitempty"`
	// Declarations are the declarations of secrets the checks applied,
	// each with where it was made (a file and line, -func, a policy
	// file).
	Declarations []string `json:",omitempty"`
	// Placements say where each name the declarations applied landed at
	// the root's entry: a frame offset (ABI0), a register or frame
	// offset (ABIInternal), the bytes of a region.
	Placements []string `json:",omitempty"`
	Funcs      []string // the functions analysed, in the order reached
	Instrs     int      // instructions analysed
	Findings   []Finding
}

// Run checks what cfg says, and returns a report for each check of each
// build of each package, and for each file. An error is a problem of the
// run (a build that fails, a root that is not there), not a finding.
func Run(ctx context.Context, cfg Config) (reports []*Report, err error) {
	// A panic is the checker's bug, not the user's: an error that says
	// so, with the stack, never a verdict.
	defer func() {
		if p := recover(); p != nil {
			reports, err = nil, fmt.Errorf("internal error: %v\n%s", p, debug.Stack())
		}
	}()
	if cfg.GoTool == "" {
		cfg.GoTool = "go"
	}
	if len(cfg.Patterns) == 0 && len(cfg.Files) == 0 {
		return nil, fmt.Errorf("nothing to check: no package pattern and no file")
	}
	used := map[int]bool{}
	// A file that includes go_asm.h reads offsets and sizes that the
	// compiler writes for its package: it is checked as that package,
	// from the functions it defines.
	var asmPackages []Config
	for _, f := range cfg.Files {
		// Assembled by the go command on PATH, as CheckFileReport runs it.
		a, err := arch.OfFile(f, engine.GoCommandVersion())
		if err != nil {
			return nil, err
		}
		goarch := a.GOARCH
		if c, ok, err := asmPackage(ctx, cfg, f, goarch); err != nil {
			return nil, err
		} else if ok {
			asmPackages = append(asmPackages, c)
			continue
		}
		goFiles, err := goFilesFor(filepath.Dir(f), goarch)
		if err != nil {
			return nil, err
		}
		imp := newExportImporter(ctx, cfg.GoTool, filepath.Dir(f), Build{GOARCH: goarch, Tags: cfg.Tags, Env: cfg.Env}, ".", token.NewFileSet())
		decls, err := readDeclared(engine.AsmPackage, engine.AsmPackage, filepath.Dir(f), goFiles, a, cfg.Declarations, imp)
		if err != nil {
			return nil, err
		}
		for i := range decls.used {
			used[i] = true
		}
		policy := cfg.Policy
		policy.Funcs = decls.funcsPolicy(cfg.Policy.Funcs)
		r, err := engine.CheckFileReport(f, a, cfg.Env, policy)
		if err != nil {
			return nil, err
		}
		reports = append(reports, &Report{Package: f, Build: goarch, Check: "source", GoVersion: r.GoVersion,
			Declarations: decls.appliedIn(f), Placements: decls.placed, Funcs: r.Funcs, Instrs: r.Instrs, Findings: r.Findings})
	}
	if len(cfg.Patterns) > 0 {
		rs, err := checkPackages(ctx, cfg, used)
		if err != nil {
			return nil, err
		}
		reports = append(reports, rs...)
	}
	for _, c := range asmPackages {
		rs, err := checkPackages(ctx, c, used)
		if err != nil {
			return nil, err
		}
		reports = append(reports, rs...)
	}
	return reports, unusedDecls(cfg, used)
}

// checkPackages checks the packages of cfg's patterns in each of its
// builds.
func checkPackages(ctx context.Context, cfg Config, used map[int]bool) ([]*Report, error) {
	var reports []*Report
	goarches := cfg.GOARCHes
	if len(goarches) == 0 {
		out, err := exec.CommandContext(ctx, cfg.GoTool, "env", "GOARCH").Output()
		if err != nil {
			return nil, fmt.Errorf("go env GOARCH: %v", err)
		}
		goarches = []string{strings.TrimSpace(string(out))}
	}
	// The release that compiles the packages places ABIInternal's
	// arguments (s390x's registers since Go 1.26: arch.For): each
	// architecture is resolved here, once, and passed down.
	setup, err := readGoSetup(ctx, cfg)
	if err != nil {
		return nil, err
	}
	arches := make([]*engine.Arch, len(goarches))
	for i, g := range goarches {
		if arches[i] = arch.For(g, setup.Version); arches[i] == nil {
			return nil, fmt.Errorf("GOARCH %s: no model (the checker models %s)", g, strings.Join(arch.GOARCHes(), ", "))
		}
	}
	work, err := os.MkdirTemp("", "ctcheck-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	for _, a := range arches {
		b := Build{GOARCH: a.GOARCH, Tags: cfg.Tags, Env: cfg.Env}
		pkgs, err := listPackages(ctx, cfg, b)
		if err != nil {
			return nil, err
		}
		for _, p := range pkgs {
			rs, err := checkPackage(ctx, cfg, setup, work, p, a, b, used)
			if err != nil {
				return nil, err
			}
			reports = append(reports, rs...)
		}
	}
	return reports, nil
}

var (
	includesGoAsmH = regexp.MustCompile(`(?m)^[ \t]*#include[ \t]+"go_asm\.h"`)
	textSymbol     = regexp.MustCompile(`(?m)^[ \t]*TEXT[ \t]+·(.+?)\(SB\)`)
)

// asmPackage is the configuration that checks the assembly file f, for
// goarch, as its package, from the functions f defines, if f includes
// go_asm.h; ok is false for a file that the assembler reads on its own.
func asmPackage(ctx context.Context, cfg Config, f, goarch string) (c Config, ok bool, err error) {
	src, err := os.ReadFile(f)
	if err != nil {
		return Config{}, false, err
	}
	if !includesGoAsmH.Match(src) {
		return Config{}, false, nil
	}
	c = cfg
	c.Dir, c.Patterns, c.Files, c.GOARCHes = filepath.Dir(f), []string{"."}, nil, []string{goarch}
	pkgs, err := listPackages(ctx, c, Build{GOARCH: goarch, Tags: cfg.Tags, Env: cfg.Env})
	if err != nil {
		return Config{}, false, fmt.Errorf("%s includes go_asm.h, so it is checked as its package: %v", f, err)
	}
	if len(pkgs) != 1 {
		return Config{}, false, fmt.Errorf("%s includes go_asm.h, so it is checked as its package: go list found %d packages in %s", f, len(pkgs), c.Dir)
	}
	c.Roots = nil
	for _, m := range textSymbol.FindAllSubmatch(src, -1) {
		c.Roots = append(c.Roots, pkgs[0].ImportPath+"."+string(m[1]))
	}
	if len(c.Roots) == 0 {
		return Config{}, false, fmt.Errorf("%s defines no function (TEXT ·name(SB))", f)
	}
	return c, true, nil
}

// unusedDecls is the error of declarations that named no function of
// what was checked.
func unusedDecls(cfg Config, used map[int]bool) error {
	for i, d := range cfg.Declarations {
		if !used[i] {
			return fmt.Errorf("%s: %s: no such function in what was checked", d.Where, d.Func)
		}
	}
	return nil
}

// A listedPackage is what go list says of a package to check.
type listedPackage struct {
	ImportPath, Dir, Name string
	GoFiles               []string
	Module                *struct{ Path, Dir, Version string }
}

// listPackages lists the packages of cfg's patterns in build b.
func listPackages(ctx context.Context, cfg Config, b Build) ([]*listedPackage, error) {
	cmd := exec.CommandContext(ctx, cfg.GoTool, append([]string{"list", "-json", "-tags=" + b.Tags}, cfg.Patterns...)...)
	cmd.Dir = cfg.Dir
	cmd.Env = buildEnv(b)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", strings.Join(cfg.Patterns, " "), err, strings.TrimSpace(stderr.String()))
	}
	var pkgs []*listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		pkgs = append(pkgs, &p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("go list %s: no packages", strings.Join(cfg.Patterns, " "))
	}
	return pkgs, nil
}

// driverDir is the folder, inside a library package's, of the program
// that links it for the checks: added by the build's overlay, never
// written.
const driverDir = "zz_ctcheck_driver"

// checkPackage builds p as b says, for architecture a, and checks it with
// both front ends.
func checkPackage(ctx context.Context, cfg Config, setup goSetup, work string, p *listedPackage, a *engine.Arch, b Build, used map[int]bool) ([]*Report, error) {
	follow := cfg.Follow
	if len(follow) == 0 {
		follow = []string{p.ImportPath}
		if p.Module != nil {
			follow = []string{p.Module.Path}
		}
	}
	symPkg := p.ImportPath
	if p.Name == "main" {
		symPkg = "main"
	}
	imp := newExportImporter(ctx, cfg.GoTool, cfg.Dir, b, p.ImportPath, token.NewFileSet())
	decls, err := readDeclared(p.ImportPath, symPkg, p.Dir, p.GoFiles, a, cfg.Declarations, imp)
	if err != nil {
		return nil, err
	}
	for i := range decls.used {
		used[i] = true
	}
	roots, prog := cfg.Roots, p.ImportPath
	// The folder the build reads p from, where the overlay adds files:
	// a copy of p's module where p is in the module cache.
	buildDir, copied := p.Dir, (*moduleCopy)(nil)
	if setup.inModCache(p.Dir) {
		if copied, err = copyModule(ctx, cfg, setup, work, p); err != nil {
			return nil, err
		}
		buildDir, b.ModFile = copied.dir(p.Dir), copied.modFile
	}
	if len(roots) == 0 {
		// The functions declared on the command line are what to check.
		for _, sym := range decls.order {
			key := strings.TrimPrefix(sym, symPkg+".")
			if slices.ContainsFunc(cfg.Declarations, func(d Declaration) bool {
				return matchFunc(d.Func, p.ImportPath, key) || matchFunc(d.Func, symPkg, key)
			}) {
				roots = append(roots, sym)
			}
		}
	}
	if p.Name != "main" {
		exported, methods, err := exportedFuncs(p)
		if err != nil {
			return nil, err
		}
		if len(roots) == 0 {
			for _, f := range exported {
				roots = append(roots, p.ImportPath+"."+f)
			}
		} else {
			// Declared or named roots may be unexported functions
			// that only an exported method reaches (a package of
			// types, such as a field element's): the driver refers
			// to those methods too, so that the linker keeps them.
			exported = append(exported, methods...)
		}
		// The driver refers to the exported roots, methods too.
		for _, r := range roots {
			if k := strings.TrimPrefix(r, p.ImportPath+"."); k != r && strings.Contains(k, ".") && methodExported(k) {
				exported = append(exported, k)
			}
		}
		if len(roots) == 0 {
			return nil, fmt.Errorf("%s: no exported function to check from: name the roots", p.ImportPath)
		}
		// An unexported root may be reached only through a method that
		// the package's own code calls through an interface (an AEAD's
		// Seal, of an unexported type that New returns as cipher.AEAD):
		// the linker keeps such methods where a method is looked up by
		// name, which the driver then does.
		byName := slices.ContainsFunc(roots, func(r string) bool {
			k := strings.TrimPrefix(r, p.ImportPath+".")
			return !token.IsExported(k) && !methodExported(k)
		})
		driver := filepath.Join(work, p.Name+"-driver.go")
		if err := os.WriteFile(driver, []byte(driverSource(p, exported, byName)), 0o644); err != nil {
			return nil, err
		}
		b.Overlay = map[string]string{filepath.Join(buildDir, driverDir, "main.go"): driver}
		prog = p.ImportPath + "/" + driverDir
	} else if len(roots) == 0 {
		roots = []string{"main.main"}
	}
	// A root the compiler inlined into every caller, or that nothing
	// calls, has no body in the binary: a file added to the package
	// refers to each root it defines, so that the linker keeps it.
	if keep := keepSource(p, symPkg, roots, decls.keys); keep != "" {
		file := filepath.Join(work, p.Name+"-keep.go")
		if err := os.WriteFile(file, []byte(keep), 0o644); err != nil {
			return nil, err
		}
		if b.Overlay == nil {
			b.Overlay = map[string]string{}
		}
		b.Overlay[filepath.Join(buildDir, keepFile)] = file
	}
	if len(cfg.Overlay) > 0 {
		o := maps.Clone(b.Overlay)
		if o == nil {
			o = map[string]string{}
		}
		for file, with := range cfg.Overlay {
			if copied != nil {
				file = copied.dir(file)
			}
			o[file] = with
		}
		b.Overlay = o
	}
	dirs, err := readDirectives(p, a)
	if err != nil {
		return nil, err
	}
	built, err := BuildProgram(ctx, cfg.GoTool, cfg.Dir, work, prog, follow, b)
	if err != nil {
		return nil, err
	}
	src, err := built.Source()
	if err != nil {
		return nil, err
	}
	bin, err := built.Compiled(ctx)
	if err != nil {
		return nil, err
	}
	var reports []*Report
	for i, prog := range []*engine.Program{src, bin} {
		an, err := engine.NewAnalysis(prog, built.Follows)
		if err != nil {
			return nil, err
		}
		an.Policy = dirs.policy(cfg.Policy)
		an.Policy.Funcs = decls.funcsPolicy(cfg.Policy.Funcs)
		rs := rootsIn(prog, roots)
		r, err := an.Run(rs)
		if err != nil {
			return nil, err
		}
		if copied != nil {
			for i := range r.Findings {
				copied.cachedFinding(&r.Findings[i])
			}
		}
		reports = append(reports, &Report{Package: p.ImportPath, Build: b.Name(), Check: []string{"source", "compiled"}[i],
			GoVersion: built.GoVersion, Roots: rs, Directives: dirs.applied, Declarations: decls.appliedTo(roots), Placements: decls.placedFor(roots), Funcs: r.Funcs, Instrs: r.Instrs, Findings: r.Findings})
	}
	return reports, nil
}

// keepFile is the file, in a checked package's folder, that refers to
// its roots: added by the build's overlay, never written.
const keepFile = "zz_ctcheck_keep.go"

// keepSource is a file of package p that refers to each of roots that p
// defines (by key in keys), "" if none does.
func keepSource(p *listedPackage, symPkg string, roots []string, keys map[string]bool) string {
	var refs []string
	for _, r := range roots {
		key, ok := strings.CutPrefix(r, symPkg+".")
		if !ok || !keys[key] || key == "main" && p.Name == "main" {
			continue
		}
		refs = append(refs, key)
	}
	if len(refs) == 0 {
		return ""
	}
	return fmt.Sprintf("// Code generated by ctcheck. DO NOT EDIT.\n\npackage %s\n\nvar zzCtcheckKeep []any\n\nfunc init() {\n\tzzCtcheckKeep = append(zzCtcheckKeep, %s)\n}\n",
		p.Name, strings.Join(refs, ", "))
}

// rootsIn names each root as p holds it: an assembly function by its ABI0
// symbol where p has no other.
func rootsIn(p *engine.Program, roots []string) []string {
	out := make([]string, len(roots))
	for i, r := range roots {
		out[i] = r
		if p.Funcs[r] == nil && p.Funcs[r+".abi0"] != nil {
			out[i] = r + ".abi0"
		}
	}
	return out
}

// exportedFuncs names the exported functions of p that a program can refer
// to, not generic, and apart the exported methods of its exported types
// that are not generic, by their keys ((*T).M or T.M).
func exportedFuncs(p *listedPackage) (funcs, methods []string, err error) {
	var out []string
	fset := token.NewFileSet()
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() || fd.Type.TypeParams != nil {
				continue
			}
			if fd.Recv == nil {
				out = append(out, fd.Name.Name)
				continue
			}
			if len(fd.Recv.List) != 1 {
				continue
			}
			switch t := fd.Recv.List[0].Type.(type) {
			case *ast.Ident:
				if t.IsExported() {
					methods = append(methods, t.Name+"."+fd.Name.Name)
				}
			case *ast.StarExpr:
				if id, ok := t.X.(*ast.Ident); ok && id.IsExported() {
					methods = append(methods, "(*"+id.Name+")."+fd.Name.Name)
				}
			}
		}
	}
	slices.Sort(out)
	slices.Sort(methods)
	return slices.Compact(out), slices.Compact(methods), nil
}

// driverSource is a main package that refers to each function of p named
// funcs, so that the linker keeps them.
func driverSource(p *listedPackage, funcs []string, byName bool) string {
	var b strings.Builder
	imports, call := "", ""
	if byName {
		// reflect's MethodByName with a name the linker cannot know
		// keeps every exported method of the types converted to an
		// interface.
		imports = "\t\"os\"\n\t\"reflect\"\n"
		call = "\tfor _, s := range sink {\n\t\treflect.ValueOf(s).MethodByName(os.Args[0])\n\t}\n"
	}
	fmt.Fprintf(&b, "// Code generated by ctcheck. DO NOT EDIT.\n\npackage main\n\nimport (\n%s\tp %q\n)\n\nvar sink []any\n\nfunc main() {\n", imports, p.ImportPath)
	for _, f := range funcs {
		if t, m, ok := strings.Cut(f, "."); ok {
			// A method: its method expression, (*p.T).M or p.T.M.
			if strings.HasPrefix(t, "(*") {
				t = "(*p." + strings.TrimPrefix(t, "(*")
			} else {
				t = "p." + t
			}
			fmt.Fprintf(&b, "\tsink = append(sink, %s.%s)\n", t, m)
			continue
		}
		fmt.Fprintf(&b, "\tsink = append(sink, p.%s)\n", f)
	}
	b.WriteString(call + "}\n")
	return b.String()
}

// methodExported reports whether a method's key ((*T).M or T.M) names an
// exported method of an exported type: one a driver can refer to.
func methodExported(key string) bool {
	t, m, _ := strings.Cut(strings.TrimPrefix(key, "(*"), ".")
	t = strings.TrimSuffix(t, ")")
	return token.IsExported(t) && token.IsExported(m)
}
