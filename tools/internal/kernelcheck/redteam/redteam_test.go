package redteam

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// The red team's leaks (issue 24's second round): leaks that keep the
// answer right, planted in assembly of their own or in copies of the
// shipped kernels, and in the Go code of the path; each built once per
// architecture and run through both static checks. A leak that a check
// says nothing of in the function fails the test. The build family's leaks are in files that no checked build compiles: the
// constraint check (CheckConstraints) must report those files. The
// extra builds (rtExtraBuilds) must draw no finding at all.
//
//	CTEQUAL_REDTEAM=1 go test ./tools/internal/kernelcheck/redteam -run RedTeam -v
//
// CTEQUAL_REDTEAM_OUT names a file to append the table of verdicts to.
//
// A variant's asm is one or more TEXT blocks; {P} is its own prefix for
// symbols and labels, {K:name} the TEXT block of a shipped kernel
// (equalAVX512, equalAVX2, ...) renamed to ·{P}name, with {K:name@N:code}
// inserting code (\n-separated) before the Nth line of the block that
// contains "@marker". The line marked "// leak" is where the leak is.
type rtVariant struct {
	arch, family, name, what string
	asm                      string
	want                     string // a reason the leak's finding must hold ("" any)
	root                     string // the function the check starts from, without {P}: "f" if ""
}

// rtResult is what one check said of one variant.
type rtResult struct {
	at      bool     // a finding at the leak's line, with the wanted reason
	atOther []string // findings at the leak's line with another reason
	other   []string // findings elsewhere
}

// rtClassify sorts one check's findings: at the leak (here), with the
// wanted reason or another, or elsewhere.
func rtClassify(fs []engine.Finding, want string, here func(engine.Finding) bool) rtResult {
	var r rtResult
	for _, f := range fs {
		switch {
		case here(f) && (want == "" || kernelchecktest.Wants(want, f.Reason)):
			r.at = true
		case here(f):
			r.atOther = append(r.atOther, f.Reason)
		default:
			r.other = append(r.other, fmt.Sprintf("%s:%d %s: %s", filepath.Base(f.File), f.Line, f.Text, f.Reason))
		}
	}
	return r
}

func (r rtResult) verdict() string {
	switch {
	case r.at:
		return "caught"
	case len(r.atOther) > 0:
		return "caught (other reason: " + r.atOther[0] + ")"
	case len(r.other) > 0:
		return "missed at the leak; flagged elsewhere: " + r.other[0]
	}
	return "MISSED"
}

// rtNotLeaks are variants whose plant does not leak as the assembler
// encodes it: the compiled check is right to say nothing, and the source
// check fails closed on the spelling.
var rtNotLeaks = map[string]string{
	// MOVB AH, R9B is mov r9b, spl: a REX prefix turns AH into SPL.
	"amd64/ah-part": "the listing's AH is encoded as SPL",
	// A false-alarm probe: the named local is not a leak.
	"arm64/asm-local-false-alarm": "a named local of an assembly frame",
}

// rtJudge fails t where a check missed a leak it must see.
func rtJudge(t *testing.T, key string, res [2]rtResult) {
	t.Helper()
	missed := func(r rtResult) bool { return !r.at && len(r.atOther) == 0 && len(r.other) == 0 }
	if _, ok := rtNotLeaks[key]; ok {
		if missed(res[0]) {
			t.Errorf("%s: the source check does not fail closed on it", key)
		}
		return
	}
	if missed(res[0]) || missed(res[1]) {
		t.Errorf("%s: missed (source: %s; compiled: %s)", key, res[0].verdict(), res[1].verdict())
	}
}

var rtMu sync.Mutex
var rtRows []string

func rtRecord(row string) {
	rtMu.Lock()
	rtRows = append(rtRows, row)
	rtMu.Unlock()
}

func rtFlush(t *testing.T) {
	out := os.Getenv("CTEQUAL_REDTEAM_OUT")
	if out == "" {
		return
	}
	rtMu.Lock()
	defer rtMu.Unlock()
	sort.Strings(rtRows)
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, r := range rtRows {
		fmt.Fprintln(f, r)
	}
	rtRows = nil
}

// rtKernelRE: {K:equalAVX512} or {K:equalAVX512@marker#N:code}.
var rtKernelRE = regexp.MustCompile(`\{K:(\w+)(?:@([^#}]*)#(\d+):([^}]*))?\}`)

// rtExpand instantiates v's asm with prefix p from the shipped kernel
// file src.
func rtExpand(t *testing.T, v rtVariant, p, src string) string {
	t.Helper()
	asm := strings.ReplaceAll(v.asm, "{P}", p)
	return rtKernelRE.ReplaceAllStringFunc(asm, func(s string) string {
		m := rtKernelRE.FindStringSubmatch(s)
		lines, blocks := kernelchecktest.TextBlocks(src)
		b, ok := blocks["·"+m[1]]
		if !ok {
			t.Fatalf("no TEXT ·%s", m[1])
		}
		var out []string
		count := 0
		nth, _ := strconv.Atoi(m[3])
		for ln := b[0]; ln < b[1]; ln++ {
			l := lines[ln-1]
			if ln == b[0] {
				l = strings.Replace(l, "·"+m[1]+"(SB)", "·"+p+m[1]+"(SB)", 1)
			}
			// the kernel's labels, its own
			l = regexp.MustCompile(`\b`+m[1]+`_`).ReplaceAllString(l, p+m[1]+"_")
			if m[2] != "" && strings.Contains(l, m[2]) {
				count++
				if count == nth {
					out = append(out, strings.Split(strings.ReplaceAll(m[4], `\n`, "\n"), "\n")...)
				}
			}
			out = append(out, l)
		}
		return strings.Join(out, "\n")
	})
}

// rtRunAsm plants every variant of one architecture in one build and
// checks each one's functions with both checks.
func rtRunAsm(t *testing.T, goarch string, env []string, vs []rtVariant) {
	goTool, root := kernelchecktest.Toolchain(t)
	srcText := ""
	if k, err := os.ReadFile(filepath.Join(kernelchecktest.KernelsDir, "equal_"+goarch+".s")); err == nil {
		srcText = string(k)
	}
	var file []string
	var names []string
	type where struct {
		funcs []string
		line  int
	}
	wh := make([]where, len(vs))
	textRE := regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`)
	for i, v := range vs {
		p := fmt.Sprintf("rt%d_", i)
		asm := rtExpand(t, v, p, srcText)
		for _, m := range textRE.FindAllStringSubmatch(asm, -1) {
			names = append(names, m[1])
			wh[i].funcs = append(wh[i].funcs, m[1])
		}
		start := len(file)
		file = append(file, strings.Split(asm, "\n")...)
		for j := start; j < len(file); j++ {
			if strings.Contains(file[j], "// leak") {
				wh[i].line = j + 3 // planted's two header lines
			}
		}
		if wh[i].line == 0 {
			t.Fatalf("%s/%s: no // leak", v.family, v.name)
		}
	}
	file = append(file, "GLOBL ·rtCell(SB), NOPTR, $64", "DATA ·rtTable+0(SB)/8, $0", "GLOBL ·rtTable(SB), RODATA, $2048")
	b := kernelchecktest.Planted(t, goarch, strings.Join(file, "\n")+"\n", names)
	b.Env = env
	if strings.Contains(strings.Join(file, "\n"), `#include "rt_hidden.h"`) {
		h := filepath.Join(filepath.Dir(b.Add[kernelchecktest.KernelsSrc+"/zz_planted_"+goarch+".s"]), "rt_hidden.h")
		hdr := map[string]string{"amd64": "#define RT_HIDDEN(l) NOP; JNE l\n", "arm64": "#define RT_HIDDEN(l) NOOP; BNE l\n",
			"riscv64": "#define RT_HIDDEN(l) NOP; BNEZ X5, l\n", "ppc64le": "#define RT_HIDDEN(l) NOP; BNE l\n",
			"s390x": "#define RT_HIDDEN(l) NOP; BNE l\n"}[goarch]
		if err := os.WriteFile(h, []byte(hdr), 0o644); err != nil {
			t.Fatal(err)
		}
		b.Add[kernelchecktest.KernelsSrc+"/rt_hidden.h"] = h
	}
	if dump := os.Getenv("CTEQUAL_REDTEAM_DUMP"); dump != "" {
		os.WriteFile(filepath.Join(dump, "zz_planted_"+goarch+".s"), []byte(strings.Join(file, "\n")), 0o644)
	}
	srcProg, binProg := kernelchecktest.BothPrograms(t, goTool, root, b)
	for i, v := range vs {
		var res [2]rtResult
		for c, prog := range []*engine.Program{srcProg, binProg} {
			rn := v.root
			if rn == "" {
				rn = "f"
			}
			root := kernelchecktest.PlantedSymbol(fmt.Sprintf("rt%d_", i) + rn)
			r, err := kernelcheck.CheckFuncs(prog, []string{root})
			if err != nil {
				t.Errorf("%s/%s: %v", v.family, v.name, err)
				continue
			}
			res[c] = rtClassify(r.Findings, v.want, func(f engine.Finding) bool {
				for _, fn := range wh[i].funcs {
					if f.Func == kernelchecktest.PlantedSymbol(fn) {
						return f.Line == wh[i].line
					}
				}
				return false
			})
		}
		if os.Getenv("CTEQUAL_REDTEAM_RECORDS") != "" {
			for c, prog := range []*engine.Program{srcProg, binProg} {
				for _, fn := range wh[i].funcs {
					f := prog.Funcs[kernelchecktest.PlantedSymbol(fn)]
					if f == nil {
						continue
					}
					for _, in := range f.Insts {
						t.Logf("  %s %s %#x %-40s op=%s mask=%s args=%+v", []string{"S", "C"}[c], fn, in.Addr, in.Text, in.Op, in.Mask, in.Args)
					}
				}
			}
		}
		t.Logf("%-8s %-10s %-28s source: %-60s compiled: %s", goarch, v.family, v.name, res[0].verdict(), res[1].verdict())
		if os.Getenv("CTEQUAL_REDTEAM_DEBUG") != "" {
			for c := range res {
				for _, o := range res[c].other {
					t.Logf("    %s: %s", []string{"source", "compiled"}[c], o)
				}
			}
		}
		rtRecord(fmt.Sprintf("| %s | %s | %s | %s | %s | %s |", goarch, v.family, v.name, v.what, res[0].verdict(), res[1].verdict()))
		rtJudge(t, goarch+"/"+v.name, res)
	}
}

func rtNeed(t *testing.T) {
	if os.Getenv("CTEQUAL_REDTEAM") == "" {
		t.Skip("the red team's variants: CTEQUAL_REDTEAM=1")
	}
}

func rtFilter(vs []rtVariant, arch string) []rtVariant {
	var out []rtVariant
	only := os.Getenv("CTEQUAL_REDTEAM_ONLY")
	for _, v := range vs {
		if v.arch == arch && (only == "" || strings.Contains(v.family+"/"+v.name, only)) {
			out = append(out, v)
		}
	}
	return out
}

func TestRedTeamAsm(t *testing.T) {
	rtNeed(t)
	defer rtFlush(t)
	for _, arch := range archfacts.Names(archfacts.WithKernels()) {
		vs := rtFilter(rtAsmVariants, arch)
		if len(vs) == 0 {
			continue
		}
		t.Run(arch, func(t *testing.T) {
			b := kernelcheck.Build{GOARCH: arch}
			goTool, _ := kernelchecktest.Toolchain(t)
			kernelchecktest.SkipUnbuildable(t, goTool, b)
			rtRunAsm(t, arch, nil, vs)
		})
	}
}

// A Go-code variant: files of the module replaced (Replace) or added
// (Add) from testdata/redteam, the leak marked "// the leak" in mark, and
// the builds to check it on.
type rtGoVariant struct {
	family, name, what string
	replace, add       map[string]string // module file -> testdata/redteam file
	mark               string            // the testdata/redteam file with the leak
	want               string
	builds             []kernelcheck.Build
}

var rtGoVariants = []rtGoVariant{
	{family: "jump", name: "go-recover-after-panic", want: wBranch,
		what:    "Compare computes the answer, indexes a nil slice (runtime.panicIndex: the engine's 'does not return'), and its deferred closure, run by the runtime's panic path, recovers, branches on the answer and returns it: the closure is never analysed",
		replace: map[string]string{"equal.go": "recover.go"}, mark: "recover.go",
		builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "arm64"}, {GOARCH: "386"}, {GOARCH: "ppc64le"}}},
	{family: "jump", name: "go-linkname-runtime-panic", want: wBranch,
		what:    "Compare's short path calls a function of the module named runtime.panicRT (//go:linkname push), which branches on the answer and returns: every runtime.panic* callee 'does not return', so neither it nor the rest of Compare is analysed",
		replace: map[string]string{"equal.go": "fakepanic.go"}, mark: "fakepanic.go",
		builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "arm64"}, {GOARCH: "amd64", Tags: "purego"}, {GOARCH: "riscv64"}, {GOARCH: "ppc64le"}, {GOARCH: "s390x"}, {GOARCH: "386"}, {GOARCH: "arm"}, {GOARCH: "loong64"}}},
	{family: "jump", name: "go-defer-control", want: wBranch,
		what:    "control: the same deferred closure, called on the normal path",
		replace: map[string]string{"equal.go": "defer_control.go"}, mark: "defer_control.go",
		builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "arm64"}}},
	{family: "latency", name: "go-float-multiply", want: wLatency,
		what:    "Compare's short path multiplies math.Float64frombits(v) (v the accumulator) by a float: MULSD on a subnormal (0 < v < 1<<52) takes a microcode assist on Intel; FMULD on arm64",
		replace: map[string]string{"equal.go": "float.go"}, mark: "float.go",
		builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "amd64", Env: []string{"GOAMD64=v3"}}, {GOARCH: "arm64"}, {GOARCH: "386"},
			{GOARCH: "ppc64le"}, {GOARCH: "s390x"}, {GOARCH: "riscv64"}, {GOARCH: "arm"}, {GOARCH: "loong64"}}},
	{family: "build", name: "go-cgo-only", want: "",
		what:    "equalChunk leaks in a file with //go:build cgo: every build the checks make sets CGO_ENABLED=0, but a default native build with a C compiler has cgo on",
		replace: map[string]string{"equal.go": "equal_nochunk.go"}, add: map[string]string{"zz_chunk_leak.go": "chunk_cgo_leak.go", "zz_chunk_clean.go": "chunk_cgo_clean.go"},
		mark: "chunk_cgo_leak.go", builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "arm64"}, {GOARCH: "amd64", Env: []string{"CGO_ENABLED=1"}}}},
	{family: "build", name: "go-amd64v4-only", want: "",
		what:    "equalChunk leaks under //go:build amd64.v4 (GOAMD64=v4): the checks build v1 and v3",
		replace: map[string]string{"equal.go": "equal_nochunk.go"}, add: map[string]string{"zz_chunk_leak.go": "chunk_v4_leak.go", "zz_chunk_clean.go": "chunk_v4_clean.go"},
		mark: "chunk_v4_leak.go", builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "amd64", Env: []string{"GOAMD64=v3"}}, {GOARCH: "amd64", Env: []string{"GOAMD64=v4"}}}},
	{family: "build", name: "go-arm64v9-only", want: "",
		what:    "equalChunk leaks under //go:build arm64.v9.0 (GOARM64=v9.0): the checks build the default v8.0 only",
		replace: map[string]string{"equal.go": "equal_nochunk.go"}, add: map[string]string{"zz_chunk_leak.go": "chunk_arm64v9_leak.go", "zz_chunk_clean.go": "chunk_arm64v9_clean.go"},
		mark: "chunk_arm64v9_leak.go", builds: []kernelcheck.Build{{GOARCH: "arm64"}, {GOARCH: "arm64", Tags: "purego"}, {GOARCH: "arm64", Env: []string{"GOARM64=v9.0"}}}},
	{family: "build", name: "go-darwin-only", want: "",
		what:    "equalChunk leaks under //go:build darwin: every build the checks make is GOOS=linux (the compiled check reads ELF only)",
		replace: map[string]string{"equal.go": "equal_nochunk.go"}, add: map[string]string{"zz_chunk_leak.go": "chunk_darwin_leak.go", "zz_chunk_clean.go": "chunk_darwin_clean.go"},
		mark: "chunk_darwin_leak.go", builds: []kernelcheck.Build{{GOARCH: "amd64"}, {GOARCH: "arm64"}}},
}

func TestRedTeamGo(t *testing.T) {
	rtNeed(t)
	defer rtFlush(t)
	goTool, root := kernelchecktest.Toolchain(t)
	only := os.Getenv("CTEQUAL_REDTEAM_ONLY")
	for _, v := range rtGoVariants {
		if only != "" && !strings.Contains(v.family+"/"+v.name, only) {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("testdata", "redteam"))
			if err != nil {
				t.Fatal(err)
			}
			// A replaced file is the shipped one with the plant's edits.
			planted := map[string]string{}
			for k, f := range v.replace {
				planted[k] = rtPlant(t, k, filepath.Join(dir, f))
			}
			markPath := filepath.Join(dir, v.mark)
			for k, f := range v.replace {
				if f == v.mark {
					markPath = planted[k]
				}
			}
			line := kernelchecktest.MarkedLine(t, markPath, "// the leak")
			for _, b := range v.builds {
				b.Replace, b.Add = map[string]string{}, map[string]string{}
				for k := range v.replace {
					b.Replace[kernelchecktest.KernelsSrc+"/"+k] = planted[k]
				}
				for k, f := range v.add {
					b.Add[kernelchecktest.KernelsSrc+"/"+k] = filepath.Join(dir, f)
				}
				markFile := ""
				for k, f := range v.replace {
					if f == v.mark {
						markFile = k
					}
				}
				for k, f := range v.add {
					if f == v.mark {
						markFile = k
					}
				}
				src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
				var res [2]rtResult
				for c, p := range []*engine.Program{src, bin} {
					r, err := kernelcheck.Check(p)
					if err != nil {
						t.Errorf("%s: %v", b.Name(), err)
						continue
					}
					res[c] = rtClassify(r.Findings, v.want, func(f engine.Finding) bool {
						base := filepath.Base(f.File)
						return (base == markFile || base == v.mark) && f.Line == line
					})
				}
				t.Logf("%-22s %-10s %-28s source: %-60s compiled: %s", b.Name(), v.family, v.name, res[0].verdict(), res[1].verdict())
				rtRecord(fmt.Sprintf("| %s | %s | %s | %s | %s | %s |", b.Name(), v.family, v.name, v.what, res[0].verdict(), res[1].verdict()))
				if v.family != "build" {
					rtJudge(t, b.Name()+"/"+v.name, res)
				}
			}
			if v.family == "build" {
				// Only a build no check makes compiles the leak: the
				// constraint check must name its file.
				fs, err := kernelcheck.ConstraintFindings([]string{filepath.Join(dir, v.mark)})
				if err != nil || len(fs) == 0 {
					t.Errorf("%s: the constraint check does not report %s: %v %v", v.name, v.mark, fs, err)
				}
			}
		})
	}
}

// rtPlant writes the library's file name with the plant of patch: each
// "//replace:\t" line of patch (its text after the tab, verbatim) replaced
// by the "//with:\t" lines after it ("//with:" alone: an empty line), and
// patch's declarations after its package clause appended. A plant that
// no longer matches the shipped file exactly once fails the test.
func rtPlant(t *testing.T, name, patch string) string {
	t.Helper()
	text, err := os.ReadFile(patch)
	if err != nil {
		t.Fatal(err)
	}
	head, decls, ok := strings.Cut(string(text), "\npackage ctequal\n")
	if !ok {
		t.Fatalf("%s: no package clause", patch)
	}
	src := kernelchecktest.KernelFile(t, name)
	var old string
	var with []string
	apply := func() {
		if old == "" {
			return
		}
		if strings.Count(src, "\n"+old+"\n") != 1 {
			t.Fatalf("%s: %s has not exactly one line %q", patch, name, old)
		}
		src = strings.Replace(src, "\n"+old+"\n", "\n"+strings.Join(with, "\n")+"\n", 1)
		old, with = "", nil
	}
	for _, l := range strings.Split(head, "\n") {
		switch {
		case strings.HasPrefix(l, "//replace:\t"):
			apply()
			old = strings.TrimPrefix(l, "//replace:\t")
		case strings.HasPrefix(l, "//with:\t"):
			with = append(with, strings.TrimPrefix(l, "//with:\t"))
		case l == "//with:":
			with = append(with, "")
		}
	}
	apply()
	path := filepath.Join(t.TempDir(), filepath.Base(patch))
	if err := os.WriteFile(path, []byte(src+decls), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A whole-file variant: the shipped kernel file of arch, with code put
// before the nth line of TEXT ·kernel that contains marker (and, where at
// is "entry", after the TEXT line), and extra TEXT blocks appended; built
// in place of the shipped file and checked the way TestShippedBuilds
// does: Check from the driver's roots, both checks.
type rtWholeVariant struct {
	arch, family, name, what string
	kernel, marker           string
	nth                      int
	code, entry, extra       string // extra: TEXT blocks, each func(x, y []byte) int
	want                     string
	env                      []string
}

func rtInsert(t *testing.T, src, kernel, marker string, nth int, code, entry string) string {
	t.Helper()
	lines, blocks := kernelchecktest.TextBlocks(src)
	b, ok := blocks["·"+kernel]
	if !ok {
		t.Fatalf("no TEXT ·%s", kernel)
	}
	var out []string
	count := 0
	for ln := 1; ln <= len(lines); ln++ {
		l := lines[ln-1]
		if ln >= b[0] && ln < b[1] && marker != "" && strings.Contains(l, marker) {
			count++
			if count == nth {
				out = append(out, strings.Split(code, "\n")...)
			}
		}
		out = append(out, l)
		if ln == b[0] && entry != "" {
			out = append(out, strings.Split(entry, "\n")...)
		}
	}
	if marker != "" && count < nth {
		t.Fatalf("%s: marker %q found %d times", kernel, marker, count)
	}
	return strings.Join(out, "\n")
}

func TestRedTeamWhole(t *testing.T) {
	rtNeed(t)
	defer rtFlush(t)
	goTool, root := kernelchecktest.Toolchain(t)
	only := os.Getenv("CTEQUAL_REDTEAM_ONLY")
	for _, v := range rtWholeVariants {
		if only != "" && !strings.Contains(v.family+"/"+v.name, only) {
			continue
		}
		t.Run(v.arch+"/"+v.name, func(t *testing.T) {
			file := "equal_" + v.arch + ".s"
			shipped, err := os.ReadFile(filepath.Join(kernelchecktest.KernelsDir, file))
			if err != nil {
				t.Fatal(err)
			}
			text := rtInsert(t, string(shipped), v.kernel, v.marker, v.nth, v.code, v.entry) + "\n" + v.extra + "\n"
			line := 0
			for i, l := range strings.Split(text, "\n") {
				if strings.Contains(l, "// leak") {
					line = i + 1
				}
			}
			if line == 0 {
				t.Fatal("no // leak")
			}
			dir := t.TempDir()
			sPath := filepath.Join(dir, file)
			if err := os.WriteFile(sPath, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			b := kernelcheck.Build{GOARCH: v.arch, Env: v.env, Replace: map[string]string{kernelchecktest.KernelsSrc + "/" + file: sPath}, Add: map[string]string{}}
			var names []string
			for _, m := range regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`).FindAllStringSubmatch(v.extra, -1) {
				names = append(names, m[1])
			}
			if len(names) > 0 {
				var g strings.Builder
				fmt.Fprintf(&g, "//go:build gc && !purego\n\npackage ctequal\n\n")
				for _, n := range names {
					fmt.Fprintf(&g, "func %s(x, y []byte) int\n", n)
				}
				fmt.Fprintf(&g, "\nvar rtFuncs = []func(x, y []byte) int{%s}\n\nvar rtFuncsSink any\n\nfunc init() { rtFuncsSink = rtFuncs }\n", strings.Join(names, ", "))
				gPath := filepath.Join(dir, "zz_rt_"+v.arch+".go")
				if err := os.WriteFile(gPath, []byte(g.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				b.Add[kernelchecktest.KernelsSrc+"/zz_rt_"+v.arch+".go"] = gPath
			}
			src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
			var res [2]rtResult
			for c, p := range []*engine.Program{src, bin} {
				r, err := kernelcheck.Check(p)
				if err != nil {
					t.Errorf("%v", err)
					continue
				}
				res[c] = rtClassify(r.Findings, v.want, func(f engine.Finding) bool {
					return filepath.Base(f.File) == file && f.Line == line
				})
			}
			t.Logf("%-8s %-10s %-28s source: %-60s compiled: %s", b.Name(), v.family, v.name, res[0].verdict(), res[1].verdict())
			if os.Getenv("CTEQUAL_REDTEAM_DEBUG") != "" {
				for c := range res {
					for _, o := range res[c].other {
						t.Logf("    %s: %s", []string{"source", "compiled"}[c], o)
					}
				}
			}
			rtRecord(fmt.Sprintf("| %s | %s | %s (whole build, driver roots) | %s | %s | %s |", b.Name(), v.family, v.name, v.what, res[0].verdict(), res[1].verdict()))
			rtJudge(t, v.arch+"/"+v.name, res)
		})
	}
}

// rtExtraBuilds are configurations users build that TestShippedBuilds
// does not: each checked unplanted, both checks, for false alarms.
var rtExtraBuilds = []kernelcheck.Build{
	{GOARCH: "amd64", Env: []string{"GOAMD64=v2"}}, {GOARCH: "amd64", Env: []string{"GOAMD64=v4"}},
	{GOARCH: "amd64", Env: []string{"GOAMD64=v3"}, Tags: "purego"}, {GOARCH: "amd64", Env: []string{"GOAMD64=v4"}, Tags: "purego"},
	{GOARCH: "arm64", Env: []string{"GOARM64=v8.1"}}, {GOARCH: "arm64", Env: []string{"GOARM64=v9.0"}},
	{GOARCH: "arm64", Env: []string{"GOARM64=v9.5"}, Tags: "purego"},
	{GOARCH: "ppc64le", Env: []string{"GOPPC64=power9"}}, {GOARCH: "ppc64le", Env: []string{"GOPPC64=power9"}, Tags: "purego"},
	{GOARCH: "386", Env: []string{"GO386=softfloat"}}, {GOARCH: "arm", Env: []string{"GOARM=6"}}, {GOARCH: "arm", Env: []string{"GOARM=5"}},
	{GOARCH: "riscv64", Env: []string{"GORISCV64=rva22u64"}},
	{GOARCH: "loong64"},
	{GOARCH: "amd64", Env: []string{"GOEXPERIMENT=nosimd"}},
}

func TestRedTeamFalseAlarms(t *testing.T) {
	rtNeed(t)
	defer rtFlush(t)
	goTool, root := kernelchecktest.Toolchain(t)
	only := os.Getenv("CTEQUAL_REDTEAM_ONLY")
	for _, b := range rtExtraBuilds {
		if only != "" && !strings.Contains(b.Name(), only) {
			continue
		}
		t.Run(b.Name(), func(t *testing.T) {
			src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
			for c, p := range []*engine.Program{src, bin} {
				r, err := kernelcheck.Check(p)
				if err != nil {
					t.Errorf("%s: %s check: error: %v", b.Name(), []string{"source", "compiled"}[c], err)
					rtRecord(fmt.Sprintf("| false alarm? | %s | %s check | error: %v |", b.Name(), []string{"source", "compiled"}[c], err))
					continue
				}
				seen := map[string]bool{}
				for _, f := range r.Findings {
					k := fmt.Sprintf("%s:%d %s: %s", filepath.Base(f.File), f.Line, f.Text, f.Reason)
					if seen[k] {
						continue
					}
					seen[k] = true
					t.Errorf("%s: %s check: %s", b.Name(), []string{"source", "compiled"}[c], k)
					rtRecord(fmt.Sprintf("| false alarm | %s %s | %s check | %s |", b.Name(), r.GoVersion, []string{"source", "compiled"}[c], k))
				}
				t.Logf("%s %s: %s check: %d findings, %d functions", b.Name(), r.GoVersion, []string{"source", "compiled"}[c], len(r.Findings), len(r.Funcs))
			}
		})
	}
}
