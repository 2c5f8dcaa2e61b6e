//go:build eval

package eval

import (
	"bufio"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck"
)

// The GOARCHes ctcheck models, as the coverage counts them: a ppc64x
// file counts on ppc64le alone.
var modelled = strings.Fields(all)

// An asmSymbol is one TEXT symbol of an assembly file built on a GOARCH.
type asmSymbol struct {
	source string // "x/crypto", "fips140", "md5, sha1"
	key    string // as coverKey reads a report's function
	file   string // the file, relative to its tree
}

// asmSymbols lists, per modelled GOARCH, the TEXT symbols of the
// assembly files that GOOS=linux builds there: x/crypto's (module folder
// xcryptoDir) and the standard library's crypto/internal/fips140,
// crypto/md5 and crypto/sha1. fips140/check/checktest, the FIPS
// self-check's test fixture, is not crypto and is left out.
func asmSymbols(xcryptoDir string) (map[string][]asmSymbol, error) {
	root, err := goroot()
	if err != nil {
		return nil, err
	}
	goroot := filepath.Join(root, "src")
	trees := []struct{ source, root, pkg string }{
		{"x/crypto", xcryptoDir, "golang.org/x/crypto"},
		{"fips140", filepath.Join(goroot, "crypto/internal/fips140"), "crypto/internal/fips140"},
		{"md5, sha1", filepath.Join(goroot, "crypto/md5"), "crypto/md5"},
		{"md5, sha1", filepath.Join(goroot, "crypto/sha1"), "crypto/sha1"},
	}
	out := map[string][]asmSymbol{}
	for _, tr := range trees {
		err := filepath.WalkDir(tr.root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "checktest") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".s") {
				return nil
			}
			rel, _ := filepath.Rel(tr.root, filepath.Dir(path))
			pkg := filepath.ToSlash(filepath.Join(tr.pkg, rel))
			names, err := textSymbols(path)
			if err != nil {
				return err
			}
			for _, goarch := range modelled {
				ctx := build.Default
				ctx.GOOS, ctx.GOARCH, ctx.Compiler, ctx.CgoEnabled = "linux", goarch, "gc", false
				ok, err := ctx.MatchFile(filepath.Dir(path), d.Name())
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				for _, n := range names {
					file, _ := filepath.Rel(tr.root, path)
					out[goarch] = append(out[goarch], asmSymbol{tr.source, symbolKey(pkg, n), filepath.ToSlash(file)})
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// goroot is the Go installation that the go command on PATH uses, whose
// standard library the checks build.
func goroot() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func mustGOROOT(t *testing.T) string {
	r, err := goroot()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// textSymbols reads the names of a file's TEXT directives as written:
// ·name, name<>, name.
func textSymbols(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		l := strings.TrimSpace(s.Text())
		if !strings.HasPrefix(l, "TEXT") || len(l) < 5 || (l[4] != ' ' && l[4] != '\t') {
			continue
		}
		name, _, ok := strings.Cut(strings.TrimSpace(l[5:]), "(SB)")
		if ok {
			names = append(names, name)
		}
	}
	return names, s.Err()
}

// symbolKey is the name a TEXT symbol of package pkg has in a report's
// Funcs, less what coverKey strips: "·f" is pkg.f; a symbol without the
// middle dot, static or not, is global and keeps its bare name.
func symbolKey(pkg, name string) string {
	name = strings.TrimSuffix(name, "<>")
	if strings.HasPrefix(name, "·") {
		return pkg + "." + strings.TrimPrefix(name, "·")
	}
	return name
}

// coverKey is a report's function name as symbolKey writes it: the
// wrapper suffix and the static marker left out.
func coverKey(fn string) string {
	return strings.TrimSuffix(strings.TrimSuffix(fn, ".abi0"), "<>")
}

// What a symbol's checks concluded, from best to worst: each symbol
// counts at the worst any case's check said of it.
const (
	noCase = iota
	constantTime
	judged     // findings, each judged in README.md
	undecided  // a finding that fails closed, or a store the model does not place: the checker could not decide
	nCoverages // the number of the above
)

var coverageNames = [nCoverages]string{"no case", "constant time", "findings judged", "fails closed or not modelled"}

// A coverage records, per GOARCH and symbol key, what the eval's checks
// concluded.
type coverage map[string]map[string]int

// add records what report r, of a case on goarch, says of each function
// it analysed.
func (c coverage) add(goarch string, r *ctcheck.Report) {
	if c[goarch] == nil {
		c[goarch] = map[string]int{}
	}
	seen := map[string]int{}
	for _, fn := range r.Funcs {
		seen[coverKey(fn)] = constantTime
	}
	for _, f := range r.Findings {
		v := judged
		if strings.Contains(f.Reason, "(fail closed)") || strings.Contains(f.Reason, "(not modelled)") {
			v = undecided
		}
		k := coverKey(f.Func)
		seen[k] = max(seen[k], v)
	}
	for k, v := range seen {
		c[goarch][k] = max(c[goarch][k], v)
	}
}

// table is the coverage of the symbols syms: one row per GOARCH, one per
// source, the total, and the line the issue asks for, then the symbols
// with no verdict (for -v).
func (c coverage) table(syms map[string][]asmSymbol) (table, line string, verdicts, total int, missing []string) {
	var b strings.Builder
	b.WriteString("| | symbols | constant time | findings judged | fails closed or not modelled | no case | with a verdict |\n|---|---:|---:|---:|---:|---:|---:|\n")
	row := func(name string, n [nCoverages]int) {
		t := 0
		for _, x := range n {
			t += x
		}
		v := n[constantTime] + n[judged]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d (%s) |\n", name, t, n[constantTime], n[judged], n[undecided], n[noCase], v, pct(v, t))
	}
	var sum [nCoverages]int
	bySource := map[string]*[nCoverages]int{}
	for _, g := range modelled {
		var n [nCoverages]int
		for _, s := range syms[g] {
			v := c[g][s.key]
			n[v]++
			sum[v]++
			if bySource[s.source] == nil {
				bySource[s.source] = new([nCoverages]int)
			}
			bySource[s.source][v]++
			if v == noCase || v == undecided {
				missing = append(missing, fmt.Sprintf("%s %s (%s): %s", g, s.key, s.file, coverageNames[v]))
			}
		}
		row(g, n)
	}
	var sources []string
	for s := range bySource {
		sources = append(sources, s)
	}
	sort.Strings(sources)
	for _, s := range sources {
		row(s, *bySource[s])
	}
	row("all", sum)
	for _, x := range sum {
		total += x
	}
	verdicts = sum[constantTime] + sum[judged]
	line = fmt.Sprintf("coverage: %d of %d assembly functions (%s)", verdicts, total, pct(verdicts, total))
	return b.String(), line, verdicts, total, missing
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(d))
}
