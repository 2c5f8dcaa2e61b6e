package ctcheck

import (
	"bytes"
	"context"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/ctequal/ctequal/internal/archfacts"
	"github.com/ctequal/ctequal/internal/golist"
)

// DriverPackage is the program whose code the checks analyse: it calls
// Compare, Equal and EqualString from functions of its own.
const DriverPackage = "github.com/ctequal/ctequal/internal/ctcheck/testdata/driver"

// roots are the driver's functions: each holds the inlined body of one
// function of the API.
var roots = []string{"main.compare", "main.equal", "main.equalString"}

// modulePath prefixes every function of the module: the API, the kernels.
// It is the library's import path, as go list reports it; "" where there
// is no go command (the checks that need it build with one, and skip
// without).
var modulePath = sync.OnceValue(func() string {
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		return ""
	}
	return lib.ImportPath
})

// inModule reports whether sym is the driver's or the module's: code the
// analysis follows.
func inModule(sym string) bool {
	mp := modulePath()
	return strings.HasPrefix(sym, "main.") || mp != "" && (strings.HasPrefix(sym, mp+".") || strings.HasPrefix(sym, mp+"/"))
}

// archs are the models, by GOARCH.
var archs = map[string]*Arch{}

func init() {
	archs["amd64"], archs["386"] = amd64Arch, i386Arch
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
func (b Build) Name() string {
	name := strings.Join(append([]string{b.GOARCH}, b.Env...), ",")
	if b.Tags == "" {
		return name
	}
	return name + "/" + strings.ReplaceAll(b.Tags, " ", "+")
}

// A Built is one build of the driver: the binary, and the toolchain's
// listing of the library's and the driver's code.
type Built struct {
	Build     Build
	Bin       string
	Listing   string
	GoVersion string
}

// BuildDriver compiles the driver for linux/b.GOARCH with the go command
// goTool, from the module rooted at root, into a new directory in dir, with
// the compiler and the assembler printing what they encode of the library
// and of the driver (-S; the go command replays it from its cache).
func BuildDriver(ctx context.Context, goTool, root, dir string, b Build) (*Built, error) {
	work, err := os.MkdirTemp(dir, strings.NewReplacer("/", "-", "+", "-", ",", "-", "=", "-").Replace(b.Name())+"-")
	if err != nil {
		return nil, err
	}
	if root, err = filepath.Abs(root); err != nil {
		return nil, err
	}
	bin := filepath.Join(work, "driver")
	lib := modulePath()
	if lib == "" {
		return nil, fmt.Errorf("go list cannot name the library")
	}
	// -tags is always given, so that a -tags in GOFLAGS cannot change what
	// is checked.
	args := []string{"build", "-o", bin, "-tags=" + b.Tags,
		"-gcflags=" + lib + "=-S", "-gcflags=" + DriverPackage + "=-S", "-asmflags=" + lib + "=-S"}
	if len(b.Replace)+len(b.Add) > 0 {
		overlay := struct{ Replace map[string]string }{map[string]string{}}
		for _, m := range []map[string]string{b.Replace, b.Add} {
			for file, with := range m {
				abs, err := filepath.Abs(with)
				if err != nil {
					return nil, err
				}
				overlay.Replace[filepath.Join(root, file)] = abs
			}
		}
		js, err := json.Marshal(overlay)
		if err != nil {
			return nil, err
		}
		path := filepath.Join(work, "overlay.json")
		if err := os.WriteFile(path, js, 0o644); err != nil {
			return nil, err
		}
		args = append(args, "-overlay", path)
	}
	cmd := exec.CommandContext(ctx, goTool, append(args, DriverPackage)...)
	cmd.Dir = root
	cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+b.GOARCH, "CGO_ENABLED=0"), b.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: go %s: %v\n%s", b.Name(), strings.Join(args, " "), err, buildErrors(stderr.String()))
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	return &Built{Build: b, Bin: bin, Listing: stdout.String() + stderr.String(), GoVersion: info.GoVersion}, nil
}

// buildErrors is what a failed build printed, without the listing.
func buildErrors(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "\t") || listingHeader.MatchString(l) || strings.Contains(l, " size=") {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// Source reads the build's listing: the source front end.
func (b *Built) Source() (*Program, error) {
	p, err := ParseListing(b.Build.GOARCH, b.Listing)
	if err != nil {
		return nil, err
	}
	p.GoVersion = b.GoVersion
	return p, nil
}

// Compiled disassembles the build's binary: the compiled-code front end.
func (b *Built) Compiled(ctx context.Context, goTool string) (*Program, error) {
	var p *Program
	var err error
	switch b.Build.GOARCH {
	case "amd64", "386":
		p, err = DisassembleGNU(ctx, b.Build.GOARCH, b.Bin, inModule)
	default:
		p, err = DisassembleGo(ctx, goTool, b.Build.GOARCH, b.Bin)
	}
	if err != nil {
		return nil, err
	}
	if err := addPositions(p, b.Bin); err != nil {
		return nil, err
	}
	p.GoVersion = b.GoVersion
	return p, nil
}

// archFor returns the model for p's build, adjusted for its Go release.
func archFor(p *Program) (*Arch, error) {
	a := archs[p.GOARCH]
	if a == nil {
		return nil, fmt.Errorf("no model of %s", p.GOARCH)
	}
	if a.adjust != nil {
		return a.adjust(p.GoVersion), nil
	}
	return a, nil
}

// Check runs the analysis over p from the driver's roots.
func Check(p *Program) (*Report, error) {
	a, err := archFor(p)
	if err != nil {
		return nil, err
	}
	return newAnalysis(a, p, inModule).run(roots)
}

// CheckFuncs runs the analysis over p from each of names, as roots with
// public arguments (planted copies of the kernels).
func CheckFuncs(p *Program, names []string) (*Report, error) {
	a, err := archFor(p)
	if err != nil {
		return nil, err
	}
	return newAnalysis(a, p, inModule).run(names)
}

// A Variant is one way to assemble a file: the environment variables of
// an instruction-set level (GOPPC64=power10), which also define its
// macros.
type Variant []string

// asmVariants are the levels each GOARCH's assembly is checked at: every
// level where the table says the .s files tell levels apart with #ifdef
// (ppc64le), the default elsewhere.
var asmVariants = func() map[string][]Variant {
	m := map[string][]Variant{}
	for _, a := range archfacts.WithKernels() {
		m[a.GOARCH] = []Variant{nil}
		if a.AsmLevels {
			m[a.GOARCH] = nil
			for _, l := range a.Levels {
				m[a.GOARCH] = append(m[a.GOARCH], a.LevelEnv(l))
			}
		}
	}
	return m
}()

// asmMacros are the -D flags go build passes the assembler for a level:
// the table's macros of the level in v, or of the default level.
func asmMacros(goarch string, v Variant) []string {
	out := []string{"-D", "GOOS_linux", "-D", "GOARCH_" + goarch}
	a := archfacts.Get(goarch)
	level := ""
	for _, kv := range v {
		k, val, _ := strings.Cut(kv, "=")
		if a != nil && k == a.LevelVar {
			level = val
		} else {
			out = append(out, "-D", k+"_"+val)
		}
	}
	if a != nil {
		for _, m := range a.AsmMacros(level) {
			out = append(out, "-D", m)
		}
	}
	return out
}

// goarchOf is the architecture a file's name gives: equal_amd64.s.
func goarchOf(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), ".s")
	for g := range asmVariants {
		if strings.HasSuffix(base, "_"+g) {
			return g
		}
	}
	return ""
}

// modelOf is the start of goarch's model, from internal/archfacts: its
// pointer size, stack pointer, link register (or the bytes a call
// pushes), and g; step is the model's.
func modelOf(goarch string, step func(m *Mach)) *Arch {
	f := archfacts.Must(goarch)
	a := &Arch{GOARCH: goarch, PtrSize: f.PtrSize, SP: f.SP, LR: f.LR, G: f.G, GInABI0: f.GInABI0, KeptBelowSP: f.FPBelowSP,
		MorestackLR: f.MorestackLR, Zero: f.Zero, Step: step}
	if f.LR == "" {
		a.RetAddr = int64(f.PtrSize)
	}
	return a
}

// CheckFile checks one assembly file on its own, at every level of its
// architecture: the assembler's listing of it, each of its functions a
// root with public arguments. Its architecture comes from its name.
func CheckFile(path string) ([]Finding, error) {
	goarch := goarchOf(path)
	if goarch == "" {
		return nil, fmt.Errorf("%s: no _GOARCH.s suffix of %s: architecture unknown", path, strings.Join(archfacts.Names(archfacts.WithKernels()), ", "))
	}
	seen := map[string]bool{}
	var all []Finding
	for _, v := range asmVariants[goarch] {
		p, err := AssembleListing(path, goarch, v)
		if err != nil {
			return nil, err
		}
		a, err := archFor(p)
		if err != nil {
			return nil, err
		}
		an := newAnalysis(a, p, inModule)
		an.external = true
		an.follow = func(sym string) bool {
			return inModule(sym) || strings.HasPrefix(sym, asmPkg+".") || strings.HasPrefix(sym, asmSym+".")
		}
		r, err := an.run(p.Order)
		if err != nil {
			return nil, err
		}
		for _, f := range r.Findings {
			f.File = filepath.Base(f.File)
			k := f.String()
			if !seen[k] {
				seen[k] = true
				all = append(all, f)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Line < all[j].Line })
	return all, nil
}

// asmPkg is the package path CheckFile assembles a file as, and asmSym
// the prefix of its symbols (a path with no dot in its last element, which
// the toolchain would escape).
const (
	asmPkg = "ctcheckasm"
	asmSym = asmPkg
)

// AssembleListing runs go tool asm -S on one file for goarch at level v
// and reads its listing.
func AssembleListing(path, goarch string, v Variant) (*Program, error) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	args := append([]string{"tool", "asm", "-S", "-p", asmPkg, "-I", filepath.Join(strings.TrimSpace(string(goroot)), "pkg", "include"),
		"-I", filepath.Dir(path)}, asmMacros(goarch, v)...)
	// A file of our own, not os.DevNull: the assembler removes its
	// output when it fails (it removed /dev/null on this machine).
	obj, err := os.CreateTemp("", "ctcheck-*.o")
	if err != nil {
		return nil, err
	}
	obj.Close()
	defer os.Remove(obj.Name())
	args = append(args, "-o", obj.Name(), path)
	cmd := exec.Command("go", args...)
	cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+goarch), v...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s: go tool asm: %v\n%s", filepath.Base(path), err, out)
	}
	p, err := ParseListing(goarch, string(out))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Base(path), err)
	}
	if gv, err := exec.Command("go", "env", "GOVERSION").Output(); err == nil {
		p.GoVersion = strings.TrimSpace(string(gv))
	}
	return p, nil
}
