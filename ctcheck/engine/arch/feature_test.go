package arch

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/ctchecktest"
	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The holes that a red team found in the checks (ctequal's issue 32), and
// its false alarms, each a program of its own read by both front ends: a
// leak must draw the marked finding at its line from each check, and
// nothing else may draw one.
var featureCases = []struct {
	name, goarch string
	env          []string
	files        map[string]string
	roots        []string
	needs        map[string][]string // by function
	claims       map[string][]string
	flags        map[string]string
}{
	{
		// F3 0F BC and BD run as REP BSF and REP BSR, whose latency
		// depends on the operand, where the CPU has no BMI1 or LZCNT.
		name: "tzcnt in an SSE2 kernel", goarch: "amd64",
		files: map[string]string{"k_amd64.s": `
TEXT ·sse2Kernel(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	MOVOU	(AX), X0
	MOVQ	X0, BX
	TZCNTQ	BX, CX // want "needs CPU feature bmi1"
	LZCNTQ	BX, DX // want "needs CPU feature lzcnt"
	MOVQ	CX, ret+48(FP)
	RET

TEXT ·bmiKernel(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	MOVQ	(AX), BX
	TZCNTQ	BX, CX
	LZCNTQ	BX, DX
	ANDNQ	CX, DX, CX
	MOVQ	CX, ret+48(FP)
	RET
`, "main.go": funcsMain("sse2Kernel", "bmiKernel")},
		roots: []string{"main.sse2Kernel.abi0", "main.bmiKernel.abi0"},
		needs: map[string][]string{"main.sse2Kernel": {"sse2"}, "main.bmiKernel": {"bmi1", "lzcnt"}},
	},
	{
		// The compiler tests runtime.x86HasPOPCNT before POPCNT below v2,
		// as a register loaded from it or as the flag itself.
		name: "popcnt behind the runtime's flag", goarch: "amd64",
		files: map[string]string{"k_amd64.s": `
TEXT ·guarded(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	MOVQ	(AX), BX
	MOVBLZX	runtime·x86HasPOPCNT(SB), CX
	TESTL	CX, CX
	JEQ	soft
	POPCNTQ	BX, DX
soft:
	CMPB	runtime·x86HasPOPCNT(SB), $1
	JNE	done
	POPCNTQ	BX, DX
done:
	POPCNTQ	BX, DX // want "needs CPU feature popcnt"
	MOVQ	DX, ret+48(FP)
	RET
`, "main.go": funcsMain("guarded")},
		roots: []string{"main.guarded.abi0"},
	},
	{
		// A register permute is constant time.
		name: "vpermd", goarch: "amd64",
		files: map[string]string{"k_amd64.s": `
TEXT ·permute(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	VMOVDQU	(AX), Y0
	VMOVDQU	32(AX), Y1
	VPERMD	Y0, Y1, Y2
	VPERMD	Z0, Z1, Z2
	VPTEST	Y2, Y2
	SETEQ	ret+48(FP)
	VZEROUPPER
	RET
`, "main.go": funcsMain("permute")},
		roots: []string{"main.permute.abi0"},
		needs: map[string][]string{"main.permute": {"avx2", "avx", "avx512f"}},
	},
	{
		// Which bytes a masked store writes, and a masked load reads, is
		// the mask's.
		name: "masked store under a secret mask", goarch: "amd64",
		files: map[string]string{"k_amd64.s": `
TEXT ·masked(SB), NOSPLIT, $0-56
	MOVQ	x_base+0(FP), AX
	VMOVDQU64	(AX), Z1
	VPTESTMB	Z1, Z1, K1
	VMOVDQU8	Z0, K1, -128(SP) // want "masked memory access under a secret mask"
	VMOVDQU8.Z	64(AX), K1, Z2 // want "masked memory access under a secret mask"
	MOVQ	x_len+8(FP), CX
	MOVQ	$-1, DX
	SHLXQ	CX, DX, DX
	NOTQ	DX
	KMOVQ	DX, K2
	VMOVDQU8.Z	(AX), K2, Z3
	VMOVDQU8	Z3, K2, -128(SP)
	VZEROUPPER
	RET
`, "main.go": funcsMain("masked")},
		roots: []string{"main.masked.abi0"},
		needs: map[string][]string{"main.masked": {"avx512f", "avx512bw", "bmi2", "avx"}},
	},
	{
		// A 64-bit constant: MOVQ $imm64 in the listing, movabs in GNU's
		// disassembly.
		name: "wide immediate, amd64", goarch: "amd64",
		files: map[string]string{"main.go": wideMain},
		roots: []string{"main.mix"},
	},
	{
		// MOVD $c in the listing, MOVD and three MOVK in the disassembly;
		// bits.TrailingZeros64 is RBIT and CLZ.
		name: "wide immediate and rbit, arm64", goarch: "arm64",
		files: map[string]string{"main.go": wideMain},
		roots: []string{"main.mix", "main.trailing"},
	},
	{
		// PSTATE.DIT turned off after the barrier and before the inputs
		// are read; a kernel that reads them without setting it; and the
		// shipped pattern, which sets it only where the CPU has DIT and
		// the caller had it off, restores it after the last instruction on
		// the data, and passes.
		name: "DIT turned off", goarch: "arm64",
		files: map[string]string{"k_arm64.s": ditKernel("ditOff", "\tMSR\t$0, DIT // want \"DIT turned off before\"\n", "// want \"DIT may be off\"") +
			ditKernel("ditKept", "", "") +
			strings.Replace(ditKernel("ditNeverSet", "", "// want \"DIT may be off\""), "\tMSR\t$1, DIT\n", "", 1) + `
GLOBL ·useDIT(SB), NOPTR, $1
GLOBL ·useSB(SB), NOPTR, $1
`, "main.go": funcsMain("ditOff", "ditKept", "ditNeverSet")},
		roots:  []string{"main.ditOff.abi0", "main.ditKept.abi0", "main.ditNeverSet.abi0"},
		claims: map[string][]string{"main.ditOff": {"dit"}, "main.ditKept": {"dit"}, "main.ditNeverSet": {"dit"}},
		flags:  map[string]string{"main.useDIT": "dit", "main.useSB": "sb"},
	},
}

// funcsMain declares each of names func(x, y []byte) int and refers to it.
func funcsMain(names ...string) string {
	var b strings.Builder
	b.WriteString("package main\n\n")
	for _, n := range names {
		fmt.Fprintf(&b, "func %s(x, y []byte) int\n", n)
	}
	fmt.Fprintf(&b, "\nvar sink []any\n\nfunc main() { sink = append(sink, %s) }\n", strings.Join(names, ", "))
	return b.String()
}

const wideMain = `package main

import (
	"encoding/binary"
	"math/bits"
)

//go:noinline
func mix(x []byte) uint64 { return binary.LittleEndian.Uint64(x) * 0x9E3779B97F4A7C15 }

//go:noinline
func trailing(x []byte) int { return bits.TrailingZeros64(binary.LittleEndian.Uint64(x)) }

var sink uint64

func main() { sink = mix(nil) + uint64(trailing(nil)) }
`

// ditKernel is arm64's shipped pattern: PSTATE.DIT set where useDIT says
// the CPU has it and the caller has it off, behind the speculation
// barrier, and restored after the answer's store; off is put after the
// barrier, and load marks the first load of the inputs.
func ditKernel(name, off, load string) string {
	return strings.NewReplacer("NAME", name, "OFF\n", off, "LOAD", load).Replace(`
TEXT ·NAME(SB), NOSPLIT, $0-56
	MOVD	x_base+0(FP), R0
	MOVBU	·useDIT(SB), R6
	CBZ	R6, NAME_start
	MRS	DIT, R7
	TBNZ	$24, R7, NAME_start
	MSR	$1, DIT
	MOVBU	·useSB(SB), R3
	CBNZ	R3, NAME_sb
	DSB	$7
	ISB	$15
	JMP	NAME_start
NAME_sb:
	WORD	$0xd50330ff
NAME_start:
OFF
	MOVD	(R0), R3 LOAD
	CMP	$0, R3 LOAD
	CSET	EQ, R3 LOAD
	MOVD	R3, ret+48(FP) LOAD
	CBZ	R6, NAME_done
	TBNZ	$24, R7, NAME_done
	MSR	$0, DIT
NAME_done:
	RET
`)
}

// TestFeatureCases runs each case through both checks.
func TestFeatureCases(t *testing.T) {
	for _, c := range featureCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			files := maps.Clone(c.files)
			for name, text := range files {
				if strings.HasSuffix(name, ".s") {
					files[name] = rowtest.AsmHeader + text
				}
			}
			src, bin := rowtest.BuildFiles(t, For(c.goarch, rowtest.ToolVersion()), c.env, files)
			policy := engine.Policy{
				Needs: func(sym string) []string { return c.needs[sym] },
				Modes: func(sym string) []string { return c.claims[sym] },
				Flags: func(sym string) string { return c.flags[sym] },
			}
			for _, check := range []struct {
				name rowtest.Check
				p    *engine.Program
			}{{rowtest.Source, src}, {rowtest.Compiled, bin}} {
				an, err := engine.NewAnalysis(check.p, func(sym string) bool { return strings.HasPrefix(sym, "main.") })
				if err != nil {
					t.Fatal(err)
				}
				an.Policy = policy
				r, err := an.Run(c.roots)
				if err != nil {
					t.Fatal(err)
				}
				checkCaseFindings(t, check.name, files, r.Findings)
			}
		})
	}
}

// checkCaseFindings checks that findings hold, in each of files, a
// finding at each line marked // want "reason" whose reason holds that
// text, and none at any other line.
func checkCaseFindings(t *testing.T, check rowtest.Check, files map[string]string, findings []engine.Finding) {
	t.Helper()
	type at struct {
		file string
		line int
	}
	want, got := map[at]string{}, map[at][]string{}
	for name, text := range files {
		for line, w := range ctchecktest.Wants([]byte(text)) {
			want[at{name, line}] = w
		}
	}
	for _, f := range findings {
		k := at{filepath.Base(f.File), f.Line}
		got[k] = append(got[k], f.Reason)
	}
	for k, w := range want {
		if !slices.ContainsFunc(got[k], func(r string) bool { return strings.Contains(r, w) }) {
			t.Errorf("%s check: %s:%d: want a finding %q, got %q", check, k.file, k.line, w, got[k])
		}
	}
	for k, reasons := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s check: %s:%d: unexpected findings %q", check, k.file, k.line, reasons)
		}
	}
}
