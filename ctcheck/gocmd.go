package ctcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A goCommand is the go command as a run uses it: the tool, the folder it
// runs in, and what go env says there, asked once.
type goCommand struct {
	Tool, Dir string
	Version   string // GOVERSION
	GOARCH    string
	ModCache  string // GOMODCACHE
	Root      string // GOROOT: beneath the module cache where GOTOOLCHAIN fetched the toolchain
	Mod       string // GOMOD: the main module's go.mod, or os.DevNull, or ""
	Work      string // GOWORK: the workspace's go.work, or "" or "off"
}

// newGoCommand asks go env, run as tool in dir.
func newGoCommand(ctx context.Context, tool, dir string) (*goCommand, error) {
	cmd := exec.CommandContext(ctx, tool, "env", "-json", "GOVERSION", "GOARCH", "GOMODCACHE", "GOROOT", "GOMOD", "GOWORK")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var env map[string]string
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	return &goCommand{Tool: tool, Dir: dir, Version: env["GOVERSION"], GOARCH: env["GOARCH"],
		ModCache: env["GOMODCACHE"], Root: env["GOROOT"], Mod: env["GOMOD"], Work: env["GOWORK"]}, nil
}

// inModCache reports whether dir, a module's, lies beneath the module
// cache: not the standard library's, whose toolchain may be there too
// (checkPackage refuses that).
func (g *goCommand) inModCache(dir string) bool {
	return within(g.ModCache, dir) && !within(g.Root, dir)
}

// within reports whether path lies beneath dir ("" for none).
func within(dir, path string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// A listedPackage is what go list says of a package to check.
type listedPackage struct {
	ImportPath, Dir, Name string
	GoFiles               []string
	Module                *struct{ Path, Dir, Version string }
}

// list lists the packages of patterns in build b.
func (g *goCommand) list(ctx context.Context, patterns []string, b Build) ([]*listedPackage, error) {
	cmd := exec.CommandContext(ctx, g.Tool, append([]string{"list", "-json", "-tags=" + b.Tags}, patterns...)...)
	cmd.Dir = g.Dir
	cmd.Env = buildEnv(b)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", strings.Join(patterns, " "), err, strings.TrimSpace(stderr.String()))
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
		return nil, fmt.Errorf("go list %s: no packages", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// edit runs go mod edit or go work edit (cmdName) with flag on file.
func (g *goCommand) edit(ctx context.Context, cmdName, flag, file string) error {
	cmd := exec.CommandContext(ctx, g.Tool, cmdName, "edit", flag, file)
	cmd.Dir = g.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s edit %s %s: %v: %s", cmdName, flag, file, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// goFilesFor lists the Go files of dir that the build of linux/goarch
// compiles: the stubs of an assembly file checked on its own.
func goFilesFor(dir, goarch string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", goarch, false
	var out []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, n); err == nil && ok {
			out = append(out, n)
		}
	}
	return out, nil
}
