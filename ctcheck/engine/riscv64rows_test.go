package engine

import (
	"strings"
	"testing"
)

// The riscv64 model's rows, built at RVA23 (below it, the assembler makes
// a sequence of each Zbb and Zicond instruction). Locations: X1-X31,
// F0-F31, V0-V31 (a vector register group at LMUL n is n of them), and
// the vector unit's state (LMUL, a partial vl), which a row's pre sets:
// "M1", "M8", "partial".

var riscv64Table = &isaTable{
	arch: riscv64Arch, env: []string{"GORISCV64=rva23u64"}, minGo: "go1.26", rows: riscv64Rows, objRows: riscv64ObjRows,
	probes:    append(append(numbered("X", 5, 12), "X1", "F1", "F2"), numbered("V", 0, 31)...),
	objProbes: append(numbered("X", 1, 12), "F1"),
	ops:       RISCV64Ops(), objOnly: "NOP SLTZ SGTZ ZEXTW",
	pre: func(st *State, pre string) {
		for _, p := range strings.Fields(pre) {
			if p == "partial" {
				st.SetLevel(rvvPartial, Secret)
			} else {
				st.SetLevel(rvvLMUL+strings.TrimPrefix(p, "M"), Secret)
			}
		}
	},
}

func riscv64Rows() []tableRow {
	rows := []tableRow{
		{ins: "RET", leak: "X1", want: "return to an address that depends on secret data (X1)"}, {ins: "JMP l"},
		{ins: "JMP (X5)", always: wJump},
		{ins: "JALR X1, (X5)", always: wJump, flow: "-> X1"},
		{ins: "CALL ·rowTarget(SB)", flow: "-> X1"},
		// The assembler relocates only the JALs it makes of a CALL, a JMP or
		// a prologue's call of the stack growth: one written by hand keeps
		// offset 0, and calls itself in the binary (see the objRows).
		{ins: "JAL X5, ·rowTarget(SB)", flow: "-> X5", always: "call linking X5", sourceOnly: "no relocation: JAL X5 to itself"},
		{ins: "JAL X5, runtime·morestack_noctxt(SB)", flow: "-> X5", sourceOnly: "no relocation: JAL X5 to itself"},
		{ins: "LUI $167, X5", flow: "-> X5"},
		{ins: "AUIPC $167, X5", flow: "-> X5"},
		{ins: "MOV X5, X6", flow: "X5 -> X6"},
		{ins: "MOV $8(X5), X6", flow: "X5 -> X6"},
		{ins: "MOV $0(X5), X6", flow: "X5 -> X6"},
		{ins: "MOV $1, X6", flow: "-> X6"},
		{ins: "MOV (X5), X6", flow: "MEM -> X6", leak: "X5", want: wAddr},
		{ins: "MOV 8(X2), X6", flow: "-> X6"},
		{ins: "MOV 8(SP), X6", flow: "-> X6"},
		{ins: "MOV x+0(FP), X6", flow: "-> X6"},
		{ins: "MOV X6, 8(X2)"},
		{ins: "MOV X6, ret+8(FP)"},
		{ins: "MOV X6, (X5)", always: wStore, leak: "X5", want: wAddr},
		{ins: "MOV ·rtTable(SB), X6", flow: "-> X6"},
		{ins: "MOVD (X5), F1", flow: "MEM -> F1", leak: "X5", want: wAddr},
		{ins: "MOVF F1, F2", flow: "F1 -> F2"},
		{ins: "MOVD F1, F2", flow: "F1 -> F2"},
		{ins: "ADDI $-16, X2, X2"},
		{ins: "ADDI $8, X5, X2", flow: "X5 -> X2", leak: "X5", want: "stack pointer set from secret data"},
		{ins: "XOR X5, X5, X6", flow: "-> X6"},
		{ins: "SUB X5, X5, X6", flow: "-> X6"},
		{ins: "ADD X0, X5, X6", flow: "X5 -> X6"},
		{ins: "ADD X5, X6", flow: "X5 X6 -> X6"},
		{ins: "CPOP X5, X6", always: wClosed},
		{ins: "FADDD F1, F2, F3", always: wClosed},
		{ins: "FSQRTD F1, F2", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "FDIVD F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		{ins: "FDIVS F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		{ins: "FSQRTS F1, F2", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "MULHSU X5, X6, X7", flow: "X5 X6 -> X7"},
		// The vector unit: VSETVLI sets LMUL and whether vl = VLMAX.
		{ins: "VSETVLI X5, E8, M8, TU, MU, X6", needs: "v", flow: "X5 -> X6", leak: "X5", want: "vector length depends on secret X5"},
		{ins: "VSETVLI X0, E8, M8, TA, MA, X6", needs: "v", flow: "-> X6"},
		{ins: "VSETVLI X5, E16, M8, TA, MA, X6", always: wClosed},
		{ins: "VXORVV V1, V2, V3", needs: "v", always: "vector instruction before any VSETVLI"},
		{ins: "VXORVV V1, V2, V3", needs: "v", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VXORVV V1, V1, V3", needs: "v", pre: "M1", flow: "-> V3"},
		{ins: "VXORVV V1, V1, V3", needs: "v", pre: "M1 partial", flow: "V3 -> V3"},
		{ins: "VXORVV V2, V2, V4", needs: "v", pre: "M1 M2", flow: "V4 -> V4; V5 -> V5"},
		{ins: "VORVV V1, V2, V3", needs: "v", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VANDVV V1, V2, V3", needs: "v", pre: "M1", flow: "V1 V2 -> V3"},
		{ins: "VORVV V8, V16, V24", needs: "v", pre: "M8", flow: "V8 V9 V10 V11 V12 V13 V14 V15 V16 V17 V18 V19 V20 V21 V22 V23 -> " +
			"V24 V25 V26 V27 V28 V29 V30 V31"},
		{ins: "VXORVV V1, V2, V4", needs: "v", pre: "M2", always: "V1 is not a vector register group at LMUL 2", flow: "V2 V3 -> V4 V5"},
		{ins: "VLE8V (X10), V1", needs: "v", pre: "M1", flow: "MEM -> V1", leak: "X10", want: wAddr},
		{ins: "VLE8V (X10), V1", needs: "v", pre: "M1 partial", flow: "MEM -> V1", leak: "X10", want: wAddr},
		{ins: "VLE8V (X2), V1", pre: "M1", always: wClosed},
		{ins: "VMSNEVI $0, V1, V3", needs: "v", pre: "M1", flow: "V1 V3 -> V3"},
		{ins: "VMSNEVI $0, V8, V3", needs: "v", pre: "M8", flow: "V8 V9 V10 V11 V12 V13 V14 V15 -> V3"},
		{ins: "VCPOPM V1, X6", needs: "v", pre: "M1", flow: "V1 -> X6"},
		{ins: "VREDORVS V1, V2, V3", needs: "v", pre: "M1", flow: "V1 V2 V3 -> V3"},
		{ins: "VADDVV V1, V2, V3", pre: "M1", always: wClosed},
	}
	rows = append(rows, rowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", tableRow{ins: "OP (X5), X6", flow: "MEM -> X6", leak: "X5", want: wAddr})...)
	// At rva23u64 the assembler extends with Zba's ADD.UW and Zbb's
	// ZEXT.H, SEXT.H and SEXT.B.
	rows = append(rows, rowsOf("MOVW MOVWU/zba MOVH/zbb MOVHU/zbb MOVB/zbb MOVBU", tableRow{ins: "OP X5, X6", flow: "X5 -> X6"})...)
	rows = append(rows, rowsOf("MOV MOVW MOVH MOVB", tableRow{ins: "OP X5, 16(X2)"})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL MULH MULHU ADDW SUBW SLLW SRLW SRAW MULW "+
		"ADDUW/zba SH1ADD/zba SH2ADD/zba SH3ADD/zba SH1ADDUW/zba SH2ADDUW/zba SH3ADDUW/zba ANDN/zbb ORN/zbb XNOR/zbb ROL/zbb ROR/zbb ROLW/zbb RORW/zbb MIN/zbb MAX/zbb MINU/zbb MAXU/zbb "+
		"CZEROEQZ/zicond CZERONEZ/zicond", tableRow{ins: "OP X5, X6, X7", flow: "X5 X6 -> X7"})...)
	rows = append(rows, rowsOf("ADDI ANDI ORI XORI SLLI SRLI SRAI SLTI SLTIU ADDIW SLLIW SRLIW SRAIW SLLIUW/zba RORI/zbb RORIW/zbb",
		tableRow{ins: "OP $3, X6, X7", flow: "X6 -> X7"})...)
	rows = append(rows, rowsOf("NEG NEGW NOT SEQZ SNEZ ZEXTH/zbb SEXTB/zbb SEXTH/zbb REV8/zbb ORCB/zbb",
		tableRow{ins: "OP X5, X6", flow: "X5 -> X6"})...)
	rows = append(rows, rowsOf("DIV DIVU REM REMU DIVW DIVUW REMW REMUW",
		tableRow{ins: "OP X5, X6, X7", flow: "X5 X6 -> X7", leak: "X5 X6", want: wLatency})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BGE BLTU BGEU BGT BLE BGTU BLEU",
		tableRow{ins: "OP X5, X6, l", leak: "X5 X6", want: "conditional branch on secret X5, X6"})...)
	rows = append(rows, rowsOf("BEQZ BNEZ BLTZ BGEZ BLEZ BGTZ",
		tableRow{ins: "OP X5, l", leak: "X5", want: "conditional branch on secret X5"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), what it makes of a hand-written JAL to a
// symbol, and branch targets decoded from the encoding. Each row is "HEX
// TEXT" as go tool objdump prints it.

func riscv64ObjRows() []tableRow {
	return []tableRow{
		{ins: "00000013 NOP"},
		{ins: "0005a313 SLTZ X5, X6", flow: "X5 -> X6"},
		{ins: "0005a313 SGTZ X5, X6", flow: "X5 -> X6"},
		{ins: "0805033b ZEXTW X5, X6", needs: "zba", flow: "X5 -> X6"},
		{ins: "0080006f JMP 2(PC)"},
		{ins: "00000463 BEQ X5, X6, 2(PC)", leak: "X5 X6", want: "conditional branch on secret X5, X6"},
		{ins: "00000463 BEQ X5, X6, 3(PC)", always: wClosed}, // the text and the encoding disagree
		{ins: "21a0 JMP 2(PC)"},
		{ins: "ffc50293 CALL (X5)", always: wJump, flow: "-> X1"},
		// A JAL to a symbol written by hand, which the assembler does not
		// relocate: a call of the function itself, linking X5.
		{ins: "000002ef JAL X5, main.f(SB)", always: "call linking X5"},
	}
}

// TestRISCV64RotateNeeds: below rva22u64 the assembler writes a rotate as
// shifts and an OR (ANDN, ORN and XNOR with a NOT), which need no extension; at rva22u64 and above it is
// Zbb's.
func TestRISCV64RotateNeeds(t *testing.T) {
	for _, c := range []struct{ op, level, want string }{
		{"RORI", "rva20u64", ""},
		{"RORIW", "rva20u64", ""},
		{"ROR", "rva20u64", ""},
		{"RORI", "rva22u64", "zbb"},
		{"ROLW", "rva23u64", "zbb"},
		{"ANDN", "rva20u64", ""},
		{"XNOR", "rva22u64", "zbb"},
		{"REV8", "rva20u64", "zbb"},
	} {
		in := &Inst{Op: c.op, Args: []Arg{{Kind: ArgImm, Imm: 3}, {Kind: ArgReg, Reg: "X5"}, {Kind: ArgReg, Reg: "X6"}}}
		if got := strings.Join(riscv64Needs(in, c.level), " "); got != c.want {
			t.Errorf("%s at %s needs %q, want %q", c.op, c.level, got, c.want)
		}
	}
}
