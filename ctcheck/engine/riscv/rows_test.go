package riscv

import (
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The riscv64 model's rows, built at RVA23 (below it, the assembler makes
// a sequence of each Zbb and Zicond instruction). Locations: X1-X31,
// F0-F31, V0-V31 (a vector register group at LMUL n is n of them), and
// the vector unit's state (LMUL, a partial vl), which a row's pre sets:
// "M1", "M8", "partial".

var riscv64Table = &rowtest.Table{
	Arch: RISCV64, Env: []string{"GORISCV64=rva23u64"}, MinGo: "go1.26", Rows: riscv64Rows, ObjRows: riscv64ObjRows,
	Probes:    append(append(engine.Numbered("X", 5, 12), "X1", "F1", "F2"), engine.Numbered("V", 0, 31)...),
	ObjProbes: append(engine.Numbered("X", 1, 12), "F1"),
	Ops:       opcodes(), ObjOnly: "NOP SLTZ SGTZ ZEXTW",
	Pre: func(st *engine.State, pre string) {
		for _, p := range strings.Fields(pre) {
			if p == "partial" {
				st.SetLevel(rvvPartial, engine.Secret)
			} else {
				st.SetLevel(rvvLMUL+strings.TrimPrefix(p, "M"), engine.Secret)
			}
		}
	},
}

func riscv64Rows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "RET", Leak: "X1", Want: "return to an address that depends on secret data (X1)"}, {Ins: "JMP l"},
		{Ins: "JMP (X5)", Always: rowtest.Jump},
		{Ins: "JALR X1, (X5)", Always: rowtest.Jump, Flow: "-> X1"},
		{Ins: "CALL ·rowTarget(SB)", Flow: "-> X1"},
		// The assembler relocates only the JALs it makes of a CALL, a JMP or
		// a prologue's call of the stack growth: one written by hand keeps
		// offset 0, and calls itself in the binary (see the objRows).
		{Ins: "JAL X5, ·rowTarget(SB)", Flow: "-> X5", Always: "call linking X5", SourceOnly: "no relocation: JAL X5 to itself"},
		{Ins: "JAL X5, runtime·morestack_noctxt(SB)", Flow: "-> X5", SourceOnly: "no relocation: JAL X5 to itself"},
		{Ins: "LUI $167, X5", Flow: "-> X5"},
		{Ins: "AUIPC $167, X5", Flow: "-> X5"},
		{Ins: "MOV X5, X6", Flow: "X5 -> X6"},
		{Ins: "MOV $8(X5), X6", Flow: "X5 -> X6"},
		{Ins: "MOV $0(X5), X6", Flow: "X5 -> X6"},
		{Ins: "MOV $1, X6", Flow: "-> X6"},
		{Ins: "MOV (X5), X6", Flow: "MEM -> X6", Leak: "X5", Want: rowtest.Addr},
		{Ins: "MOV 8(X2), X6", Flow: "-> X6"},
		{Ins: "MOV 8(SP), X6", Flow: "-> X6"},
		{Ins: "MOV x+0(FP), X6", Flow: "-> X6"},
		{Ins: "MOV X6, 8(X2)"},
		{Ins: "MOV X6, ret+8(FP)"},
		{Ins: "MOV X6, (X5)", Always: rowtest.Store, Leak: "X5", Want: rowtest.Addr},
		{Ins: "MOV ·rtTable(SB), X6", Flow: "-> X6"},
		{Ins: "MOVD (X5), F1", Flow: "MEM -> F1", Leak: "X5", Want: rowtest.Addr},
		{Ins: "MOVF F1, F2", Flow: "F1 -> F2"},
		{Ins: "MOVD F1, F2", Flow: "F1 -> F2"},
		{Ins: "ADDI $-16, X2, X2"},
		{Ins: "ADDI $8, X5, X2", Flow: "X5 -> X2", Leak: "X5", Want: "stack pointer set from secret data"},
		{Ins: "XOR X5, X5, X6", Flow: "-> X6"},
		{Ins: "SUB X5, X5, X6", Flow: "-> X6"},
		{Ins: "ADD X0, X5, X6", Flow: "X5 -> X6"},
		{Ins: "ADD X5, X6", Flow: "X5 X6 -> X6"},
		{Ins: "CPOP X5, X6", Always: rowtest.Closed},
		{Ins: "FADDD F1, F2, F3", Always: rowtest.Closed},
		{Ins: "FSQRTD F1, F2", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "FDIVD F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "FDIVS F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "FSQRTS F1, F2", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "MULHSU X5, X6, X7", Flow: "X5 X6 -> X7"},
		// The vector unit: VSETVLI sets LMUL and whether vl = VLMAX.
		{Ins: "VSETVLI X5, E8, M8, TU, MU, X6", Needs: "v", Flow: "X5 -> X6", Leak: "X5", Want: "vector length depends on secret X5"},
		{Ins: "VSETVLI X0, E8, M8, TA, MA, X6", Needs: "v", Flow: "-> X6"},
		{Ins: "VSETVLI X5, E16, M8, TA, MA, X6", Always: rowtest.Closed},
		{Ins: "VXORVV V1, V2, V3", Needs: "v", Always: "vector instruction before any VSETVLI"},
		{Ins: "VXORVV V1, V2, V3", Needs: "v", Pre: "M1", Flow: "V1 V2 -> V3"},
		{Ins: "VXORVV V1, V1, V3", Needs: "v", Pre: "M1", Flow: "-> V3"},
		{Ins: "VXORVV V1, V1, V3", Needs: "v", Pre: "M1 partial", Flow: "V3 -> V3"},
		{Ins: "VXORVV V2, V2, V4", Needs: "v", Pre: "M1 M2", Flow: "V4 -> V4; V5 -> V5"},
		{Ins: "VORVV V1, V2, V3", Needs: "v", Pre: "M1", Flow: "V1 V2 -> V3"},
		{Ins: "VANDVV V1, V2, V3", Needs: "v", Pre: "M1", Flow: "V1 V2 -> V3"},
		{Ins: "VORVV V8, V16, V24", Needs: "v", Pre: "M8", Flow: "V8 V9 V10 V11 V12 V13 V14 V15 V16 V17 V18 V19 V20 V21 V22 V23 -> " +
			"V24 V25 V26 V27 V28 V29 V30 V31"},
		{Ins: "VXORVV V1, V2, V4", Needs: "v", Pre: "M2", Always: "V1 is not a vector register group at LMUL 2", Flow: "V2 V3 -> V4 V5"},
		{Ins: "VLE8V (X10), V1", Needs: "v", Pre: "M1", Flow: "MEM -> V1", Leak: "X10", Want: rowtest.Addr},
		{Ins: "VLE8V (X10), V1", Needs: "v", Pre: "M1 partial", Flow: "MEM -> V1", Leak: "X10", Want: rowtest.Addr},
		{Ins: "VLE8V (X2), V1", Pre: "M1", Always: rowtest.Closed},
		{Ins: "VMSNEVI $0, V1, V3", Needs: "v", Pre: "M1", Flow: "V1 V3 -> V3"},
		{Ins: "VMSNEVI $0, V8, V3", Needs: "v", Pre: "M8", Flow: "V8 V9 V10 V11 V12 V13 V14 V15 -> V3"},
		{Ins: "VCPOPM V1, X6", Needs: "v", Pre: "M1", Flow: "V1 -> X6"},
		{Ins: "VREDORVS V1, V2, V3", Needs: "v", Pre: "M1", Flow: "V1 V2 V3 -> V3"},
		{Ins: "VADDVV V1, V2, V3", Pre: "M1", Always: rowtest.Closed},
	}
	rows = append(rows, rowtest.RowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", rowtest.Row{Ins: "OP (X5), X6", Flow: "MEM -> X6", Leak: "X5", Want: rowtest.Addr})...)
	// At rva23u64 the assembler extends with Zba's ADD.UW and Zbb's
	// ZEXT.H, SEXT.H and SEXT.B.
	rows = append(rows, rowtest.RowsOf("MOVW MOVWU/zba MOVH/zbb MOVHU/zbb MOVB/zbb MOVBU", rowtest.Row{Ins: "OP X5, X6", Flow: "X5 -> X6"})...)
	rows = append(rows, rowtest.RowsOf("MOV MOVW MOVH MOVB", rowtest.Row{Ins: "OP X5, 16(X2)"})...)
	rows = append(rows, rowtest.RowsOf("ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL MULH MULHU ADDW SUBW SLLW SRLW SRAW MULW "+
		"ADDUW/zba SH1ADD/zba SH2ADD/zba SH3ADD/zba SH1ADDUW/zba SH2ADDUW/zba SH3ADDUW/zba ANDN/zbb ORN/zbb XNOR/zbb ROL/zbb ROR/zbb ROLW/zbb RORW/zbb MIN/zbb MAX/zbb MINU/zbb MAXU/zbb "+
		"CZEROEQZ/zicond CZERONEZ/zicond", rowtest.Row{Ins: "OP X5, X6, X7", Flow: "X5 X6 -> X7"})...)
	rows = append(rows, rowtest.RowsOf("ADDI ANDI ORI XORI SLLI SRLI SRAI SLTI SLTIU ADDIW SLLIW SRLIW SRAIW SLLIUW/zba RORI/zbb RORIW/zbb",
		rowtest.Row{Ins: "OP $3, X6, X7", Flow: "X6 -> X7"})...)
	rows = append(rows, rowtest.RowsOf("NEG NEGW NOT SEQZ SNEZ ZEXTH/zbb SEXTB/zbb SEXTH/zbb REV8/zbb ORCB/zbb",
		rowtest.Row{Ins: "OP X5, X6", Flow: "X5 -> X6"})...)
	rows = append(rows, rowtest.RowsOf("DIV DIVU REM REMU DIVW DIVUW REMW REMUW",
		rowtest.Row{Ins: "OP X5, X6, X7", Flow: "X5 X6 -> X7", Leak: "X5 X6", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("BEQ BNE BLT BGE BLTU BGEU BGT BLE BGTU BLEU",
		rowtest.Row{Ins: "OP X5, X6, l", Leak: "X5 X6", Want: "conditional branch on secret X5, X6"})...)
	rows = append(rows, rowtest.RowsOf("BEQZ BNEZ BLTZ BGEZ BLEZ BGTZ",
		rowtest.Row{Ins: "OP X5, l", Leak: "X5", Want: "conditional branch on secret X5"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), what it makes of a hand-written JAL to a
// symbol, and branch targets decoded from the encoding. Each row is "HEX
// TEXT" as go tool objdump prints it.

func riscv64ObjRows() []rowtest.Row {
	return []rowtest.Row{
		{Ins: "00000013 NOP"},
		{Ins: "0005a313 SLTZ X5, X6", Flow: "X5 -> X6"},
		{Ins: "0005a313 SGTZ X5, X6", Flow: "X5 -> X6"},
		{Ins: "0805033b ZEXTW X5, X6", Needs: "zba", Flow: "X5 -> X6"},
		{Ins: "0080006f JMP 2(PC)"},
		{Ins: "00000463 BEQ X5, X6, 2(PC)", Leak: "X5 X6", Want: "conditional branch on secret X5, X6"},
		{Ins: "00000463 BEQ X5, X6, 3(PC)", Always: rowtest.Closed}, // the text and the encoding disagree
		{Ins: "21a0 JMP 2(PC)"},
		{Ins: "ffc50293 CALL (X5)", Always: rowtest.Jump, Flow: "-> X1"},
		// A JAL to a symbol written by hand, which the assembler does not
		// relocate: a call of the function itself, linking X5.
		{Ins: "000002ef JAL X5, main.f(SB)", Always: "call linking X5"},
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
		in := &engine.Inst{Op: c.op, Args: []engine.Arg{{Kind: engine.ArgImm, Imm: 3}, {Kind: engine.ArgReg, Reg: "X5"}, {Kind: engine.ArgReg, Reg: "X6"}}}
		if got := strings.Join(riscv64Needs(in, c.level), " "); got != c.want {
			t.Errorf("%s at %s needs %q, want %q", c.op, c.level, got, c.want)
		}
	}
}

func TestRows(t *testing.T) { rowtest.Run(t, riscv64Table) }

func TestObjdumpForms(t *testing.T) { rowtest.RunObjdumpForms(t, riscv64Table) }
