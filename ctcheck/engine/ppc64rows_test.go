package engine

import "strings"

// The ppc64le model's rows, built at POWER10 (the assembler takes every
// instruction there). Locations: R0-R31, CR0-CR7, CA (XER's carry), CTR,
// LR, and VS0-VS63 as two lanes each (F1 is lane 0 of VS1; V0-V31 are
// VS32-VS63).

var ppc64Table = &isaTable{
	arch: ppc64Arch, env: []string{"GOPPC64=power10"}, minGo: "go1.26", rows: ppc64Rows, objRows: ppc64ObjRows,
	probes: append(append(numbered("R", 3, 10), "R31", "CR0", "CR1", "CR6", "CA", "CTR", "LR"),
		withLanes(nil, []string{"VS1", "VS2", "VS3", "VS32", "VS33", "VS34", "VS35"})...),
	objProbes: append(append(numbered("R", 3, 10), "R31", "CR0", "CTR", "LR", "CA"), withLanes(nil, []string{"VS32"})...),
	ops:       PPC64Ops(), objOnly: "NOP SUBF RLWINM RLWINMCC BSO BNS",
}

func ppc64Rows() []tableRow {
	rows := []tableRow{
		{ins: "RET", leak: "LR", want: "return to an address that depends on secret data (LR)"},
		// BEQLR and BNELR: a return, or the next instruction.
		{ins: "BC 12, 2, LR", op: "RETC", leak: "CR0", want: "conditional branch on secret CR0", leak2: "LR", want2: "return to an address that depends on secret data (LR)"},
		{ins: "BC 4, 2, LR", op: "RETC", leak: "CR0", want: "conditional branch on secret CR0", leak2: "LR", want2: "return to an address that depends on secret data (LR)"}, {ins: "JMP l"}, {ins: "BR l"}, {ins: "SYNC"}, {ins: "ISYNC"}, {ins: "LWSYNC"},
		{ins: "BR (CTR)", always: wJump},
		{ins: "CALL (CTR)", always: wJump, flow: "-> LR"},
		{ins: "CALL ·rowTarget(SB)", flow: "-> LR"},
		{ins: "CMP R3, R4", flow: "R3 R4 -> CR0"},
		{ins: "CMP R3, $8, CR1", flow: "R3 -> CR1"},
		{ins: "ISEL $2, R3, R4, R5", flow: "R3 R4 CR0 -> R5"},
		{ins: "ISEL $6, R3, R4, R5", flow: "R3 R4 CR1 -> R5"},
		{ins: "SETBC CR0EQ, R3", needs: "power10", flow: "CR0 -> R3"},
		{ins: "SETBCR CR1EQ, R3", needs: "power10", flow: "CR1 -> R3"},
		{ins: "SETNBC CR0EQ, R3", needs: "power10", flow: "CR0 -> R3"},
		{ins: "SETNBCR CR0EQ, R3", needs: "power10", flow: "CR0 -> R3"},
		{ins: "MOVD R3, R4", flow: "R3 -> R4"},
		{ins: "MOVD $8(R3), R4", flow: "R3 -> R4"},
		// XER holds the carry: mfxer and mtxer.
		{ins: "MOVD XER, R3", flow: "CA -> R3"},
		{ins: "MOVD R3, XER", flow: "R3 -> CA"},
		{ins: "MOVD $8, R4", flow: "-> R4"},
		{ins: "MOVD $·rtTable(SB), R4", flow: "-> R4"},
		{ins: "MOVD ·rtTable(SB), R4", flow: "-> R4"},
		{ins: "MOVD (R3), R4", flow: "MEM -> R4", leak: "R3", want: wAddr},
		{ins: "MOVD (R3)(R5), R4", flow: "MEM -> R4", leak: "R3 R5", want: wAddr},
		{ins: "MOVDU 8(R3), R4", flow: "MEM -> R4", leak: "R3", want: wAddr},
		{ins: "MOVD 40(R1), R4", flow: "-> R4"},
		{ins: "MOVD R4, 40(R1)"},
		{ins: "MOVDU R31, -32(R1)"},
		{ins: "MOVD R4, (R3)", always: wStore, leak: "R3", want: wAddr},
		{ins: "MOVD LR, R3", flow: "LR -> R3"},
		{ins: "MOVD R3, LR", flow: "R3 -> LR"},
		{ins: "MOVD R3, CTR", flow: "R3 -> CTR"},
		// Frame slots: an argument and, in a function with a frame, a local.
		{ins: "MOVD x+0(FP), R3", flow: "-> R3"},
		{ins: "MOVD R3, ret+8(FP)"},
		{ins: "MOVD R3, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVD R4, t-8(SP)\n\tMOVD t-8(SP), R3", flow: "R4 -> R3", text: "NOSPLIT, $16-64"},
		{ins: "MOVD x+0(FP), R3", flow: "-> R3", text: "NOSPLIT, $16-64"},
		{ins: "ADD $-32, R1"},
		{ins: "ADD R3, R4", flow: "R3 R4 -> R4"},
		{ins: "XOR R3, R3, R4", flow: "-> R4"},
		{ins: "SUB R3, R3, R4", flow: "-> R4"},
		{ins: "ANDN R3, R3, R4", flow: "-> R4"},
		{ins: "RLDICL $0, R3, $32, R4", flow: "R3 -> R4"},
		{ins: "RLDIMI $0, R3, $32, R4", flow: "R3 R4 -> R4"},
		{ins: "RLWMI $0, R3, $24, R4", flow: "R3 R4 -> R4"},
		{ins: "ADDIS $1, R3, R4", flow: "R3 -> R4"},
		{ins: "BDNZ l", leak: "CTR", want: "conditional branch on secret CTR"},
		{ins: "BDZ l", leak: "CTR", want: "conditional branch on secret CTR"},
		// Scalar floating point: F1 is lane 0 of VS1.
		{ins: "FMUL F1, F2", flow: "VS1.0 VS2.0 -> VS2.0", leak: "VS1.0 VS2.0", want: wLatency},
		{ins: "FCMPU F1, F2", flow: "VS1.0 VS2.0 -> CR0"},
		{ins: "FCMPU F1, F2, CR1", flow: "VS1.0 VS2.0 -> CR1"},
		{ins: "FCMPO F1, F2", flow: "VS1.0 VS2.0 -> CR0"},
		{ins: "XXSPLTIB $1, VS32", needs: "vsx power9", flow: "-> VS32"},
		{ins: "XXSPLTIDP $1065353216, VS33", needs: "vsx power10", flow: "-> VS33"},
		{ins: "FRES F1, F2", always: wClosed},
		{ins: "FADDCC F1, F2, F3", always: wClosed},
		// Vectors and VSX: VS32-VS63 are V0-V31, F1 is lane 0 of VS1.
		{ins: "VXOR V0, V1, V2", flow: "VS32 VS33 -> VS34"},
		{ins: "VXOR V0, V0, V2", flow: "-> VS34"},
		{ins: "XXLXOR VS32, VS32, VS34", needs: "vsx", flow: "-> VS34"},
		{ins: "LXVD2X (R3)(R4), V0", needs: "vsx", flow: "MEM -> VS32", leak: "R3 R4", want: wAddr},
		{ins: "LXVD2X (R1)(R4), V0", needs: "vsx", flow: "MEM -> VS32", leak: "R4", want: wAddr},
		{ins: "STXVD2X V0, (R3)(R4)", needs: "vsx", always: wStore, leak: "R3 R4", want: wAddr},
		{ins: "LXVP 32(R3), VS32", needs: "vsx power10", flow: "MEM -> VS32 VS33", leak: "R3", want: wAddr},
		{ins: "STXVP VS32, 32(R3)", needs: "vsx power10", always: wStore, leak: "R3", want: wAddr},
		{ins: "XXEVAL VS32, VS33, VS34, $111, VS35", needs: "vsx power10", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "MFVSRD V0, R3", needs: "vsx", flow: "VS32.0 -> R3"},
		{ins: "MFVSRWZ V0, R3", needs: "vsx", flow: "VS32.0 -> R3"},
		{ins: "MFVSRLD V0, R3", needs: "vsx power9", flow: "VS32.1 -> R3"},
		{ins: "MTVSRD R3, V0", needs: "vsx", flow: "R3 -> VS32.0"},
		{ins: "MTVSRWZ R3, V0", needs: "vsx", flow: "R3 -> VS32.0"},
		{ins: "MTVSRDD R3, R4, V0", needs: "vsx power9", flow: "R3 -> VS32.0; R4 -> VS32.1"},
		{ins: "VSLDOI $8, V0, V1, V2", flow: "VS32 VS33 -> VS34"},
		{ins: "XXPERMDI VS32, VS33, $2, VS34", needs: "vsx", flow: "VS32 VS33 -> VS34"},
		{ins: "VPERM V0, V1, V2, V3", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "XXSEL VS32, VS33, VS34, VS35", needs: "vsx", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "VSEL V0, V1, V2, V3", flow: "VS32 VS33 VS34 -> VS35"},
		{ins: "LXVL R3, R4, VS32", needs: "vsx power9", flow: "MEM -> VS32", leak: "R3", want: wAddr, leak2: "R4", want2: "load length depends on secret R4"},
		{ins: "LXVLL R3, R4, VS32", needs: "vsx power9", flow: "MEM -> VS32", leak: "R3", want: wAddr, leak2: "R4", want2: "load length depends on secret R4"},
		{ins: "FMOVD (R3), F1", flow: "MEM -> VS1.0", leak: "R3", want: wAddr},
		{ins: "FMOVD F1, (R3)", always: wStore, leak: "R3", want: wAddr},
	}
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ MOVDBR MOVWBR MOVHBR",
		tableRow{ins: "OP (R3), R4", flow: "MEM -> R4", leak: "R3", want: wAddr})...)
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", tableRow{ins: "OP R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("FMOVS", tableRow{ins: "OP (R3), F1", flow: "MEM -> VS1.0", leak: "R3", want: wAddr})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR NOR ANDN ORN NAND EQV MULLD MULLW MULHD MULHDU MULHW MULHWU "+
		"SLD SRD SRAD SLW SRW SRAW CMPB ADDC SUBC", tableRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5"})...)
	// The halves of a wide constant, and a multiply-add (ISA 3.0).
	rows = append(rows, rowsOf("ORIS XORIS", tableRow{ins: "OP $0x1234, R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, tableRow{ins: "MADDLD R3, R4, R5, R6", needs: "power9", flow: "R3 R4 R5 -> R6"})
	for i := range rows {
		if strings.HasPrefix(rows[i].ins, "ADDC ") || strings.HasPrefix(rows[i].ins, "SUBC ") {
			rows[i].flow = "R3 R4 -> R5 CA"
		}
	}
	rows = append(rows, rowsOf("RLDICL RLDICR RLDIC", tableRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("RLWNM", tableRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4"})...)
	// Rotates by a constant, which the assembler encodes as RLDICL and
	// RLWNM (one fixed-latency integer operation: POWER9 user's manual).
	rows = append(rows, rowsOf("ROTL ROTLW", tableRow{ins: "OP $40, R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("ANDCC ORCC XORCC ADDCC SUBCC NORCC NANDCC EQVCC ANDNCC ORNCC MULLDCC SLDCC SRDCC SRADCC "+
		"SLWCC SRWCC SRAWCC MULLWCC MULHDCC MULHDUCC MULHWCC MULHWUCC",
		tableRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5 CR0"})...)
	rows = append(rows, rowsOf("RLDICLCC RLDICRCC RLDICCC RLWNMCC",
		tableRow{ins: "OP $3, R3, $8, R4", flow: "R3 -> R4 CR0"})...)
	rows = append(rows, rowsOf("NEG EXTSB EXTSH EXTSW CNTLZD CNTLZW CNTTZD/power9 CNTTZW/power9 POPCNTD POPCNTW POPCNTB",
		tableRow{ins: "OP R3, R4", flow: "R3 -> R4"})...)
	rows = append(rows, rowsOf("NEGCC EXTSBCC EXTSHCC EXTSWCC CNTLZDCC CNTLZWCC CNTTZDCC/power9 CNTTZWCC/power9",
		tableRow{ins: "OP R3, R4", flow: "R3 -> R4 CR0"})...)
	rows = append(rows, rowsOf("ADDE SUBE", tableRow{ins: "OP R3, R4, R5", flow: "R3 R4 CA -> R5 CA"})...)
	rows = append(rows, rowsOf("ADDZE SUBZE ADDME SUBME", tableRow{ins: "OP R3, R4", flow: "R3 CA -> R4 CA"})...)
	rows = append(rows, rowsOf("CMPU CMPW CMPWU", tableRow{ins: "OP R3, R4", flow: "R3 R4 -> CR0"})...)
	rows = append(rows, rowsOf("BLT BGT BEQ BNE BGE BLE BVS BVC",
		tableRow{ins: "OP l", leak: "CR0", want: "conditional branch on secret CR0"})...)
	rows = append(rows, rowsOf("BLT BEQ", tableRow{ins: "OP CR1, l", leak: "CR1", want: "conditional branch on secret CR1"})...)
	rows = append(rows, rowsOf("DIVD DIVDU DIVW DIVWU DIVDE DIVDEU MODUD/power9 MODSD/power9 MODUW/power9 MODSW/power9",
		tableRow{ins: "OP R3, R4, R5", flow: "R3 R4 -> R5", leak: "R3 R4", want: wLatency})...)
	rows = append(rows, rowsOf("FDIV FDIVS", tableRow{ins: "OP F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0", leak: "VS1.0 VS2.0", want: wLatency})...)
	rows = append(rows, rowsOf("FADD FADDS FSUB FSUBS FMUL FMULS",
		tableRow{ins: "OP F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0", leak: "VS1.0 VS2.0", want: wLatency})...)
	rows = append(rows, tableRow{ins: "FCPSGN F1, F2, F3", flow: "VS1.0 VS2.0 -> VS3.0"})
	rows = append(rows, rowsOf("FNEG FABS FNABS FRSP FRIM FRIN FRIP FRIZ FCFID FCFIDU FCFIDS FCTID FCTIDZ FCTIW FCTIWZ",
		tableRow{ins: "OP F1, F2", flow: "VS1.0 -> VS2.0"})...)
	rows = append(rows, rowsOf("FMADD FMADDS FMSUB FMSUBS FNMADD FNMADDS FNMSUB FNMSUBS",
		tableRow{ins: "OP F1, F2, F3, F1", flow: "VS1.0 VS2.0 VS3.0 -> VS1.0", leak: "VS1.0 VS2.0 VS3.0", want: wLatency})...)
	rows = append(rows, tableRow{ins: "FSEL F1, F2, F3, F1", flow: "VS1.0 VS2.0 VS3.0 -> VS1.0"})
	rows = append(rows, rowsOf("FSQRT FSQRTS", tableRow{ins: "OP F1, F3", flow: "VS1.0 -> VS3.0", leak: "VS1.0", want: wLatency})...)
	rows = append(rows, rowsOf("VOR VAND VNOR VANDC VORC VNAND VEQV VADDUBM VADDUHM VADDUWM VADDUDM VSUBUHM VSUBUWM "+
		"VSUBUDM VCMPEQUB VCMPEQUH VCMPEQUW VCMPEQUD VCMPGTUB VCMPGTUD VCMPNEB/power9",
		tableRow{ins: "OP V0, V1, V2", flow: "VS32 VS33 -> VS34"})...)
	rows = append(rows, tableRow{ins: "VSUBUBM V0, V0, V2", flow: "-> VS34"})
	rows = append(rows, rowsOf("XXLOR/vsx XXLAND/vsx XXLNOR/vsx XXLANDC/vsx XXLORC/vsx XXLNAND/vsx XXLEQV/vsx",
		tableRow{ins: "OP VS32, VS33, VS34", flow: "VS32 VS33 -> VS34"})...)
	rows = append(rows, rowsOf("VCMPEQUBCC VCMPEQUHCC VCMPEQUWCC VCMPEQUDCC VCMPGTUBCC VCMPGTUDCC VCMPNEBCC/power9",
		tableRow{ins: "OP V0, V1, V2", flow: "VS32 VS33 -> VS34 CR6"})...)
	rows = append(rows, rowsOf("LXVW4X/vsx LXVB16X/vsx+power9 LXVH8X/vsx+power9", tableRow{ins: "OP (R3)(R4), VS32", flow: "MEM -> VS32", leak: "R3 R4", want: wAddr})...)
	rows = append(rows, rowsOf("LXV/vsx+power9", tableRow{ins: "OP 16(R3), VS32", flow: "MEM -> VS32", leak: "R3", want: wAddr})...)
	rows = append(rows, rowsOf("STXVW4X/vsx STXVB16X/vsx+power9 STXVH8X/vsx+power9", tableRow{ins: "OP VS32, (R3)(R4)", always: wStore, leak: "R3 R4", want: wAddr})...)
	rows = append(rows, rowsOf("STXV/vsx+power9", tableRow{ins: "OP VS32, 16(R3)", always: wStore, leak: "R3", want: wAddr})...)
	rows = append(rows, rowsOf("EIEIO", tableRow{ins: "OP"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), prefixed instructions, and branch targets
// decoded from the encoding. Each row is "HEX TEXT" as go tool objdump
// prints it.

func ppc64ObjRows() []tableRow {
	return []tableRow{
		{ins: "60000000 NOP"},
		{ins: "7ca42050 SUBF R3,R4,R5", flow: "R3 R4 -> R5"},
		{ins: "5464063e RLWINM R3,$0,$24,$31,R4", flow: "R3 -> R4"},
		{ins: "5464063f RLWINMCC R3,$0,$24,$31,R4", flow: "R3 -> R4 CR0"},
		{ins: "41830008 BSO 0x1008", leak: "CR0", want: "conditional branch on secret CR0"},
		{ins: "40830008 BNS 0x1008", leak: "CR0", want: "conditional branch on secret CR0"},
		{ins: "42000008 BC $16,LT,0x1008", leak: "CTR", want: "conditional branch on secret CTR"},
		{ins: "06100000 88e00000 PLBZ 33120(0),$1,R7", flow: "-> R7"},
		{ins: "38830008 ADD R3,$8,R4", flow: "R3 -> R4"},
		{ins: "3821ffe0 ADD R1,$-32,R1"},
		{ins: "7c070066 MFVSRD VS32,R7", needs: "vsx", flow: "VS32.0 -> R7"},
		{ins: "20a40008 SUBFIC R4,$8,R5", flow: "R4 -> R5 CA"},
		{ins: "0410000d f460b550 PSTD 898384(0),$1,R3", always: wStore},
		{ins: "0410000d f460b550 PSTD 898384(0),$0,R3", always: wClosed}, // not relative to the program counter
		{ins: "3fe00014 ADDIS $0,$20,R31", flow: "-> R31"},
		{ins: "4e800020 RET", leak: "LR", want: "return to an address that depends on secret data (LR)"},
		{ins: "4e800420 BR (CTR)", always: wJump},
		{ins: "4e800421 BL (CTR)", always: wJump, flow: "-> LR"},
		{ins: "2ca50010 CMP R5,$16,CR1", flow: "R5 -> CR1"},
	}
}
