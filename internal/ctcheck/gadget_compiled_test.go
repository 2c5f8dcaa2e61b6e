package ctcheck

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Leak-gadget testing of the compiled-code model, on x86 (amd64 and 386),
// whose disassembler prints branch targets as addresses, so that a
// function can be re-addressed to make room for a gadget. The gadgets are
// planted in the compiled Go code on the path, at the start of every
// basic block the analysis reaches, on a secret that is live there (or,
// where none is, on the bytes behind a public pointer); each planted copy
// must draw the gadget's finding at the gadget's marked instruction.
// CTEQUAL_GADGETS=all plants every gadget at every site; the default, a
// fixed sample.

// The x86 library, in the syntax go tool objdump prints. {q} is the
// width suffix of a word (Q on amd64, L on 386).
var x86ObjGadgets = []gadget{
	{"jcc/test", wBranch, "TEST{q} {S}, {S}\nJNE {L} // leak"},
	{"jcc/cmp", wBranch, "CMP{q} {S}, $0x10\nJA {L} // leak"},
	{"jcc/cmpb", wBranch, "CMPB {S8}, $0x0\nJE {L} // leak"},
	{"jcc/add-carry", wBranch, "ADD{q} $0x1, {S}\nJB {L} // leak"},
	{"jcc/and", wBranch, "AND{q} $0x1, {S}\nJNE {L} // leak"},
	{"jcc/xor", wBranch, "XOR{q} {S}, {T}\nJE {L} // leak"},
	{"jcc/sub", wBranch, "SUB{q} {S}, {T}\nJL {L} // leak"},
	{"jcc/shift", wBranch, "SHR{q} $0x1f, {S}\nJNE {L} // leak"},
	{"jcc/neg", wBranch, "NEG{q} {S}\nJB {L} // leak"},
	{"jcc/bt", wBranch, "BT{q} $0x3, {S}\nJB {L} // leak"},
	{"jcc/imul", wBranch, "IMUL{q} {S}, {T}\nJO {L} // leak"},
	{"jcc/inc", wBranch, "INC{q} {S}\nJS {L} // leak"},
	{"cx/jecxz", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nJECXZ {L} // leak"},
	{"cx/loop", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nLOOP {L} // leak"},
	{"cx/loope", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nLOOPE {L} // leak"},
	{"cx/loopne", wBranch, "XORL {T}, {T}\nMOV{q} {S}, CX\nLOOPNE {L} // leak"},
	{"cx/loopne-flags", wBranch, "TEST{q} {S}, {S}\nMOV{q} $0x10, CX\nLOOPNE {L} // leak"},
	{"chain/setcc", wBranch, "TEST{q} {S}, {S}\nSETNE {T8}\nMOVZX {T8}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/setcc-jecxz", wBranch, "TEST{q} {S}, {S}\nSETNE CL\nMOVZX CL, CX\nXORL {U}, {U}\nJECXZ {L} // leak"},
	{"chain/sbb", wBranch, "NEG{q} {S}\nSBB{q} {T}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/adc", wBranch, "NEG{q} {S}\nMOVL $0x0, {T}\nADC{q} {T}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/rcl", wBranch, "NEG{q} {S}\nMOVL $0x0, {T}\nRCL{q} $0x1, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/cmov", wBranch, "TEST{q} {S}, {S}\nMOVL $0x0, {T}\nMOVL $0x1, {U}\nCMOVNE {U}, {T}\nXORL {U}, {U}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/bt-setcc", wBranch, "BT{q} $0x0, {S}\nSETB {T8}\nXORL {U}, {U}\nTESTB {T8}, {T8}\nJNE {L} // leak"},
	{"chain/xchg", wBranch, "MOVL $0x0, {T}\nXCHG{q} {S}, {T}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"chain/spill", wBranch, "PUSH{q} {S}\nXORL {S}, {S}\nPOP{q} {T}\nTEST{q} {T}, {T}\nJNE {L} // leak"},
	{"jump/register", "indirect call or jump", "JMP {S} // leak"},
	{"jump/call", "indirect call or jump", "CALL {S} // leak"},
	{"addr/load-index", wAddr, "LEA{q} p.tab(SB), {T}\nMOV{q} 0({T})({S}*4), {U} // leak"},
	{"addr/load-base", wAddr, "MOVZX 0({S}), {T} // leak"},
	{"addr/load-disp", wAddr, "MOVL 0x40({S}), {T} // leak"},
	{"addr/store-index", wAddr, "LEA{q} p.tab(SB), {U}\nMOV{q} {T}, 0({U})({S}*1) // leak"},
	{"addr/lea-then-load", wAddr, "LEA{q} p.tab(SB), {T}\nLEA{q} 0({T})({S}*8), {U}\nMOV{q} 0({U}), {U} // leak"},
	{"addr/after-mask", wAddr, "AND{q} $0xff, {S}\nLEA{q} p.tab(SB), {T}\nMOVZX 0({T})({S}*1), {U} // leak"},
	{"addr/after-shift", wAddr, "SHR{q} $0x18, {S}\nLEA{q} p.tab(SB), {T}\nMOVZX 0({T})({S}*1), {U} // leak"},
	{"addr/cmov-load", wAddr, "TEST{q} {T}, {T}\nCMOVNE 0({S}), {T} // leak"},
	{"addr/alu-load", wAddr, "ADD{q} 0x8({S}), {T} // leak"},
	{"addr/bt-mem", wAddr, "BT{q} {S}, p.tab(SB) // leak"},
	{"addr/bt-mem-base", wAddr, "LEA{q} p.tab(SB), {T}\nBTL {S}, 0({T}) // leak"},
	{"addr/sse-load", wAddr, "MOVUPS 0({S}), X1 // leak"},
	{"addr/stack-index", wAddr, "MOV{q} 0x8(SP)({S}*8), {T} // leak"},
	{"latency/div", wClosed, "MOV{q} {S}, {T}\nMOVL $0x7, AX\nXORL DX, DX\nDIV{q} {T} // leak"},
	{"latency/idiv", wClosed, "MOV{q} {S}, {T}\nMOVL $0x7, AX\nXORL DX, DX\nIDIV{q} {T} // leak"},
	{"latency/sqrtsd", wClosed, "SQRTSD X0, X1 // leak"},
}

type x86ObjPlanting struct {
	goarch  string
	q       string
	gp      []string
	scratch []string
	spare   string
}

var x86ObjPlantings = []x86ObjPlanting{
	{"amd64", "Q", strings.Fields("AX BX CX DX SI DI R8 R9 R10 R11 R12 R13 R15"), strings.Fields("R12 R13 R11 R10 R9 R8 SI DI"), "R15"},
	{"386", "L", strings.Fields("AX BX CX DX SI DI BP"), strings.Fields("BX DX SI DI"), "BP"},
}

var hexTarget = regexp.MustCompile(`^0x[0-9a-f]+$`)

// replant returns a copy of f with gadget code before instruction at, the
// whole function re-addressed at 16 times its addresses, and the index of
// the gadget's leak.
func replant(f *BinFunc, at int, code []string) (*BinFunc, int) {
	g := &BinFunc{Name: f.Name, Source: f.Source, at: map[uint64]int{}}
	leak := -1
	move := func(in BinInstr) BinInstr {
		if strings.HasPrefix(in.Op, "J") || strings.HasPrefix(in.Op, "LOOP") || in.Op == "CALL" {
			args := append([]string(nil), in.Args...)
			for j, a := range args {
				if hexTarget.MatchString(a) {
					v, _ := strconv.ParseUint(a[2:], 16, 64)
					args[j] = fmt.Sprintf("%#x", 16*v)
				}
			}
			in.Args = args
		}
		return in
	}
	for i, in := range f.Instrs {
		addr := 16 * in.Addr
		if i == at {
			for k, text := range code {
				text, isLeak := strings.CutSuffix(text, " // leak")
				text = strings.ReplaceAll(text, "{L}", fmt.Sprintf("%#x", addr+uint64(len(code))))
				op, rest, _ := strings.Cut(text, " ")
				gi := BinInstr{Pos: "gadget.go:1", Addr: addr + uint64(k), Hex: "90", Text: text, Op: op}
				if rest != "" {
					gi.Args = SplitOperands(rest)
				}
				if isLeak {
					gi.Pos = "gadget.go:2"
					leak = len(g.Instrs)
				}
				g.at[gi.Addr] = len(g.Instrs)
				g.Instrs = append(g.Instrs, gi)
			}
			addr += uint64(len(code))
		}
		in = move(in)
		in.Addr = addr
		g.at[addr] = len(g.Instrs)
		g.Instrs = append(g.Instrs, in)
	}
	return g, leak
}

// TestCompiledGadgets plants the x86 gadgets in the compiled code of the
// path on amd64 and 386.
func TestCompiledGadgets(t *testing.T) {
	goTool, root := toolchain(t)
	all := os.Getenv("CTEQUAL_GADGETS") == "all"
	if len(x86ObjGadgets) < 30 {
		t.Errorf("%d x86 gadgets, want at least 30", len(x86ObjGadgets))
	}
	for _, p := range x86ObjPlantings {
		t.Run(p.goarch, func(t *testing.T) {
			if !haveToolchain(t, goTool, p.goarch) {
				t.Skipf("no toolchain for linux/%s", p.goarch)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			bin, err := BuildDriver(ctx, goTool, root, t.TempDir(), Build{GOARCH: p.goarch})
			if err != nil {
				t.Fatal(err)
			}
			funcs, err := Disassemble(ctx, goTool, bin)
			if err != nil {
				t.Fatal(err)
			}
			r, err := CheckBinary(p.goarch, "", funcs)
			if err != nil {
				t.Fatal(err)
			}
			a := binArchs[p.goarch]
			fromSource := map[string]bool{}
			for _, name := range r.FromSource {
				fromSource[name] = true
			}
			byName := map[string]*BinFunc{}
			for _, f := range funcs {
				byName[f.Name] = f
			}
			type site struct {
				f  *BinFunc
				at int
				st *frame
			}
			var sites []site
			for _, name := range r.Funcs {
				f := byName[name]
				if fromSource[name] {
					continue // checked at its assembly source: TestGadgets
				}
				in := fixpointFunc(a, f)
				leader := map[int]bool{0: true}
				for i := range f.Instrs {
					if !in[i].reached {
						continue
					}
					m := step(a, f, i, in[i].clone())
					next, _ := successors(f, i, m)
					for _, j := range next {
						if j != i+1 {
							leader[j] = true
						}
					}
					if len(m.jumps) > 0 || !m.fall {
						leader[i+1] = true
					}
				}
				for i := range f.Instrs {
					if leader[i] && in[i].reached {
						sites = append(sites, site{f, i, in[i]})
					}
				}
			}
			planted, missed := 0, 0
			for gi, g := range x86ObjGadgets {
				for si, s := range sites {
					if !all && !gadgetSample(gi, si) {
						continue
					}
					code, ok := x86ObjCode(p, g, s.st)
					if !ok {
						t.Errorf("%s at %s %#x: no register to plant on", g.name, s.f.Name, s.f.Instrs[s.at].Addr)
						continue
					}
					pf, leak := replant(s.f, s.at, code)
					planted++
					findings, _, _ := analyseFunc(a, pf)
					caught := false
					var at []string
					for _, fd := range findings {
						if fd.File == "gadget.go" && fd.Line == 2 {
							at = append(at, fd.Reason)
							caught = caught || strings.Contains(fd.Reason, g.want)
						}
					}
					if !caught {
						missed++
						if missed <= 20 {
							t.Errorf("%s: gadget %s at %s %#x not caught: want %q at %s, got %q", p.goarch, g.name, s.f.Name,
								s.f.Instrs[s.at].Addr, g.want, pf.Instrs[leak].Text, at)
						}
					}
				}
			}
			if missed > 0 {
				t.Errorf("%s: %d of %d planted gadgets not caught", p.goarch, missed, planted)
			}
			what := "a fixed sample"
			if all {
				what = "all"
			}
			t.Logf("%s compiled: %d gadgets x %d sites, %d planted (%s), %d flagged", p.goarch, len(x86ObjGadgets), len(sites), planted, what, planted-missed)
		})
	}
}

// x86ObjCode instantiates g at a site whose state is st.
func x86ObjCode(p x86ObjPlanting, g gadget, st *frame) ([]string, bool) {
	var prefix []string
	s := ""
	for _, r := range p.gp {
		if get(st.regs, r) == secret {
			s = r
			break
		}
	}
	if s == "" {
		// The bytes behind a public pointer, or a secret spilled to the
		// stack.
		for _, r := range p.gp {
			if get(st.regs, r) == public {
				s = p.spare
				prefix = append(prefix, fmt.Sprintf("MOV%s 0(%s), %s", p.q, r, s))
				break
			}
		}
	}
	if s == "" {
		return nil, false
	}
	var scratch []string
	for _, r := range p.scratch {
		if r != s {
			scratch = append(scratch, r)
		}
	}
	byteName := func(r string) string {
		if b := map[string]string{"AX": "AL", "BX": "BL", "CX": "CL", "DX": "DL"}[r]; b != "" {
			return b
		}
		return r + "B"
	}
	code := strings.NewReplacer("{q}", p.q, "{S8}", byteName(s), "{S}", s, "{T8}", byteName(scratch[0]), "{T}", scratch[0],
		"{U}", scratch[1]).Replace(g.code)
	return append(prefix, strings.Split(code, "\n")...), true
}
