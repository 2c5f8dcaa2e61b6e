package compiledgadgets

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/ctcheck/engine/x86"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// Leak gadgets planted in the compiled Go code on the path (Compare, the
// chunk loop, the portable kernel, the ABI wrappers, the driver's roots),
// at the start of every basic block the analysis reaches, in both front
// ends' records: each gadget is written twice, as the listing prints it
// (Go's syntax) and as GNU objdump does (Intel's), read by that front
// end's own parser, and inserted into that front end's copy of the
// function, re-addressed to make room. Each planted copy must draw the
// gadget's finding at its marked instruction from both checks. On x86
// (amd64 and 386), whose disassembler prints branch targets as addresses.
// CTEQUAL_GADGETS=all plants every gadget at every site; the default, a
// fixed sample.

// A compiledGadget is one gadget in the two syntaxes: {S} is a register
// that holds a secret ({S8} its low byte), {T} and {U} scratch registers,
// {L} the instruction after the gadget, and " // leak" marks the
// instruction that must draw the finding.
type compiledGadget struct {
	family, name string
	want         string
	listing      string // Go syntax; {q} is the width suffix of a word (Q on amd64, L on 386)
	intel        string // GNU's Intel syntax; {q} is nothing
	goarchs      string // the GOARCHes it is for ("": both)
}

func (g compiledGadget) wants(reason string) bool {
	return kernelchecktest.Wants(g.want, reason)
}

var x86CompiledGadgets = []compiledGadget{
	{fBranch, "test", wBranch, "TEST{q} {S}, {S}\nJNE {L} // leak", "test {S},{S}\njne {L} // leak", ""},
	{fBranch, "cmp", wBranch, "CMP{q} {S}, $16\nJHI {L} // leak", "cmp {S},0x10\nja {L} // leak", ""},
	{fBranch, "cmpb", wBranch, "CMPB {S8}, $0\nJEQ {L} // leak", "cmp {S8},0x0\nje {L} // leak", ""},
	{fBranch, "add-carry", wBranch, "ADD{q} $1, {S}\nJCS {L} // leak", "add {S},0x1\njb {L} // leak", ""},
	{fBranch, "imul", wBranch, "IMUL{q} {S}, {T}\nJOS {L} // leak", "imul {T},{S}\njo {L} // leak", ""},
	{fBranch, "jecxz", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nJCXZL {L} // leak", "xor {T32},{T32}\nmov {CX},{S}\njecxz {L} // leak", ""},
	{fBranch, "loop", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nLOOP {L} // leak", "xor {T32},{T32}\nmov {CX},{S}\nloop {L} // leak", ""},
	{fChain, "setcc", wBranch, "TEST{q} {S}, {S}\nSETNE {T8}\nMOVBLZX {T8}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"test {S},{S}\nsetne {T8}\nmovzx {T32},{T8}\nxor {U32},{U32}\ntest {T},{T}\njne {L} // leak", ""},
	{fChain, "sbb", wBranch, "NEG{q} {S}\nSBB{q} {T}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"neg {S}\nsbb {T},{T}\nxor {U32},{U32}\ntest {T},{T}\njne {L} // leak", ""},
	{fChain, "cmov", wBranch, "TEST{q} {S}, {S}\nMOVL $0, {T}\nMOVL $1, {U}\nCMOV{q}NE {U}, {T}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"test {S},{S}\nmov {T32},0x0\nmov {U32},0x1\ncmovne {T},{U}\ntest {T},{T}\njne {L} // leak", ""},
	{fChain, "xchg", wBranch, "MOVL $0, {T}\nXCHG{q} {S}, {T}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"mov {T32},0x0\nxchg {T},{S}\ntest {T},{T}\njne {L} // leak", ""},
	{fAddr, "load-index", wAddr, "LEA{q} runtime.zerobase(SB), {T}\nMOV{q} ({T})({S}*4), {U} // leak",
		"lea {T},{ZEROBASE}\nmov {U},{PTR} [{T}+{S}*4] // leak", ""},
	{fAddr, "load-base", wAddr, "MOVBLZX ({S}), {T} // leak", "movzx {T32},BYTE PTR [{S}] // leak", ""},
	{fAddr, "alu-load", wAddr, "ADD{q} 8({S}), {T} // leak", "add {T},{PTR} [{S}+0x8] // leak", ""},
	{fAddr, "store-index", wAddr, "LEA{q} runtime.zerobase(SB), {U}\nMOV{q} {T}, ({U})({S}*1) // leak",
		"lea {U},{ZEROBASE}\nmov {PTR} [{U}+{S}*1],{T} // leak", ""},
	{fAddr, "bt-mem", wAddr, "BT{q} {S}, runtime.zerobase(SB) // leak", "bt {PTR} {ZEROBASE},{S} // leak", ""},
	{fAddr, "sse-load", wAddr, "MOVUPS ({S}), X1 // leak", "movups xmm1,XMMWORD PTR [{S}] // leak", ""},
	{fLat, "div", wLatency, "MOV{q} {S}, {T}\nMOVL $7, AX\nXORL DX, DX\nDIV{q} {T} // leak",
		"mov {T},{S}\nmov eax,0x7\nxor edx,edx\ndiv {T} // leak", ""},
	{fLat, "sqrtsd", wLatency, "MOV{q} {S}, X0\nSQRTSD X0, X1 // leak", "movd xmm0,{S32}\nsqrtsd xmm1,xmm0 // leak", ""},
	{fJump, "register", wJump, "JMP {S} // leak", "jmp {S} // leak", ""},
	{fJump, "call", wJump, "CALL {S} // leak", "call {S} // leak", ""},
	{fParts, "legacy-pxor", wBranch, "MOV{q} {S}, X1\nVPBROADCASTQ X1, Y1\nPXOR X1, X1\nVPTEST Y1, Y1\nJNE {L} // leak",
		"movd xmm1,{S32}\nvpbroadcastq ymm1,xmm1\npxor xmm1,xmm1\nvptest ymm1,ymm1\njne {L} // leak", ""},
	{fSP, "sub", wSP + "|" + wAddr, "SUB{q} {S}, SP // leak\nMOV{q} (SP), {T}\nADD{q} {S}, SP",
		"sub {SP},{S} // leak\nmov {T},{PTR} [{SP}]\nadd {SP},{S}", ""},
	{fSP, "load", wAddr, "MOV{q} (SP)({S}*1), {T} // leak", "mov {T},{PTR} [{SP}+{S}*1] // leak", ""},
	{fMemory, "stack", wBranch, "MOV{q} {S}, -64(SP)\nMOV{q} -64(SP), {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"mov {PTR} [{SP}-0x40],{S}\nmov {T},{PTR} [{SP}-0x40]\nxor {U32},{U32}\ntest {T},{T}\njne {L} // leak", ""},
	{fMemory, "global", wBranch, "MOV{q} {S}, runtime.zerobase(SB)\nMOV{q} runtime.zerobase(SB), {T}\nTEST{q} {T}, {T}\nJNE {L} // leak",
		"mov {PTR} {ZEROBASE},{S}\nmov {T},{PTR} {ZEROBASE}\ntest {T},{T}\njne {L} // leak", ""},
	{fArgs, "seventh", wBranch, "MOVQ {S}, R10\nCALL main.gadgetArgR10(SB) // leak",
		"mov r10,{S}\ncall 0 <main.gadgetArgR10> // leak", "amd64"},
	{fArgs, "float", wBranch, "MOVQ {S}, X3\nCALL main.gadgetArgX3(SB) // leak",
		"movq xmm3,{S}\ncall 0 <main.gadgetArgX3> // leak", "amd64"},
	{fArgs, "stack", wBranch, "SUB{q} $16, SP\nMOV{q} {S}, (SP)\nCALL main.gadgetArgStack(SB) // leak\nADD{q} $16, SP",
		"sub {SP},0x10\nmov {PTR} [{SP}],{S}\ncall 0 <main.gadgetArgStack> // leak\nadd {SP},0x10", ""},
}

// The callees of the args gadgets, in both syntaxes.
var x86CompiledCallees = []struct{ name, listing, intel string }{
	{"main.gadgetArgR10", "TESTQ R10, R10\nJNE {END}\nRET", "test r10,r10\njne {END}\nret"},
	{"main.gadgetArgX3", "PTEST X3, X3\nJNE {END}\nRET", "ptest xmm3,xmm3\njne {END}\nret"},
	{"main.gadgetArgStack", "MOV{q} {W}(SP), AX\nTEST{q} AX, AX\nJNE {END}\nRET", "mov {AX},{PTR} [{SP}+{W}]\ntest {AX},{AX}\njne {END}\nret"},
}

// x86Planting is what planting needs of amd64 or 386.
type x86Planting struct {
	goarch  string
	q       string
	gp      []string // Go names, in the order a secret register is looked for
	scratch []string
	spare   string
	// experiment, if set, is the GOEXPERIMENT of the build: simd, whose
	// kernels are Go (archsimd), and so sites of their own.
	experiment string
}

func (p x86Planting) build() kernelcheck.Build {
	b := kernelcheck.Build{GOARCH: p.goarch}
	if p.experiment != "" {
		b.Env = []string{"GOEXPERIMENT=" + p.experiment}
	}
	return b
}

var amd64GP, amd64Scratch = strings.Fields("AX BX CX DX SI DI R8 R9 R10 R11 R12 R13 R15"), strings.Fields("R12 R13 R11 R10 R9 R8 SI DI")

var x86Plantings = []x86Planting{
	{"amd64", "Q", amd64GP, amd64Scratch, "R15", ""},
	{"amd64", "Q", amd64GP, amd64Scratch, "R15", "simd"},
	{"386", "L", strings.Fields("AX BX CX DX SI DI BP"), strings.Fields("SI DI BX DX"), "BP", ""},
}

// intelName is a Go register's Intel name at width w (8, 4 or 1).
func intelName(r string, w int) string {
	legacy := map[string][3]string{"AX": {"rax", "eax", "al"}, "BX": {"rbx", "ebx", "bl"}, "CX": {"rcx", "ecx", "cl"},
		"DX": {"rdx", "edx", "dl"}, "SI": {"rsi", "esi", "sil"}, "DI": {"rdi", "edi", "dil"}, "BP": {"rbp", "ebp", "bpl"},
		"SP": {"rsp", "esp", "spl"}}
	i := map[int]int{8: 0, 4: 1, 1: 2}[w]
	if l, ok := legacy[r]; ok {
		return l[i]
	}
	return strings.ToLower(r) + []string{"", "d", "b"}[i]
}

func goByteName(r string) string {
	if b := map[string]string{"AX": "AL", "BX": "BL", "CX": "CL", "DX": "DL"}[r]; b != "" {
		return b
	}
	return r + "B"
}

// instantiate fills in g's placeholders for one front end.
func (p x86Planting) instantiate(text string, intel bool, s, t, u string) string {
	w := 8
	if p.goarch == "386" {
		w = 4
	}
	ptr := map[int]string{8: "QWORD PTR", 4: "DWORD PTR"}[w]
	var r *strings.Replacer
	if intel {
		zb := "QWORD PTR [rip+0x0]"
		if w == 4 {
			zb = "ds:0x0"
		}
		r = strings.NewReplacer("{q}", "", "{S8}", intelName(s, 1), "{S32}", intelName(s, 4), "{S}", intelName(s, w),
			"{T8}", intelName(t, 1), "{T32}", intelName(t, 4), "{T}", intelName(t, w), "{U32}", intelName(u, 4),
			"{U}", intelName(u, w), "{CX}", intelName("CX", w), "{SP}", intelName("SP", w), "{AX}", intelName("AX", w),
			"{PTR} {ZEROBASE}", ptr+" "+strings.TrimPrefix(zb, "QWORD PTR "), "{ZEROBASE}", strings.TrimPrefix(zb, "QWORD PTR "),
			"{PTR}", ptr, "{W}", fmt.Sprintf("%#x", w))
	} else {
		r = strings.NewReplacer("{q}", p.q, "{S8}", goByteName(s), "{S}", s, "{T8}", goByteName(t), "{T}", t, "{U}", u,
			"{W}", fmt.Sprint(w))
	}
	return r.Replace(text)
}

// parseSynthetic reads the lines of a gadget or callee with the front
// end's own parser: the listing's for src, GNU's for the disassembly.
func parseSynthetic(t *testing.T, f *engine.Func, listing bool, goarch string, text string) []engine.Inst {
	t.Helper()
	var out []engine.Inst
	for _, line := range strings.Split(text, "\n") {
		line, leak := strings.CutSuffix(line, " // leak")
		in := engine.Inst{Text: line, Pos: "gadget.go:1", Size: 1}
		if leak {
			in.Pos = "gadget.go:2"
		}
		var parsed engine.Inst
		if listing {
			var err error
			if parsed, err = engine.ParseListingLine(arch.For(goarch, ""), f, line); err != nil {
				t.Fatalf("listing syntax %q: %v", line, err)
			}
			if parsed.Op[0] == '?' {
				t.Fatalf("listing syntax %q: not read", line)
			}
		} else {
			parsed = x86.ParseGNULine(f, line)
			if strings.HasPrefix(parsed.Op, "?") {
				t.Fatalf("Intel syntax %q: not read", line)
			}
		}
		parsed.Pos, parsed.Size = in.Pos, in.Size
		in = parsed
		out = append(out, in)
	}
	return out
}

// replant returns a copy of f with code (already parsed, branch targets
// to be filled in) before instruction at, the whole function re-addressed
// at 16 times its addresses, and the index of the gadget's leak.
func replant(f *engine.Func, at int, code []engine.Inst) (*engine.Func, int) {
	g := &engine.Func{Name: f.Name, Source: f.Source, Frame: f.Frame, FromListing: f.FromListing}
	leak := -1
	for i, in := range f.Insts {
		in.Args = append([]engine.Arg(nil), in.Args...)
		for j := range in.Args {
			if in.Args[j].Kind == engine.ArgTarget {
				in.Args[j].Target *= 16
			}
		}
		addr := 16 * in.Addr
		if i == at {
			next := addr + uint64(len(code))
			for k, gi := range code {
				gi.Addr = addr + uint64(k)
				gi.Args = append([]engine.Arg(nil), gi.Args...)
				for j := range gi.Args {
					if gi.Args[j].Kind == engine.ArgTarget {
						gi.Args[j].Target = next // {L}: the instruction after the gadget
					}
				}
				if gi.Pos == "gadget.go:2" {
					leak = len(g.Insts)
				}
				g.Insts = append(g.Insts, gi)
			}
			addr = next
		}
		in.Addr = addr
		g.Insts = append(g.Insts, in)
	}
	g.Index()
	return g, leak
}

// TestCompiledGadgets plants the x86 gadgets in the compiled code of the
// path on amd64 and 386, in both front ends.
func TestCompiledGadgets(t *testing.T) {
	goTool, root := kernelchecktest.Toolchain(t)
	all := os.Getenv("CTEQUAL_GADGETS") == "all"
	for _, p := range x86Plantings {
		if p.experiment != "" && !kernelchecktest.HasExperiment(p.goarch, p.experiment) {
			t.Logf("%s: this Go (%s) has no GOEXPERIMENT=%s: not planted", p.goarch, runtime.Version(), p.experiment)
			continue
		}
		t.Run(p.build().Name(), func(t *testing.T) {
			src, bin := kernelchecktest.BothPrograms(t, goTool, root, p.build())
			counts := kernelchecktest.GadgetCounts{}
			type site struct {
				name   string
				at     int // in the disassembly's function
				atList int // the same instruction in the listing's
				st     *engine.State
			}
			r, err := kernelcheck.Check(bin)
			if err != nil {
				t.Fatal(err)
			}
			// The sites: the compiled check's leaders in Go code, which
			// the listing has at the same offsets (TestShippedBuilds holds
			// the front ends to that).
			var sites []site
			for _, name := range r.Funcs {
				f := bin.Funcs[name]
				if f.IsAsm() {
					continue // planted at its source: TestGadgets
				}
				an, err := engine.NewAnalysis(bin, kernelcheck.InModule)
				if err != nil {
					t.Fatal(err)
				}
				in := an.Flow(f, an.RootEntry(f))
				leader := map[int]bool{0: true}
				for i := range f.Insts {
					if !in[i].Reached() {
						continue
					}
					m := an.Step(f, i, in[i].Clone())
					next, _ := engine.Successors(f, i, m)
					for _, j := range next {
						if j != i+1 {
							leader[j] = true
						}
					}
					if m.Ends() || m.Calls() != "" {
						leader[i+1] = true
					}
				}
				lf := src.Funcs[name]
				for i := range f.Insts {
					if !leader[i] || !in[i].Reached() || lf == nil {
						continue
					}
					j, ok := lf.At(f.Insts[i].Addr - f.Insts[0].Addr)
					if ok {
						sites = append(sites, site{name, i, j, in[i]})
					}
				}
			}
			planted := 0
			missed := 0
			for gi, g := range x86CompiledGadgets {
				if g.goarchs != "" && g.goarchs != p.goarch {
					continue
				}
				for si, s := range sites {
					if !all && !kernelchecktest.GadgetSample(gi, si) {
						continue
					}
					// A secret register at the site, or the bytes behind a
					// public pointer.
					sreg, prefixL, prefixI := "", "", ""
					for _, r := range p.gp {
						if s.st.Level(r) == engine.Secret {
							sreg = r
							break
						}
					}
					if sreg == "" {
						for _, r := range p.gp {
							if s.st.Level(r) == engine.Public {
								sreg = p.spare
								prefixL = fmt.Sprintf("MOV%s (%s), %s\n", p.q, r, sreg)
								prefixI = fmt.Sprintf("mov %s,%s [%s]\n", intelName(sreg, map[string]int{"Q": 8, "L": 4}[p.q]),
									map[string]string{"Q": "QWORD PTR", "L": "DWORD PTR"}[p.q], intelName(r, map[string]int{"Q": 8, "L": 4}[p.q]))
								break
							}
						}
					}
					if sreg == "" {
						t.Errorf("%s at %s+%d: no register to plant on", g.name, s.name, s.at)
						continue
					}
					var scratch []string
					for _, r := range p.scratch {
						if r != sreg {
							scratch = append(scratch, r)
						}
					}
					planted++
					var flagged [2]bool
					var got [2][]string
					for i, prog := range []*engine.Program{src, bin} {
						listing := prog == src
						f := prog.Funcs[s.name]
						text := prefixI + g.intel
						if listing {
							text = prefixL + g.listing
						}
						text = p.instantiate(text, !listing, sreg, scratch[0], scratch[1])
						text = strings.ReplaceAll(text, "{L}", map[bool]string{true: "0", false: "0 <" + f.Name + ">"}[listing])
						code := parseSynthetic(t, f, listing, p.goarch, text)
						at := s.at
						if listing {
							at = s.atList
						}
						pf, leak := replant(f, at, code)
						one := engine.NewProgram(prog.Arch)
						one.GoVersion = prog.GoVersion
						one.Add(pf)
						for _, c := range x86CompiledCallees {
							cf := &engine.Func{Name: c.name, Source: "gadget.go", Frame: -1}
							ctext := c.intel
							if listing {
								ctext = c.listing
							}
							ctext = strings.ReplaceAll(p.instantiate(ctext, !listing, "AX", "BX", "CX"), "{END}",
								map[bool]string{true: "0", false: "0 <" + c.name + ">"}[listing])
							cf.Insts = parseSynthetic(t, cf, listing, p.goarch, ctext)
							for k := range cf.Insts {
								cf.Insts[k].Addr = uint64(k)
								for j := range cf.Insts[k].Args {
									if cf.Insts[k].Args[j].Kind == engine.ArgTarget {
										cf.Insts[k].Args[j].Target = uint64(len(cf.Insts) - 1) // the RET
									}
								}
								cf.Insts[k].Pos = "gadget.go:3"
							}
							one.Add(cf)
						}
						an, err := engine.NewAnalysis(one, kernelcheck.InModule)
						if err != nil {
							t.Fatal(err)
						}
						an.External = true
						rep, err := an.Run([]string{pf.Name})
						if err != nil {
							t.Fatalf("%s: %v", g.name, err)
						}
						for _, fd := range rep.Findings {
							atLeak := fd.Func == pf.Name && fd.File == "gadget.go" && fd.Line == 2
							inCallee := g.family == fArgs && strings.HasPrefix(fd.Func, "main.gadgetArg")
							if atLeak || inCallee {
								flagged[i] = flagged[i] || g.wants(fd.Reason)
								got[i] = append(got[i], fd.Reason)
							}
						}
						_ = leak
					}
					counts.Add(g.family, flagged[0], flagged[1])
					for i, c := range []kernelchecktest.CheckName{kernelchecktest.SourceCheck, kernelchecktest.CompiledCheck} {
						if !flagged[i] {
							if missed++; missed <= 20 {
								t.Errorf("%s: %s check: gadget %s/%s at %s+%d not caught: want %q, got %q", p.goarch, c, g.family, g.name,
									s.name, s.at, g.want, got[i])
							}
						}
					}
				}
			}
			if missed > 20 {
				t.Errorf("%s: %d more missed", p.goarch, missed-20)
			}
			what := "a fixed sample"
			if all {
				what = "all"
			}
			t.Logf("%s compiled: %d gadgets x %d sites, %d planted (%s)", p.build().Name(), len(x86CompiledGadgets), len(sites), planted, what)
			counts.Log(t, p.build().Name()+" compiled Go code")
			kernelchecktest.CheckGadgetTables(t, p.build().Name()+" compiled Go code", counts)
		})
	}
}
