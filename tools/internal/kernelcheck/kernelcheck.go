// Package kernelcheck is the static proof of ctequal's own code: the path
// from the API to the kernels, in every build the project ships, through
// both of ctcheck's checks, from the roots of a driver program that calls
// the API; every assembly file on its own at each level its architecture
// builds at; and the build constraints of the files, which must not hide
// code from the builds the checks make. Its tests plant leaks (gadgets,
// the red teams' leaks) that both checks must report; they are the
// packages under it, one a topic (asmgadgets, compiledgadgets, goleaks,
// shipped, frames, redteam, ctcheckcmd), sharing kernelchecktest, so that
// go test reports each within seconds rather than all after a minute and
// a half.
package kernelcheck

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"sync"

	"github.com/ctequal/ctequal/ctcheck"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/golist"
)

// DriverPackage is the program whose code the checks analyse: it calls
// Compare, Equal and EqualString from functions of its own.
const DriverPackage = "github.com/ctequal/ctequal/tools/internal/kernelcheck/testdata/driver"

// Roots are the driver's functions: each holds the inlined body of one
// function of the API.
var Roots = []string{"main.compare", "main.equal", "main.equalString"}

// library is the library package as go list reports it; nil where there
// is no go command (the checks that need it build with one, and skip
// without).
var library = sync.OnceValue(func() *golist.Package {
	lib, err := golist.Library("", nil, "")
	if err != nil {
		return nil
	}
	return lib
})

// LibraryPath is the library's import path, which prefixes every function
// of the module: the API, the kernels.
func LibraryPath() string {
	if lib := library(); lib != nil {
		return lib.ImportPath
	}
	return ""
}

// LibraryDir is the library's folder, the root of its module.
func LibraryDir() string {
	if lib := library(); lib != nil {
		return lib.Dir
	}
	return ""
}

// InModule reports whether sym is the driver's or the library module's:
// code the analysis follows.
func InModule(sym string) bool {
	return ctcheck.Follows([]string{LibraryPath()}, sym)
}

// A Build is one way to compile the driver.
type Build struct {
	GOARCH string
	Tags   string   // build tags, such as purego
	Env    []string // more of the build's environment, such as GORISCV64=rva23u64
	// Replace maps files of the module, relative to its root, to the files
	// compiled in their place (go build -overlay): the planted leaks.
	Replace map[string]string
	// Add maps new files of the module, relative to its root, to their
	// contents' files (go build -overlay): planted functions.
	Add map[string]string
}

// Name is the GOARCH and the Env, comma-separated, with the tags after a
// slash.
func (b Build) Name() string { return b.build().Name() }

func (b Build) build() ctcheck.Build {
	cb := ctcheck.Build{GOARCH: b.GOARCH, Tags: b.Tags, Env: b.Env}
	if len(b.Replace)+len(b.Add) > 0 {
		cb.Overlay = map[string]string{}
		for _, m := range []map[string]string{b.Replace, b.Add} {
			for file, with := range m {
				cb.Overlay[filepath.Join(LibraryDir(), file)] = with
			}
		}
	}
	return cb
}

// BuildDriver compiles the driver as b says with the go command goTool,
// run in the current folder (one of this module's, or of the workspace),
// into a new folder in dir, with the compiler and the assembler printing
// what they encode of the library and of the driver.
func BuildDriver(ctx context.Context, goTool, dir string, b Build) (*ctcheck.Built, error) {
	lib := LibraryPath()
	if lib == "" {
		return nil, fmt.Errorf("go list cannot name the library")
	}
	return ctcheck.BuildProgram(ctx, goTool, "", dir, DriverPackage, []string{lib}, b.build())
}

// Check runs the analysis over p from the driver's roots, under the
// policy of p's GOARCH.
func Check(p *engine.Program) (*engine.Report, error) { return analyse(p, Roots) }

// CheckFuncs runs the analysis over p from each of names, as roots with
// public arguments (planted copies of the kernels), under the policy of
// p's GOARCH.
func CheckFuncs(p *engine.Program, names []string) (*engine.Report, error) {
	return analyse(p, names)
}

// levelEnvs are the levels a GOARCH's assembly is checked at: every level
// where the table says the .s files tell levels apart with #ifdef
// (ppc64le), the default elsewhere.
func levelEnvs(goarch string) [][]string {
	a := archfacts.Get(goarch)
	if a == nil || !a.AsmLevels {
		return [][]string{nil}
	}
	var out [][]string
	for _, l := range a.Levels {
		out = append(out, a.LevelEnv(l))
	}
	return out
}

// CheckFile checks one assembly file on its own at every level its
// architecture's kernels are assembled at, each function a root with
// public arguments, under the policy of its GOARCH; the findings of all
// levels, each once, by line.
func CheckFile(path string) ([]engine.Finding, error) {
	seen := map[string]bool{}
	var all []engine.Finding
	a, err := arch.OfFile(path, engine.GoCommandVersion())
	if err != nil {
		return nil, err
	}
	policy, err := Policy(a.GOARCH)
	if err != nil {
		return nil, err
	}
	for _, env := range levelEnvs(a.GOARCH) {
		fs, err := engine.CheckFile(path, a, env, policy)
		if err != nil {
			return nil, err
		}
		for _, f := range fs {
			if k := f.String(); !seen[k] {
				seen[k] = true
				all = append(all, f)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Line < all[j].Line })
	return all, nil
}

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}
