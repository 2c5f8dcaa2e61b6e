package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/secretcmp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// wantsFormat reports whether args ask for -format: the go/analysis
// drivers have only text and -json, so secretcmp runs the analysis itself
// for a SARIF log.
func wantsFormat(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		a = strings.TrimPrefix(a, "-")
		return a == "-format" || a == "format" || strings.HasPrefix(a, "format=") || strings.HasPrefix(a, "-format=")
	})
}

// runFormat is secretcmp -format sarif|text [-test] [the analyzer's
// flags] packages: the exit status is 0 when the log is written (as
// govulncheck's and ctcheck's -format sarif), 1 on an error, 2 on a usage
// error; text is the drivers' own output, exit 3 on findings.
func runFormat(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("secretcmp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "text or sarif")
	tests := fs.Bool("test", true, "also check the packages' tests")
	secretcmp.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "secretcmp: %v\n", err)
		return 2
	}
	if *format != "text" && *format != "sarif" {
		fmt.Fprintf(stderr, "secretcmp: -format %q: want text or sarif\n", *format)
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "secretcmp: no packages to check")
		return 2
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests}, fs.Args()...)
	if err == nil && packages.PrintErrors(pkgs) > 0 {
		err = errors.New("the packages do not load")
	}
	if err != nil {
		fmt.Fprintf(stderr, "secretcmp: %v\n", err)
		return 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{secretcmp.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "secretcmp: %v\n", err)
		return 1
	}
	for act := range graph.All() {
		if act.IsRoot && act.Err != nil {
			fmt.Fprintf(stderr, "secretcmp: %s: %v\n", act.Package.PkgPath, act.Err)
			return 1
		}
	}
	if *format == "text" {
		// As singlechecker prints them: to stderr, exit 3 on findings.
		if err := graph.PrintText(stderr, -1); err != nil {
			fmt.Fprintf(stderr, "secretcmp: %v\n", err)
			return 1
		}
		for act := range graph.All() {
			if act.IsRoot && len(act.Diagnostics) > 0 {
				return 3
			}
		}
		return 0
	}
	if err := writeSARIF(stdout, graph, root()); err != nil {
		fmt.Fprintf(stderr, "secretcmp: %v\n", err)
		return 1
	}
	return 0
}

type obj = map[string]any

// writeSARIF writes the graph's diagnostics as a SARIF 2.1.0 log: one
// rule, secretcmp's, and a result per diagnostic at its line and column,
// each file relative to root; each once, though a package and its test
// variant both report it.
func writeSARIF(w io.Writer, graph *checker.Graph, root string) error {
	a := secretcmp.Analyzer
	doc := strings.Split(a.Doc, "\n\n")[0]
	results := []any{}
	seen := map[string]bool{}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			return act.Err
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			key := fmt.Sprintf("%s:%d:%d:%s", p.Filename, p.Line, p.Column, d.Message)
			if seen[key] {
				continue
			}
			seen[key] = true
			region := obj{"startLine": max(p.Line, 1)}
			if p.Column > 0 {
				region["startColumn"] = p.Column
			}
			results = append(results, obj{
				"ruleId": a.Name, "ruleIndex": 0, "level": "error",
				"message": obj{"text": d.Message},
				"locations": []any{obj{"physicalLocation": obj{
					"artifactLocation": artifact(p.Filename, root), "region": region,
				}}},
			})
		}
	}
	driver := obj{
		"name": "secretcmp", "informationUri": "https://github.com/ctequal/ctequal/tree/main/secretcmp",
		"rules": []any{obj{
			"id": a.Name, "name": "SecretComparedInVariableTime",
			"shortDescription":     obj{"text": doc + "."},
			"fullDescription":      obj{"text": a.Doc},
			"helpUri":              a.URL,
			"help":                 obj{"text": a.Doc},
			"defaultConfiguration": obj{"level": "error"},
			"properties":           obj{"tags": []string{"security", "constant-time"}},
		}},
	}
	if v, ok := strings.CutPrefix(version(), "v"); ok && v != "" && v[0] >= '0' && v[0] <= '9' {
		v, _, _ = strings.Cut(v, " ")
		driver["version"], driver["semanticVersion"] = v, v
	} else {
		driver["version"] = "0.0.0-devel"
		driver["properties"] = obj{"build": version()}
	}
	run := obj{"tool": obj{"driver": driver}, "invocations": []any{obj{"executionSuccessful": true}}, "results": results}
	if root != "" {
		run["originalUriBaseIds"] = obj{"%SRCROOT%": obj{"uri": (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()}}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(obj{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": []any{run}})
}

// artifact is the SARIF artifactLocation of file: relative to %SRCROOT%
// where it is under root.
func artifact(file, root string) obj {
	if rel, err := filepath.Rel(root, file); err == nil && root != "" && filepath.IsAbs(file) && !strings.HasPrefix(rel, "..") {
		return obj{"uri": (&url.URL{Path: filepath.ToSlash(rel)}).String(), "uriBaseId": "%SRCROOT%"}
	}
	return obj{"uri": (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
}

// root is the top of the repository the command runs in, which SARIF's
// paths are relative to: git's, else the module's, else the folder.
func root() string {
	if out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output(); err == nil {
		return strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("go", "env", "GOMOD").Output(); err == nil {
		if mod := strings.TrimSpace(string(out)); mod != "" && mod != os.DevNull {
			return filepath.Dir(mod)
		}
	}
	wd, _ := os.Getwd()
	return wd
}
