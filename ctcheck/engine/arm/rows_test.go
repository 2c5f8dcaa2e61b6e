package arm

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The arm model's rows. Locations: R0-R15, FLAGS, FPSCR, F0-F15.

var armTable = &rowtest.Table{
	Arch: ARM, MinGo: "go1.26", Rows: armRows, ObjRows: armObjRows,
	Probes:    append(engine.Numbered("R", 0, 9), "R14", "FLAGS", "FPSCR", "F1", "F2", "F3"),
	ObjProbes: append(engine.Numbered("R", 0, 4), "FLAGS", "FPSCR", "F0", "F1"),
	Ops:       opcodes(), ObjOnly: "NOP",
	// ADD.S, MOVW.EQ: the opcode without its suffixes.
	Op: func(op string) string {
		b, _, _ := strings.Cut(op, ".")
		return b
	},
	Pre: func(st *engine.State, pre string) {
		if pre == "mem" {
			st.SetOutside(engine.Secret) // a secret stored outside the frame before
		}
		if n, ok := strings.CutPrefix(pre, "saved "); ok {
			// A frame of n bytes, the return address in its bottom slot,
			// as a prologue leaves it: what RET #n and MOVW.P n(R13), R15
			// pop.
			size, _ := strconv.Atoi(n)
			st.SetFrame(int64(size), 4)
		}
	},
}

func armRows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "RET", Leak: "R14", Want: "return to an address that depends on secret data (R14)"},
		{Ins: "MOVW.P 4(R13), R15", Pre: "saved 4"},
		{Ins: "JMP l"}, {Ins: "B l"},
		{Ins: "JMP 0(PC)"}, // the branch to itself before a literal pool
		{Ins: "BEQ l", Leak: "FLAGS", Want: "conditional branch on secret flags"},
		{Ins: "B (R1)", Always: rowtest.Jump},
		{Ins: "BL (R1)", Always: rowtest.Jump, Flow: "-> R14"},
		{Ins: "BL ·rowTarget(SB)", Flow: "-> R14"},
		{Ins: "MOVW R1, R2", Flow: "R1 -> R2"},
		{Ins: "MOVW $8, R2", Flow: "-> R2"},
		{Ins: "MOVW $·rtTable(SB), R2", Flow: "-> R2"},
		{Ins: "MOVW ·rtTable(SB), R2", Flow: "-> R2"},
		{Ins: "MOVW (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVW R3<<2(R1), R2", Flow: "MEM -> R2", Leak: "R1 R3", Want: rowtest.Addr},
		{Ins: "MOVW 4(R13), R2", Flow: "-> R2"},
		{Ins: "MOVW R2, 4(R13)"},
		{Ins: "MOVW.W R14, -8(R13)"},
		{Ins: "MOVW.P 4(R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVW R2, (R1)", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVW x+0(FP), R2", Flow: "-> R2"},
		{Ins: "MOVW R2, ret+4(FP)"},
		{Ins: "MOVW R2, t-4(SP)", Text: "NOSPLIT, $8-64"},
		{Ins: "MOVW R3, t-4(SP)\n\tMOVW t-4(SP), R2", Flow: "R3 -> R2", Text: "NOSPLIT, $8-64"},
		{Ins: "MOVW.EQ R1, R2", Flow: "R1 R2 FLAGS -> R2"},
		{Ins: "MOVW.EQ (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr, Leak2: "FLAGS", Want2: "memory access under a secret condition"},
		{Ins: "MOVW.NE R2, 4(R13)", Leak2: "FLAGS", Want2: "memory access under a secret condition"},
		{Ins: "ADD $1, R2", Flow: "R2 -> R2"},
		{Ins: "ADD R1<<R4, R2, R3", Flow: "R1 R4 R2 -> R3"},
		{Ins: "ADD R1<<3, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ADD R1->3, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ADD R1@>3, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ADD.S R1, R2, R3", Flow: "R1 R2 -> R3 FLAGS"},
		{Ins: "ADD.EQ R1, R2, R3", Flow: "R1 R2 FLAGS R3 -> R3"},
		{Ins: "ADD.S.EQ R1, R2, R3", Flow: "R1 R2 FLAGS R3 -> R3; R1 R2 FLAGS -> FLAGS"},
		{Ins: "EOR R1, R1, R2", Flow: "-> R2"},
		{Ins: "SUB R1, R1, R2", Flow: "-> R2"},
		{Ins: "MVN R1, R2", Flow: "R1 -> R2"},
		{Ins: "BFC $13, $19, R1", Flow: "R1 -> R1"},
		{Ins: "BFI $8, $4, R1, R2", Flow: "R1 R2 -> R2"},
		{Ins: "BFX $8, $4, R1, R2", Flow: "R1 -> R2"},
		{Ins: "BFXU $8, $4, R1, R2", Flow: "R1 -> R2"},
		{Ins: "BFXU $8, $4, R2", Flow: "R2 -> R2"},
		{Ins: "SUB $8, R13"},
		{Ins: "ADD $8, R13, R13"},
		{Ins: "ADD R1, R13", Flow: "R1 -> R13", Leak: "R1", Want: "stack pointer set from secret data"},
		{Ins: "MOVBU R4@>8, R4", Flow: "R4 -> R4"},
		{Ins: "CLZ R1, R2", Always: rowtest.Closed},
		// Load and store multiple: the listing's MOVM, objdump's LDM and
		// STM with their modes.
		{Ins: "MOVM.IA (R1), [R4,R5]", Op: "LDM", Flow: "MEM -> R4 R5", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVM.IA.W (R1), [R4,R5,R6,R7]", Op: "LDM", Flow: "MEM -> R4 R5 R6 R7", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVM.IB (R13), [R2,R3,R8]", Op: "LDM", Flow: "-> R2 R3 R8"},
		{Ins: "MOVM.IB [R4,R5,R6], (R13)", Op: "STM"},
		{Ins: "MOVM.DB.W [R4,R5], (R1)", Op: "STM", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVM.DA [R4,R5], (R1)", Op: "STM", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVM.IA (R1), [R4,R15]", Op: "LDM", Always: rowtest.Closed},
		{Ins: "MOVM.IA.W (R1), [R1,R2]", Op: "LDM", Always: rowtest.Closed},
		{Ins: "SQRTD F1, F2", Needs: "vfp", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "SQRTF F1, F2", Needs: "vfp", Flow: "F1 -> F2", Leak: "F1", Want: rowtest.Latency},
		{Ins: "DIVD F1, F2, F3", Needs: "vfp", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "DIVF F1, F2, F3", Needs: "vfp", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "MOVD (R1), F1", Needs: "vfp", Flow: "MEM -> F1", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVF (R1), F1", Needs: "vfp", Flow: "MEM -> F1", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVW R1, F2", Flow: "R1 F2 -> F2"},
		{Ins: "MOVW F1, R2", Flow: "F1 -> R2"},
		{Ins: "MOVW FPCR, R1", Flow: "FPSCR -> R1"},
		{Ins: "ADD $0, R14, R15", Leak: "R14", Want: "return to an address that depends on secret data (R14)"},
		{Ins: "ADD $4, R1, R15", Always: rowtest.Jump},
		// VFP: CMPD is VCMP and VMRS, to the FPSCR and the flags.
		{Ins: "CMPD F1, F2", Needs: "vfp", Flow: "F1 F2 -> FPSCR FLAGS"},
		{Ins: "CMPF F1, F2", Needs: "vfp", Flow: "F1 F2 -> FPSCR FLAGS"},
		{Ins: "CMPD F1", Needs: "vfp", Flow: "F1 -> FPSCR FLAGS"},
		{Ins: "MULD F1, F2", Needs: "vfp", Flow: "F1 F2 -> F2", Leak: "F1 F2", Want: rowtest.Latency},
		{Ins: "MOVWD R1, F2", Needs: "vfp", Flow: "R1 -> F2 F15"},
		{Ins: "MOVWF R1, F2", Needs: "vfp", Flow: "R1 F2 -> F2; R1 -> F15"},
		{Ins: "MOVWD F1, F2", Needs: "vfp", Flow: "F1 -> F2"},
		{Ins: "MOVWF F1, F2", Needs: "vfp", Flow: "F1 F2 -> F2"},
		{Ins: "MOVDW F1, R2", Needs: "vfp", Flow: "F1 -> R2 F15"},
		{Ins: "MOVFW F1, R2", Needs: "vfp", Flow: "F1 -> R2 F15"},
		{Ins: "MOVDW F1, F2", Needs: "vfp", Flow: "F1 F2 -> F2"},
	}
	rows = append(rows, rowtest.RowsOf("ADDD/vfp SUBD/vfp MULD/vfp NMULD/vfp", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 -> F3", Leak: "F1 F2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("ADDF/vfp SUBF/vfp MULF/vfp NMULF/vfp", rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 F3 -> F3", Leak: "F1 F2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("MULAD/vfp MULAF/vfp MULSD/vfp MULSF/vfp NMULAD/vfp NMULAF/vfp NMULSD/vfp NMULSF/vfp",
		rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 F3 -> F3", Leak: "F1 F2 F3", Want: rowtest.Latency})...)
	// VFPv4's fused multiply-adds, which go tool objdump prints as ?
	// (golang.org/x/arch's armasm does not decode them).
	rows = append(rows, rowtest.RowsOf("FMULAD/vfp+vfpv4 FMULAF/vfp+vfpv4 FMULSD/vfp+vfpv4 FMULSF/vfp+vfpv4 FNMULAD/vfp+vfpv4 FNMULAF/vfp+vfpv4 FNMULSD/vfp+vfpv4 FNMULSF/vfp+vfpv4",
		rowtest.Row{Ins: "OP F1, F2, F3", Flow: "F1 F2 F3 -> F3", Leak: "F1 F2 F3", Want: rowtest.Latency,
			SourceOnly: "go tool objdump cannot decode VFMA, VFMS, VFNMA, VFNMS"})...)
	rows = append(rows, rowtest.RowsOf("NEGD/vfp ABSD/vfp MOVFD/vfp", rowtest.Row{Ins: "OP F1, F3", Flow: "F1 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("NEGF/vfp ABSF/vfp MOVDF/vfp", rowtest.Row{Ins: "OP F1, F3", Flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowtest.RowsOf("MOVH MOVHU MOVB MOVBU", rowtest.Row{Ins: "OP (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("MOVH MOVHU MOVB MOVBU", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 -> R2"})...)
	rows = append(rows, rowtest.RowsOf("ADD SUB RSB AND ORR EOR BIC MUL MULU SLL SRL SRA", rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 -> R3"})...)
	// The multiplies of a 64-bit product (a constant multiply of uint64).
	rows = append(rows, rowtest.RowsOf("MULA MULS", rowtest.Row{Ins: "OP R1, R2, R3, R4", Flow: "R1 R2 R3 -> R4"})...)
	rows = append(rows, rowtest.RowsOf("MULLU MULL", rowtest.Row{Ins: "OP R1, R2, (R3, R4)", Flow: "R1 R2 -> R3 R4"})...)
	rows = append(rows, rowtest.RowsOf("MULALU MULAL", rowtest.Row{Ins: "OP R1, R2, (R3, R4)", Flow: "R1 R2 R3 R4 -> R3 R4"})...)
	rows = append(rows, rowtest.Row{Ins: "MULA.EQ R1, R2, R3, R4", Flow: "R1 R2 R3 R4 FLAGS -> R4"})
	rows = append(rows, rowtest.RowsOf("ADC SBC RSC", rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"})...)
	rows = append(rows, rowtest.RowsOf("ADC.S", rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowtest.RowsOf("CMP CMN TST TEQ", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 R2 -> FLAGS"})...)
	for _, c := range strings.Fields("NE CS CC MI PL VS VC HI LS GE LT GT LE HS LO") {
		rows = append(rows, rowtest.Row{Ins: "B" + c + " l", Leak: "FLAGS", Want: "conditional branch on secret flags"})
	}
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), the literal pool, and branch targets
// decoded from the encoding. Each row is "HEX TEXT" as go tool objdump
// prints it.

func armObjRows() []rowtest.Row {
	return []rowtest.Row{
		{Ins: "e320f000 NOP"},
		{Ins: "00000000 AND.EQ R0, R0, R0", Flow: "R0 -> R0"}, // the word 0: no change, even under a secret condition
		{Ins: "e49df020 RET #32", Pre: "saved 32"},
		{Ins: "0a000001 B.EQ 0x1010", Leak: "FLAGS", Want: "conditional branch on secret flags"},
		{Ins: "ea000001 B 0x1010"},
		{Ins: "e1a03000 MOVW R0<<$0, R3", Flow: "R0 -> R3"},
		{Ins: "e59f1008 MOVW 0x8(R15), R1", Flow: "-> R1"},
		// The literal pool is text: a secret stored to a global does not
		// reach it.
		{Ins: "e59f1008 MOVW 0x8(R15), R1", Flow: "-> R1", Pre: "mem"},
		{Ins: "e58f1008 MOVW R1, 0x8(R15)", Always: rowtest.Store},
		{Ins: "e7d10000 MOVBU (R1)(R0), R0", Flow: "MEM -> R0", Leak: "R1", Want: rowtest.Addr, Leak2: "R0", Want2: rowtest.Addr},
		{Ins: "e1a02231 LSR R1>>$4, R2", Flow: "R1 R2 -> R2"},
		{Ins: "e1a02231 LSR $4, R1, R2", Flow: "R1 -> R2"},
		{Ins: "e1a07863 ROR $16, R3, R7", Flow: "R3 -> R7"},
		{Ins: "e1a07273 ROR R2, R3, R7", Flow: "R3 R2 -> R7"},
		{Ins: "e28ef000 ADD $0, R14, R15", Leak: "R14", Want: "return to an address that depends on secret data (R14)"},
		{Ins: "eeb40bc1 CMPD F1, F0", Needs: "vfp", Flow: "F1 F0 -> FPSCR"},
		{Ins: "eef1fa10 MOVW FPSCR, APSR_NZCV", Flow: "FPSCR -> FLAGS"},
		{Ins: "ee0f0b10 MOVW R0, F15", Flow: "R0 -> F15"},
		{Ins: "eeb80bcf MOVWD F15, F0", Needs: "vfp", Flow: "F15 -> F0"},
	}
}

func TestRows(t *testing.T) { rowtest.Run(t, armTable) }

func TestObjdumpForms(t *testing.T) { rowtest.RunObjdumpForms(t, armTable) }
