package kernelcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/ctequal/ctequal/ctcheck"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/internal/impl"
	"github.com/ctequal/ctequal/tools/internal/golist"
)

// The policy the checks of ctequal's code run under is what the library
// says in its //ctcheck: directives (select_GOARCH.go): what each kernel
// may assume of the CPU and the modes it claims, the variables set only
// where the CPU has a feature, and the few assembly functions besides the
// kernels that need one; ctcheck, the command, reads the same. The
// directives must say what the kernel records (each select_GOARCH.go's
// kernels list), which the selection runs on, say: TestDirectivesAreTheRecords.

// A Record is one kernel as the library's record declares it.
type Record struct {
	GOARCH string
	// Experiment is the GOEXPERIMENT whose builds alone have the kernel
	// (select_archsimd_amd64.go's: simd), "" for every build.
	Experiment string
	Name       string // as Kernel reports it: "avx2"
	Func       string // its function: "equalAVX2"
	// Needs are the CPU features the kernel cannot run without, and Uses
	// those it uses where the CPU has them, by internal/impl's names,
	// which are ctcheck's engine's.
	Needs, Uses []string
}

// records are the library's kernel records, by GOARCH.
var records = sync.OnceValues(func() (map[string][]Record, error) {
	dir := LibraryDir()
	if dir == "" {
		return nil, fmt.Errorf("go list cannot name the library")
	}
	return readRecords(dir)
})

// Records returns the kernel records of goarch.
func Records(goarch string) ([]Record, error) {
	rs, err := records()
	return rs[goarch], err
}

// readRecords reads the kernels list of each select_GOARCH.go in dir, and
// the archsimdKernels list of select_archsimd_GOARCH.go (the kernels of
// GOEXPERIMENT=simd): each element {impl.Kernel{Name: ..., Needs:
// impl.Of(...), Uses: impl.Of(...)}, function}. A list may be appended to
// another: append(archsimdKernels, []*kernel{...}...).
func readRecords(dir string) (map[string][]Record, error) {
	files, err := filepath.Glob(filepath.Join(dir, "select_*.go"))
	if err != nil {
		return nil, err
	}
	names := map[string]string{} // impl's constants, by their Go names
	for _, f := range impl.Features(^uint32(0)).List() {
		names[strings.ToUpper(f.String())] = f.String()
	}
	out := map[string][]Record{}
	for _, path := range files {
		goarch := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "select_"), ".go")
		list, experiment := "kernels", ""
		if g, ok := strings.CutPrefix(goarch, "archsimd_"); ok {
			goarch, list, experiment = g, "archsimdKernels", "simd"
		}
		if arch.Of(goarch) == nil || strings.HasSuffix(goarch, "_test") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		var bad error
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || spec.Names[0].Name != list || len(spec.Values) != 1 {
				return true
			}
			v := spec.Values[0]
			if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 2 && call.Ellipsis.IsValid() {
				if fn, ok := call.Fun.(*ast.Ident); ok && fn.Name == "append" {
					v = call.Args[1]
				}
			}
			lit, ok := v.(*ast.CompositeLit)
			if !ok {
				bad = fmt.Errorf("%s: %s is not a list", path, list)
				return false
			}
			for _, elt := range lit.Elts {
				rec, ok, err := readRecord(elt, names)
				if err != nil {
					bad = fmt.Errorf("%s: %v", path, err)
					return false
				}
				if ok {
					rec.GOARCH, rec.Experiment = goarch, experiment
					out[goarch] = append(out[goarch], rec)
				}
			}
			return false
		})
		if bad != nil {
			return nil, bad
		}
	}
	return out, nil
}

// readRecord reads one element of a kernels list; ok is false for the
// portable kernel (an identifier), which needs nothing.
func readRecord(elt ast.Expr, names map[string]string) (r Record, ok bool, err error) {
	lit, isLit := elt.(*ast.CompositeLit)
	if !isLit {
		return Record{}, false, nil
	}
	if len(lit.Elts) != 2 {
		return Record{}, false, fmt.Errorf("a kernel record of %d fields", len(lit.Elts))
	}
	fn, isIdent := lit.Elts[1].(*ast.Ident)
	kernel, isKernel := lit.Elts[0].(*ast.CompositeLit)
	if !isIdent || !isKernel {
		return Record{}, false, fmt.Errorf("a kernel record not of the form {impl.Kernel{...}, function}")
	}
	r.Func = fn.Name
	for _, e := range kernel.Elts {
		kv, isKV := e.(*ast.KeyValueExpr)
		key, isKey := kv.Key.(*ast.Ident)
		if !isKV || !isKey {
			return Record{}, false, fmt.Errorf("%s: a field without its name", r.Func)
		}
		switch key.Name {
		case "Name":
			lit, isLit := kv.Value.(*ast.BasicLit)
			if !isLit {
				return Record{}, false, fmt.Errorf("%s: Name is not a literal", r.Func)
			}
			r.Name, _ = strconv.Unquote(lit.Value)
		case "Needs", "Uses":
			call, isCall := kv.Value.(*ast.CallExpr)
			if !isCall {
				return Record{}, false, fmt.Errorf("%s: %s is not impl.Of(...)", r.Func, key.Name)
			}
			for _, arg := range call.Args {
				sel, isSel := arg.(*ast.SelectorExpr)
				name, known := "", false
				if isSel {
					name, known = names[sel.Sel.Name]
				}
				if !known {
					return Record{}, false, fmt.Errorf("%s: %s names no feature of internal/impl", r.Func, key.Name)
				}
				if key.Name == "Needs" {
					r.Needs = append(r.Needs, name)
				} else {
					r.Uses = append(r.Uses, name)
				}
			}
		}
	}
	return r, true, nil
}

// copyOf matches the copies of a function that this package's tests
// plant (asmgadgets' name_pN, redteam's rtN_name).
var copyOf = regexp.MustCompile(`^(?:rt\d+_)?(\w+?)(?:_p\d+)?$`)

// ownName is the name, in the library's package, of the function or
// variable sym (a build's symbol, or CheckFile's), "" for one of another
// package: a planted copy's is its original's.
func ownName(sym string) string {
	name, ok := strings.CutPrefix(sym, LibraryPath()+".")
	if !ok {
		name, ok = strings.CutPrefix(sym, engine.AsmPackage+".")
	}
	if !ok || LibraryPath() == "" {
		return ""
	}
	if m := copyOf.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return name
}

// Policy returns the policy of the checks of goarch's code: the library's
// directives, a planted copy of a function under its original's. A
// function they name nothing for (the Go code of the path, the
// trampoline) may assume what its build's level guarantees, and what its
// caller may.
func Policy(goarch string) (engine.Policy, error) { return policyOf(goarch, "") }

// policyOf is Policy of a build with GOEXPERIMENT=experiments ("" for
// none): its Go files, and so its directives, are others.
func policyOf(goarch, experiments string) (engine.Policy, error) {
	dirs, _, err := libraryPolicy(goarch, experiments)
	if err != nil {
		return engine.Policy{}, err
	}
	own := func(sym string) string { return LibraryPath() + "." + ownName(sym) }
	return engine.Policy{
		Needs: func(sym string) []string { return dirs.Needs(own(sym)) },
		Modes: func(sym string) []string { return dirs.Modes(own(sym)) },
		Flags: func(sym string) string { return dirs.Flags(own(sym)) },
	}, nil
}

// libraryPolicy is what the library's directives say for goarch, and
// the directives; read once per GOARCH.
func libraryPolicy(goarch, experiments string) (engine.Policy, []string, error) {
	type read struct {
		policy  engine.Policy
		applied []string
		err     error
	}
	key := goarch + "," + experiments
	r, ok := libraryPolicies.Load(key)
	if !ok {
		var x read
		lib, err := golist.Library("", []string{"GOOS=linux", "GOARCH=" + goarch, "GOEXPERIMENT=" + experiments}, "")
		if a := arch.Of(goarch); a == nil {
			x.err = fmt.Errorf("GOARCH %s: no model", goarch)
		} else if err != nil {
			x.err = err
		} else {
			x.policy, x.applied, x.err = ctcheck.PackagePolicy(lib.ImportPath, lib.Dir, lib.GoFiles, a, engine.Policy{})
		}
		r, _ = libraryPolicies.LoadOrStore(key, x)
	}
	x := r.(read)
	return x.policy, x.applied, x.err
}

var libraryPolicies sync.Map // GOARCH,GOEXPERIMENT -> read

// analyse runs the analysis over p from roots under the policy of p's
// GOARCH.
func analyse(p *engine.Program, roots []string) (*engine.Report, error) {
	policy, err := policyOf(p.Arch.GOARCH, experimentsOf(p.GoVersion))
	if err != nil {
		return nil, err
	}
	an, err := engine.NewAnalysis(p, InModule)
	if err != nil {
		return nil, err
	}
	an.Policy = policy
	return an.Run(roots)
}

// experimentsOf is the GOEXPERIMENT of a build from the release its binary
// or listing names: Go writes the experiments that differ from the
// release's defaults after "X:" ("go1.26.8 X:simd" in a binary,
// "go1.26.8-X:simd" in runtime.Version).
func experimentsOf(goVersion string) string {
	_, x, ok := strings.Cut(goVersion, "X:")
	if !ok {
		return ""
	}
	return strings.Fields(x)[0]
}
