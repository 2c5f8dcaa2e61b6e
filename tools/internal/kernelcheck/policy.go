package kernelcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/internal/impl"
)

// The policy the checks of ctequal's code run under: what each kernel may
// assume of the CPU, and the modes it claims, from the library's kernel
// records (each select_GOARCH.go's kernels list); the library's variables
// that are set only where the CPU has a feature; and the few assembly
// functions besides the kernels that need one.

// A Record is one kernel as the library's record declares it.
type Record struct {
	GOARCH string
	Name   string // as Kernel reports it: "avx2"
	Func   string // its function: "equalAVX2"
	// Needs are the CPU features the kernel cannot run without, and Uses
	// those it uses where the CPU has them, by internal/impl's names,
	// which are ctcheck's engine's.
	Needs, Uses []string
}

// featureFlags are the library's variables that are set only where the
// CPU has a feature, and the code is to use it (select_arm64.go): the NEON
// kernel sets PSTATE.DIT only where useDIT is, and issues SB only where
// useSB is.
var featureFlags = map[string]string{"useDIT": "dit", "useSB": "sb"}

// helperNeeds are the assembly functions, other than the kernels, that
// need a CPU feature: equal_arm64.go's DIT helpers for the tests, which
// their callers call only where the CPU has FEAT_DIT.
var helperNeeds = map[string][]string{"setDIT": {"dit"}, "ditEnabled": {"dit"}}

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

// readRecords reads the kernels list of each select_GOARCH.go in dir:
// each element {impl.Kernel{Name: ..., Needs: impl.Of(...), Uses:
// impl.Of(...)}, function}.
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
		if engine.ArchOf(goarch) == nil || strings.HasSuffix(goarch, "_test") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		var bad error
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "kernels" || len(spec.Values) != 1 {
				return true
			}
			list, ok := spec.Values[0].(*ast.CompositeLit)
			if !ok {
				bad = fmt.Errorf("%s: kernels is not a list", path)
				return false
			}
			for _, elt := range list.Elts {
				rec, ok, err := readRecord(elt, names)
				if err != nil {
					bad = fmt.Errorf("%s: %v", path, err)
					return false
				}
				if ok {
					rec.GOARCH = goarch
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
// plant (gadget_test.go's name_pN, redteam_test.go's rtN_name).
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

// Policy returns the policy of the checks of goarch's code: each kernel
// needs what its record says and claims the modes of the features it
// uses; featureFlags and helperNeeds. A function of neither (the Go code
// of the path, the trampoline) may assume what its build's level
// guarantees, and what its caller may.
func Policy(goarch string) (engine.Policy, error) {
	recs, err := Records(goarch)
	if err != nil {
		return engine.Policy{}, err
	}
	a := engine.ArchOf(goarch)
	needs, modes := map[string][]string{}, map[string][]string{}
	for fn, fs := range helperNeeds {
		needs[fn] = fs
	}
	for _, r := range recs {
		needs[r.Func] = r.Needs
		for _, f := range r.Uses {
			if a != nil && slices.Contains(a.Modes, f) {
				modes[r.Func] = append(modes[r.Func], f)
			}
		}
	}
	return engine.Policy{
		Needs: func(sym string) []string { return needs[ownName(sym)] },
		Modes: func(sym string) []string { return modes[ownName(sym)] },
		Flags: func(sym string) string { return featureFlags[ownName(sym)] },
	}, nil
}

// analyse runs the analysis over p from roots under the policy of p's
// GOARCH.
func analyse(p *engine.Program, roots []string) (*engine.Report, error) {
	policy, err := Policy(p.GOARCH)
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

// CommandFlags are the flags that tell ctcheck, the command, the policy
// of goarches' code (-needs, -claims, -flag), sorted.
func CommandFlags(goarches ...string) ([]string, error) {
	var out []string
	for fn, fs := range helperNeeds {
		out = append(out, "-needs", fn+"="+strings.Join(fs, ","))
	}
	for v, f := range featureFlags {
		out = append(out, "-flag", v+"="+f)
	}
	for _, goarch := range goarches {
		recs, err := Records(goarch)
		if err != nil {
			return nil, err
		}
		a := engine.ArchOf(goarch)
		for _, r := range recs {
			out = append(out, "-needs", r.Func+"="+strings.Join(r.Needs, ","))
			for _, f := range r.Uses {
				if a != nil && slices.Contains(a.Modes, f) {
					out = append(out, "-claims", r.Func+"="+f)
				}
			}
		}
	}
	pairs := make([][2]string, 0, len(out)/2)
	for i := 0; i < len(out); i += 2 {
		pairs = append(pairs, [2]string{out[i], out[i+1]})
	}
	slices.SortFunc(pairs, func(x, y [2]string) int { return strings.Compare(x[0]+" "+x[1], y[0]+" "+y[1]) })
	out = out[:0]
	for _, p := range pairs {
		out = append(out, p[0], p[1])
	}
	return out, nil
}
