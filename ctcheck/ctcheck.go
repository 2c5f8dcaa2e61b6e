// Package ctcheck tells whether machine code runs in time that depends on
// secret data. It reads what Go's toolchain emits, twice: the compiler's
// and the assembler's listing of what they encode (the source check), and
// the disassembly of the linked binary (the compiled check); and it follows
// every path from a program's roots through a model of each instruction
// set, with the data behind the roots' arguments secret. A branch, a
// memory address or a variable-latency instruction that depends on a
// secret is a finding; so is anything the models do not know: the checks
// fail closed.
//
// Run checks packages or assembly files as a Config says; the engine
// package holds the analysis, the front ends and the models, for harnesses
// that plant code in a program to test the checks themselves.
package ctcheck

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
)

// Run checks what cfg says, and returns a report for each check of each
// build of each package, and for each file. An error is a problem of the
// run (a build that fails, a root that is not there), not a finding.
func Run(ctx context.Context, cfg Config) (reports []*Report, err error) {
	// A panic is the checker's bug, not the user's: an error that says
	// so, with the stack, never a verdict.
	defer func() {
		if p := recover(); p != nil {
			reports, err = nil, fmt.Errorf("internal error: %v\n%s", p, debug.Stack())
		}
	}()
	if cfg.GoTool == "" {
		cfg.GoTool = "go"
	}
	if len(cfg.Patterns) == 0 && len(cfg.Files) == 0 {
		return nil, fmt.Errorf("nothing to check: no package pattern and no file")
	}
	targets, err := plan(ctx, cfg)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "ctcheck-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	used := map[int]bool{}
	for _, t := range targets {
		rs, err := checkTarget(ctx, cfg, work, t, used)
		if err != nil {
			return nil, err
		}
		reports = append(reports, rs...)
	}
	// A declaration that named nothing checked is a mistake of the
	// user's: a name that does not match fails the run, not the check.
	for i, d := range cfg.Declarations {
		if !used[i] {
			return reports, fmt.Errorf("%s: %s: no such function in what was checked", d.Where, d.Func)
		}
	}
	return reports, nil
}
