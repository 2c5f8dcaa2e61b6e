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
		{"running off the end", []string{"NOPL"}, "runs off the end"},
		{"a branch into nowhere", []string{"JMP 0x1002"}, "not an instruction"},
	} {
		t.Run(c.name, func(t *testing.T) {
			funcs, err := ParseObjdump(objdump(append([][]string{append([]string{"main.compare"}, c.body...)}, stubs...)...))
			if err != nil {
				t.Fatal(err)
			}
			r, err := CheckBinary("amd64", funcs)
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
	if _, err := CheckBinary("amd64", funcs); err == nil || !strings.Contains(err.Error(), "missing") {
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
