package kernelcheck

import (
	"bufio"
	"fmt"
	"go/build/constraint"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/golist"
)

// The checks read the builds they make: linux, without cgo, at the levels
// internal/archfacts names. A file of the library that only another build
// compiles (//go:build darwin, cgo, amd64.v4, a _windows.go name) would
// hold code no check has read. CheckConstraints fails closed on it.

// checkedTags reports whether a build tag is one the checks' builds
// decide both ways: the compiler, purego, a Go release, a GOARCH they
// build, a level they build at (the default or one archfacts checks), and
// a Go experiment whose kernels they check (GOEXPERIMENT=simd).
func checkedTags() func(tag string) bool {
	known := map[string]bool{"gc": true, "purego": true}
	for _, a := range archfacts.All() {
		if arch.Of(a.GOARCH) == nil {
			continue
		}
		known[a.GOARCH] = true
		if a.DefaultLevel != "" {
			known[a.GOARCH+"."+a.DefaultLevel] = true
		}
		for _, l := range a.Checked {
			known[a.GOARCH+"."+l.Value] = true
		}
		// The builds of an experiment's kernels, and those without it.
		for _, e := range a.Experiments {
			known["goexperiment."+e.Name] = true
		}
	}
	return func(tag string) bool {
		if v, ok := strings.CutPrefix(tag, "go1."); ok && v != "" && strings.Trim(v, "0123456789") == "" {
			return true
		}
		return known[tag]
	}
}

// CheckConstraints reads the build constraints of every file of the
// library, and of each of the module's packages it imports on a checked
// GOARCH that onPath says has code on the path the checks analyse, for
// every GOOS and GOARCH (not only this build's), and reports each file
// whose constraint or name depends on anything else.
func CheckConstraints(dir string, onPath func(importPath string) bool) ([]engine.Finding, error) {
	var goarches []string
	for _, a := range archfacts.All() {
		if arch.Of(a.GOARCH) != nil {
			goarches = append(goarches, a.GOARCH)
		}
	}
	pkgs, err := golist.Packages(dir, goarches)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range pkgs {
		if p.ImportPath != LibraryPath() && !onPath(p.ImportPath) {
			continue // no code on the path: its files change no function the checks read
		}
		for _, list := range [][]string{p.GoFiles, p.SFiles, p.CgoFiles, p.HFiles, p.IgnoredGoFiles, p.IgnoredOtherFiles} {
			for _, f := range list {
				if !strings.HasSuffix(f, "_test.go") {
					files = append(files, filepath.Join(p.Dir, f))
				}
			}
		}
	}
	return ConstraintFindings(files)
}

// ConstraintFindings reports each of files whose build constraint, or
// name (name_GOOS_GOARCH.go), names a tag that the checks' builds do not
// decide.
func ConstraintFindings(files []string) ([]engine.Finding, error) {
	checked := checkedTags()
	var out []engine.Finding
	for _, path := range files {
		var tags []string
		base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		parts := strings.Split(base, "_")
		for i := len(parts) - 1; i >= 1 && i >= len(parts)-2; i-- {
			if goosNames[parts[i]] || goarchNames[parts[i]] {
				tags = append(tags, parts[i])
			}
		}
		line, expr, err := buildLine(path)
		if err != nil {
			return nil, err
		}
		tags = append(tags, constraintTags(expr)...)
		for _, t := range slices.Compact(slices.Sorted(slices.Values(tags))) {
			if !checked(t) {
				out = append(out, engine.Finding{File: path, Line: line, Func: "(build constraint)", Text: t, Kind: engine.NotModelled,
					Reason: fmt.Sprintf("the file's build depends on %s, which no build the checks make sets both ways (fail closed)", t)})
			}
		}
	}
	return out, nil
}

// constraintTags lists every tag x names (Eval would stop at the first
// true operand of an ||).
func constraintTags(x constraint.Expr) []string {
	switch x := x.(type) {
	case *constraint.TagExpr:
		return []string{x.Tag}
	case *constraint.NotExpr:
		return constraintTags(x.X)
	case *constraint.AndExpr:
		return append(constraintTags(x.X), constraintTags(x.Y)...)
	case *constraint.OrExpr:
		return append(constraintTags(x.X), constraintTags(x.Y)...)
	}
	return nil
}

// buildLine returns a file's //go:build constraint and its line (0 and
// nil for none); a // +build line without one is an error.
func buildLine(path string) (int, constraint.Expr, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case constraint.IsGoBuild(l):
			x, err := constraint.Parse(l)
			if err != nil {
				return 0, nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			return n, x, nil
		case constraint.IsPlusBuild(l):
			return 0, nil, fmt.Errorf("%s:%d: a // +build line without //go:build", path, n)
		case l == "" || strings.HasPrefix(l, "//"):
		default:
			return 0, nil, nil // past the header: package, or #include
		}
	}
	return 0, nil, sc.Err()
}

// The GOOS and GOARCH values a file name's suffix can name (go/build's
// knownOS and knownArch).
var (
	goosNames = set("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl",
		"netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")
	goarchNames = set("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
		"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x",
		"sparc", "sparc64", "wasm")
)
