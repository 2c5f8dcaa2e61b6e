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
	"regexp"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// A Build is one way to compile a program for the checks: always for
// linux, without cgo.
type Build struct {
	GOARCH string
	Tags   string   // build tags, such as purego
	Env    []string // more of the build's environment, such as GORISCV64=rva23u64
	// Overlay maps files, relative to the folder the go command runs in,
	// to the files compiled in their place (go build -overlay); a file
	// that does not exist is added.
	Overlay map[string]string
	// ModFile, where set, is a go.mod (given as -modfile) or a go.work
	// (as GOWORK) that the build uses in place of the folder's own: one
	// that replaces a module of the module cache by a copy. It changes
	// where the files are read from, not what is compiled.
	ModFile string
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

// A Built is one build of a program: the binary, and the toolchain's
// listing of the code of the packages it was asked to list.
type Built struct {
	Build Build
	// Arch is the model of the build's architecture, as the release that
	// built it passes arguments.
	Arch      *engine.Arch
	Bin       string
	Listing   string
	GoVersion string
	Level     string // the instruction-set level it was built at, as the binary records it
	goTool    string
	follow    []string
	// own are the functions the listing holds: those the followed
	// packages define, whatever their names (an assembly file's TEXT
	// addMulVVWx(SB), crypto/internal/fips140/bigmod's; internal/
	// bytealg's runtime·memequal).
	own map[string]bool
	// flags are the CPU feature flags the build's packages define.
	flags *sourceFlags
}

// BuildProgram compiles the main package pkg as b says, with the go
// command goTool run in dir, into a new folder in work: the compiler and
// the assembler print what they encode of the packages under each import
// path of follow (and of pkg), the code the checks follow.
func BuildProgram(ctx context.Context, goTool, dir, work, pkg string, follow []string, b Build) (*Built, error) {
	out, err := os.MkdirTemp(work, strings.NewReplacer("/", "-", "+", "-", ",", "-", "=", "-").Replace(b.Name())+"-")
	if err != nil {
		return nil, err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return nil, err
	}
	bin := filepath.Join(out, "prog")
	// -tags is always given, so that a -tags in GOFLAGS cannot change what
	// is checked.
	settings := []string{"-tags=" + b.Tags} // what go list needs to see the same build
	overlay := struct{ Replace map[string]string }{map[string]string{}}
	args := []string{"build", "-o", bin, "-gcflags=" + pkg + "=-S", "-asmflags=" + pkg + "=-S"}
	for _, p := range follow {
		for _, pat := range []string{p, p + "/..."} {
			args = append(args, "-gcflags="+pat+"=-S", "-asmflags="+pat+"=-S")
		}
	}
	if len(b.Overlay) > 0 {
		for file, with := range b.Overlay {
			abs, err := filepath.Abs(with)
			if err != nil {
				return nil, err
			}
			if !filepath.IsAbs(file) {
				file = filepath.Join(dir, file)
			}
			overlay.Replace[file] = abs
		}
		js, err := json.Marshal(overlay)
		if err != nil {
			return nil, err
		}
		path := filepath.Join(out, "overlay.json")
		if err := os.WriteFile(path, js, 0o644); err != nil {
			return nil, err
		}
		settings = append(settings, "-overlay", path)
	}
	env := buildEnv(b)
	switch {
	case strings.HasSuffix(b.ModFile, ".work"):
		env = append(env, "GOWORK="+b.ModFile)
	case b.ModFile != "":
		settings = append(settings, "-modfile="+b.ModFile)
	}
	args = append(args, settings...)
	cmd := exec.CommandContext(ctx, goTool, append(args, pkg)...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: go %s: %v\n%s", b.Name(), strings.Join(args, " "), err, buildErrors(stderr.String()))
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	built := &Built{Build: b, Bin: bin, Listing: stdout.String() + stderr.String(), GoVersion: info.GoVersion,
		goTool: goTool, follow: follow, own: map[string]bool{}}
	for _, l := range strings.Split(built.Listing, "\n") {
		if m := ownFunc.FindStringSubmatch(l); m != nil {
			built.own[m[1]] = true
		}
	}
	if built.Arch = arch.For(b.GOARCH, info.GoVersion); built.Arch == nil {
		return nil, fmt.Errorf("GOARCH %s: no model (the checker models %s)", b.GOARCH, strings.Join(arch.GOARCHes(), ", "))
	}
	built.flags = newSourceFlags(func() (map[string]listedFiles, error) {
		return goListFiles(ctx, goTool, dir, env, settings, pkg)
	}, overlay.Replace, built.Arch)
	if a := built.Arch; a.LevelVar != "" {
		for _, s := range info.Settings {
			if s.Key == a.LevelVar {
				built.Level = s.Value
			}
		}
	}
	return built, nil
}

// buildEnv is the go command's environment for build b.
func buildEnv(b Build) []string {
	return append(append(os.Environ(), "GOOS=linux", "GOARCH="+b.GOARCH, "CGO_ENABLED=0"), b.Env...)
}

var (
	listingHeader = regexp.MustCompile(`^\S+ STEXT`)
	// The header of a function in the listing.
	ownFunc = regexp.MustCompile(`^(\S+) STEXT`)
)

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

// Follows reports whether sym is a function of the program's main package
// or of a package under one of the import paths of follow: code the checks
// follow.
func Follows(follow []string, sym string) bool {
	if strings.HasPrefix(sym, "main.") {
		return true
	}
	for _, p := range follow {
		if strings.HasPrefix(sym, p+".") || strings.HasPrefix(sym, p+"/") {
			return true
		}
	}
	return false
}

// Follows reports whether the checks of b follow sym: a function of the
// packages followed, or one they define under another name.
func (b *Built) Follows(sym string) bool { return Follows(b.follow, sym) || b.own[sym] }

// Source reads the build's listing: the source check's front end. Where
// an instruction came from a call the compiler inlined, the binary's
// tables say which (engine.AddInlined): the listing prints only the
// innermost position.
func (b *Built) Source() (*engine.Program, error) {
	p, err := engine.ParseListing(b.Arch, b.Listing)
	if err != nil {
		return nil, err
	}
	if err := engine.AddInlined(p, b.Bin); err != nil {
		return nil, err
	}
	p.GoVersion, p.Level = b.GoVersion, b.Level
	return p, nil
}

// Compiled disassembles the build's binary: the compiled check's front
// end.
func (b *Built) Compiled(ctx context.Context) (*engine.Program, error) {
	alts := []string{`main\.`}
	for _, p := range b.follow {
		alts = append(alts, regexp.QuoteMeta(p)+`[./]`)
	}
	for sym := range b.own {
		alts = append(alts, regexp.QuoteMeta(sym)+`$`)
	}
	p, err := engine.Disassemble(ctx, b.goTool, b.Arch, b.Bin, b.Follows, `^(`+strings.Join(alts, "|")+`)`)
	if err != nil {
		return nil, err
	}
	p.GoVersion, p.Level = b.GoVersion, b.Level
	return p, nil
}
