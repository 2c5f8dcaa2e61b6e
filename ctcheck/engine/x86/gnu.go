package x86

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// The disassembly front end of x86: GNU objdump's Intel syntax, which
// decodes VEX and EVEX (Go's own disassembler, before Go 1.27, does not,
// and x86asm decodes VZEROUPPER wrong: docs/verification.md). It reads the
// bytes the linker wrote, assembly included, and shares no parser with
// the listing front end.

var (
	gnuFunc = regexp.MustCompile(`^([0-9a-f]+) <(.+)>:$`)
	gnuInst = regexp.MustCompile(`^ *([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$`)
	// A branch or call target: address <symbol+offset>.
	gnuTarget = regexp.MustCompile(`^([0-9a-f]+) <(.+?)(?:\+0x([0-9a-f]+))?>$`)
	gnuMemRE  = regexp.MustCompile(`^(?:(BYTE|WORD|DWORD|QWORD|TBYTE|XMMWORD|YMMWORD|ZMMWORD|FWORD|OWORD) PTR )?(?:([cdefgs]s):)?(?:\[([^\]]*)\]|(0x[0-9a-f]+))(\{1to\d+\})?$`)
)

var (
	gnuVPCMP     = regexp.MustCompile(`^VPCMP(EQ|LT|LE|FALSE|NEQ|NLT|NLE|TRUE)(U?[BWDQ])$`)
	gnuVPCMPPred = map[string]int64{"EQ": 0, "LT": 1, "LE": 2, "FALSE": 3, "NEQ": 4, "NLT": 5, "NLE": 6, "TRUE": 7}
)

var gnuSize = map[string]int{"BYTE": 1, "WORD": 2, "DWORD": 4, "QWORD": 8, "TBYTE": 10, "XMMWORD": 16, "OWORD": 16,
	"YMMWORD": 32, "ZMMWORD": 64, "FWORD": 6}

// disassembleGNU runs GNU objdump on bin and reads the functions that
// keep reports to keep.
func disassembleGNU(ctx context.Context, a *engine.Arch, bin string, keep func(sym string) bool) (*engine.Program, error) {
	cmd := exec.CommandContext(ctx, engine.GNUObjdump, "-d", "-w", "-M", "intel", "--no-addresses=no", bin)
	cmd.Args = []string{engine.GNUObjdump, "-d", "-w", "-M", "intel", bin}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -d %s: %v\n%s", engine.GNUObjdump, bin, err, stderr.Bytes())
	}
	return parseGNU(a, string(out), keep)
}

// decodeGNU decodes code, a function's bytes (machine: objdump's -m) (the listing's dump, with
// its BYTE runs), with GNU objdump, as the compiled front end reads the
// linked binary: the listing's BYTEs become the instructions the CPU
// runs.
func decodeGNU(machine string) func(f *engine.ListingFunc, code []byte) ([]engine.Inst, error) {
	return func(f *engine.ListingFunc, code []byte) ([]engine.Inst, error) { return decodeGNUAs(machine, f, code) }
}

func decodeGNUAs(machine string, f *engine.ListingFunc, code []byte) ([]engine.Inst, error) {
	tmp, err := os.CreateTemp("", "ctcheck-bytes-*.bin")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(code); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	out, err := exec.Command(engine.GNUObjdump, "-D", "-b", "binary", "-m", machine, "-w", "-M", "intel", tmp.Name()).Output()
	if err != nil {
		return nil, fmt.Errorf("%s -D -b binary: %v", engine.GNUObjdump, err)
	}
	var ins []engine.Inst
	for _, line := range strings.Split(string(out), "\n") {
		m := gnuInst.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		hex := strings.ReplaceAll(strings.TrimSpace(m[2]), " ", "")
		in := engine.Inst{Addr: addr, Size: len(hex) / 2, Hex: hex, Text: strings.TrimSpace(m[3])}
		gnuInstruction(f.Func, &in)
		if mn := strings.Fields(in.Text); len(mn) > 0 && (strings.HasPrefix(mn[0], "j") || strings.HasPrefix(mn[0], "call") ||
			strings.HasPrefix(mn[0], "ret") || strings.HasPrefix(mn[0], "loop") || mn[0] == "bnd" || mn[0] == "notrack") {
			// A branch hidden in bytes: its run stays data (fail closed),
			// the listing naming no target there.
			in.Raw = true
		}
		ins = append(ins, in)
	}
	return ins, nil
}

// parseGNU reads GNU objdump -d -w -M intel output.
func parseGNU(a *engine.Arch, out string, keep func(string) bool) (*engine.Program, error) {
	p := engine.NewProgram(a)
	var cur *engine.Func
	flush := func() {
		if cur != nil {
			p.Add(cur)
		}
		cur = nil
	}
	for _, line := range strings.Split(out, "\n") {
		// (A header ends in ">:": the regular expression runs on those
		// lines only, of a million.)
		if strings.HasSuffix(line, ">:") {
			if m := gnuFunc.FindStringSubmatch(line); m != nil {
				flush()
				if keep(m[2]) {
					cur = &engine.Func{Name: m[2], Frame: -1}
				}
				continue
			}
		}
		if cur == nil {
			continue
		}
		m := gnuInst.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		hex := strings.ReplaceAll(strings.TrimSpace(m[2]), " ", "")
		in := engine.Inst{Addr: addr, Size: len(hex) / 2, Hex: hex, Text: strings.TrimSpace(m[3])}
		gnuInstruction(cur, &in)
		cur.Insts = append(cur.Insts, in)
	}
	flush()
	if len(p.Funcs) == 0 {
		return nil, fmt.Errorf("objdump printed none of the functions")
	}
	return p, nil
}

// gnuPrefixes are instruction prefixes GNU prints as words.
var gnuPrefixes = engine.OpSet("rep", "repz", "repnz", "repe", "repne", "lock", "data16", "addr32", "cs", "ds", "es", "ss", "fs", "gs",
	"notrack", "bnd", "rex", "rex.W", "rex.B", "rex.X", "rex.R", "rex.WB", "rex.WR", "rex.WX", "rex.RB", "rex.WRB", "rex.WXB")

// gnuInstruction reads one instruction's text into in, in the canonical
// form of model.go.
var gnuPCLMUL = regexp.MustCompile(`^(V?)PCLMUL[LH]Q[LH]QDQ$`)

func gnuInstruction(f *engine.Func, in *engine.Inst) {
	text := in.Text
	if i := strings.Index(text, "#"); i >= 0 {
		text = strings.TrimSpace(text[:i])
	}
	fields := strings.Fields(text)
	for len(fields) > 0 && gnuPrefixes[fields[0]] {
		if fields[0] != "cs" && fields[0] != "data16" && fields[0] != "ds" && fields[0] != "notrack" && fields[0] != "bnd" {
			in.Op = "?" + strings.ToUpper(fields[0]) // REP, LOCK: not modelled
			return
		}
		fields = fields[1:]
	}
	if len(fields) == 0 || fields[0] == "(bad)" {
		in.Op, in.Raw = "(bad)", true
		return
	}
	in.Op = strings.ToUpper(fields[0])
	if m := gnuPCLMUL.FindStringSubmatch(in.Op); m != nil {
		// GNU names PCLMULQDQ's immediate in the mnemonic
		// (pclmullqhqdq: 0x10): which halves are multiplied, not the
		// flow.
		in.Op = m[1] + "PCLMULQDQ"
	}
	if in.Op == "MOVABS" {
		in.Op = "MOV" // GNU's name of MOV with a 64-bit immediate or address: the listing's MOVQ $imm64
	}
	rest := strings.TrimSpace(strings.Join(fields[1:], " "))
	if rest == "" {
		return
	}
	for _, s := range gnuSplit(rest) {
		a, ok := gnuArg(f, in, s)
		if !ok {
			in.Op, in.Args = "?"+in.Op, nil
			return
		}
		in.Args = append(in.Args, a)
	}
	// GNU names VPCMP's predicates in the mnemonic (vpcmpnequb): Go's
	// VPCMPUB with its immediate, whatever the predicate.
	if m := gnuVPCMP.FindStringSubmatch(in.Op); m != nil && (m[1] != "EQ" || strings.HasPrefix(m[2], "U")) {
		in.Op = "VPCMP" + m[2]
		in.Args = append(in.Args, engine.Arg{Kind: engine.ArgImm, Imm: gnuVPCMPPred[m[1]]})
	}
	if in.Op == "XCHG" && len(in.Args) == 2 && in.Args[0].Width == 2 && in.Args[0].IsReg("AX") && in.Args[1].IsReg("AX") {
		in.Op, in.Args = "NOP", nil // 66 90
	}
	// The comment of an RIP-relative operand names its symbol.
	if i := strings.Index(in.Text, "# "); i >= 0 {
		if t := gnuTarget.FindStringSubmatch(strings.TrimSpace(in.Text[i+2:])); t != nil {
			for j := range in.Args {
				if in.Args[j].Kind == engine.ArgMem && in.Args[j].Global && in.Args[j].Reg == "" {
					// The symbol and the offset in it, as the listing's
					// sym+8(SB) has them (the displacement from RIP says
					// nothing more).
					in.Args[j].Sym, in.Args[j].Imm = t[2], 0
					if t[3] != "" {
						in.Args[j].Imm, _ = strconv.ParseInt(t[3], 16, 64)
					}
				}
			}
		}
	}
}

// gnuArg reads one operand.
func gnuArg(f *engine.Func, in *engine.Inst, s string) (engine.Arg, bool) {
	// An opmask: a destination register's (zmm5{k3}{z}), or a masked
	// store's after its memory operand (ZMMWORD PTR [rsp-0x80]{k1}); not
	// an embedded broadcast's {1toN}.
	if i := strings.LastIndex(s, "{"); i > 0 && (!strings.Contains(s, "[") || strings.LastIndex(s, "]") < i) &&
		!strings.Contains(s[i:], "1to") {
		i = strings.Index(s, "{")
		for _, deco := range strings.Split(strings.TrimSuffix(s[i+1:], "}"), "}{") {
			switch {
			case deco == "z":
				in.Zero = true
			case len(deco) == 2 && deco[0] == 'k':
				in.Mask = "K" + deco[1:]
			default:
				return engine.Arg{}, false // {sae}, rounding
			}
		}
		s = s[:i]
	}
	if loc, w, off, ok := gnuReg(s); ok {
		return engine.Arg{Kind: engine.ArgReg, Reg: loc, Width: w, Off: off, Name: s}, true
	}
	if v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64); err == nil && strings.HasPrefix(s, "0x") {
		return engine.Arg{Kind: engine.ArgImm, Imm: int64(v)}, true
	}
	if v, err := strconv.ParseUint(s, 10, 8); err == nil {
		return engine.Arg{Kind: engine.ArgImm, Imm: int64(v)}, true // the shift by 1 of D1 /n: "rcl r10,1"
	}
	if t := gnuTarget.FindStringSubmatch(s); t != nil {
		addr, _ := strconv.ParseUint(t[1], 16, 64)
		if t[2] == f.Name {
			return engine.Arg{Kind: engine.ArgTarget, Target: addr}, true
		}
		if t[3] != "" {
			return engine.Arg{Kind: engine.ArgSym, Sym: t[2] + "+0x" + t[3]}, true // into the middle of another function
		}
		return engine.Arg{Kind: engine.ArgSym, Sym: t[2]}, true
	}
	if m := gnuMemRE.FindStringSubmatch(s); m != nil {
		a := engine.Arg{Kind: engine.ArgMem, Width: gnuSize[m[1]]}
		if m[5] != "" {
			a.Name = "broadcast"
		}
		if m[2] == "fs" || m[2] == "gs" {
			a.Global = true // thread-local storage
		}
		if m[4] != "" {
			v, _ := strconv.ParseUint(m[4][2:], 16, 64)
			a.Imm, a.Global = int64(v), true // absolute
			return a, true
		}
		if !gnuAddress(&a, m[3]) {
			return engine.Arg{}, false
		}
		return a, true
	}
	return engine.Arg{}, false
}

// gnuAddress reads base+index*scale+disp into a.
func gnuAddress(a *engine.Arg, expr string) bool {
	terms := regexp.MustCompile(`[+-]?[^+-]+`).FindAllString(expr, -1)
	for _, t := range terms {
		neg := strings.HasPrefix(t, "-")
		t = strings.TrimLeft(t, "+-")
		switch {
		case strings.HasPrefix(t, "0x"):
			v, err := strconv.ParseUint(t[2:], 16, 64)
			if err != nil {
				return false
			}
			if neg {
				a.Imm -= int64(v)
			} else {
				a.Imm += int64(v)
			}
		case t == "rip" || t == "eip":
			a.Global = true
		case strings.Contains(t, "*"):
			r, sc, _ := strings.Cut(t, "*")
			loc, _, _, ok := gnuReg(r)
			if !ok || neg {
				return false
			}
			a.Index = loc
			a.Scale, _ = strconv.Atoi(sc)
		default:
			loc, _, _, ok := gnuReg(t)
			if !ok || neg {
				return false
			}
			if a.Reg == "" {
				a.Reg = loc
			} else {
				a.Index, a.Scale = loc, 1
			}
		}
	}
	return true
}

// A gnuRegister is a general register as GNU names one of its parts: the
// location, the width of the part and its offset.
type gnuRegister struct {
	loc    string
	w, off int
}

// gnuGP maps GNU's 64-, 32-, 16- and 8-bit register names to Go's.
var gnuGP = func() map[string]gnuRegister {
	m := map[string]gnuRegister{}
	legacy := [][5]string{ // 64 32 16 8 8-high
		{"rax", "eax", "ax", "al", "ah"}, {"rcx", "ecx", "cx", "cl", "ch"}, {"rdx", "edx", "dx", "dl", "dh"},
		{"rbx", "ebx", "bx", "bl", "bh"}, {"rsp", "esp", "sp", "spl", ""}, {"rbp", "ebp", "bp", "bpl", ""},
		{"rsi", "esi", "si", "sil", ""}, {"rdi", "edi", "di", "dil", ""},
	}
	for i, names := range legacy {
		for j, n := range names {
			if n == "" {
				continue
			}
			off := 0
			if j == 4 {
				off = 1
			}
			m[n] = gnuRegister{x86GP[i], []int{8, 4, 2, 1, 1}[j], off}
		}
	}
	for r := 8; r <= 15; r++ {
		for suffix, w := range map[string]int{"": 8, "d": 4, "w": 2, "b": 1, "l": 1} {
			m["r"+strconv.Itoa(r)+suffix] = gnuRegister{"R" + strconv.Itoa(r), w, 0}
		}
	}
	return m
}()

func gnuReg(s string) (loc string, width, off int, ok bool) {
	if g, ok := gnuGP[s]; ok {
		return g.loc, g.w, g.off, true
	}
	for prefix, w := range map[string]int{"xmm": 16, "ymm": 32, "zmm": 64} {
		if n, found := strings.CutPrefix(s, prefix); found {
			if v, err := strconv.Atoi(n); err == nil && v >= 0 && v < 32 {
				return "X" + n, w, 0, true
			}
		}
	}
	if len(s) == 2 && s[0] == 'k' && s[1] >= '0' && s[1] <= '7' {
		return "K" + s[1:], 8, 0, true
	}
	return "", 0, 0, false
}

// gnuSplit splits Intel-syntax operands at the commas outside a memory
// operand's brackets and a mask's braces: zmm5{k3},zmm7,[rax+rdx*1].
func gnuSplit(s string) []string {
	var out []string
	depth := 0 // [rax+rbx], {k1}, and a symbol <F[go.shape.struct { X int; Y []int }]>
	cur := strings.Builder{}
	for _, r := range s {
		switch {
		case strings.ContainsRune("[{(<", r):
			depth++
		case strings.ContainsRune("]})>", r):
			depth--
		case r == ',' && depth == 0:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteRune(r)
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// ParseGNULine reads one x86 instruction as GNU objdump prints it in Intel
// syntax ("mov rbx,QWORD PTR [rax]"), in function f. An instruction it
// cannot read has an Op that starts with "?".
func ParseGNULine(f *engine.Func, line string) engine.Inst {
	in := engine.Inst{Text: line}
	gnuInstruction(f, &in)
	return in
}
