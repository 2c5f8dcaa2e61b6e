package engine

import "strings"

// The arm64 model's rows. Locations: R0-R30, RSP, FLAGS (NZCV), and
// vector register n as Vn (both lanes) or Vn.i (Fn is lane 0).

var arm64Table = &isaTable{
	arch: arm64Arch, rows: arm64Rows, objRows: arm64ObjRows, lanes: arm64RowLanes,
	probes: append(append(numbered("R", 0, 12), "FLAGS"), numbered("V", 0, 17)...),
	ops:    Arm64Ops(), extra: "B BNV BAL BHS BLO ADR ADRP DMB",
}

func arm64Rows() []tableRow {
	rows := []tableRow{
		{ins: "NOOP", op: "NOP"}, {ins: "RET"},
		{ins: "JMP l"}, {ins: "JMP ·rowTarget(SB)"}, {ins: "CALL ·rowTarget(SB)"},
		{ins: "JMP (R1)", always: wJump},
		{ins: "CALL (R1)", always: wJump},
		// Moves.
		{ins: "MOVD R1, R2", flow: "R1 -> R2"},
		// An address computed from a register (ADD): its level.
		{ins: "MOVD $8(R1), R2", flow: "R1 -> R2"},
		{ins: "MOVD $0(R1), R2", flow: "R1 -> R2"},
		{ins: "MOVD ZR, R5", flow: "-> R5"},
		// A constant too wide for one instruction: MOVD and three MOVK.
		{ins: "MOVD $-7046029254386353131, R1", flow: "-> R1"},
		{ins: "MOVD $·rtTable(SB), R2", flow: "-> R2"},
		{ins: "MOVD x_base+0(FP), R0", flow: "-> R0"},
		{ins: "MOVD $x_base+0(FP), R0", flow: "-> R0"}, // an address: an ADD to the stack pointer, no load
		{ins: "MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD (R1)(R3<<3), R2", flow: "MEM -> R2", leak: "R1 R3", want: wAddr},
		{ins: "MOVD.P 8(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD.W 8(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD R2, (R1)", always: wStore, leak: "R1", want: wAddr},
		{ins: "MOVD R5, ret+48(FP)"},
		{ins: "MOVW R3, ret+48(FP)"},
		{ins: "MOVB R3, ret+48(FP)"},
		{ins: "MOVH R3, ret+48(FP)"},
		{ins: "MOVBU ·rtTable(SB), R6", flow: "-> R6"},
		{ins: "MOVBU (R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "MOVHU.P 2(R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "MOVWU.P 4(R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "FMOVD F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FMOVS F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FMOVQ (R0), F2", flow: "MEM -> V2", leak: "R0", want: wAddr},
		{ins: "VMOV V0.D[0], R3", needs: "asimd", flow: "V0.0 -> R3"},
		{ins: "VMOV V0.D[1], R3", needs: "asimd", flow: "V0.1 -> R3"},
		{ins: "VMOV R3, V0.D[1]", needs: "asimd", flow: "R3 -> V0.1"}, // one lane: the other keeps its level
		{ins: "VMOV R3, V0.S[1]", needs: "asimd", flow: "R3 V0.0 -> V0.0"},
		{ins: "MOVK $(1<<16), R1", flow: "R1 -> R1"},
		// Arithmetic.
		{ins: "ADD $128, R0", flow: "R0 -> R0"},
		{ins: "ADD R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADD R1<<3, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ADDS R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "ADDW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ORR R4, R3", flow: "R4 R3 -> R3"},
		{ins: "ORRW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "AND $255, R1", flow: "R1 -> R1"},
		{ins: "ANDS $255, R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "ANDSW $255, R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "ANDW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "BIC R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ORN R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "EON R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "LSL $3, R1, R2", flow: "R1 -> R2"},
		{ins: "LSLW $3, R1, R2", flow: "R1 -> R2"},
		{ins: "LSR $56, R1", flow: "R1 -> R1"},
		{ins: "LSRW $8, R1", flow: "R1 -> R1"},
		{ins: "ASR $63, R1, R2", flow: "R1 -> R2"},
		{ins: "ROR $8, R1, R2", flow: "R1 -> R2"},
		{ins: "MUL R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "UMULH R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SMULH R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "MADD R1, R2, R3, R4", flow: "R1 R2 R3 -> R4"},
		{ins: "MSUB R1, R2, R3, R4", flow: "R1 R2 R3 -> R4"},
		{ins: "MNEG R1, R2, R3", flow: "R1 R2 -> R3"}, // -(R1*R2): Go 1.24 fuses v * c and -v
		{ins: "MULW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "MADDW R1, R2, R3, R4", flow: "R1 R2 R3 -> R4"},
		{ins: "MSUBW R1, R2, R3, R4", flow: "R1 R2 R3 -> R4"},
		{ins: "MNEGW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "LDAR (R0), R1", flow: "MEM -> R1", leak: "R0", want: wAddr},
		{ins: "LDARW (R0), R1", flow: "MEM -> R1", leak: "R0", want: wAddr},
		{ins: "LDARB (R0), R1", flow: "MEM -> R1", leak: "R0", want: wAddr},
		{ins: "STLR R1, (R0)", always: wStore, leak: "R0", want: wAddr},
		{ins: "STLRW R1, (R0)", always: wStore, leak: "R0", want: wAddr},
		{ins: "STLRB R1, (R0)", always: wStore, leak: "R0", want: wAddr},
		{ins: "FCMPD $(0.0), F1", flow: "V1.0 -> FLAGS"},
		{ins: "NEG R1, R2", flow: "R1 -> R2"},
		{ins: "NEGW R1, R2", flow: "R1 -> R2"},
		{ins: "MVN R1, R2", flow: "R1 -> R2"},
		{ins: "REV R1, R2", flow: "R1 -> R2"},
		{ins: "CLZ R1, R2", flow: "R1 -> R2"},
		{ins: "RBIT R1, R2", flow: "R1 -> R2"}, // bits.TrailingZeros64: RBIT, then CLZ
		{ins: "EOR R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "EOR R1, R1, R3", flow: "-> R3"},
		{ins: "EORW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SUB R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SUB R1, R1, R1", flow: "-> R1"},
		{ins: "SUBW R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SUBS $128, R2", flow: "R2 -> R2 FLAGS"},
		{ins: "SUBS R1, R1, R3", flow: "-> R3 FLAGS"},
		{ins: "SUBSW R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "CMP $0, R1", flow: "R1 -> FLAGS"},
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMPW R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMN R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "TST $1, R1", flow: "R1 -> FLAGS"},
		{ins: "TSTW $1, R1", flow: "R1 -> FLAGS"},
		// Carry chains: no zeroing idiom.
		{ins: "ADC R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "ADC ZR, ZR, R3", flow: "FLAGS -> R3"},
		{ins: "ADCS R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"},
		{ins: "SBC R1, R1, R1", flow: "R1 FLAGS -> R1"},
		{ins: "SBCS R1, R1, R1", flow: "R1 FLAGS -> R1 FLAGS"},
		// NEON.
		{ins: "VORR V8.B16, V0.B16, V0.B16", needs: "asimd", flow: "V8 V0 -> V0"},
		{ins: "VEOR V16.B16, V8.B16, V8.B16", needs: "asimd", flow: "V16 V8 -> V8"},
		{ins: "VEOR V0.B16, V0.B16, V0.B16", needs: "asimd", flow: "-> V0"},
		{ins: "VEOR V1.B8, V2.B8, V3.B8", needs: "asimd", flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{ins: "VAND V1.B16, V2.B16, V3.B16", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VADD V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VSUB V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VCMEQ V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VCMTST V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VUMAX V1.B16, V2.B16, V3.B16", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VUMIN V1.B16, V2.B16, V3.B16", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VADDP V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VUADDLV V1.B16, V2", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VCNT V1.B16, V2.B16", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VUZP1 V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VZIP1 V1.D2, V2.D2, V3.D2", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VEXT $8, V1.B16, V2.B16, V3.B16", needs: "asimd", flow: "V1 V2 -> V3"},
		{ins: "VREV64 V1.B16, V2.B16", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VREV32 V1.B16, V2.B16", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VDUP R1, V2.D2", needs: "asimd", flow: "R1 -> V2"},
		{ins: "VUSHR $8, V1.D2, V2.D2", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VSHL $8, V1.D2, V2.D2", needs: "asimd", flow: "V1 -> V2"},
		{ins: "VMOVI $0, V1.B16", needs: "asimd", flow: "-> V1"},
		// Table lookups: constant time by the ISA; TBX keeps the
		// destination's bytes for indices out of range.
		{ins: "VTBL V1.B16, [V2.B16], V3.B16", needs: "asimd", flow: "V1 V2 -> V3"},
		// The cryptographic extension: fixed latency (arm64.go says
		// whose word).
		{ins: "AESE V1.B16, V0.B16", needs: "aes", flow: "V1 V0 -> V0"},
		{ins: "AESD V1.B16, V0.B16", needs: "aes", flow: "V1 V0 -> V0"},
		{ins: "AESMC V0.B16, V1.B16", needs: "aes", flow: "V0 -> V1"},
		{ins: "AESIMC V0.B16, V1.B16", needs: "aes", flow: "V0 -> V1"},
		{ins: "VPMULL V1.D1, V2.D1, V3.Q1", needs: "asimd pmull", flow: "V1.0 V2.0 -> V3"},
		{ins: "VPMULL2 V1.D2, V2.D2, V3.Q1", needs: "asimd pmull", flow: "V1 V2 -> V3"},
		{ins: "VPMULL V1.B8, V2.B8, V3.H8", needs: "asimd", flow: "V1.0 V2.0 -> V3"},
		{ins: "VTBX V1.B16, [V2.B16], V3.B16", needs: "asimd", flow: "V1 V2 V3 -> V3"},
		// Branches and selects.
		{ins: "CBZ R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "CBNZ R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "CBZW R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "CBNZW R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "TBZ $3, R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "TBNZ $24, R7, l", leak: "R7", want: "conditional branch on secret R7"},
		{ins: "CSET EQ, R3", flow: "FLAGS -> R3"},
		{ins: "CSETM NE, R3", flow: "FLAGS -> R3"},
		{ins: "CSETW NE, R3", flow: "FLAGS -> R3"},
		{ins: "CSEL EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSELW EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINC EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINV EQ, R1, ZR, R3", flow: "R1 FLAGS -> R3"},
		{ins: "CSNEG EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		// Vector and pair loads and stores.
		{ins: "VLD1 (R0), [V1.B16, V2.B16]", needs: "asimd", flow: "MEM -> V1 V2", leak: "R0", want: wAddr},
		{ins: "VLD1.P 32(R0), [V1.B16, V2.B16]", needs: "asimd", flow: "MEM -> V1 V2", leak: "R0", want: wAddr},
		{ins: "VST1 [V0.B16], (R0)", needs: "asimd", always: wStore, leak: "R0", want: wAddr},
		{ins: "FLDPQ (R0), (F8, F9)", flow: "MEM -> V8 V9", leak: "R0", want: wAddr},
		{ins: "FLDPD (R0), (F8, F9)", flow: "MEM -> V8.0 V9.0; -> V8.1 V9.1", leak: "R0", want: wAddr},
		{ins: "FSTPQ (F8, F9), 16(RSP)"},
		{ins: "FSTPD (F8, F9), 16(RSP)"},
		{ins: "LDP (R0), (R1, R2)", flow: "MEM -> R1 R2", leak: "R0", want: wAddr},
		{ins: "LDPW (R0), (R1, R2)", flow: "MEM -> R1 R2", leak: "R0", want: wAddr},
		{ins: "STP (R1, R2), 16(RSP)"},
		{ins: "STPW (R1, R2), 16(RSP)"},
		{ins: "UBFX $24, R3, $1, R3", flow: "R3 -> R3"},
		{ins: "UBFXW $24, R3, $1, R4", flow: "R3 -> R4"},
		{ins: "SBFX $24, R3, $1, R4", flow: "R3 -> R4"},
		{ins: "UBFIZ $2, R3, $8, R4", flow: "R3 -> R4"},
		{ins: "BFI $2, R3, $8, R4", flow: "R3 R4 -> R4"},
		{ins: "BFXIL $2, R3, $8, R4", flow: "R3 R4 -> R4"},
		{ins: "EXTR $51, R2, R3, R4", flow: "R2 R3 -> R4"},
		{ins: "RORW $25, R1, R2", flow: "R1 -> R2"},
		{ins: "RORW $8, R2", flow: "R2 -> R2"},
		{ins: "ASRW $3, R1, R2", flow: "R1 -> R2"},
		{ins: "UMULL R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SMULL R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "EXTRW $7, R2, R3, R4", flow: "R2 R3 -> R4"},
		// System registers and barriers.
		{ins: "MRS DIT, R7", needs: "dit", flow: "-> R7"},
		{ins: "MRS NZCV, R7", flow: "FLAGS -> R7"},
		{ins: "MRS ID_AA64ISAR1_EL1, R3", flow: "-> R3"}, // what the CPU has: public
		{ins: "MRS FPSR, R7", always: wClosed},
		{ins: "MSR R1, NZCV", flow: "R1 -> FLAGS", leak: "R1", want: "system register written from secret data"},
		{ins: "MSR $0, DIT", needs: "dit"},
		{ins: "DSB $7"}, {ins: "ISB $15"}, {ins: "WORD $0xd50330ff", op: "SB", needs: "sb"},
		// Variable latency.
		{ins: "UDIV R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "UDIV R1, R2", flow: "R1 R2 -> R2", leak: "R1 R2", want: wLatency},
		{ins: "SDIV R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "UDIVW R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "SDIVW R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "FDIVD F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FDIVS F1, F2", flow: "V1.0 V2.0 -> V2.0; -> V2.1", leak: "V1 V2", want: wLatency},
		{ins: "FSQRTD F1, F2", flow: "V1.0 -> V2.0; -> V2.1", leak: "V1", want: wLatency},
		{ins: "FSQRTS F1, F2", flow: "V1.0 -> V2.0; -> V2.1", leak: "V1", want: wLatency},
		// Scalar floating point.
		{ins: "FMOVD $(1.0), F1", flow: "-> V1"},
		{ins: "FADDD F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FADDS F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FSUBD F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FSUBS F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FMULD F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FMULS F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1", leak: "V1 V2", want: wLatency},
		{ins: "FADDD F1, F2", flow: "V1.0 V2.0 -> V2.0; -> V2.1", leak: "V1 V2", want: wLatency},
		{ins: "FNEGD F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FNEGS F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FABSD F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FMAXD F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{ins: "FMIND F1, F2, F3", flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{ins: "SCVTFD R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "SCVTFS R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "UCVTFD R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "UCVTFS R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "SCVTFWD R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "UCVTFWD R1, F2", flow: "R1 -> V2.0; -> V2.1"},
		{ins: "FCVTZSD F1, R2", flow: "V1.0 -> R2"},
		{ins: "FCVTZUD F1, R2", flow: "V1.0 -> R2"},
		{ins: "FCVTZSDW F1, R2", flow: "V1.0 -> R2"},
		{ins: "FCVTSD F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FCVTDS F1, F2", flow: "V1.0 -> V2.0; -> V2.1"},
		{ins: "FCMPD F1, F2", flow: "V1.0 V2.0 -> FLAGS"},
		{ins: "FCMPS F1, F2", flow: "V1.0 V2.0 -> FLAGS"},
		{ins: "FCMPED F1, F2", flow: "V1.0 V2.0 -> FLAGS"},
		{ins: "FCMPES F1, F2", flow: "V1.0 V2.0 -> FLAGS"},
		// The stack pointer is a register.
		{ins: "SUB R1, RSP, RSP", flow: "R1 -> RSP", leak: "R1", want: wSP},
		// Outside the model: fail closed.
		{ins: "PRFM (R0), PLDL1KEEP", always: wClosed},
		{ins: "WORD $0", always: "data in a TEXT symbol"},
		{ins: "MSR $2, DIT", always: "fail closed"},
	}
	for _, cc := range strings.Fields("EQ NE CS HS CC LO MI PL VS VC HI LS GE LT GT LE") {
		rows = append(rows, tableRow{ins: "B" + cc + " l", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	return rows
}

func arm64RowLanes(name string) []string {
	if name[0] == 'V' && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
		num, lanePart, hasLane := strings.Cut(name[1:], ".")
		if hasLane {
			return []string{"V" + num + "." + lanePart}
		}
		return []string{Lane("V"+num, 0), Lane("V"+num, 1)}
	}
	return []string{name}
}

// arm64ObjRows are go tool objdump's aliases that the assembler does not
// write: NGC and NGCS, SBC and SBCS from the zero register; CINC, CINV
// and CNEG, CSINC, CSINV and CSNEG of one register under the inverse
// condition.
func arm64ObjRows() []tableRow {
	return []tableRow{
		{ins: "da1f03eb NGC ZR, R11", flow: "FLAGS -> R11"},
		{ins: "da0103eb NGC R1, R11", flow: "R1 FLAGS -> R11"},
		{ins: "fa0103e5 NGCS R1, R5", flow: "R1 FLAGS -> R5 FLAGS"},
		{ins: "9a812422 CINC LO, R1, R2", flow: "R1 FLAGS -> R2"},
		{ins: "da812022 CINV LO, R1, R2", flow: "R1 FLAGS -> R2"},
		{ins: "da812422 CNEG LO, R1, R2", flow: "R1 FLAGS -> R2"},
	}
}
