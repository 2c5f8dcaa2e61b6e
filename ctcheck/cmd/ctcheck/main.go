// Command ctcheck tells whether Go code runs in time that depends on
// secret data: it builds each package for each GOARCH, reads what the
// toolchain encoded and what the binary holds, and follows every path from
// the roots with the memory behind their arguments secret (package
// ctcheck says how).
//
// Usage:
//
//	ctcheck [-C dir] [flags] packages
//	ctcheck [flags] file.s ...
//
// A package that is not a main package is checked from each of its
// exported functions, an assembly file from each of its functions. A
// function may use the CPU features of its build's level and those -needs
// names for it (a kernel that its callers run only where the CPU has
// them), and those a test of a -flag variable on its path shows; -claims
// names the modes a function claims for its run (arm64's dit). The exit
// status is 0 when nothing is found, 3 when something is, 1 on an error and
// 2 on a usage error.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/ctequal/ctequal/ctcheck"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: ctcheck [flags] packages | file.s ...

Checks that the machine code of each package, for each GOARCH, runs in time
that does not depend on the data behind its roots' arguments. Exit status:
0 nothing found, 3 findings (text), 1 error, 2 usage error; with -format
json or sarif, 0 whenever the reports were written, as govulncheck's.

Flags:
`

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctcheck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("C", "", "run the go command in `dir`: the packages are its module's")
	goarch := fs.String("goarch", "", "comma-separated GOARCHes to build for (default: the go command's)")
	tags := fs.String("tags", "", "build tags")
	env := fs.String("env", "", "comma-separated settings of each build's environment, such as GOAMD64=v3")
	roots := fs.String("roots", "", "comma-separated functions to start from, as importpath.Func (default: a main package's main.main, another's exported functions)")
	follow := fs.String("follow", "", "comma-separated import paths whose code the analysis follows, beside the packages checked (default: each package's module)")
	allowStores := fs.Bool("allow-stores", false, "allow stores outside the stack frame through addresses that do not depend on a secret")
	needs, claims, flags := byFunc{}, byFunc{}, byFunc{}
	fs.Var(needs, "needs", "`func=feature,...`: the CPU features func needs, which its callers guarantee (repeatable)")
	fs.Var(claims, "claims", "`func=mode,...`: the CPU modes func claims for its run, such as arm64's dit (repeatable)")
	fs.Var(flags, "flag", "`var=feature`: a variable set only where the CPU has feature and the code is to use it (repeatable)")
	var decls []ctcheck.Declaration
	var declErr error
	fs.Func("func", "`'importpath.Func: secret *p s[:]; public p.len; writes p.h'`: what a function's arguments hold; it is checked from (repeatable)", func(s string) error {
		ds, err := ctcheck.ParseFuncLine(s, "-func")
		decls = append(decls, ds...)
		return err
	})
	fs.Func("policy", "`file` of -func lines, one function a line (# comments)", func(s string) error {
		ds, err := ctcheck.ReadPolicyFile(s)
		decls = append(decls, ds...)
		if err != nil && declErr == nil {
			declErr = err
		}
		return nil
	})
	format := fs.String("format", "text", "`text`, json or sarif (SARIF 2.1.0, for code scanning)")
	asJSON := fs.Bool("json", false, "print the reports as JSON (-format json)")
	baseline := fs.String("baseline", "", "`file` of accepted findings, each with a reason: report and fail only on the others")
	writeBaseline := fs.String("write-baseline", "", "write a baseline `file` (over any there) that accepts every finding of this run, and keeps -baseline's entries for GOARCHes not checked")
	version := fs.Bool("version", false, "print the version and exit")
	verbose := fs.Bool("v", false, "text: print every finding of every build and check, and where each declaration landed")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "ctcheck: %v (ctcheck -h for the flags)\n", err)
		return 2
	}
	if *version {
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	if *asJSON {
		if *format != "text" && *format != "json" {
			fmt.Fprintf(stderr, "ctcheck: -json and -format %s: one output format\n", *format)
			return 2
		}
		*format = "json"
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		fmt.Fprintf(stderr, "ctcheck: -format %q: want text, json or sarif\n", *format)
		return 2
	}
	if declErr != nil {
		fmt.Fprintf(stderr, "ctcheck: -policy: %v\n", declErr)
		return 1
	}
	var base *ctcheck.Baseline
	if *baseline != "" {
		var err error
		if base, err = ctcheck.ReadBaseline(*baseline); err != nil {
			fmt.Fprintf(stderr, "ctcheck: -baseline: %v\n", err)
			return 1
		}
		todo := 0
		for _, e := range base.Entries {
			if strings.HasPrefix(e.Reason, ctcheck.TODOReason) {
				todo++
			}
		}
		if todo > 0 {
			fmt.Fprintf(stderr, "ctcheck: -baseline: %d of its %d entries say no reason yet (%q): each accepts a finding no one judged\n", todo, len(base.Entries), ctcheck.TODOReason)
		}
	}
	cfg := ctcheck.Config{Dir: *dir, GOARCHes: list(*goarch), Tags: *tags, Env: list(*env), Roots: list(*roots),
		Follow: list(*follow), Declarations: decls, Policy: ctcheck.Policy{AllowStores: *allowStores, Needs: needs.of, Modes: claims.of,
			Flags: func(sym string) string { return strings.Join(flags.of(sym), ",") }}}
	for _, a := range fs.Args() {
		if strings.HasSuffix(a, ".s") {
			cfg.Files = append(cfg.Files, a)
		} else {
			cfg.Patterns = append(cfg.Patterns, a)
		}
	}
	if len(cfg.Files)+len(cfg.Patterns) == 0 {
		fmt.Fprintln(stderr, "ctcheck: no package or file to check (ctcheck -h for the usage)")
		return 2
	}
	reports, err := ctcheck.Run(context.Background(), cfg)
	if err != nil {
		fmt.Fprintf(stderr, "ctcheck: %s\n", firstLine(err))
		return 1
	}
	// Entries for GOARCHes this run did not check are kept by
	// -write-baseline, reasons and all.
	var keep []ctcheck.BaselineEntry
	if base != nil {
		var stale []ctcheck.BaselineEntry
		stale, keep = base.Apply(reports)
		for _, e := range stale {
			fmt.Fprintf(stderr, "ctcheck: %s: baseline entry matches no finding of this run: %s\n", e.Where, e)
		}
	}
	if *writeBaseline != "" {
		if err := writeFile(*writeBaseline, func(w io.Writer) error { return ctcheck.WriteBaseline(w, reports, keep...) }); err != nil {
			fmt.Fprintf(stderr, "ctcheck: -write-baseline: %v\n", err)
			return 1
		}
		n := 0
		for _, r := range reports {
			n += len(r.Findings) + len(r.Accepted)
		}
		fmt.Fprintf(stderr, "ctcheck: wrote %s, accepting the %d findings of this run\n", *writeBaseline, n)
		return 0
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "\t")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "ctcheck: %v\n", err)
			return 1
		}
		return 0 // the reports are the output, as govulncheck's and vet's -json
	case "sarif":
		if err := ctcheck.WriteSARIF(stdout, reports, ctcheck.SARIFOptions{Root: repoRoot(*dir), Version: versionOf()}); err != nil {
			fmt.Fprintf(stderr, "ctcheck: %v\n", err)
			return 1
		}
		return 0
	}
	results := ctcheck.Results(reports)
	cwd, _ := os.Getwd()
	if *verbose {
		for _, r := range reports {
			for _, f := range r.Findings {
				f.File = relTo(cwd, f.File)
				fmt.Fprintf(stdout, "%s [%s %s]\n", f, r.Build, r.Check)
			}
		}
	} else {
		for _, r := range results {
			r.File = relTo(cwd, r.File)
			fmt.Fprintln(stdout, r)
		}
	}
	for _, r := range reports {
		fmt.Fprintf(stderr, "%s %s %s: %d functions, %d instructions, %d directives, %d declarations, %d findings", r.Package, r.Build, r.Check,
			len(r.Funcs), r.Instrs, len(r.Directives), len(r.Declarations), len(r.Findings))
		if len(r.Accepted) > 0 {
			fmt.Fprintf(stderr, " (and %d the baseline accepts)", len(r.Accepted))
		}
		fmt.Fprintln(stderr)
		for _, d := range r.Declarations {
			fmt.Fprintf(stderr, "\tdeclared %s\n", d)
		}
		if *verbose {
			for _, p := range r.Placements {
				fmt.Fprintf(stderr, "\tplaced %s\n", p)
			}
		}
	}
	if len(results) > 0 {
		return 3
	}
	return 0
}

// writeFile writes a file with write, whole or not at all.
func writeFile(name string, write func(io.Writer) error) error {
	var b strings.Builder
	if err := write(&b); err != nil {
		return err
	}
	return os.WriteFile(name, []byte(b.String()), 0o666)
}

// relTo is file relative to dir where it is under dir, as go vet prints
// it; elsewhere (the standard library, the module cache) as it is.
func relTo(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && dir != "" && filepath.IsAbs(file) && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// repoRoot is the top of the repository that dir (or the current folder)
// is in, which SARIF's paths are relative to: git's, else the module's,
// else the folder itself.
func repoRoot(dir string) string {
	if dir == "" {
		dir = "."
	}
	if out, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output(); err == nil {
		return strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("go", "-C", dir, "env", "GOMOD").Output(); err == nil {
		if mod := strings.TrimSpace(string(out)); mod != "" && mod != os.DevNull {
			return filepath.Dir(mod)
		}
	}
	abs, _ := filepath.Abs(dir)
	return abs
}

// versionOf is the module's version as the build recorded it: a tag
// (go install ...@v0.1.0), or (devel) with the VCS revision where the
// build had one.
func versionOf() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (revision " + rev[:min(len(rev), 12)] + modified + ")"
	}
	return v
}

// versionLine is what -version prints: the command, its version and the
// Go that built it.
func versionLine() string {
	bi, _ := debug.ReadBuildInfo()
	gov := ""
	if bi != nil {
		gov = " " + bi.GoVersion
	}
	return "ctcheck " + versionOf() + gov
}

// byFunc is a repeatable flag name=value,...: the values of a function or
// variable, by its symbol (importpath.name) or its name alone.
type byFunc map[string][]string

func (b byFunc) String() string { return fmt.Sprint(map[string][]string(b)) }

func (b byFunc) Set(s string) error {
	name, values, ok := strings.Cut(s, "=")
	if !ok || name == "" || values == "" {
		return fmt.Errorf("%q: want name=value[,value]", s)
	}
	b[name] = append(b[name], list(values)...)
	return nil
}

// of returns the values of sym, by its symbol or its name alone.
func (b byFunc) of(sym string) []string {
	if v, ok := b[sym]; ok {
		return v
	}
	_, name, _ := strings.Cut(sym[strings.LastIndex(sym, "/")+1:], ".")
	return b[name]
}

// list splits a comma-separated flag; "" is none.
func list(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// firstLine is an error's first line, and how many more it has: a failed
// build's output follows its first line.
func firstLine(err error) string {
	s := strings.TrimSpace(err.Error())
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return s
	}
	return fmt.Sprintf("%s (and %d more lines: %s)", first, strings.Count(rest, "\n")+1, strings.TrimSpace(strings.SplitN(rest, "\n", 2)[0]))
}
