package kernelchecktest

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
)

// Agree checks that the two front ends read the same instructions in
// each function of funcs: at every address the assembler or the
// compiler encoded an instruction, the disassembler decoded one of the
// same length and the same canonical opcode, and it decoded nothing in
// between. Where one listed instruction is several machine instructions
// (arm64's MOVD sym(SB), R: ADRP and a load), the architecture's
// expands says so. A disassembler that decodes a length wrong (x86asm's
// VZEROUPPER) fails here.
func Agree(t testing.TB, b kernelcheck.Build, src, bin *engine.Program, funcs []string) {
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
