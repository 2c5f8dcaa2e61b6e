package arm64

import (
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The arm64 model's rows. Locations: R0-R30, RSP, FLAGS (NZCV), and
// vector register n as Vn (both lanes) or Vn.i (Fn is lane 0).

var arm64Table = &rowtest.Table{
	Arch: ARM64, Rows: arm64Rows, ObjRows: arm64ObjRows, Lanes: arm64RowLanes,
	Probes: append(append(engine.Numbered("R", 0, 12), "FLAGS"), engine.Numbered("V", 0, 17)...),
	Ops:    opcodes(), Extra: "B BNV BAL BHS BLO ADR ADRP DMB",
}

func arm64Rows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "NOOP", Op: "NOP"}, {Ins: "RET"},
		{Ins: "JMP l"}, {Ins: "JMP ·rowTarget(SB)"}, {Ins: "CALL ·rowTarget(SB)"},
		{Ins: "JMP (R1)", Always: rowtest.Jump},
		{Ins: "CALL (R1)", Always: rowtest.Jump},
		// Moves.
		{Ins: "MOVD R1, R2", Flow: "R1 -> R2"},
		// An address computed from a register (ADD): its level.
		{Ins: "MOVD $8(R1), R2", Flow: "R1 -> R2"},
		{Ins: "MOVD $0(R1), R2", Flow: "R1 -> R2"},
		{Ins: "MOVD ZR, R5", Flow: "-> R5"},
		// A constant too wide for one instruction: MOVD and three MOVK.
		{Ins: "MOVD $-7046029254386353131, R1", Flow: "-> R1"},
		{Ins: "MOVD $·rtTable(SB), R2", Flow: "-> R2"},
		{Ins: "MOVD x_base+0(FP), R0", Flow: "-> R0"},
		{Ins: "MOVD $x_base+0(FP), R0", Flow: "-> R0"}, // an address: an ADD to the stack pointer, no load
		{Ins: "MOVD (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVD (R1)(R3<<3), R2", Flow: "MEM -> R2", Leak: "R1 R3", Want: rowtest.Addr},
		{Ins: "MOVD.P 8(R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVD.W 8(R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVD R2, (R1)", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVD R5, ret+48(FP)"},
		{Ins: "MOVW R3, ret+48(FP)"},
		{Ins: "MOVB R3, ret+48(FP)"},
		{Ins: "MOVH R3, ret+48(FP)"},
		{Ins: "MOVBU ·rtTable(SB), R6", Flow: "-> R6"},
		{Ins: "MOVBU (R0), R3", Flow: "MEM -> R3", Leak: "R0", Want: rowtest.Addr},
		{Ins: "MOVHU.P 2(R0), R3", Flow: "MEM -> R3", Leak: "R0", Want: rowtest.Addr},
		{Ins: "MOVWU.P 4(R0), R3", Flow: "MEM -> R3", Leak: "R0", Want: rowtest.Addr},
		{Ins: "FMOVD F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FMOVS F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FMOVQ (R0), F2", Flow: "MEM -> V2", Leak: "R0", Want: rowtest.Addr},
		{Ins: "VMOV V0.D[0], R3", Needs: "asimd", Flow: "V0.0 -> R3"},
		{Ins: "VMOV V0.D[1], R3", Needs: "asimd", Flow: "V0.1 -> R3"},
		{Ins: "VMOV R3, V0.D[1]", Needs: "asimd", Flow: "R3 -> V0.1"}, // one lane: the other keeps its level
		{Ins: "VMOV R3, V0.S[1]", Needs: "asimd", Flow: "R3 V0.0 -> V0.0"},
		{Ins: "MOVK $(1<<16), R1", Flow: "R1 -> R1"},
		{Ins: "MOVKW $(1<<16), R1", Flow: "R1 -> R1"},
		// Arithmetic.
		{Ins: "ADD $128, R0", Flow: "R0 -> R0"},
		{Ins: "ADD R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ADD R1<<3, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ADDS R1, R2, R3", Flow: "R1 R2 -> R3 FLAGS"},
		{Ins: "ADDW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ORR R4, R3", Flow: "R4 R3 -> R3"},
		{Ins: "ORRW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "AND $255, R1", Flow: "R1 -> R1"},
		{Ins: "ANDS $255, R1, R2", Flow: "R1 -> R2 FLAGS"},
		{Ins: "ANDSW $255, R1, R2", Flow: "R1 -> R2 FLAGS"},
		{Ins: "ANDW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "BIC R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "ORN R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "EON R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "LSL $3, R1, R2", Flow: "R1 -> R2"},
		{Ins: "LSLW $3, R1, R2", Flow: "R1 -> R2"},
		{Ins: "LSR $56, R1", Flow: "R1 -> R1"},
		{Ins: "LSRW $8, R1", Flow: "R1 -> R1"},
		{Ins: "ASR $63, R1, R2", Flow: "R1 -> R2"},
		{Ins: "ROR $8, R1, R2", Flow: "R1 -> R2"},
		{Ins: "MUL R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "UMULH R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "SMULH R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "MADD R1, R2, R3, R4", Flow: "R1 R2 R3 -> R4"},
		{Ins: "MSUB R1, R2, R3, R4", Flow: "R1 R2 R3 -> R4"},
		{Ins: "MNEG R1, R2, R3", Flow: "R1 R2 -> R3"}, // -(R1*R2): Go 1.24 fuses v * c and -v
		{Ins: "MULW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "MADDW R1, R2, R3, R4", Flow: "R1 R2 R3 -> R4"},
		{Ins: "MSUBW R1, R2, R3, R4", Flow: "R1 R2 R3 -> R4"},
		{Ins: "MNEGW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "LDAR (R0), R1", Flow: "MEM -> R1", Leak: "R0", Want: rowtest.Addr},
		{Ins: "LDARW (R0), R1", Flow: "MEM -> R1", Leak: "R0", Want: rowtest.Addr},
		{Ins: "LDARB (R0), R1", Flow: "MEM -> R1", Leak: "R0", Want: rowtest.Addr},
		{Ins: "STLR R1, (R0)", Always: rowtest.Store, Leak: "R0", Want: rowtest.Addr},
		{Ins: "STLRW R1, (R0)", Always: rowtest.Store, Leak: "R0", Want: rowtest.Addr},
		{Ins: "STLRB R1, (R0)", Always: rowtest.Store, Leak: "R0", Want: rowtest.Addr},
		{Ins: "FCMPD $(0.0), F1", Flow: "V1.0 -> FLAGS"},
		{Ins: "NEG R1, R2", Flow: "R1 -> R2"},
		{Ins: "NEGW R1, R2", Flow: "R1 -> R2"},
		{Ins: "MVN R1, R2", Flow: "R1 -> R2"},
		{Ins: "MVNW R1, R2", Flow: "R1 -> R2"},
		{Ins: "BICW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "BICW R1, R2", Flow: "R1 R2 -> R2"},
		{Ins: "REV R1, R2", Flow: "R1 -> R2"},
		{Ins: "CLZ R1, R2", Flow: "R1 -> R2"},
		{Ins: "RBIT R1, R2", Flow: "R1 -> R2"}, // bits.TrailingZeros64: RBIT, then CLZ
		{Ins: "EOR R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "EOR R1, R1, R3", Flow: "-> R3"},
		{Ins: "EORW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "SUB R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "SUB R1, R1, R1", Flow: "-> R1"},
		{Ins: "SUBW R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "SUBS $128, R2", Flow: "R2 -> R2 FLAGS"},
		{Ins: "SUBS R1, R1, R3", Flow: "-> R3 FLAGS"},
		{Ins: "SUBSW R1, R2, R3", Flow: "R1 R2 -> R3 FLAGS"},
		{Ins: "CMP $0, R1", Flow: "R1 -> FLAGS"},
		{Ins: "CMP R1, R2", Flow: "R1 R2 -> FLAGS"},
		{Ins: "CMPW R1, R2", Flow: "R1 R2 -> FLAGS"},
		{Ins: "CMN R1, R2", Flow: "R1 R2 -> FLAGS"},
		{Ins: "CMNW $1, R2", Flow: "R2 -> FLAGS"},
		{Ins: "TST $1, R1", Flow: "R1 -> FLAGS"},
		{Ins: "TSTW $1, R1", Flow: "R1 -> FLAGS"},
		// Carry chains: no zeroing idiom.
		{Ins: "ADC R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"},
		{Ins: "ADC ZR, ZR, R3", Flow: "FLAGS -> R3"},
		{Ins: "ADCS R1, R2, R3", Flow: "R1 R2 FLAGS -> R3 FLAGS"},
		{Ins: "SBC R1, R1, R1", Flow: "R1 FLAGS -> R1"},
		{Ins: "SBCS R1, R1, R1", Flow: "R1 FLAGS -> R1 FLAGS"},
		// NEON.
		{Ins: "VORR V8.B16, V0.B16, V0.B16", Needs: "asimd", Flow: "V8 V0 -> V0"},
		{Ins: "VEOR V16.B16, V8.B16, V8.B16", Needs: "asimd", Flow: "V16 V8 -> V8"},
		{Ins: "VEOR V0.B16, V0.B16, V0.B16", Needs: "asimd", Flow: "-> V0"},
		{Ins: "VEOR V1.B8, V2.B8, V3.B8", Needs: "asimd", Flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{Ins: "VAND V1.B16, V2.B16, V3.B16", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VADD V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VSUB V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VCMEQ V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VCMTST V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VUMAX V1.B16, V2.B16, V3.B16", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VUMIN V1.B16, V2.B16, V3.B16", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VADDP V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VUADDLV V1.B16, V2", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VCNT V1.B16, V2.B16", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VUZP1 V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VZIP1 V1.D2, V2.D2, V3.D2", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VZIP2 V1.S4, V2.S4, V3.S4", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VSRI $20, V16.S4, V4.S4", Needs: "asimd", Flow: "V16 V4 -> V4"},
		{Ins: "VEXT $8, V1.B16, V2.B16, V3.B16", Needs: "asimd", Flow: "V1 V2 -> V3"},
		{Ins: "VREV64 V1.B16, V2.B16", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VREV32 V1.B16, V2.B16", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VDUP R1, V2.D2", Needs: "asimd", Flow: "R1 -> V2"},
		{Ins: "VUSHR $8, V1.D2, V2.D2", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VSHL $8, V1.D2, V2.D2", Needs: "asimd", Flow: "V1 -> V2"},
		{Ins: "VMOVI $0, V1.B16", Needs: "asimd", Flow: "-> V1"},
		// Table lookups: constant time by the ISA; TBX keeps the
		// destination's bytes for indices out of range.
		{Ins: "VTBL V1.B16, [V2.B16], V3.B16", Needs: "asimd", Flow: "V1 V2 -> V3"},
		// The cryptographic extension: fixed latency (model.go says
		// whose word).
		{Ins: "AESE V1.B16, V0.B16", Needs: "aes", Flow: "V1 V0 -> V0"},
		{Ins: "VLD1R (R1), [V26.D2]", Needs: "asimd", Flow: "MEM -> V26", Leak: "R1", Want: rowtest.Addr},
		{Ins: "VLD1R.P 8(R1), [V26.D2]", Needs: "asimd", Flow: "MEM -> V26", Leak: "R1", Want: rowtest.Addr},
		// chacha20's LD4R and LD3R, which its assembly writes as WORDs
		// (arm64LoadReplicate decodes them in both front ends).
		{Ins: "WORD $0x4D60E940", Op: "VLD4R", Needs: "asimd", Flow: "MEM -> V0 V1 V2 V3", Leak: "R10", Want: rowtest.Addr},
		{Ins: "WORD $0x4DFFE884", Op: "VLD4R", Needs: "asimd", Flow: "MEM -> V4 V5 V6 V7", Leak: "R4", Want: rowtest.Addr},
		{Ins: "WORD $0x4D40E8CD", Op: "VLD3R", Needs: "asimd", Flow: "MEM -> V13 V14 V15", Leak: "R6", Want: rowtest.Addr},
		{Ins: "VLD2R (R3), [V1.H8, V2.H8]", Needs: "asimd", Flow: "MEM -> V1 V2", Leak: "R3", Want: rowtest.Addr},
		{Ins: "WORD $0x4D40C8EC", Op: "VLD1R", Needs: "asimd", Flow: "MEM -> V12", Leak: "R7", Want: rowtest.Addr},
		{Ins: "PRFM (R3), PLDL3KEEP", Leak: "R3", Want: rowtest.Addr},
		{Ins: "SHA1C V16.S4, V1, V2", Needs: "sha1", Flow: "V16 V1 V2 -> V2"},
		{Ins: "SHA1M V16.S4, V1, V2", Needs: "sha1", Flow: "V16 V1 V2 -> V2"},
		{Ins: "SHA1P V16.S4, V1, V2", Needs: "sha1", Flow: "V16 V1 V2 -> V2"},
		{Ins: "SHA1H V3, V1", Needs: "sha1", Flow: "V3 -> V1"},
		{Ins: "SHA1SU0 V4.S4, V7.S4, V6.S4", Needs: "sha1", Flow: "V4 V7 V6 -> V6"},
		{Ins: "SHA1SU1 V4.S4, V5.S4", Needs: "sha1", Flow: "V4 V5 -> V5"},
		{Ins: "SHA256H V9.S4, V3, V2", Needs: "sha2", Flow: "V9 V3 V2 -> V2"},
		{Ins: "SHA256H2 V9.S4, V4, V3", Needs: "sha2", Flow: "V9 V4 V3 -> V3"},
		{Ins: "SHA256SU0 V5.S4, V4.S4", Needs: "sha2", Flow: "V5 V4 -> V4"},
		{Ins: "SHA256SU1 V7.S4, V6.S4, V4.S4", Needs: "sha2", Flow: "V7 V6 V4 -> V4"},
		{Ins: "SHA512H V2.D2, V1, V0", Needs: "sha512", Flow: "V2 V1 V0 -> V0"},
		{Ins: "SHA512H2 V2.D2, V1, V0", Needs: "sha512", Flow: "V2 V1 V0 -> V0"},
		{Ins: "SHA512SU0 V1.D2, V0.D2", Needs: "sha512", Flow: "V1 V0 -> V0"},
		{Ins: "SHA512SU1 V2.D2, V1.D2, V0.D2", Needs: "sha512", Flow: "V2 V1 V0 -> V0"},
		{Ins: "VEOR3 V1.B16, V2.B16, V3.B16, V4.B16", Needs: "sha3", Flow: "V1 V2 V3 -> V4"},
		{Ins: "VBCAX V1.B16, V2.B16, V3.B16, V4.B16", Needs: "sha3", Flow: "V1 V2 V3 -> V4"},
		{Ins: "VRAX1 V1.D2, V2.D2, V3.D2", Needs: "sha3", Flow: "V1 V2 -> V3"},
		{Ins: "VXAR $63, V1.D2, V2.D2, V3.D2", Needs: "sha3", Flow: "V1 V2 -> V3"},
		{Ins: "AESD V1.B16, V0.B16", Needs: "aes", Flow: "V1 V0 -> V0"},
		{Ins: "AESMC V0.B16, V1.B16", Needs: "aes", Flow: "V0 -> V1"},
		{Ins: "AESIMC V0.B16, V1.B16", Needs: "aes", Flow: "V0 -> V1"},
		{Ins: "VPMULL V1.D1, V2.D1, V3.Q1", Needs: "asimd pmull", Flow: "V1.0 V2.0 -> V3"},
		{Ins: "VPMULL2 V1.D2, V2.D2, V3.Q1", Needs: "asimd pmull", Flow: "V1 V2 -> V3"},
		{Ins: "VPMULL V1.B8, V2.B8, V3.H8", Needs: "asimd", Flow: "V1.0 V2.0 -> V3"},
		{Ins: "VTBX V1.B16, [V2.B16], V3.B16", Needs: "asimd", Flow: "V1 V2 V3 -> V3"},
		// Branches and selects.
		{Ins: "CBZ R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "CBNZ R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "CBZW R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "CBNZW R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "TBZ $3, R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "TBNZ $24, R7, l", Leak: "R7", Want: "conditional branch on secret R7"},
		{Ins: "CSET EQ, R3", Flow: "FLAGS -> R3"},
		{Ins: "CSETM NE, R3", Flow: "FLAGS -> R3"},
		{Ins: "CSETW NE, R3", Flow: "FLAGS -> R3"},
		{Ins: "CSEL EQ, R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"},
		{Ins: "CSELW EQ, R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"},
		{Ins: "CSINC EQ, R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"},
		{Ins: "CSINV EQ, R1, ZR, R3", Flow: "R1 FLAGS -> R3"},
		{Ins: "CSNEG EQ, R1, R2, R3", Flow: "R1 R2 FLAGS -> R3"},
		// Vector and pair loads and stores.
		{Ins: "VLD1 (R0), [V1.B16, V2.B16]", Needs: "asimd", Flow: "MEM -> V1 V2", Leak: "R0", Want: rowtest.Addr},
		{Ins: "VLD1.P 32(R0), [V1.B16, V2.B16]", Needs: "asimd", Flow: "MEM -> V1 V2", Leak: "R0", Want: rowtest.Addr},
		{Ins: "VST1 [V0.B16], (R0)", Needs: "asimd", Always: rowtest.Store, Leak: "R0", Want: rowtest.Addr},
		{Ins: "FLDPQ (R0), (F8, F9)", Flow: "MEM -> V8 V9", Leak: "R0", Want: rowtest.Addr},
		{Ins: "FLDPD (R0), (F8, F9)", Flow: "MEM -> V8.0 V9.0; -> V8.1 V9.1", Leak: "R0", Want: rowtest.Addr},
		{Ins: "FSTPQ (F8, F9), 16(RSP)"},
		{Ins: "FSTPD (F8, F9), 16(RSP)"},
		{Ins: "LDP (R0), (R1, R2)", Flow: "MEM -> R1 R2", Leak: "R0", Want: rowtest.Addr},
		{Ins: "LDPW (R0), (R1, R2)", Flow: "MEM -> R1 R2", Leak: "R0", Want: rowtest.Addr},
		{Ins: "STP (R1, R2), 16(RSP)"},
		{Ins: "STPW (R1, R2), 16(RSP)"},
		{Ins: "UBFX $24, R3, $1, R3", Flow: "R3 -> R3"},
		{Ins: "UBFXW $24, R3, $1, R4", Flow: "R3 -> R4"},
		{Ins: "SBFX $24, R3, $1, R4", Flow: "R3 -> R4"},
		{Ins: "UBFIZ $2, R3, $8, R4", Flow: "R3 -> R4"},
		{Ins: "BFI $2, R3, $8, R4", Flow: "R3 R4 -> R4"},
		{Ins: "BFXIL $2, R3, $8, R4", Flow: "R3 R4 -> R4"},
		{Ins: "EXTR $51, R2, R3, R4", Flow: "R2 R3 -> R4"},
		{Ins: "RORW $25, R1, R2", Flow: "R1 -> R2"},
		{Ins: "RORW $8, R2", Flow: "R2 -> R2"},
		{Ins: "ASRW $3, R1, R2", Flow: "R1 -> R2"},
		{Ins: "UMULL R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "SMULL R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "EXTRW $7, R2, R3, R4", Flow: "R2 R3 -> R4"},
		// System registers and barriers.
		{Ins: "MRS DIT, R7", Needs: "dit", Flow: "-> R7"},
		{Ins: "MRS NZCV, R7", Flow: "FLAGS -> R7"},
		{Ins: "MRS ID_AA64ISAR1_EL1, R3", Flow: "-> R3"}, // what the CPU has: public
		{Ins: "MRS FPSR, R7", Always: rowtest.Closed},
		{Ins: "MSR R1, NZCV", Flow: "R1 -> FLAGS", Leak: "R1", Want: "system register written from secret data"},
		{Ins: "MSR $0, DIT", Needs: "dit"},
		{Ins: "DSB $7"}, {Ins: "ISB $15"}, {Ins: "WORD $0xd50330ff", Op: "SB", Needs: "sb"},
		// Variable latency.
		{Ins: "UDIV R1, R2, R3", Flow: "R1 R2 -> R3", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "UDIV R1, R2", Flow: "R1 R2 -> R2", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "SDIV R1, R2, R3", Flow: "R1 R2 -> R3", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "UDIVW R1, R2, R3", Flow: "R1 R2 -> R3", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "SDIVW R1, R2, R3", Flow: "R1 R2 -> R3", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "REM R1, R2, R3", Flow: "R1 R2 -> R3 R27", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "UREM R1, R2", Flow: "R1 R2 -> R2 R27", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "UREMW R1, R2, R3", Flow: "R1 R2 -> R3 R27", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "REMW R1, R2, R3", Flow: "R1 R2 -> R3 R27", Leak: "R1 R2", Want: rowtest.Latency},
		{Ins: "FDIVD F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FDIVS F1, F2", Flow: "V1.0 V2.0 -> V2.0; -> V2.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FSQRTD F1, F2", Flow: "V1.0 -> V2.0; -> V2.1", Leak: "V1", Want: rowtest.Latency},
		{Ins: "FSQRTS F1, F2", Flow: "V1.0 -> V2.0; -> V2.1", Leak: "V1", Want: rowtest.Latency},
		// Scalar floating point.
		{Ins: "FMOVD $(1.0), F1", Flow: "-> V1"},
		{Ins: "FADDD F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FADDS F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FSUBD F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FSUBS F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FMULD F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FMULS F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FADDD F1, F2", Flow: "V1.0 V2.0 -> V2.0; -> V2.1", Leak: "V1 V2", Want: rowtest.Latency},
		{Ins: "FNEGD F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FNEGS F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FABSD F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FMAXD F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{Ins: "FMIND F1, F2, F3", Flow: "V1.0 V2.0 -> V3.0; -> V3.1"},
		{Ins: "SCVTFD R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "SCVTFS R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "UCVTFD R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "UCVTFS R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "SCVTFWD R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "UCVTFWD R1, F2", Flow: "R1 -> V2.0; -> V2.1"},
		{Ins: "FCVTZSD F1, R2", Flow: "V1.0 -> R2"},
		{Ins: "FCVTZUD F1, R2", Flow: "V1.0 -> R2"},
		{Ins: "FCVTZSDW F1, R2", Flow: "V1.0 -> R2"},
		{Ins: "FCVTSD F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FCVTDS F1, F2", Flow: "V1.0 -> V2.0; -> V2.1"},
		{Ins: "FCMPD F1, F2", Flow: "V1.0 V2.0 -> FLAGS"},
		{Ins: "FCMPS F1, F2", Flow: "V1.0 V2.0 -> FLAGS"},
		{Ins: "FCMPED F1, F2", Flow: "V1.0 V2.0 -> FLAGS"},
		{Ins: "FCMPES F1, F2", Flow: "V1.0 V2.0 -> FLAGS"},
		// The stack pointer is a register.
		{Ins: "SUB R1, RSP, RSP", Flow: "R1 -> RSP", Leak: "R1", Want: rowtest.SP},
		// Outside the model: fail closed.
		{Ins: "CRC32B R1, R2, R3", Always: rowtest.Closed},
		{Ins: "WORD $0", Always: "data in a TEXT symbol"},
		{Ins: "MSR $2, DIT", Always: "fail closed"},
	}
	for _, cc := range strings.Fields("EQ NE CS HS CC LO MI PL VS VC HI LS GE LT GT LE") {
		rows = append(rows, rowtest.Row{Ins: "B" + cc + " l", Leak: "FLAGS", Want: "conditional branch on secret flags"})
	}
	return rows
}

func arm64RowLanes(name string) []string {
	if name[0] == 'V' && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
		num, lanePart, hasLane := strings.Cut(name[1:], ".")
		if hasLane {
			return []string{"V" + num + "." + lanePart}
		}
		return []string{engine.Lane("V"+num, 0), engine.Lane("V"+num, 1)}
	}
	return []string{name}
}

// arm64ObjRows are go tool objdump's aliases that the assembler does not
// write: NGC and NGCS, SBC and SBCS from the zero register; CINC, CINV
// and CNEG, CSINC, CSINV and CSNEG of one register under the inverse
// condition; SXTB ... UXTHW, the moves that extend (as a user's
// int64(int8(x)) compiles).
func arm64ObjRows() []rowtest.Row {
	return []rowtest.Row{
		{Ins: "da1f03eb NGC ZR, R11", Flow: "FLAGS -> R11"},
		{Ins: "da0103eb NGC R1, R11", Flow: "R1 FLAGS -> R11"},
		{Ins: "fa0103e5 NGCS R1, R5", Flow: "R1 FLAGS -> R5 FLAGS"},
		{Ins: "9a812422 CINC LO, R1, R2", Flow: "R1 FLAGS -> R2"},
		{Ins: "da812022 CINV LO, R1, R2", Flow: "R1 FLAGS -> R2"},
		{Ins: "da812422 CNEG LO, R1, R2", Flow: "R1 FLAGS -> R2"},
		{Ins: "93401c01 SXTB R0, R1", Flow: "R0 -> R1"},
		{Ins: "93403c42 SXTH R2, R2", Flow: "R2 -> R2"},
		{Ins: "93407c42 SXTW R2, R3", Flow: "R2 -> R3"},
		{Ins: "13001c01 SXTBW R0, R1", Flow: "R0 -> R1"},
		{Ins: "13003c01 SXTHW R0, R1", Flow: "R0 -> R1"},
		{Ins: "53001c01 UXTBW R0, R1", Flow: "R0 -> R1"},
		{Ins: "53003c01 UXTHW R0, R1", Flow: "R0 -> R1"},
	}
}

func TestRows(t *testing.T) { rowtest.Run(t, arm64Table) }

func TestObjdumpForms(t *testing.T) { rowtest.RunObjdumpForms(t, arm64Table) }
