package engine

import "strconv"

// The loong64 model's rows. Locations: R0-R31, F0-F31, FCC0-FCC7, and
// the vector registers' other lanes: Xn is Fn, Xn.1, Xn.2 and Xn.3, Vn is
// Fn and Xn.1 (loong64RowLanes).

var loong64Table = &isaTable{
	arch: loong64Arch, minGo: "go1.26", rows: loong64Rows, objRows: loong64ObjRows, lanes: loong64RowLanes,
	probes: append(append(numbered("R", 4, 12), "R1", "F1", "F2", "F3", "FCC0", "FCC1"),
		"X1.1", "X1.2", "X1.3", "X2.1", "X2.2", "X2.3", "X3.1", "X3.2", "X3.3"),
	objProbes: append(numbered("R", 4, 12), "R20", "F0", "F1", "F2", "FCC0", "FCC1"),
	ops:       LOONG64Ops(), objOnly: "LU12IW LU32ID LU52ID PCALAU12I PCADDU12I",
}

func loong64Rows() []tableRow {
	rows := []tableRow{
		{ins: "RET", leak: "R1", want: "return to an address that depends on secret data (R1)"}, {ins: "JMP l"}, {ins: "NOOP"},
		{ins: "JMP (R5)", always: wJump},
		{ins: "CALL ·rowTarget(SB)", flow: "-> R1"},
		{ins: "BEQ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BNE R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BGEZ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BLEZ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BLTZ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BGTZ R4, l", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "MOVV R4, R5", flow: "R4 -> R5"},
		{ins: "MOVV $1, R5", flow: "-> R5"},
		{ins: "MOVV (R4), R5", flow: "MEM -> R5", leak: "R4", want: wAddr},
		{ins: "MOVV (R4)(R6), R5", flow: "MEM -> R5", leak: "R4 R6", want: wAddr},
		{ins: "MOVV 8(R3), R5", flow: "-> R5"},
		{ins: "MOVV R5, 8(R3)"},
		{ins: "MOVV R5, (R4)", always: wStore, leak: "R4", want: wAddr},
		{ins: "MOVV ·rtTable(SB), R5", flow: "-> R5"},
		{ins: "MOVV $·rtTable(SB), R5", flow: "-> R5"},
		{ins: "MOVV x+0(FP), R5", flow: "-> R5"},
		{ins: "MOVV R5, ret+8(FP)"},
		{ins: "MOVV R5, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVV R4, t-8(SP)\n\tMOVV t-8(SP), R5", flow: "R4 -> R5", text: "NOSPLIT, $16-64"},
		{ins: "ADDV $-16, R3"},
		{ins: "ADDV $-16, R3, R3"},
		{ins: "XOR R4, R4, R5", flow: "-> R5"},
		{ins: "SUBV R4, R4, R5", flow: "-> R5"},
		{ins: "ADDV R4, R5", flow: "R4 R5 -> R5"},
		{ins: "ADDV16 $65536, R11, R9", flow: "R11 -> R9"},
		{ins: "BSTRPICKV $31, R4, $0, R5", flow: "R4 -> R5"},
		{ins: "BSTRPICKW $31, R4, $0, R5", flow: "R4 -> R5"},
		{ins: "CPUCFG R4, R5", always: wClosed},
		{ins: "SQRTD F1, F2", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "SQRTF F1, F2", flow: "F1 -> F2", leak: "F1", want: wLatency},
		{ins: "DIVD F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		{ins: "DIVF F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency},
		// Floating point: a 32-bit result keeps the upper half's level.
		{ins: "BFPT l", leak: "FCC0", want: "conditional branch on secret FCC0"},
		{ins: "BFPF l", leak: "FCC0", want: "conditional branch on secret FCC0"},
		{ins: "BFPT FCC1, l", leak: "FCC1", want: "conditional branch on secret FCC1"},
		{ins: "MULD F1, F2", flow: "F1 F2 -> F2", leak: "F1 F2", want: wLatency},
		{ins: "MOVW R4, F1", flow: "R4 F1 -> F1"},
		{ins: "MOVV R4, F1", flow: "R4 -> F1"},
		{ins: "MOVV F1, R4", flow: "F1 -> R4"},
		{ins: "MOVF F1, F2", flow: "F1 F2 -> F2"},
		{ins: "MOVF (R4), F1", flow: "MEM -> F1", leak: "R4", want: wAddr},
		{ins: "FMADDD F1, F2, F3", always: wClosed},
		// LSX and LASX. An LSX result leaves the LASX register's upper
		// half undefined: it keeps its level and takes the result's.
		{ins: "VMOVQ (R4), V3", needs: "lsx", flow: "MEM -> V3 +X3.2 +X3.3", leak: "R4", want: wAddr},
		{ins: "VMOVQ 16(R4), V3", needs: "lsx", flow: "MEM -> V3 +X3.2 +X3.3", leak: "R4", want: wAddr},
		{ins: "XVMOVQ (R4), X3", needs: "lasx", flow: "MEM -> X3", leak: "R4", want: wAddr},
		{ins: "XVMOVQ -32(R4), X3", needs: "lasx", flow: "MEM -> X3", leak: "R4", want: wAddr},
		{ins: "VMOVQ V1, (R4)", needs: "lsx", always: wStore, leak: "R4", want: wAddr},
		{ins: "XVMOVQ X1, (R4)", needs: "lasx", always: wStore, leak: "R4", want: wAddr},
		{ins: "VMOVQ V1, 8(R3)", needs: "lsx"},
		{ins: "XVMOVQ X1, 8(R3)", needs: "lasx"},
		{ins: "VMOVQ V1.V[0], R5", needs: "lsx", flow: "F1 -> R5"},
		{ins: "VMOVQ V1.V[1], R5", needs: "lsx", flow: "X1.1 -> R5"},
		{ins: "XVMOVQ X1.V[0], R5", needs: "lasx", flow: "F1 -> R5"},
		{ins: "XVMOVQ X1.V[1], R5", needs: "lasx", flow: "X1.1 -> R5"},
		{ins: "XVMOVQ X1.V[2], R5", needs: "lasx", flow: "X1.2 -> R5"},
		{ins: "XVMOVQ X1.V[3], R5", needs: "lasx", flow: "X1.3 -> R5"},
		{ins: "VXORV V1, V1, V3", needs: "lsx", flow: "-> V3; -> +X3.2 +X3.3"},
		{ins: "XVXORV X1, X1, X3", needs: "lasx", flow: "-> X3"},
		{ins: "XVORV X1, X2", needs: "lasx", flow: "X1 X2 -> X2"},
		{ins: "VORV V1, V2", needs: "lsx", flow: "V1 V2 -> V2 +X2.2 +X2.3"},
		// What the model does not know fails closed: a compare that sets
		// a flag, a lane move of a narrower element, an insertion.
		{ins: "VSEQV V1, V2, V3", always: wClosed,
			sourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
		{ins: "XVSETALLNEV X1, FCC0", always: wClosed,
			sourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
		{ins: "VMOVQ V1.W[1], R5", always: wClosed,
			sourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
		{ins: "VMOVQ R5, V1.V[1]", always: wClosed,
			sourceOnly: "go tool objdump prints ? for it: data in a TEXT symbol there (loong64ObjRows)"},
	}
	rows = append(rows, rowsOf("CMPEQD CMPEQF CMPGED CMPGEF CMPGTD CMPGTF", tableRow{ins: "OP F1, F2, FCC1", flow: "F1 F2 -> FCC1"})...)
	rows = append(rows, rowsOf("ADDD SUBD MULD", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3", leak: "F1 F2", want: wLatency})...)
	rows = append(rows, rowsOf("FMIND FMAXD", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 -> F3"})...)
	rows = append(rows, rowsOf("ADDF SUBF MULF", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3", leak: "F1 F2", want: wLatency})...)
	rows = append(rows, rowsOf("FMINF FMAXF", tableRow{ins: "OP F1, F2, F3", flow: "F1 F2 F3 -> F3"})...)
	rows = append(rows, rowsOf("NEGD ABSD MOVFD MOVWD MOVVD MOVFV MOVDV TRUNCFV TRUNCDV FFINTDW FFINTDV FTINTRZVF "+
		"FTINTRZVD FTINTVF FTINTVD", tableRow{ins: "OP F1, F3", flow: "F1 -> F3"})...)
	rows = append(rows, rowsOf("NEGF ABSF MOVDF MOVWF MOVVF MOVDW MOVFW TRUNCDW TRUNCFW FFINTFW FFINTFV FTINTRZWD "+
		"FTINTRZWF FTINTWD FTINTWF", tableRow{ins: "OP F1, F3", flow: "F1 F3 -> F3"})...)
	rows = append(rows, rowsOf("MOVW MOVWU MOVH MOVHU MOVB MOVBU", tableRow{ins: "OP (R4), R5", flow: "MEM -> R5", leak: "R4", want: wAddr})...)
	rows = append(rows, rowsOf("MOVD", tableRow{ins: "OP (R4), F1", flow: "MEM -> F1", leak: "R4", want: wAddr})...)
	rows = append(rows, rowsOf("ADDV SUBV ADD SUB AND OR XOR NOR ANDN ORN SLLV SRLV SRAV ROTRV SLL SRL SRA ROTR "+
		"MULV MULVU MULHV MULHVU MUL SGT SGTU MASKEQZ MASKNEZ", tableRow{ins: "OP R4, R5, R6", flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowsOf("ALSLV ALSLW ALSLWU", tableRow{ins: "OP $2, R4, R5, R6", flow: "R4 R5 -> R6"})...)
	rows = append(rows, rowsOf("NEGV NEGW", tableRow{ins: "OP R4, R5", flow: "R4 -> R5"})...)
	rows = append(rows, rowsOf("DIVV DIVVU REMV REMVU DIV DIVU REM REMU",
		tableRow{ins: "OP R4, R5, R6", flow: "R4 R5 -> R6", leak: "R4 R5", want: wLatency})...)
	rows = append(rows, rowsOf("VANDV VORV VXORV VNORV VANDNV VORNV",
		tableRow{ins: "OP V1, V2, V3", needs: "lsx", flow: "V1 V2 -> V3; V1 V2 -> +X3.2 +X3.3"})...)
	rows = append(rows, rowsOf("XVANDV XVORV XVXORV XVNORV XVANDNV XVORNV",
		tableRow{ins: "OP X1, X2, X3", needs: "lasx", flow: "X1 X2 -> X3"})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BGE BLTU BGEU", tableRow{ins: "OP R4, R5, l", leak: "R4 R5", want: "conditional branch on secret R4, R5"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), and branch targets decoded from the
// encoding. Each row is "HEX TEXT" as go tool objdump prints it.

func loong64ObjRows() []tableRow {
	return []tableRow{
		{ins: "14000a04 LU12IW $80, R4", flow: "-> R4"},
		{ins: "16000a04 LU32ID $80, R4", flow: "R4 -> R4"},
		{ins: "03000084 LU52ID $0, R4, R4", flow: "R4 -> R4"},
		{ins: "03278ca5 LU52ID $-1565, R5", flow: "R5 -> R5"}, // rj and rd the same: two operands
		{ins: "1a000004 PCALAU12I $0, R4", flow: "-> R4"},
		{ins: "1c000004 PCADDU12I $0, R4", flow: "-> R4"},
		{ins: "13fffd69 Unknown ADDU16I.D $-1, R11, R9", flow: "R11 -> R9"},
		{ins: "58000885 BEQ R4, R5, 2(PC)", leak: "R4 R5", want: "conditional branch on secret R4, R5"},
		{ins: "40000880 BEQ R4, 2(PC)", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "40000880 BEQ R4, 3(PC)", always: wClosed},
		{ins: "00128e94 SGTU R3, R20", flow: "R20 -> R20"},
		{ins: "0340fca5 MOVBU R5", flow: "R5 -> R5"},
		{ins: "48000800 BFPF 2(PC)", leak: "FCC0", want: "conditional branch on secret FCC0"},
		{ins: "48000920 BFPT 2(PC)", leak: "FCC1", want: "conditional branch on secret FCC1"},
		{ins: "48000800 BFPF 3(PC)", always: wClosed},
		{ins: "0c238020 CMPGED F0, F1, FCC0", flow: "F0 F1 -> FCC0"},
		{ins: "011d2020 FFINTDW F1, F0", flow: "F1 -> F0"},
		{ins: "01050800 MULD F2, F0", flow: "F2 F0 -> F0", leak: "F2 F0", want: wLatency},
		// No release's go tool objdump decodes LSX or LASX: loong64Word
		// reads the ones the model knows from the encoding, and the rest
		// stay data: VSEQ.D V3, V2, V1, XVSETALLNEZ.D FCC0, X1.
		{ins: "70018443 ?", always: "data in a TEXT symbol"},
		{ins: "769cbc20 ?", always: "data in a TEXT symbol"},
		{ins: "2c000081 ?", needs: "lsx", op: "VMOVQ", flow: "MEM -> V1 +X1.2 +X1.3", leak: "R4", want: wAddr},
		{ins: "76efec25 ?", needs: "lasx", op: "XVMOVQ", flow: "X1.3 -> R5"},
		{ins: "75270443 ?", needs: "lasx", op: "XVXORV", flow: "X1 X2 -> X3"},
	}
}

// loong64RowLanes expands a row's location: Xn is Fn, Xn.1, Xn.2 and
// Xn.3; Vn is Fn and Xn.1; any other name is itself.
func loong64RowLanes(name string) []string {
	if n, ok := regNum(name, "X", 0, 31); ok {
		return []string{"F" + strconv.Itoa(n), Lane(name, 1), Lane(name, 2), Lane(name, 3)}
	}
	if n, ok := regNum(name, "V", 0, 31); ok {
		x := "X" + strconv.Itoa(n)
		return []string{"F" + strconv.Itoa(n), Lane(x, 1)}
	}
	return []string{name}
}
