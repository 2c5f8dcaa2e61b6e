package ctcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// The go command refuses an overlay that adds files beneath GOMODCACHE,
// and the checks add two to a package (the driver, the keep file). A
// package of a module in the module cache (a dependency, checked by its
// import path from the user's module) is built instead from a copy of its
// module, made in the run's work folder, that a go.mod passed as -modfile
// (or, in a workspace, a go.work passed as GOWORK) puts in the cached
// module's place. The copy holds the same files, so the code built is
// the same; the module cache is read, never written; findings name the
// cached files.

// A moduleCopy is a module of the module cache copied into the work
// folder, and the file that makes the build use it.
type moduleCopy struct {
	cached, copy string // the module's folder in the cache, and its copy
	modFile      string // a go.mod (-modfile) or a go.work (GOWORK)
}

// copyModule copies the module of p, which lies in the module cache, into
// work, and writes the go.mod or go.work that replaces the module by the
// copy.
func copyModule(ctx context.Context, g *goCommand, work string, p *listedPackage) (*moduleCopy, error) {
	m := p.Module
	if m == nil || m.Dir == "" || m.Version == "" {
		return nil, fmt.Errorf("%s: %s is in the module cache, but not as a dependency: check it by import path from a module that requires it", p.ImportPath, p.Dir)
	}
	dir, err := os.MkdirTemp(work, "module-")
	if err != nil {
		return nil, err
	}
	c := &moduleCopy{cached: m.Dir, copy: filepath.Join(dir, "src")}
	if err := copyTree(c.copy, m.Dir); err != nil {
		return nil, fmt.Errorf("copying %s@%s from the module cache: %v", m.Path, m.Version, err)
	}
	// A module published without a go.mod has one made up by the go
	// command; a folder that replaces it must have one of its own.
	if _, err := os.Stat(filepath.Join(c.copy, "go.mod")); os.IsNotExist(err) {
		if err := os.WriteFile(filepath.Join(c.copy, "go.mod"), []byte("module "+m.Path+"\n"), 0o644); err != nil {
			return nil, err
		}
	}
	replace := m.Path + "@" + m.Version + "=" + c.copy
	switch {
	case g.Work != "" && g.Work != "off":
		c.modFile = filepath.Join(dir, "go.work")
		err = writeWorkspace(ctx, g, c.modFile, replace)
	case g.Mod != "" && g.Mod != os.DevNull:
		c.modFile = filepath.Join(dir, "go.mod")
		err = writeModFile(ctx, g, c.modFile, replace)
	default:
		err = fmt.Errorf("%s: in the module cache, but %s is in no module to build it from", p.ImportPath, g.Dir)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// writeModFile writes to file the main module's go.mod, with its go.sum
// beside it, and adds replace (old@v=new).
func writeModFile(ctx context.Context, g *goCommand, file, replace string) error {
	goMod := g.Mod
	if err := copyFile(file, goMod); err != nil {
		return err
	}
	sum := strings.TrimSuffix(goMod, ".mod") + ".sum"
	if err := copyFile(strings.TrimSuffix(file, ".mod")+".sum", sum); err != nil && !os.IsNotExist(err) {
		return err
	}
	return g.edit(ctx, "mod", "-replace="+replace, file)
}

// writeWorkspace writes to file the workspace's go.work, its folders made
// absolute and its go.work.sum beside it, and adds replace (old@v=new).
func writeWorkspace(ctx context.Context, g *goCommand, file, replace string) error {
	goWork := g.Work
	cmd := exec.CommandContext(ctx, g.Tool, "work", "edit", "-json", goWork)
	cmd.Dir = g.Dir
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go work edit -json %s: %v", goWork, err)
	}
	var w struct {
		Go, Toolchain string
		Use           []struct{ DiskPath string }
		Replace       []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(out, &w); err != nil {
		return fmt.Errorf("go work edit -json %s: %v", goWork, err)
	}
	abs := func(path string) string {
		if filepath.IsAbs(path) {
			return path
		}
		return filepath.Join(filepath.Dir(goWork), path)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "go %s\n", w.Go)
	if w.Toolchain != "" {
		fmt.Fprintf(&b, "toolchain %s\n", w.Toolchain)
	}
	for _, u := range w.Use {
		fmt.Fprintf(&b, "use %q\n", abs(u.DiskPath))
	}
	for _, r := range w.Replace {
		old, new := r.Old.Path, r.New.Path
		if r.Old.Version != "" {
			old += " " + r.Old.Version
		}
		if r.New.Version != "" {
			new += " " + r.New.Version
		} else {
			new = fmt.Sprintf("%q", abs(new))
		}
		fmt.Fprintf(&b, "replace %s => %s\n", old, new)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		return err
	}
	if err := copyFile(file+".sum", goWork+".sum"); err != nil && !os.IsNotExist(err) {
		return err
	}
	return g.edit(ctx, "work", "-replace="+replace, file)
}

// copyTree copies the regular files and folders of src to dst, writable.
func copyTree(dst, src string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type().IsRegular():
			return copyFile(to, path)
		}
		return nil // the module cache holds no links: a zip has none
	})
}

// copyFile copies the file src to dst.
func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// dir is where the copy holds dir, a file or folder of the cached
// module; any other path as it is.
func (c *moduleCopy) dir(dir string) string {
	if dir == c.cached {
		return c.copy
	}
	if rest, ok := strings.CutPrefix(dir, c.cached+string(filepath.Separator)); ok {
		return filepath.Join(c.copy, rest)
	}
	return dir
}

// cachedPath is the file of the module cache that path, a file of the
// copy, copies; any other path as it is.
func (c *moduleCopy) cachedPath(path string) string {
	if rest, ok := strings.CutPrefix(path, c.copy+string(filepath.Separator)); ok {
		return filepath.Join(c.cached, rest)
	}
	return path
}

// cachedFinding names the module cache's files in f, where it names the
// copy's: its position, and each of its inline chain's ("func file:line").
func (c *moduleCopy) cachedFinding(f *engine.Finding) {
	f.File = c.cachedPath(f.File)
	f.Inlined = slices.Clone(f.Inlined)
	for i, call := range f.Inlined {
		if fn, pos, ok := strings.Cut(call, " "); ok {
			f.Inlined[i] = fn + " " + c.cachedPath(pos)
		}
	}
}
