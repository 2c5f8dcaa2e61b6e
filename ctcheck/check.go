package ctcheck

import (
	"context"
	"go/token"
	"path/filepath"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// checkTarget checks t as cfg says, with both front ends (an assembly
// file on its own: the listing's), and marks in used the declarations it
// applied.
func checkTarget(ctx context.Context, cfg Config, work string, t target, used map[int]bool) ([]*Report, error) {
	imp := newExportImporter(ctx, t.goCmd.Tool, t.goCmd.Dir, t.build, t.pattern, token.NewFileSet())
	decls, err := readDeclared(t.importPath, t.symPkg, t.dir, t.goFiles, t.arch, cfg.Declarations, imp)
	if err != nil {
		return nil, err
	}
	for i := range decls.used {
		used[i] = true
	}
	policy := cfg.Policy
	policy.Funcs = decls.funcsPolicy(cfg.Policy.Funcs)
	if t.file == "" {
		return checkPackage(ctx, cfg, work, t, decls, policy)
	}
	r, err := engine.CheckFileReport(t.file, t.arch, cfg.Env, policy)
	if err != nil {
		return nil, err
	}
	// The assembler names the file as it was given; a finding names it by
	// its path, as a package's do (SARIF's location is relative to the
	// repository's top).
	if abs, err := filepath.Abs(t.file); err == nil {
		for i := range r.Findings {
			if f := &r.Findings[i]; !filepath.IsAbs(f.File) && filepath.Base(f.File) == filepath.Base(abs) {
				f.File = abs
			}
		}
	}
	return []*Report{{Package: t.file, Build: t.arch.GOARCH, Check: "source", GoVersion: r.GoVersion,
		Declarations: decls.appliedIn(t.file), Placements: decls.placed, Funcs: r.Funcs, Instrs: r.Instrs, Findings: r.Findings}}, nil
}
