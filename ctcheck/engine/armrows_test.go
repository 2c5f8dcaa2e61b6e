package engine

import (
	"strconv"
	"strings"
)

// The arm model's rows. Locations: R0-R15, FLAGS, FPSCR, F0-F15.

var armTable = &isaTable{
	arch: armArch, minGo: "go1.26", rows: armRows, objRows: armObjRows,
	probes:    append(numbered("R", 0, 9), "R14", "FLAGS", "FPSCR", "F1", "F2", "F3"),
	objProbes: append(numbered("R", 0, 4), "FLAGS", "FPSCR", "F0", "F1"),
	ops:       ARMOps(), objOnly: "NOP",
	// ADD.S, MOVW.EQ: the opcode without its suffixes.
	op: func(op string) string {
		b, _, _ := strings.Cut(op, ".")
		return b
	},
	pre: func(st *State, pre string) {
		if pre == "mem" {
			st.SetOutside(Secret) // a secret stored outside the frame before
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

func armRows() []tableRow {
	rows := []tableRow{
		{ins: "RET", leak: "R14", want: "return to an address that depends on secret data (R14)"},
		{ins: "MOVW.P 4(R13), R15", pre: "saved 4"},
		{ins: "JMP l"}, {ins: "B l"},
		{ins: "JMP 0(PC)"}, // the branch to itself before a literal pool
		{ins: "BEQ l", leak: "FLAGS", want: "conditional branch on secret flags"},
		{ins: "B (R1)", always: wJump},
		{ins: "BL (R1)", always: wJump, flow: "-> R14"},
		{ins: "BL ·rowTarget(SB)", flow: "-> R14"},
		{ins: "MOVW R1, R2", flow: "R1 -> R2"},
		{ins: "MOVW $8, R2", flow: "-> R2"},
		{ins: "MOVW $·rtTable(SB), R2", flow: "-> R2"},
		{ins: "MOVW ·rtTable(SB), R2", flow: "-> R2"},
		{ins: "MOVW (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVW R3<<2(R1), R2", flow: "MEM -> R2", leak: "R1 R3", want: wAddr},
		{ins: "MOVW 4(R13), R2", flow: "-> R2"},
		{ins: "MOVW R2, 4(R13)"},
		{ins: "MOVW.W R14, -8(R13)"},
		{ins: "MOVW.P 4(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVW R2, (R1)", always: wStore, leak: "R1", want: wAddr},
		{ins: "MOVW x+0(FP), R2", flow: "-> R2"},
		{ins: "MOVW R2, ret+4(FP)"},
		{ins: "MOVW R2, t-4(SP)", text: "NOSPLIT, $8-64"},
		{ins: "MOVW R3, t-4(SP)\n\tMOVW t-4(SP), R2", flow: "R3 -> R2", text: "NOSPLIT, $8-64"},
		{ins: "MOVW.EQ R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "MOVW.EQ (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr, leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "MOVW.NE R2, 4(R13)", leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "ADD $1, R2", flow: "R2 -> R2"},
		{ins: "ADD R1<<R4, R2, R3", flow: "R1 R4 R2 -> R3"},
		{ins: "ADD R1<<3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD R1->3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD R1@>3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD.S R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "ADD.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3"},
		{ins: "ADD.S.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3; R1 R2 FLAGS -> FLAGS"},
		{ins: "EOR R1, R1, R2", flow: "-> R2"},
		{ins: "SUB R1, R1, R2", flow: "-> R2"},
		{ins: "MVN R1, R2", flow: "R1 -> R2"},
		{ins: "BFC $13, $19, R1", flow: "R1 -> R1"},
		{ins: "BFI $8, $4, R1, R2", flow: "R1 R2 -> R2"},
		{ins: "BFX $8, $4, R1, R2", flow: "R1 -> R2"},
		{ins: "BFXU $8, $4, R1, R2", flow: "R1 -> R2"},
		{ins: "BFXU $8, $4, R2", flow: "R2 -> R2"},
		{ins: "SUB $8, R13"},
		{ins: "ADD $8, R13, R13"},
		{ins: "ADD R1, R13", flow: "R1 -> R13", leak: "R1", want: "stack pointer set from secret data"},
		{ins: "MOVBU R4@>8, R4", flow: "R4 -> R4"},
		{ins: "CLZ R1, R2", always: wClosed},
		{ins: "MOVM.IA [R1,R2], (R3)", always: wClosed},
		{ins: "SQRTD F1, F2", needs: "vfp", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "SQRTF F1, F2", needs: "vfp", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "DIVD F1, F2, F3", needs: "vfp", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		{ins: "DIVF F1, F2, F3", needs: "vfp", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		{ins: "MOVD (R1), F1", needs: "vfp", flow: "MEM -> F1", leak: "R1", want: wAddr},
		{ins: "MOVF (R1), F1", needs: "vfp", flow: "MEM -> F1", leak: "R1", want: wAddr},
		{ins: "MOVW R1, F2", flow: "R1 F2 -> F2"},
		{ins: "MOVW F1, R2", flow: "F1 -> R2"},
		{ins: "MOVW FPCR, R1", flow: "FPSCR -> R1"},
		{ins: "ADD $0, R14, R15", leak: "R14", want: "return to an address that depends on secret data (R14)"},
		{ins: "ADD $4, R1, R15", always: wJump},
		// VFP: CMPD is VCMP and VMRS, to the FPSCR and the flags.
		{ins: "CMPD F1, F2", needs: "vfp", flow: "F1 F2 -> FPSCR FLAGS"},
		{ins: "CMPF F1, F2", needs: "vfp", flow: "F1 F2 -> FPSCR FLAGS"},
		{ins: "CMPD F1", needs: "vfp", flow: "F1 -> FPSCR FLAGS"},
		{ins: "MULD F1, F2", needs: "vfp", flow: "F1 F2 -> F2", leak: "F1 F2", want: wLatency},
		{ins: "MOVWD R1, F2", needs: "vfp", flow: "R1 -> F2 F15"},
		{ins: "MOVWF R1, F2", needs: "vfp", flow: "R1 F2 -> F2; R1 -> F15"},
		{ins: "MOVWD F1, F2", needs: "vfp", flow: "F1 -> F2"},
		{ins: "MOVWF F1, F2", needs: "vfp", flow: "F1 F2 -> F2"},
		{ins: "MOVDW F1, R2", needs: "vfp", flow: "F1 -> R2 F15"},
		{ins: "MOVFW F1, R2", needs: "vfp", flow: "F1 -> R2 F15"},
		{ins: "MOVDW F1, F2", needs: "vfp", flow: "F1 F2 -> F2"},
	}
	rows = append(rows, rowsOf("ADDD/vfp SUBD/vfp MULD/vfp NMULD/vfp", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency})...)
	rows = append(rows, rowsOf("ADDF/vfp SUBF/vfp MULF/vfp NMULF/vfp", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2", want: wLatency})...)
	rows = append(rows, rowsOf("MULAD/vfp MULAF/vfp MULSD/vfp MULSF/vfp NMULAD/vfp NMULAF/vfp NMULSD/vfp NMULSF/vfp",
		tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2 F3", want: wLatency})...)
	// VFPv4's fused multiply-adds, which go tool objdump prints as ?
	// (golang.org/x/arch's armasm does not decode them).
	rows = append(rows, rowsOf("FMULAD/vfp+vfpv4 FMULAF/vfp+vfpv4 FMULSD/vfp+vfpv4 FMULSF/vfp+vfpv4 FNMULAD/vfp+vfpv4 FNMULAF/vfp+vfpv4 FNMULSD/vfp+vfpv4 FNMULSF/vfp+vfpv4",
		tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2 F3", want: wLatency,
			sourceOnly: "go tool objdump cannot decode VFMA, VFMS, VFNMA, VFNMS"})...)
	rows = append(rows, rowsOf("NEGD/vfp ABSD/vfp MOVFD/vfp", tableRow{ins: "OP F1, F3", flow: "F1 -> F3"})...)
	rows = append(rows, rowsOf("NEGF/vfp ABSF/vfp MOVDF/vfp", tableRow{ins: "OP F1, F3", flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowsOf("MOVH MOVHU MOVB MOVBU", tableRow{ins: "OP (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr})...)
	rows = append(rows, rowsOf("MOVH MOVHU MOVB MOVBU", tableRow{ins: "OP R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("ADD SUB RSB AND ORR EOR BIC MUL MULU SLL SRL SRA", tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3"})...)
	// The multiplies of a 64-bit product (a constant multiply of uint64).
	rows = append(rows, rowsOf("MULA MULS", tableRow{ins: "OP R1, R2, R3, R4", flow: "R1 R2 R3 -> R4"})...)
	rows = append(rows, rowsOf("MULLU MULL", tableRow{ins: "OP R1, R2, (R3, R4)", flow: "R1 R2 -> R3 R4"})...)
	rows = append(rows, rowsOf("MULALU MULAL", tableRow{ins: "OP R1, R2, (R3, R4)", flow: "R1 R2 R3 R4 -> R3 R4"})...)
	rows = append(rows, tableRow{ins: "MULA.EQ R1, R2, R3, R4", flow: "R1 R2 R3 R4 FLAGS -> R4"})
	rows = append(rows, rowsOf("ADC SBC RSC", tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3"})...)
	rows = append(rows, rowsOf("ADC.S", tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("CMP CMN TST TEQ", tableRow{ins: "OP R1, R2", flow: "R1 R2 -> FLAGS"})...)
	for _, c := range strings.Fields("NE CS CC MI PL VS VC HI LS GE LT GT LE HS LO") {
		rows = append(rows, tableRow{ins: "B" + c + " l", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), the literal pool, and branch targets
// decoded from the encoding. Each row is "HEX TEXT" as go tool objdump
// prints it.

func armObjRows() []tableRow {
	return []tableRow{
		{ins: "e320f000 NOP"},
		{ins: "e49df020 RET #32", pre: "saved 32"},
		{ins: "0a000001 B.EQ 0x1010", leak: "FLAGS", want: "conditional branch on secret flags"},
		{ins: "ea000001 B 0x1010"},
		{ins: "e1a03000 MOVW R0<<$0, R3", flow: "R0 -> R3"},
		{ins: "e59f1008 MOVW 0x8(R15), R1", flow: "-> R1"},
		// The literal pool is text: a secret stored to a global does not
		// reach it.
		{ins: "e59f1008 MOVW 0x8(R15), R1", flow: "-> R1", pre: "mem"},
		{ins: "e58f1008 MOVW R1, 0x8(R15)", always: wStore},
		{ins: "e7d10000 MOVBU (R1)(R0), R0", flow: "MEM -> R0", leak: "R1", want: wAddr, leak2: "R0", want2: wAddr},
		{ins: "e1a02231 LSR R1>>$4, R2", flow: "R1 R2 -> R2"},
		{ins: "e1a02231 LSR $4, R1, R2", flow: "R1 -> R2"},
		{ins: "e1a07863 ROR $16, R3, R7", flow: "R3 -> R7"},
		{ins: "e1a07273 ROR R2, R3, R7", flow: "R3 R2 -> R7"},
		{ins: "e28ef000 ADD $0, R14, R15", leak: "R14", want: "return to an address that depends on secret data (R14)"},
		{ins: "eeb40bc1 CMPD F1, F0", needs: "vfp", flow: "F1 F0 -> FPSCR"},
		{ins: "eef1fa10 MOVW FPSCR, APSR_NZCV", flow: "FPSCR -> FLAGS"},
		{ins: "ee0f0b10 MOVW R0, F15", flow: "R0 -> F15"},
		{ins: "eeb80bcf MOVWD F15, F0", needs: "vfp", flow: "F15 -> F0"},
	}
}
