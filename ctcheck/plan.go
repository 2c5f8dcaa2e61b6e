package ctcheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// A target is what one check of a run reads: an assembly file on its own,
// or a package in one build. Its architecture is resolved here, once, as
// the release that builds it passes arguments (s390x's registers since Go
// 1.26: arch.For), and passed down.
type target struct {
	arch  *engine.Arch
	build Build
	file  string         // an assembly file checked on its own; "" for a package
	pkg   *listedPackage // the package, for a package
	// goCmd lists and builds the package, and lists what its declarations
	// import (for a file, the go command in the file's folder: the file's
	// Go files may declare its functions).
	goCmd *goCommand
	// The package's import path, as the declarations name it and go list
	// resolves it (AsmPackage and "." for a file), the prefix of its
	// functions' symbols (main, for a main package), and its Go files.
	importPath, pattern, symPkg string
	dir                         string
	goFiles                     []string
	roots                       []string // none: the declared functions, or the package's defaults
}

// A listing is packages to list in a folder, for GOARCHes (none: go env's),
// with their roots: the Config's patterns, or the package of an assembly
// file that includes go_asm.h.
type listing struct {
	dir, asmFile string
	patterns     []string
	goarches     []string
	roots        []string
}

var (
	includesGoAsmH = regexp.MustCompile(`(?m)^[ \t]*#include[ \t]+"go_asm\.h"`)
	textSymbol     = regexp.MustCompile(`(?m)^[ \t]*TEXT[ \t]+·(.+?)\(SB\)`)
)

// plan lists what cfg asks to check, in the order of the reports: each
// assembly file read on its own, each package of the patterns in each
// build, then the package of each assembly file that includes go_asm.h
// (which the compiler writes for the package), from the functions the
// file defines.
func plan(ctx context.Context, cfg Config) ([]target, error) {
	var files []target
	var listings []listing
	if len(cfg.Patterns) > 0 {
		listings = append(listings, listing{dir: cfg.Dir, patterns: cfg.Patterns, goarches: cfg.GOARCHes, roots: cfg.Roots})
	}
	for _, f := range cfg.Files {
		// Assembled by the go command on PATH, as CheckFileReport runs it.
		a, err := arch.OfFile(f, engine.GoCommandVersion())
		if err != nil {
			return nil, err
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		dir := filepath.Dir(f)
		if includesGoAsmH.Match(src) {
			l := listing{dir: dir, asmFile: f, patterns: []string{"."}, goarches: []string{a.GOARCH}}
			for _, m := range textSymbol.FindAllSubmatch(src, -1) {
				l.roots = append(l.roots, string(m[1]))
			}
			if len(l.roots) == 0 {
				return nil, fmt.Errorf("%s defines no function (TEXT ·name(SB))", f)
			}
			listings = append(listings, l)
			continue
		}
		goFiles, err := goFilesFor(dir, a.GOARCH)
		if err != nil {
			return nil, err
		}
		files = append(files, target{arch: a, build: Build{GOARCH: a.GOARCH, Tags: cfg.Tags, Env: cfg.Env}, file: f,
			goCmd: &goCommand{Tool: cfg.GoTool, Dir: dir}, importPath: engine.AsmPackage, pattern: ".", symPkg: engine.AsmPackage,
			dir: dir, goFiles: goFiles})
	}
	var packages []target
	for _, l := range listings {
		g, err := newGoCommand(ctx, cfg.GoTool, l.dir)
		if err != nil {
			return nil, err
		}
		goarches := l.goarches
		if len(goarches) == 0 {
			goarches = []string{g.GOARCH}
		}
		arches := make([]*engine.Arch, len(goarches))
		for i, goarch := range goarches {
			if arches[i] = arch.For(goarch, g.Version); arches[i] == nil {
				return nil, fmt.Errorf("GOARCH %s: no model (the checker models %s)", goarch, strings.Join(arch.GOARCHes(), ", "))
			}
		}
		for _, a := range arches {
			b := Build{GOARCH: a.GOARCH, Tags: cfg.Tags, Env: cfg.Env}
			pkgs, err := g.list(ctx, l.patterns, b)
			if err == nil && l.asmFile != "" && len(pkgs) != 1 {
				err = fmt.Errorf("go list found %d packages in %s", len(pkgs), l.dir)
			}
			if err != nil && l.asmFile != "" {
				err = fmt.Errorf("%s includes go_asm.h, so it is checked as its package: %v", l.asmFile, err)
			}
			if err != nil {
				return nil, err
			}
			for _, p := range pkgs {
				t := target{arch: a, build: b, pkg: p, goCmd: g, importPath: p.ImportPath, pattern: p.ImportPath,
					symPkg: p.ImportPath, dir: p.Dir, goFiles: p.GoFiles, roots: l.roots}
				if p.Name == "main" {
					t.symPkg = "main"
				}
				if l.asmFile != "" {
					t.roots = nil
					for _, r := range l.roots {
						t.roots = append(t.roots, p.ImportPath+"."+r)
					}
				}
				packages = append(packages, t)
			}
		}
	}
	return slices.Concat(files, packages), nil
}
