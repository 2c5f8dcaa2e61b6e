package ctcheck

import (
	"context"
	"fmt"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// checkPackage builds the package t.pkg as t says, in a new folder in
// work, and checks it with both front ends under policy, its directives
// added, from its roots.
func checkPackage(ctx context.Context, cfg Config, work string, t target, decls *declared, policy Policy) ([]*Report, error) {
	p, g, b := t.pkg, t.goCmd, t.build
	// The package checked is always followed: its roots are its.
	follow := append([]string{p.ImportPath}, cfg.Follow...)
	if len(cfg.Follow) == 0 && p.Module != nil {
		follow = []string{p.Module.Path}
	}
	// The folder the build reads p from, where the overlay adds files:
	// a copy of p's module where p is in the module cache.
	buildDir, copied := p.Dir, (*moduleCopy)(nil)
	if within(g.Root, p.Dir) && within(g.ModCache, p.Dir) {
		return nil, fmt.Errorf("%s: the standard library of a toolchain that GOTOOLCHAIN put in the module cache, where the go command takes no overlay: "+
			"check it through a package that calls it (-follow %s), or with a Go installed elsewhere", p.ImportPath, p.ImportPath)
	}
	if g.inModCache(p.Dir) {
		var err error
		if copied, err = copyModule(ctx, g, work, p); err != nil {
			return nil, err
		}
		buildDir, b.ModFile = copied.dir(p.Dir), copied.modFile
	}
	roots := t.roots
	if len(roots) == 0 {
		roots = decls.named
	}
	prog, roots, overlay, err := link(p, t.symPkg, buildDir, work, roots, decls.keys)
	if err != nil {
		return nil, err
	}
	for file, with := range cfg.Overlay {
		if copied != nil {
			file = copied.dir(file)
		}
		overlay[file] = with
	}
	b.Overlay = overlay
	dirs, err := readDirectives(p, t.arch)
	if err != nil {
		return nil, err
	}
	built, err := BuildProgram(ctx, g.Tool, g.Dir, work, prog, follow, b)
	if err != nil {
		return nil, err
	}
	src, err := built.Source()
	if err != nil {
		return nil, err
	}
	bin, err := built.Compiled(ctx)
	if err != nil {
		return nil, err
	}
	var reports []*Report
	for i, prog := range []*engine.Program{src, bin} {
		an, err := engine.NewAnalysis(prog, built.Follows)
		if err != nil {
			return nil, err
		}
		an.Policy = dirs.policy(policy)
		an.Policy.Flags = orFlag(an.Policy.Flags, built.flags.Flag)
		rs := rootsIn(prog, roots)
		r, err := an.Run(rs)
		if err != nil {
			return nil, err
		}
		if err := built.flags.Err(); err != nil {
			// Its flags were none (fail closed): say why.
			return nil, fmt.Errorf("%s: the CPU flags in the source: %v", b.Name(), err)
		}
		if copied != nil {
			for i := range r.Findings {
				copied.cachedFinding(&r.Findings[i])
			}
		}
		reports = append(reports, &Report{Package: p.ImportPath, Build: b.Name(), Check: []string{"source", "compiled"}[i],
			GoVersion: built.GoVersion, Roots: rs, Directives: dirs.applied, Declarations: decls.appliedTo(roots), Placements: decls.placedFor(roots), Funcs: r.Funcs, Instrs: r.Instrs, Findings: r.Findings})
	}
	return reports, nil
}

// rootsIn names each root as p holds it: an assembly function by its ABI0
// symbol where p has no other.
func rootsIn(p *engine.Program, roots []string) []string {
	out := make([]string, len(roots))
	for i, r := range roots {
		out[i] = r
		if p.Funcs[r] == nil && p.Funcs[r+".abi0"] != nil {
			out[i] = r + ".abi0"
		}
	}
	return out
}
