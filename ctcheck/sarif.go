package ctcheck

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// SARIFOptions say what a SARIF log says of the run beside the results.
type SARIFOptions struct {
	// Root is the folder that the results' paths are relative to (the
	// repository's top): a file under it is named relative to the base
	// %SRCROOT%, any other (the standard library, the module cache) by
	// its absolute file URI.
	Root string
	// Version is the tool's version; "" leaves it out.
	Version string
}

// RuleDocs is where each rule's help is: its section of ctcheck's README.
const RuleDocs = "https://github.com/ctequal/ctequal/blob/main/ctcheck/README.md#"

// A rule is one kind of finding as SARIF describes it.
type rule struct {
	name, short, help string
}

// Rules describe each kind; ctcheck's README has a section for each, by
// its id, which the help links to.
var rules = map[Kind]rule{
	engine.SecretBranch: {"SecretBranch", "A branch depends on secret data.",
		"A conditional branch, or a return, goes one way or another by a secret: which code runs, and so how long it takes and what it leaves in the caches, tells the secret. Compute both outcomes and select without a branch (crypto/subtle.ConstantTimeSelect, a mask)."},
	engine.SecretAddress: {"SecretAddress", "A memory address depends on secret data.",
		"A load or store whose address (or length, or mask) depends on a secret touches a cache line that tells it, as a table lookup indexed by a key byte does. Read every entry and select with a mask, or compute without a table."},
	engine.VariableTime: {"VariableTime", "An instruction of variable latency runs on secret data.",
		"Division, square root, floating-point arithmetic and the like take a time that depends on their operands on common CPUs; so does a runtime call whose time depends on a size (an allocation, a copy). Keep secrets out of them: multiply by an inverse, use fixed sizes."},
	engine.UndocumentedTiming: {"UndocumentedTiming", "An instruction runs on secret data whose timing no vendor source states.",
		"The instruction's data flow is modelled, but no vendor document read says that its time does not depend on its operands (POWER8's crypto instructions, z's CPACF): the checker does not give a verdict of constant time on it. A vendor source would."},
	engine.UndeclaredStore: {"UndeclaredStore", "A store that no declaration allows.",
		"The code stores outside its stack frame where no declaration says it may (writes), or stores a possibly secret value over bytes declared public: a secret left where the next call reads it as public. Declare what the function writes, or keep secrets and public fields apart."},
	engine.CallNotFollowed: {"CallNotFollowed", "A call the analysis does not follow.",
		"An indirect call, a call of a function outside the packages followed (-follow), or a deferred call: the checker cannot see what runs there, so it fails closed. Follow the callee's package, or check the callee on its own."},
	engine.FeatureNotAssumed: {"FeatureNotAssumed", "An instruction needs a CPU feature the code may not assume.",
		"The instruction needs a CPU feature that the build's level does not guarantee and no directive (-needs, a runtime flag test) says the callers check: on a CPU without it the instruction faults, or runs as another of variable latency (TZCNT as BSF)."},
	engine.ModeNotHeld: {"ModeNotHeld", "An instruction runs on secret data where a mode the function claims may be off.",
		"The function claims a CPU mode for its run (arm64's DIT), and an instruction on secret data may run with it off, or without the barrier that must follow turning it on."},
	engine.NotModelled: {"NotModelled", "Code the checker's models cannot follow (fail closed).",
		"An instruction or operand that the model of its instruction set does not know, a store to a stack address it cannot compute, a return it cannot place: the checker does not guess, and reports it. A verdict of constant time is not given for code that has one."},
}

// WriteSARIF writes the reports as a SARIF 2.1.0 log: one rule per kind,
// one result per Result (one finding found by many builds and checks),
// at its line, with the builds, checks and instructions that found it
// as properties and the chain of inlined calls as related locations; a
// finding a baseline accepted is a result with a suppression.
func WriteSARIF(w io.Writer, reports []*Report, opt SARIFOptions) error {
	var driverRules []any
	index := map[Kind]int{}
	for i, k := range engine.Kinds {
		r := rules[k]
		index[k] = i
		driverRules = append(driverRules, obj{
			"id": string(k), "name": r.name,
			"shortDescription":     obj{"text": r.short},
			"fullDescription":      obj{"text": r.help},
			"help":                 obj{"text": r.help + " See " + RuleDocs + string(k) + "."},
			"helpUri":              RuleDocs + string(k),
			"defaultConfiguration": obj{"level": "error"},
			"properties":           obj{"tags": []string{"security", "constant-time"}},
		})
	}
	results := []any{}
	add := func(rs []Result, accepted map[string]AcceptedFinding) {
		for _, r := range rs {
			results = append(results, sarifResult(r, index[r.Kind], opt, accepted))
		}
	}
	add(Results(reports), nil)
	var acc []*Report
	accepted := map[string]AcceptedFinding{}
	for _, r := range reports {
		a := &Report{Build: r.Build, Check: r.Check}
		for _, f := range r.Accepted {
			a.Findings = append(a.Findings, f.Finding)
			accepted[BaselineKey(f.Finding, goarchOf(r.Build))] = f
		}
		acc = append(acc, a)
	}
	add(Results(acc), accepted)
	driver := obj{"name": "ctcheck", "informationUri": "https://github.com/ctequal/ctequal/tree/main/ctcheck", "rules": driverRules}
	// SARIF wants a version that starts with a number: a tag's without its
	// v, and 0.0.0-devel for a build of a working tree, whose revision the
	// properties keep.
	if v, ok := strings.CutPrefix(opt.Version, "v"); ok && v != "" && v[0] >= '0' && v[0] <= '9' {
		driver["version"], driver["semanticVersion"] = v, v
	} else if opt.Version != "" {
		driver["version"] = "0.0.0-devel"
		driver["properties"] = obj{"build": opt.Version}
	}
	run := obj{
		"tool":        obj{"driver": driver},
		"invocations": []any{obj{"executionSuccessful": true}},
		"results":     results,
	}
	if opt.Root != "" {
		run["originalUriBaseIds"] = obj{"%SRCROOT%": obj{"uri": fileURI(opt.Root) + "/"}}
	}
	log := obj{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs":    []any{run},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

type obj = map[string]any

func sarifResult(r Result, ruleIndex int, opt SARIFOptions, accepted map[string]AcceptedFinding) obj {
	f := r.First()
	op, _, _ := strings.Cut(strings.TrimSpace(f.Text), " ")
	var found []any
	for _, x := range r.Found {
		found = append(found, obj{"build": x.Build, "check": x.Check, "instruction": x.Text, "reason": x.Reason})
	}
	var goarches []string
	for _, b := range r.Builds() {
		if g := goarchOf(b); !slices.Contains(goarches, g) {
			goarches = append(goarches, g)
		}
	}
	res := obj{
		"ruleId":    string(r.Kind),
		"ruleIndex": ruleIndex,
		"level":     "error",
		"message":   obj{"text": r.Func + ": " + f.Reason + " (" + op + ")."},
		"locations": []any{obj{
			"physicalLocation": physical(r.File, r.Line, opt.Root),
			"logicalLocations": []any{obj{"fullyQualifiedName": r.Func, "kind": "function"}},
		}},
		"properties": obj{
			"goarches": goarches, "builds": r.Builds(), "checks": r.Checks(), "findings": found,
		},
	}
	var related []any
	for i, in := range r.Inlined {
		fn, pos, ok := strings.Cut(in, " ")
		if !ok {
			continue
		}
		file, line := splitFileLine(pos)
		related = append(related, obj{"id": i + 1, "message": obj{"text": "inlined: " + fn},
			"physicalLocation": physical(file, line, opt.Root)})
	}
	if len(related) > 0 {
		res["relatedLocations"] = related
	}
	if a, ok := accepted[BaselineKey(f.Finding, goarchOf(f.Build))]; ok {
		res["suppressions"] = []any{obj{"kind": "external", "status": "accepted", "justification": a.Reason + " (" + a.Where + ")"}}
	}
	return res
}

// physical is a SARIF physicalLocation of line of file: relative to
// %SRCROOT% where file is under root.
func physical(file string, line int, root string) obj {
	loc := obj{"uri": fileURI(file)}
	if root != "" {
		if rel, err := filepath.Rel(root, file); err == nil && filepath.IsAbs(file) && !strings.HasPrefix(rel, "..") {
			loc = obj{"uri": (&url.URL{Path: filepath.ToSlash(rel)}).String(), "uriBaseId": "%SRCROOT%"}
		}
	}
	p := obj{"artifactLocation": loc}
	if line > 0 {
		p["region"] = obj{"startLine": line}
	}
	return p
}

func fileURI(path string) string {
	if !filepath.IsAbs(path) {
		return (&url.URL{Path: filepath.ToSlash(path)}).String()
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

func splitFileLine(pos string) (string, int) {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return pos, 0
	}
	n, err := strconv.Atoi(pos[i+1:])
	if err != nil {
		return pos, 0
	}
	return pos[:i], n
}
