package kernelcheck

import (
	"context"
	"fmt"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

// The shipped tree: every assembly file on its own, and the path from the
// API to the kernels in a build of every GOARCH, through both checks.

// builds are the configurations whose code TestShippedBuilds checks:
// every GOARCH of internal/archfacts whose machine a model describes (the
// table gives its registers), at its default level and each level the
// table checks, and the portable kernel on those with assembly, at the
// default and the levels the table says.
var builds = func() []Build {
	var out []Build
	for _, a := range archfacts.All() {
		if a.SP == "" {
			continue
		}
		out = append(out, Build{GOARCH: a.GOARCH})
		for _, l := range a.Checked {
			out = append(out, Build{GOARCH: a.GOARCH, Env: a.LevelEnv(l.Value)})
		}
		if len(a.Kernels) == 0 {
			continue
		}
		out = append(out, Build{GOARCH: a.GOARCH, Tags: "purego"})
		for _, l := range a.Checked {
			if l.Purego {
				out = append(out, Build{GOARCH: a.GOARCH, Env: a.LevelEnv(l.Value), Tags: "purego"})
			}
		}
	}
	return out
}()

func asmNeedsGo126(path string) bool {
	a := archfacts.Get(engine.GOARCHOfFile(path))
	return a != nil && !asmBuilt(a)
}

// wantFuncs are the functions that a build must reach and analyse: the
// check must not pass by analysing less than the path.
func wantFuncs(b Build) []string {
	want := append(slices.Clone(Roots), kernelsPkg()+"Compare", kernelsPkg()+"equalChunked", kernelsPkg()+"equalChunk", kernelsPkg()+"equalGeneric")
	a := archfacts.Get(b.GOARCH)
	if b.Tags == "purego" || a == nil || len(a.Kernels) == 0 || !asmBuilt(a) {
		return want
	}
	want = append(want, kernelsPkg()+"equalVector.abi0")
	for _, k := range append(slices.Clone(a.Kernels), "generic") {
		want = append(want, kernelsPkg()+archfacts.KernelSymbol(k)+".abi0")
	}
	return want
}

// asmBuilt reports whether this toolchain builds a's assembly kernels,
// which may need a newer release than go.mod admits (a.AsmGo): the go
// command that builds the driver is this test's own release.
func asmBuilt(a *archfacts.Arch) bool {
	return a.AsmGo == "" || version.Compare(runtime.Version(), a.AsmGo) >= 0
}

// TestShippedKernels checks every assembly file of the library's folder
// on its own, at every level of its architecture: a kernel added later is
// checked without anyone remembering to.
func TestShippedKernels(t *testing.T) {
	toolchain(t)
	files, err := filepath.Glob(filepath.Join(kernelsDir, "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("found %d assembly files in the package, want equal_amd64.s and equal_arm64.s at least", len(files))
	}
	for _, f := range files {
		if engine.ArchOf(engine.GOARCHOfFile(f)) == nil {
			t.Errorf("%s: no model of its architecture", filepath.Base(f))
			continue
		}
		if asmNeedsGo126(f) {
			t.Logf("%s: the assembler of %s cannot build it (it needs %s): not checked", filepath.Base(f), runtime.Version(), archfacts.Must(engine.GOARCHOfFile(f)).AsmGo)
			continue
		}
		findings, err := CheckFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range findings {
			t.Errorf("%s", fd)
		}
		t.Logf("%s: %d findings", filepath.Base(f), len(findings))
	}
}

// TestShippedBuilds checks the path from the API to the kernels on every
// build, with both checks: no finding, every function of the path
// analysed, and the same functions by both.
func TestShippedBuilds(t *testing.T) {
	goTool, root := toolchain(t)
	var mu sync.Mutex
	rows := map[string]string{}
	t.Run("builds", func(t *testing.T) {
		for _, b := range builds {
			t.Run(b.Name(), func(t *testing.T) {
				t.Parallel()
				src, bin := bothPrograms(t, goTool, root, b)
				var reports [2]*engine.Report
				for i, p := range []*engine.Program{src, bin} {
					check := []checkName{sourceCheck, compiledCheck}[i]
					r, err := Check(p)
					if err != nil {
						t.Fatal(err)
					}
					reports[i] = r
					for _, f := range r.Findings {
						t.Errorf("%s: %s check: %s", b.Name(), check, f)
					}
					for _, w := range wantFuncs(b) {
						if !slices.Contains(r.Funcs, w) {
							t.Errorf("%s: %s check: %s was not analysed: the check does not cover the path", b.Name(), check, w)
						}
					}
				}
				s, c := slices.Sorted(slices.Values(reports[0].Funcs)), slices.Sorted(slices.Values(reports[1].Funcs))
				if !slices.Equal(s, c) {
					t.Errorf("%s: the source check analysed %v, the compiled check %v", b.Name(), s, c)
				}
				agree(t, b, src, bin, reports[1].Funcs)
				mu.Lock()
				rows[b.Name()] = fmt.Sprintf("%-22s %s %3d functions, %5d instructions (listing) %5d (disassembly)",
					b.Name(), src.GoVersion, len(reports[0].Funcs), reports[0].Instrs, reports[1].Instrs)
				mu.Unlock()
			})
		}
	})
	for _, b := range builds {
		if row, ok := rows[b.Name()]; ok {
			t.Log(row)
		}
	}
}

// agree checks that the two front ends read the same instructions in
// each function of funcs: at every address the assembler or the
// compiler encoded an instruction, the disassembler decoded one of the
// same length and the same canonical opcode, and it decoded nothing in
// between. Where one listed instruction is several machine instructions
// (arm64's MOVD sym(SB), R: ADRP and a load), the architecture's
// expands says so. A disassembler that decodes a length wrong (x86asm's
// VZEROUPPER) fails here.
func agree(t *testing.T, b Build, src, bin *engine.Program, funcs []string) {
	t.Helper()
	bad := 0
	pairs := map[string]int{}
	report := func(format string, args ...any) {
		t.Helper()
		if bad++; bad <= 10 {
			t.Errorf("%s: front ends disagree: "+format, append([]any{b.Name()}, args...)...)
		}
	}
	for _, name := range funcs {
		l, d := src.Funcs[name], bin.Funcs[name]
		if l == nil || d == nil || len(d.Insts) == 0 {
			report("%s is not in both programs", name)
			continue
		}
		start := d.Insts[0].Addr
		di := 0
		for _, in := range l.Insts {
			at := start + in.Addr
			for di < len(d.Insts) && d.Insts[di].Addr < at {
				report("%s+%#x: the disassembler decoded %q, where the listing has no instruction", name, d.Insts[di].Addr-start, d.Insts[di].Text)
				di++
			}
			if di == len(d.Insts) || d.Insts[di].Addr != at {
				report("%s+%#x: the listing's %q is not an instruction of the disassembly", name, in.Addr, in.Text)
				continue
			}
			first := d.Insts[di]
			end := at + uint64(in.Size)
			var inside []engine.Inst
			for di < len(d.Insts) && d.Insts[di].Addr < end {
				inside = append(inside, d.Insts[di])
				di++
			}
			// The function's padding after its last instruction, which
			// the listing counts in that instruction's size.
			for len(inside) > 1 && inside[len(inside)-1].Raw && strings.Trim(inside[len(inside)-1].Hex, "0") == "" {
				in.Size -= inside[len(inside)-1].Size
				inside = inside[:len(inside)-1]
			}
			switch {
			case len(inside) == 1 && first.Size == in.Size && (first.Op == in.Op || in.Raw && first.Raw ||
				alias(b.GOARCH, in.Op, first.Op)):
			case len(inside) == 1 && first.Size == in.Size && in.Raw && b.GOARCH == "arm":
				// A word of a literal pool, which the disassembler decodes
				// as whatever instruction its bits spell; the source check
				// fails closed on reaching it.
			case len(inside) > 1 && expands(b.GOARCH, &in, inside):
			default:
				if len(inside) == 1 {
					pairs[in.Op+" ~ "+inside[0].Op]++
				}
				var ops []string
				for _, x := range inside {
					ops = append(ops, fmt.Sprintf("%s (%d bytes)", x.Text, x.Size))
				}
				report("%s+%#x: the listing's %q (%s, %d bytes) is %s in the disassembly", name, in.Addr, in.Text, in.Op, in.Size,
					strings.Join(ops, ", "))
			}
		}
	}
	if bad > 10 {
		t.Errorf("%s: front ends disagree at %d more instructions", b.Name(), bad-10)
	}
	if os.Getenv("CTEQUAL_AGREE_DEBUG") != "" {
		t.Logf("pairs: %v", pairs)
	}
}

// opAliases are the instructions the assembler and the disassembler name
// differently, by GOARCH: "listing disassembly", * a suffix. Each model
// knows both names.
var opAliases = map[string][]string{
	"ppc64le": {"OR NOP", "MOVD OR", "MOVBZ RLWINM", "SRD RLDICL"}, // ORI 0, 0, 0; MR; the rotates
	"s390x": {"ADD SUB", "MOVD MOVB", "BRC B*", "CGIJ CMPB*", "CGRJ CMPB*", "CLGRJ CMPUB*", // compare and branch, by condition
		"CLGIJ CMPUB*", "MOVD MVGHI"}, // and as Go 1.24 compiles them: a constant stored by MVGHI
	"loong64": {"MOVV MOVW", "MOVV LU12IW", "PCALIGN NOP", "SUBV NEGV", // constants, padding, negation
		"MOVWU BSTRPICKV", // Go 1.24's zero extension
		// the conversions, by Go's names and the disassembler's
		"MOVWD FFINTDW", "MOVVD FFINTDV", "MOVWF FFINTFW", "MOVVF FFINTFV", "TRUNCDW FTINTRZWD", "TRUNCFW FTINTRZWF",
		"TRUNCDV FTINTRZVD", "TRUNCFV FTINTRZVF", "MOVDW FTINTWD", "MOVFW FTINTWF", "MOVDV FTINTVD", "MOVFV FTINTVF"},
	"riscv64": {"ADDI MOV", "MOV ADD", "MOV ADDI", "MOV LUI", "MOVHU ZEXTH", "MOVWU ADDUW"},
}

// alias reports whether the listing's op and the disassembly's are one
// instruction's names.
func alias(goarch, listed, decoded string) bool {
	for _, p := range opAliases[goarch] {
		l, d, _ := strings.Cut(p, " ")
		if l == listed && (d == decoded || strings.HasSuffix(d, "*") && strings.HasPrefix(decoded, strings.TrimSuffix(d, "*"))) {
			return true
		}
	}
	return false
}

// expands reports whether a listed instruction is, by the assembler's
// rules, the machine instructions ms.
func expands(goarch string, in *engine.Inst, ms []engine.Inst) bool {
	switch goarch {
	case "386":
		// A byte operation on BP, SI or DI, which have no byte names on
		// 386: XCHG with AX, the operation on AL, XCHG back.
		return len(ms) == 3 && ms[0].Op == "XCHG" && ms[2].Op == "XCHG" && ms[1].Op == in.Op
	case "arm64":
		// A load or store of a global, or an address of one: ADRP, then
		// the access (or ADD) through R27, the assembler's temporary.
		// A constant too wide for one instruction: MOVD (MOVZ or MOVN),
		// then a MOVK of each other half-word, into the listed register.
		last := ms[len(ms)-1]
		if in.Op == "MOVD" && len(in.Args) == 2 && in.Args[0].Kind == engine.ArgImm && ms[0].Op == "MOVD" {
			for _, m := range ms {
				if m.Op != "MOVD" && m.Op != "MOVK" || len(m.Args) != 2 || m.Args[1].Kind != engine.ArgReg || m.Args[1].Reg != in.Args[1].Reg {
					return false
				}
			}
			return true
		}
		return len(ms) == 2 && ms[0].Op == "ADRP" && (last.Op == in.Op || last.Op == "ADD" && in.Op == "MOVD")
	case "amd64":
		return false
	}
	// The load-store architectures' assemblers expand a constant too wide
	// for one instruction, a zero extension, an access of a global, into
	// a few machine instructions through their temporary register (R31 on
	// ppc64, R10 on s390x, R30 on loong64, X31 on riscv64, R11 on arm):
	// these must end where the listed one ends (agree checks), and each
	// check models what it reads.
	return true
}

// sweepBuilds are the builds of every level of every GOARCH that a model
// describes, with and without purego where it has kernels: GOAMD64=v1 to
// v4, GOARM64 from v8.0 to v9.5, and the other levels of the engine's
// table.
var sweepBuilds = func() []Build {
	var out []Build
	for _, a := range archfacts.All() {
		if a.SP == "" {
			continue
		}
		levels := a.Levels
		switch a.GOARCH {
		case "arm64":
			levels = []string{"v8.0", "v8.1", "v8.4", "v8.5", "v9.0", "v9.5"}
		case "386":
			levels = []string{"sse2", "softfloat"}
		}
		for _, l := range append([]string{""}, levels...) {
			var env []string
			switch {
			case l == "":
			case a.GOARCH == "386":
				env = []string{"GO386=" + l}
			default:
				env = a.LevelEnv(l)
			}
			out = append(out, Build{GOARCH: a.GOARCH, Env: env})
			if len(a.Kernels) > 0 {
				out = append(out, Build{GOARCH: a.GOARCH, Env: env, Tags: "purego"})
			}
		}
	}
	return out
}()

// TestShippedModelsKnowEverything runs the compiled check's model over
// every instruction of the module's functions in a build of every GOARCH,
// not only the path, and lists what it does not model: none of it may be
// on the path (TestShippedBuilds holds that), and the list is what a
// change of the code or the compiler would need first. With
// CTEQUAL_GADGETS=all, at every level (sweepBuilds), and over the
// library's whole test binary too: a survey to run by hand before a
// model's change (CI's gadget step leaves it out).
func TestShippedModelsKnowEverything(t *testing.T) {
	goTool, root := toolchain(t)
	bs := builds
	if os.Getenv("CTEQUAL_GADGETS") == "all" {
		bs = sweepBuilds
	}
	for _, b := range bs {
		t.Run(b.Name(), func(t *testing.T) {
			_, bin := bothPrograms(t, goTool, root, b)
			logUnmodelled(t, b.Name()+" driver", bin)
			if os.Getenv("CTEQUAL_GADGETS") != "all" {
				return
			}
			testBin := filepath.Join(t.TempDir(), "lib.test")
			cmd := exec.Command(goTool, "test", "-c", "-o", testBin, "-tags="+b.Tags, ".")
			cmd.Dir = root
			cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+b.GOARCH, "CGO_ENABLED=0"), b.Env...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go test -c: %v\n%s", err, out)
			}
			ctx := context.Background()
			lib := LibraryPath()
			p, err := engine.Disassemble(ctx, goTool, b.GOARCH, testBin, func(sym string) bool { return strings.HasPrefix(sym, lib+".") },
				`^(main\.|`+regexp.QuoteMeta(lib)+`[./])`)
			if err != nil {
				t.Fatal(err)
			}
			logUnmodelled(t, b.Name()+" test binary", p)
		})
	}
}

// logUnmodelled lists, by opcode, the instructions of p's functions that
// the model does not know.
func logUnmodelled(t *testing.T, what string, p *engine.Program) {
	t.Helper()
	an, err := engine.NewAnalysis(p, InModule)
	if err != nil {
		t.Fatal(err)
	}
	unknown := map[string]int{}
	for _, f := range p.Funcs {
		for i := range f.Insts {
			m := an.Step(f, i, engine.NewState())
			for _, fd := range m.Findings() {
				if strings.Contains(fd, "not modelled") && !strings.Contains(fd, "store outside") || strings.Contains(fd, "data in a TEXT") {
					unknown[f.Insts[i].Op]++
				}
			}
		}
	}
	ops := make([]string, 0, len(unknown))
	for op, n := range unknown {
		ops = append(ops, fmt.Sprintf("%s (%d)", op, n))
	}
	sort.Strings(ops)
	t.Logf("%s: %d functions; not modelled, none on the path: %v", what, len(p.Funcs), ops)
}

// kernelFile reads one of the library's files.
func kernelFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(kernelsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
