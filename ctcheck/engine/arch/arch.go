// Package arch is ctcheck's table of architectures: the one place that
// maps a GOARCH, or an assembly file's name, to its ISA package's record,
// as the Go release that builds the code passes arguments.
package arch

import (
	"fmt"
	"go/build/constraint"
	"go/version"
	"os"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arm"
	"github.com/ctequal/ctequal/ctcheck/engine/arm64"
	"github.com/ctequal/ctequal/ctcheck/engine/loong64"
	"github.com/ctequal/ctequal/ctcheck/engine/ppc64"
	"github.com/ctequal/ctequal/ctcheck/engine/riscv"
	"github.com/ctequal/ctequal/ctcheck/engine/s390x"
	"github.com/ctequal/ctequal/ctcheck/engine/x86"
)

// arches is every instruction set the checker models, each its model's
// record: the one place that maps a GOARCH to its model.
var arches = []*engine.Arch{x86.AMD64, x86.I386, arm64.ARM64, riscv.RISCV64, ppc64.PPC64LE, s390x.S390X, arm.ARM, loong64.LOONG64}

// Of returns the instruction set of goarch, nil if the checker has no
// model of it.
func Of(goarch string) *engine.Arch {
	for _, a := range arches {
		if a.GOARCH == goarch {
			return a
		}
	}
	return nil
}

// For is the model of goarch as the Go release goVersion (go1.26.8,
// as go env GOVERSION says it; "" is the newest) compiles for it: s390x
// has passed arguments in R2-R9 since Go 1.26 (internal/buildcfg's
// regabiSupported), in the frame before.
func For(goarch, goVersion string) *engine.Arch {
	a := Of(goarch)
	if a == nil || goarch != "s390x" || goVersion != "" && version.IsValid(goVersion) && version.Compare(goVersion, "go1.26") < 0 {
		return a
	}
	return s390x.S390XRegABI
}

// OfFile is the model of the architecture an assembly file is for
// (goarchOfFileBuild), as the release goVersion passes arguments.
func OfFile(path, goVersion string) (*engine.Arch, error) {
	goarch, err := goarchOfFileBuild(path)
	if err != nil {
		return nil, err
	}
	return For(goarch, goVersion), nil
}

// All returns every instruction set the checker models.
func All() []*engine.Arch { return slices.Clone(arches) }

// GOARCHes names the instruction sets the checker models.
func GOARCHes() []string {
	out := make([]string, len(arches))
	for i, a := range arches {
		out[i] = a.GOARCH
	}
	return out
}

// GOARCHOfFile is the architecture an assembly file's name gives
// (equal_amd64.s: amd64), "" where it names none the checker models.
func GOARCHOfFile(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	base = strings.TrimSuffix(base, ".s")
	for _, a := range arches {
		if strings.HasSuffix(base, "_"+a.GOARCH) {
			return a.GOARCH
		}
	}
	return ""
}

// goarchOfFileBuild is the architecture an assembly file is for, from its
// name (_amd64.s; _ppc64x.s, the assembler's convention for ppc64 and
// ppc64le, is ppc64le, the one the checker models) or else from its
// //go:build line: the one modelled architecture it allows. A file for
// an architecture without a model (mips*, wasm) is refused, and so is one
// whose constraint allows several.
func goarchOfFileBuild(path string) (string, error) {
	if g := GOARCHOfFile(path); g != "" {
		return g, nil
	}
	base := strings.TrimSuffix(path[strings.LastIndexAny(path, `/\`)+1:], ".s")
	if strings.HasSuffix(base, "_ppc64x") {
		return "ppc64le", nil
	}
	for _, g := range unmodelled {
		if strings.HasSuffix(base, "_"+g) {
			return "", fmt.Errorf("%s: %s has no model in the checker (it models %s)", path, g, strings.Join(GOARCHes(), ", "))
		}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var expr constraint.Expr
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if constraint.IsGoBuild(line) {
			if expr, err = constraint.Parse(line); err != nil {
				return "", fmt.Errorf("%s: %v", path, err)
			}
			break
		}
		if line != "" && !strings.HasPrefix(line, "//") {
			break
		}
	}
	if expr == nil {
		return "", fmt.Errorf("%s: no _GOARCH.s suffix and no //go:build line: architecture unknown (the checker models %s)", path, strings.Join(GOARCHes(), ", "))
	}
	var fits []string
	for _, g := range append(GOARCHes(), "ppc64") {
		if expr.Eval(func(tag string) bool { return tag == g || tag == "linux" || tag == "unix" || tag == "gc" }) {
			fits = append(fits, g)
		}
	}
	if len(fits) == 2 && fits[1] == "ppc64" && fits[0] == "ppc64le" {
		fits = fits[:1] // ppc64x: the little-endian one
	}
	if len(fits) == 1 && fits[0] == "ppc64" {
		fits = nil
	}
	if len(fits) != 1 {
		if len(fits) == 0 {
			return "", fmt.Errorf("%s: //go:build allows none of the architectures the checker models (%s)", path, strings.Join(GOARCHes(), ", "))
		}
		return "", fmt.Errorf("%s: //go:build allows %s: which one is not known (name the file _GOARCH.s)", path, strings.Join(fits, ", "))
	}
	return fits[0], nil
}

// unmodelled are the GOARCHes Go supports that the checker has no model
// of.
var unmodelled = []string{"mips", "mipsle", "mips64", "mips64le", "mips64x", "mipsx", "ppc64", "wasm", "sparc64"}
