package loong64

import (
	"strconv"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The loong64 model's rows. Locations: R0-R31, F0-F31, FCC0-FCC7, and
// the vector registers' other lanes: Xn is Fn, Xn.1, Xn.2 and Xn.3, Vn is
// Fn and Xn.1 (loong64RowLanes).

var loong64Table = &rowtest.Table{
	Arch: LOONG64, MinGo: "go1.26", Rows: loong64Rows, ObjRows: loong64ObjRows, Lanes: loong64RowLanes,
	Probes: append(append(engine.Numbered("R", 4, 12), "R1", "F1", "F2", "F3", "FCC0", "FCC1"),
		"X1.1", "X1.2", "X1.3", "X2.1", "X2.2", "X2.3", "X3.1", "X3.2", "X3.3"),
	ObjProbes: append(engine.Numbered("R", 4, 12), "R20", "F0", "F1", "F2", "FCC0", "FCC1"),
	Ops:       opcodes(), ObjOnly: "LU12IW LU32ID LU52ID PCALAU12I PCADDU12I",
}

func loong64Rows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "RET", Leak: "R1", Want: "return to an address that depends on secret data (R1)"}, {Ins: "JMP l"}, {Ins: "NOOP"},
		{Ins: "JMP (R5)", Always: rowtest.Jump},
		{Ins: "CALL ·rowTarget(SB)", Flow: "-> R1"},
		{Ins: "BEQ R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "BNE R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "BGEZ R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "BLEZ R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "BLTZ R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "BGTZ R4, l", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "MOVV R4, R5", Flow: "R4 -> R5"},
		{Ins: "MOVV $1, R5", Flow: "-> R5"},
		{Ins: "MOVV (R4), R5", Flow: "MEM -> R5", Leak: "R4", Want: rowtest.Addr},
		{Ins: "MOVV (R4)(R6), R5", Flow: "MEM -> R5", Leak: "R4 R6", Want: rowtest.Addr},
		{Ins: "MOVV 8(R3), R5", Flow: "-> R5"},
		{Ins: "MOVV R5, 8(R3)"},
		{Ins: "MOVV R5, (R4)", Always: rowtest.Store, Leak: "R4", Want: rowtest.Addr},
		{Ins: "MOVV ·rtTable(SB), R5", Flow: "-> R5"},
		{Ins: "MOVV $·rtTable(SB), R5", Flow: "-> R5"},
		{Ins: "MOVV x+0(FP), R5", Flow: "-> R5"},
		{Ins: "MOVV R5, ret+8(FP)"},
		{Ins: "MOVV R5, t-8(SP)", Text: "NOSPLIT, $16-64"},
		{Ins: "MOVV R4, t-8(SP)\n\tMOVV t-8(SP), R5", Flow: "R4 -> R5", Text: "NOSPLIT, $16-64"},
		{Ins: "ADDV $-16, R3"},
		{Ins: "ADDV $-16, R3, R3"},
		{Ins: "XOR R4, R4, R5", Flow: "-> R5"},
		{Ins: "SUBV R4, R4, R5", Flow: "-> R5"},
		{Ins: "ADDV R4, R5", Flow: "R4 R5 -> R5"},
		{Ins: "ADDV16 $65536, R11, R9", Flow: "R11 -> R9"},
		{Ins: "BSTRPICKV $31, R4, $0, R5", Flow: "R4 -> R5"},
		{Ins: "BSTRPICKW $31, R4, $0, R5", Flow: "R4 -> R5"},
		{Ins: "CPUCFG R4, R5", Always: rowtest.Closed},
		{Ins: "SQRTD F1, F2", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "SQRTF F1, F2", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "DIVD F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "DIVF F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		// Floating point: a 32-bit result keeps the upper half's level.
		{Ins: "BFPT l", Leak: "FCC0", Want: "conditional branch on secret FCC0"},
		{Ins: "BFPF l", Leak: "FCC0", Want: "conditional branch on secret FCC0"},
		{Ins: "BFPT FCC1, l", Leak: "FCC1", Want: "conditional branch on secret FCC1"},
		{Ins: "MULD F1, F2", Flow: "F1 F2 -> F2", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "MOVW R4, F1", Flow: "R4 F1 -> F1"},
		{Ins: "MOVV R4, F1", Flow: "R4 -> F1"},
		{Ins: "MOVV F1, R4", Flow: "F1 -> R4"},
		{Ins: "MOVF F1, F2", Flow: "F1 F2 -> F2"},
		{Ins: "MOVF (R4), F1", Flow: "MEM -> F1", Leak: "R4", Want: rowtest.Addr},
		{Ins: "FMADDD F1, F2, F3", Always: rowtest.Closed},
		// LSX and LASX. An LSX result leaves the LASX register's upper
		// half undefined: it keeps its level and takes the result's.
		{Ins: "VMOVQ (R4), V3", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ 16(R4), V3", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "XVMOVQ (R4), X3", Needs: "lasx", Flow: "MEM -> X3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "XVMOVQ -32(R4), X3", Needs: "lasx", Flow: "MEM -> X3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ V1, (R4)", Needs: "lsx", Always: rowtest.Store, Leak: "R4", Want: rowtest.Addr},
		{Ins: "XVMOVQ X1, (R4)", Needs: "lasx", Always: rowtest.Store, Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ V1, 8(R3)", Needs: "lsx"},
		{Ins: "XVMOVQ X1, 8(R3)", Needs: "lasx"},
		{Ins: "VMOVQ V1.V[0], R5", Needs: "lsx", Flow: "F1 -> R5"},
		{Ins: "VMOVQ V1.V[1], R5", Needs: "lsx", Flow: "X1.1 -> R5"},
		{Ins: "XVMOVQ X1.V[0], R5", Needs: "lasx", Flow: "F1 -> R5"},
		{Ins: "XVMOVQ X1.V[1], R5", Needs: "lasx", Flow: "X1.1 -> R5"},
		{Ins: "XVMOVQ X1.V[2], R5", Needs: "lasx", Flow: "X1.2 -> R5"},
		{Ins: "XVMOVQ X1.V[3], R5", Needs: "lasx", Flow: "X1.3 -> R5"},
		{Ins: "VXORV V1, V1, V3", Needs: "lsx", Flow: "-> V3; -> +X3.2 +X3.3"},
		{Ins: "XVXORV X1, X1, X3", Needs: "lasx", Flow: "-> X3"},
		{Ins: "XVORV X1, X2", Needs: "lasx", Flow: "X1 X2 -> X2"},
		{Ins: "VORV V1, V2", Needs: "lsx", Flow: "V1 V2 -> V2 +X2.2 +X2.3"},
		// The replicating loads (VLDREPL): one element into every lane.
		{Ins: "VMOVQ (R4), V3.B16", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ 2(R4), V3.H8", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ -4(R4), V3.W4", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "VMOVQ 8(R4), V3.V2", Needs: "lsx", Flow: "MEM -> V3 +X3.2 +X3.3", Leak: "R4", Want: rowtest.Addr},
		// The lane moves of narrower elements (VPICKVE2GR) read the
		// 8-byte lane that holds them; an insertion (VINSGR2VR) of one
		// keeps the rest of its lane.
		{Ins: "VMOVQ V1.B[15], R5", Needs: "lsx", Flow: "X1.1 -> R5"},
		{Ins: "VMOVQ V1.H[5], R5", Needs: "lsx", Flow: "X1.1 -> R5"},
		{Ins: "VMOVQ V1.W[1], R5", Needs: "lsx", Flow: "F1 -> R5"},
		{Ins: "VMOVQ V1.W[3], R5", Needs: "lsx", Flow: "X1.1 -> R5"},
		{Ins: "XVMOVQ X1.W[5], R5", Needs: "lasx", Flow: "X1.2 -> R5"},
		{Ins: "VMOVQ R5, V1.V[0]", Needs: "lsx", Flow: "R5 -> F1; R5 X1.1 -> +X1.2 +X1.3"},
		{Ins: "VMOVQ R5, V1.V[1]", Needs: "lsx", Flow: "R5 -> X1.1; R5 F1 -> +X1.2 +X1.3"},
		{Ins: "VMOVQ R5, V1.W[2]", Needs: "lsx", Flow: "R5 -> +X1.1; R5 F1 X1.1 -> +X1.2 +X1.3"},
		{Ins: "VMOVQ R5, V1.H[6]", Needs: "lsx", Flow: "R5 -> +X1.1; R5 F1 X1.1 -> +X1.2 +X1.3"},
		{Ins: "VMOVQ R5, V1.B[9]", Needs: "lsx", Flow: "R5 -> +X1.1; R5 F1 X1.1 -> +X1.2 +X1.3"},
		{Ins: "XVMOVQ R5, X1.W[5]", Needs: "lasx", Flow: "R5 -> +X1.2"},
		{Ins: "XVMOVQ R5, X1.V[3]", Needs: "lasx", Flow: "R5 -> X1.3"},
		// The integer operations, of two registers or a register and a
		// constant, in their two-operand forms (Vd is a source).
		{Ins: "VADDW V1, V2", Needs: "lsx", Flow: "V1 V2 -> V2 +X2.2 +X2.3"},
		{Ins: "VROTRW $7, V1", Needs: "lsx", Flow: "V1 -> V1 +X1.2 +X1.3"},
		// VSHUF4IV picks doublewords of Vj and of Vd.
		{Ins: "VSHUF4IV $9, V1, V3", Needs: "lsx", Flow: "V1 V3 -> V3; V1 V3 -> +X3.2 +X3.3"},
		{Ins: "REVB2W R4, R5", Flow: "R4 -> R5"},
		{Ins: "REVBV R4, R5", Flow: "R4 -> R5"},
		// What the model does not know fails closed: a compare that sets
		// a flag, a replication of a general register.
		{Ins: "VSEQV V1, V2, V3", Always: rowtest.Closed,
			SourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
		{Ins: "XVSETALLNEV X1, FCC0", Always: rowtest.Closed,
			SourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
		{Ins: "VMOVQ R5, V1.W4", Always: rowtest.Closed,
			SourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
	}
	rows = append(rows, rowtest.RowsOf("CMPEQD CMPEQF CMPGED CMPGEF CMPGTD CMPGTF", rowtest.Row{Ins: "OP F1, F2, FCC1", Flow: "F1 F2 -> FCC1"})...)
	rows = append(rows, rowtest.RowsOf("ADDD SUBD MULD", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("FMIND FMAXD", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("ADDF SUBF MULF", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 F3 -> F3", Leak: "F1 F2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("FMINF FMAXF", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 F3 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("NEGD ABSD MOVFD MOVWD MOVVD MOVFV MOVDV TRUNCFV TRUNCDV FFINTDW FFINTDV FTINTRZVF "+
		"FTINTRZVD FTINTVF FTINTVD", rowtest.Row{Ins: "OP F1, F3", Flow: "F1 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("NEGF ABSF MOVDF MOVWF MOVVF MOVDW MOVFW TRUNCDW TRUNCFW FFINTFW FFINTFV FTINTRZWD "+
		"FTINTRZWF FTINTWD FTINTWF", rowtest.Row{Ins: "OP F1, F3", Flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", rowtest.Row{Ins: "OP (R4), R5", Flow: "MEM -> R5", Leak: "R4", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("MOVD", rowtest.Row{Ins: "OP (R4), F1", Flow: "MEM -> F1", Leak: "R4", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("ADDV SUBV ADD SUB AND OR XOR NOR ANDN ORN SLLV SRLV SRAV ROTRV SLL SRL SRA ROTR "+
		"MULV MULVU MULHV MULHVU MUL SGT SGTU MASKEQZ MASKNEZ", rowtest.Row{Ins: "OP R4, R5, R6", Flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowtest.RowsOf("ALSLV ALSLW ALSLWU", rowtest.Row{Ins: "OP $2, R4, R5, R6", Flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowtest.RowsOf("NEGV NEGW", rowtest.Row{Ins: "OP R4, R5", Flow: "R4 -> R5"})...)
	rows = append(rows, rowtest.RowsOf("DIVV DIVVU REMV REMVU DIV DIVU REM REMU",
		rowtest.Row{Ins: "OP R4, R5, R6", Flow: "R4 R5 -> R6", Leak: "R4 R5", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("VANDV VORV VXORV VNORV VANDNV VORNV",
		rowtest.Row{Ins: "OP V1, V2, V3", Needs: "lsx", Flow: "V1 V2 -> V3; V1 V2 -> +X3.2 +X3.3"})...)
	rows = append(rows, rowtest.RowsOf("XVANDV XVORV XVXORV XVNORV XVANDNV XVORNV",
		rowtest.Row{Ins: "OP X1, X2, X3", Needs: "lasx", Flow: "X1 X2 -> X3"})...)
	rows = append(rows, rowtest.RowsOf("VADDW VADDV VILVLW VILVLV VILVHW VILVHV VMULWEVVWU",
		rowtest.Row{Ins: "OP V1, V2, V3", Needs: "lsx", Flow: "V1 V2 -> V3; V1 V2 -> +X3.2 +X3.3"})...)
	rows = append(rows, rowtest.RowsOf("VROTRW VROTRV VSHUF4IW",
		rowtest.Row{Ins: "OP $3, V1, V3", Needs: "lsx", Flow: "V1 -> V3; V1 -> +X3.2 +X3.3"})...)
	rows = append(rows, rowtest.RowsOf("BEQ BNE BLT BGE BLTU BGEU", rowtest.Row{Ins: "OP R4, R5, l", Leak: "R4 R5", Want: "conditional branch on secret R4, R5"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), and branch targets decoded from the
// encoding. Each row is "HEX TEXT" as go tool objdump prints it.

func loong64ObjRows() []rowtest.Row {
	return []rowtest.Row{
		{Ins: "14000a04 LU12IW $80, R4", Flow: "-> R4"},
		{Ins: "16000a04 LU32ID $80, R4", Flow: "R4 -> R4"},
		{Ins: "03000084 LU52ID $0, R4, R4", Flow: "R4 -> R4"},
		{Ins: "03278ca5 LU52ID $-1565, R5", Flow: "R5 -> R5"}, // rj and rd the same: two operands
		{Ins: "1a000004 PCALAU12I $0, R4", Flow: "-> R4"},
		{Ins: "1c000004 PCADDU12I $0, R4", Flow: "-> R4"},
		{Ins: "13fffd69 Unknown ADDU16I.D $-1, R11, R9", Flow: "R11 -> R9"},
		{Ins: "58000885 BEQ R4, R5, 2(PC)", Leak: "R4 R5", Want: "conditional branch on secret R4, R5"},
		{Ins: "40000880 BEQ R4, 2(PC)", Leak: "R4", Want: "conditional branch on secret R4"},
		{Ins: "40000880 BEQ R4, 3(PC)", Always: rowtest.Closed},
		{Ins: "00128e94 SGTU R3, R20", Flow: "R20 -> R20"},
		{Ins: "0340fca5 MOVBU R5", Flow: "R5 -> R5"},
		{Ins: "48000800 BFPF 2(PC)", Leak: "FCC0", Want: "conditional branch on secret FCC0"},
		{Ins: "48000920 BFPT 2(PC)", Leak: "FCC1", Want: "conditional branch on secret FCC1"},
		{Ins: "48000800 BFPF 3(PC)", Always: rowtest.Closed},
		{Ins: "0c238020 CMPGED F0, F1, FCC0", Flow: "F0 F1 -> FCC0"},
		{Ins: "011d2020 FFINTDW F1, F0", Flow: "F1 -> F0"},
		{Ins: "01050800 MULD F2, F0", Flow: "F2 F0 -> F0", Leak: "F2 F0", Want: rowtest.Latency},
		// No release's go tool objdump decodes LSX or LASX: loong64Word
		// reads the ones the model knows from the encoding, and the rest
		// stay data: VSEQ.D V3, V2, V1, XVSETALLNEZ.D FCC0, X1.
		{Ins: "70018443 ?", Always: "data in a TEXT symbol"},
		{Ins: "769cbc20 ?", Always: "data in a TEXT symbol"},
		{Ins: "2c000081 ?", Needs: "lsx", Op: "VMOVQ", Flow: "MEM -> V1 +X1.2 +X1.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "76efec25 ?", Needs: "lasx", Op: "XVMOVQ", Flow: "X1.3 -> R5"},
		{Ins: "75270443 ?", Needs: "lasx", Op: "XVXORV", Flow: "X1 X2 -> X3"},
		// vldrepl.w v1, r4, -4 (a negative offset, in words); vrotri.d
		// v2, v1, 63; vshuf4i.w v2, v1, 0x93; vpickve2gr.b r6, v2, 15;
		// vinsgr2vr.h v1, r5, 3; vmulwev.d.wu v3, v2, v1.
		{Ins: "302ffc81 ?", Needs: "lsx", Op: "VMOVQ", Flow: "MEM -> V1 +X1.2 +X1.3", Leak: "R4", Want: rowtest.Addr},
		{Ins: "72a1fc22 ?", Needs: "lsx", Op: "VROTRV", Flow: "V1 -> V2 +X2.2 +X2.3"},
		{Ins: "739a4c22 ?", Needs: "lsx", Op: "VSHUF4IW", Flow: "V1 -> V2 +X2.2 +X2.3"},
		{Ins: "72efbc46 ?", Needs: "lsx", Op: "VMOVQ", Flow: "X2.1 -> R6"},
		{Ins: "72ebcca1 ?", Needs: "lsx", Op: "VMOVQ", Flow: "R5 -> +F1; R5 F1 X1.1 -> +X1.2 +X1.3"},
		{Ins: "70990443 ?", Needs: "lsx", Op: "VMULWEVVWU", Flow: "V1 V2 -> V3; V1 V2 -> +X3.2 +X3.3"},
	}
}

// loong64RowLanes expands a row's location: Xn is Fn, Xn.1, Xn.2 and
// Xn.3; Vn is Fn and Xn.1; any other name is itself.
func loong64RowLanes(name string) []string {
	if n, ok := engine.RegNum(name, "X", 0, 31); ok {
		return []string{"F" + strconv.Itoa(n), engine.Lane(name, 1), engine.Lane(name, 2), engine.Lane(name, 3)}
	}
	if n, ok := engine.RegNum(name, "V", 0, 31); ok {
		x := "X" + strconv.Itoa(n)
		return []string{"F" + strconv.Itoa(n), engine.Lane(x, 1)}
	}
	return []string{name}
}

func TestRows(t *testing.T) { rowtest.Run(t, loong64Table) }

func TestObjdumpForms(t *testing.T) { rowtest.RunObjdumpForms(t, loong64Table) }
