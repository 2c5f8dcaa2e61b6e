package ctcheck

import (
	"fmt"
	"strings"
	"testing"
)

// objdump writes what go tool objdump would print for functions given as
// a name and instructions, one per element, "HEX TEXT" or "TEXT", at 4
// bytes apart from 0x1000 per function. A branch target @N is the address
// of the function's instruction N.
func objdump(funcs ...[]string) string {
	var b strings.Builder
	for f, lines := range funcs {
		base := 0x1000 * (f + 1)
		fmt.Fprintf(&b, "TEXT %s(SB) x.go\n", lines[0])
		for i, l := range lines[1:] {
			hex, text := "90909090", l
			if h, t, ok := strings.Cut(l, " "); ok && isHex(h) {
				hex, text = h, t
			}
			if j := strings.Index(text, "@"); j >= 0 {
				var n int
				fmt.Sscan(text[j+1:], &n)
				text = text[:j] + fmt.Sprintf("%#x", base+4*n)
			}
			fmt.Fprintf(&b, "  x.go:%d\t%#x\t\t%s\t\t%s\n", i+1, base+4*i, hex, text)
		}
	}
	return b.String()
}

func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return len(s) >= 4
}

// stubs are the driver's other two roots, and a kernel to call.
var stubs = [][]string{
	{"main.equal", "RET"},
	{"main.equalString", "RET"},
	{kernelsPkg() + "Equal", "XORL AX, AX", "RET"},
}

var callEqual = "CALL " + kernelsPkg() + "Equal(SB)"

// TestFlowRules checks the rules of the analysis on amd64 code written for
// each: where a secret comes from, where it goes, and what it may not do.
func TestFlowRules(t *testing.T) {
	for _, c := range []struct {
		name string
		body []string
		want string // a finding's reason; "" for none
	}{
		{"a length branch is public", []string{"CMPQ BX, $0x40", "JL @3", "NOPL", "RET"}, ""},
		{"loaded bytes are secret", []string{"MOVQ 0(AX), CX", "TESTQ CX, CX", "JE @3", "RET"}, "conditional branch on secret flags"},
		{"a kernel's answer is secret", []string{callEqual, "TESTQ AX, AX", "JNE @3", "RET"}, "conditional branch on secret flags"},
		{"a secret spilled and reloaded is secret", []string{"MOVQ 0(AX), CX", "MOVQ CX, 0x10(SP)", "XORL CX, CX",
			"MOVQ 0x10(SP), DX", "TESTQ DX, DX", "JE @6", "RET"}, "conditional branch on secret flags"},
		{"a public spill is public", []string{"MOVQ BX, 0x10(SP)", "MOVQ 0x10(SP), DX", "TESTQ DX, DX", "JE @4", "RET"}, ""},
		{"an overwritten slot is public", []string{"MOVQ 0(AX), CX", "MOVQ CX, 0x10(SP)", "MOVQ BX, 0x10(SP)",
			"MOVQ 0x10(SP), DX", "TESTQ DX, DX", "JE @6", "RET"}, ""},
		{"slots move with the stack pointer", []string{"MOVQ 0(AX), CX", "MOVQ CX, 0x10(SP)", "SUBQ $0x8, SP",
			"MOVQ 0x18(SP), DX", "ADDQ $0x8, SP", "TESTQ DX, DX", "JE @7", "RET"}, "conditional branch on secret flags"},
		{"the goroutine is static", []string{"CMPQ SP, 0x10(R14)", "JBE @2", "RET"}, ""},
		{"a pointer argument is not", []string{"CMPQ SP, 0x10(R13)", "JBE @2", "RET"}, "conditional branch on secret flags"},
		{"a table lookup", []string{"MOVZX 0(AX), CX", "LEAQ p.tab(SB), DX", "MOVZX 0(DX)(CX*1), AX", "RET"},
			"memory address depends on secret CX"},
		{"a select on secret flags is no branch", []string{"MOVQ 0(AX), CX", "TESTQ CX, CX", "SETE AL", "RET"}, ""},
		{"a secret argument", []string{"MOVQ 0(AX), AX", callEqual, "RET"}, "secret argument in AX"},
		{"an unknown instruction", []string{"CPUID", "RET"}, "instruction not modelled (fail closed)"},
		{"an indirect call", []string{"CALL AX", "RET"}, "indirect call or jump (fail closed)"},
		{"an unknown callee", []string{"CALL runtime.memequal(SB)", "RET"}, "does not follow (fail closed)"},
		{"a store outside the frame", []string{"MOVQ 0(AX), CX", "MOVQ CX, p.v(SB)", "RET"}, "store outside the stack frame"},
		{"an unknown stack pointer", []string{"MOVQ AX, SP", "MOVQ 0x8(SP), CX", "RET"}, "stack pointer is unknown"},
		{"a panic does not return", []string{"CMPQ BX, CX", "JA @3", "RET", "CALL runtime.panicBounds(SB)", "CPUID"}, ""},
		// Issue 20's plants, compiled: a branch on CX, a carry chain through
		// SBB r, r, and a bit test addressed by a secret offset.
		{"JRCXZ on a secret CX", []string{"MOVQ 0(AX), CX", "XORL DX, DX", "JRCXZ @4", "NOPL", "RET"}, "conditional branch on secret CX"},
		{"JECXZ on a public CX", []string{"MOVQ BX, CX", "JECXZ @3", "NOPL", "RET"}, ""},
		{"LOOP on a secret CX", []string{"MOVQ 0(AX), CX", "XORL DX, DX", "LOOP @4", "NOPL", "RET"}, "conditional branch on secret CX"},
		{"LOOPNE on secret flags", []string{"MOVQ BX, CX", "MOVQ 0(AX), DX", "TESTQ DX, DX", "LOOPNE @5", "NOPL", "RET"},
			"conditional branch on secret CX or flags"},
		{"SBB r, r is -CF", []string{"MOVQ 0(AX), R9", "NEGQ R9", "SBBQ R10, R10", "TESTQ R10, R10", "JNE @6", "NOPL", "RET"},
			"conditional branch on secret flags"},
		{"ADC r, r carries the flags", []string{"MOVQ 0(AX), R9", "NEGQ R9", "MOVL $0x0, R10", "ADCQ R10, R10", "XORL DX, DX",
			"TESTQ R10, R10", "JNE @8", "NOPL", "RET"}, "conditional branch on secret flags"},
		{"BT mem by a secret offset", []string{"MOVQ 0(AX), R8", "BTQ R8, p.tab(SB)", "RET"}, "memory address depends on secret R8"},
		{"BT mem by a public offset", []string{"BTQ BX, p.tab(SB)", "SETB AL", "RET"}, ""},
		{"running off the end", []string{"NOPL"}, "runs off the end"},
		{"a branch into nowhere", []string{"JMP 0x1002"}, "not an instruction"},
	} {
		t.Run(c.name, func(t *testing.T) {
			funcs, err := ParseObjdump(objdump(append([][]string{append([]string{"main.compare"}, c.body...)}, stubs...)...))
			if err != nil {
				t.Fatal(err)
			}
			r, err := CheckBinary("amd64", "", funcs)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range r.Findings {
				got = append(got, f.Reason)
			}
			switch all := strings.Join(got, "; "); {
			case c.want == "" && len(got) > 0:
				t.Errorf("want no finding, got %s", all)
			case c.want != "" && !strings.Contains(all, c.want):
				t.Errorf("want a finding %q, got %q", c.want, all)
			}
		})
	}
}

// TestFlowMissingCallee: a function on the path that the disassembly
// lacks is an error, not a pass.
func TestFlowMissingCallee(t *testing.T) {
	funcs, err := ParseObjdump(objdump([]string{"main.compare", "CALL " + kernelsPkg() + "missing(SB)", "RET"}, stubs[0], stubs[1]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckBinary("amd64", "", funcs); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("want an error naming the missing callee, got %v", err)
	}
}

// TestBranchTargets checks the decoders of the architectures whose
// disassembler does not print exact targets, on instructions from real
// builds, against the instruction that the build has at the target.
func TestBranchTargets(t *testing.T) {
	for _, c := range []struct {
		arch   string
		decode func(*BinInstr) (uint64, bool)
		addr   uint64
		hex    string
		want   uint64
	}{
		{"riscv64 BLTU", riscvObjTarget, 0x7c4d4, "02236263", 0x7c4f8},
		{"riscv64 BLT to a 2-byte boundary", riscvObjTarget, 0x7c50a, "0055cb63", 0x7c520},
		{"riscv64 JMP", riscvObjTarget, 0x7c51c, "2d60006f", 0x7c7f2},
		{"riscv64 C.J", riscvObjTarget, 0x1000, "21a0", 0x1008},
		{"s390x CMPUBGE", s390xObjTarget, 0xad716, "ecaf0106a065", 0xad922},
		{"s390x BR", s390xObjTarget, 0xadaa0, "a7f40098", 0xadbd0},
		{"s390x BRCL", s390xObjTarget, 0x1000, "c0f4fffffff0", 0x1000 - 0x20},
		{"arm64 BLS", arm64ObjTarget, 0xa3158, "54000c89", 0xa3158 + 400},
		{"arm64 TBZ", arm64ObjTarget, 0x1000, "362800e2", 0x1000 + 28},
		{"arm64 B back", arm64ObjTarget, 0x1000, "17ffffb1", 0x1000 - 4*0x4f},
		{"loong64 BEQZ", loong64ObjTarget, 0xa01b8, "40003680", 0xa01ec},
		{"loong64 BEQ", loong64ObjTarget, 0xa01d0, "58000ca8", 0xa01dc},
		{"loong64 B", loong64ObjTarget, 0xa01d8, "50000800", 0xa01e0},
	} {
		got, ok := c.decode(&BinInstr{Addr: c.addr, Hex: c.hex})
		if !ok || got != c.want {
			t.Errorf("%s %s at %#x: got %#x, %v; want %#x", c.arch, c.hex, c.addr, got, ok, c.want)
		}
	}
}

// TestFlowToolchainForms checks the model on the instructions and the ABI
// of the older Go releases that go.mod's go line admits (Go 1.24 and 1.25),
// which TestCompiledShipped meets only when run with such a toolchain.
func TestFlowToolchainForms(t *testing.T) {
	for _, c := range []struct {
		name, arch, goVersion string
		body                  []string
		want                  string // a finding's reason; "" for none
	}{
		// arm64, Go 1.24: NEG src, dst does not read dst.
		{"arm64 NEG src, dst", "arm64", "go1.24.13", []string{"MOVD (R0), R9", "MOVD R1, R8", "NEG R8, R9", "MOVD (R0)(R9), R10", "RET"}, ""},
		{"arm64 NEG of a secret", "arm64", "go1.24.13", []string{"MOVD (R0), R8", "NEG R8, R9", "MOVD (R0)(R9), R10", "RET"},
			"memory address depends on secret R9"},
		// loong64, Go 1.24: a zero extension by a bit field.
		{"loong64 BSTRPICKV of a public", "loong64", "go1.24.13", []string{"BSTRPICKV $31, R5, $0, R6", "CALL " + kernelsPkg() + "Equal(SB)", "RET"}, ""},
		{"loong64 BSTRPICKV of a secret", "loong64", "go1.24.13", []string{"MOVV (R4), R11", "BSTRPICKV $31, R11, $0, R6",
			"CALL " + kernelsPkg() + "Equal(SB)", "RET"}, "secret argument in R6"},
		// s390x, Go 1.24 and 1.25: arguments on the stack, stored by STMG;
		// BR R14 printed as JMP R14, BRC 15 as JMP.
		{"s390x STMG of a secret argument, stack ABI", "s390x", "go1.24.13", []string{"e31020000004 MOVD (R2), R1",
			"eb14f0080024 STMG R1, R4, 8(R15)", "CALL " + kernelsPkg() + "Equal(SB)", "07fe JMP R14"}, "secret argument at offset 0"},
		{"s390x the same, register ABI", "s390x", "go1.26.8", []string{"e31020000004 MOVD (R2), R1",
			"eb14f0080024 STMG R1, R4, 8(R15)", "CALL " + kernelsPkg() + "Equal(SB)", "07fe JMP R14"}, ""},
		{"s390x the same, release not known", "s390x", "", []string{"e31020000004 MOVD (R2), R1",
			"eb14f0080024 STMG R1, R4, 8(R15)", "CALL " + kernelsPkg() + "Equal(SB)", "07fe JMP R14"}, "secret argument at offset 0"},
		{"s390x STMG of public arguments", "s390x", "go1.24.13", []string{"eb14f0080024 STMG R1, R4, 8(R15)",
			"e548f0200001 MVGHI 32(R15), $1", "CALL " + kernelsPkg() + "Equal(SB)", "07fe JMP R14"}, ""},
		{"s390x JMP R14 returns", "s390x", "go1.24.13", []string{"07fe JMP R14", "CPUID"}, ""},
		{"s390x JMP Rn is indirect", "s390x", "go1.24.13", []string{"07f1 JMP R1", "CPUID"}, "indirect call or jump"},
		{"s390x AND mem, R as Go 1.25 prints NG", "s390x", "go1.25.14", []string{"e320f0380080 AND 56(R15), R2", "07fe JMP R14"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			stubs := [][]string{{"main.equal", "RET"}, {"main.equalString", "RET"}, {kernelsPkg() + "Equal", "RET"}}
			if c.arch == "s390x" {
				for i := range stubs {
					stubs[i][1] = "07fe JMP R14"
				}
			}
			funcs, err := ParseObjdump(objdump(append([][]string{append([]string{"main.compare"}, c.body...)}, stubs...)...))
			if err != nil {
				t.Fatal(err)
			}
			r, err := CheckBinary(c.arch, c.goVersion, funcs)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range r.Findings {
				got = append(got, f.Reason)
			}
			switch all := strings.Join(got, "; "); {
			case c.want == "" && len(got) > 0:
				t.Errorf("want no finding, got %s", all)
			case c.want != "" && !strings.Contains(all, c.want):
				t.Errorf("want a finding %q, got %q", c.want, all)
			}
		})
	}
}
