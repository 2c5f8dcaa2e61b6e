package engine

import (
	"go/version"
	"runtime"
	"strings"
	"testing"
)

// The s390x model's rows. Locations: R0-R15, FLAGS (the condition code),
// and V0-V31 as two lanes each (F1 is lane 0 of V1).

var s390xTable = &isaTable{
	arch: s390xRegArch, minGo: "go1.26", rows: s390xRows, objRows: s390xObjRows,
	probes:    append(append(numbered("R", 1, 9), "R14", "FLAGS"), withLanes(nil, numbered("V", 1, 4))...),
	objProbes: append(append(numbered("R", 1, 9), "R14", "FLAGS"), withLanes(nil, numbered("V", 0, 2))...),
	ops:       S390XOps(),
	objOnly: "NOP NOT NOTW MVGHI VTM BGTU BGEU CMPWBEQ CMPWBNE CMPWBLT CMPWBLE CMPWBGT CMPWBGE " +
		"CMPWUBEQ CMPWUBNE CMPWUBLT CMPWUBLE CMPWUBGT CMPWUBGE DSGR DSGFR DLGR DLR",
}

func s390xRows() []tableRow {
	cc := "conditional branch on secret condition code"
	rows := []tableRow{
		{ins: "RET", leak: "R14", want: "return to an address that depends on secret data (R14)"}, {ins: "JMP l"}, {ins: "NOPH"},
		{ins: "BR R1", always: wJump},
		{ins: "BL R1", always: wJump, flow: "-> R14"},
		{ins: "CALL ·rowTarget(SB)", flow: "-> R14"},
		{ins: "BRC $8, l", leak: "FLAGS", want: cc},
		{ins: "BRC $15, l"},
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMP R1, $8", flow: "R1 -> FLAGS"},
		{ins: "MOVD 8(R15), R1", flow: "-> R1"},
		{ins: "MOVD 8(R2), R1", flow: "MEM -> R1", leak: "R2", want: wAddr},
		{ins: "MOVD $·rtTable(SB), R1", flow: "-> R1"},
		{ins: "MOVD ·rtTable(SB), R1", flow: "-> R1"},
		{ins: "MOVD R1, R2", flow: "R1 -> R2"},
		{ins: "MOVD $1, R2", flow: "-> R2"},
		{ins: "MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD 3(R1)(R3*1), R2", flow: "MEM -> R2", leak: "R1 R3", want: wAddr},
		{ins: "MOVD R2, 8(R15)"},
		{ins: "MOVD R2, (R1)", always: wStore, leak: "R1", want: wAddr},
		{ins: "MOVD x+0(FP), R2", flow: "-> R2"},
		{ins: "MOVD R2, ret+8(FP)"},
		{ins: "MOVD R2, t-8(SP)", text: "NOSPLIT, $16-64"},
		{ins: "MOVD R3, t-8(SP)\n\tMOVD t-8(SP), R2", flow: "R3 -> R2", text: "NOSPLIT, $16-64"},
		{ins: "FMOVD F1, F2", flow: "V1.0 -> V2.0"},
		{ins: "FMOVD (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: wAddr},
		// XG and the like: R = R op mem.
		{ins: "XOR (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "AND 8(R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "SRAD $3, R2, R3", flow: "R2 -> R3 FLAGS"},
		{ins: "SLD R4, R2, R3", flow: "R4 R2 -> R3 FLAGS"},
		{ins: "ADD R1, R2", flow: "R1 R2 -> R2 FLAGS"},
		{ins: "ADD $64, R15"},
		{ins: "SUB $64, R15"},
		{ins: "XOR R1, R1", flow: "-> R1 FLAGS"},
		{ins: "SUB R1, R1", flow: "-> R1 FLAGS"},
		{ins: "XORW R1, R1", flow: "-> R1 FLAGS"},
		{ins: "NEG R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "NEG R1", flow: "R1 -> R1 FLAGS"},
		{ins: "MULLD R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "RISBGZ $56, $63, $0, R1, R2", flow: "R1 -> R2"},
		{ins: "RISBG $56, $63, $0, R1, R2", flow: "R1 R2 -> R2"},
		{ins: "MOVD $-8(R15), R15"},
		{ins: "MOVD $8(R2), R3", flow: "R2 -> R3"},
		{ins: "MOVD $8(R2)(R4*1), R3", flow: "R2 R4 -> R3"},
		{ins: "LOCGR $8, R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "STMG R1, R4, 8(R15)"},
		{ins: "STMG R1, R4, (R5)", always: wStore, leak: "R5", want: wAddr},
		{ins: "LMG 8(R15), R1, R2", flow: "-> R1 R2"},
		{ins: "STMY R1, R2, 8(R15)"}, // STM: the low words
		{ins: "STMY R1, R2, (R5)", always: wStore, leak: "R5", want: wAddr},
		{ins: "LMG (R5), R1, R2", flow: "MEM -> R1 R2", leak: "R5", want: wAddr},
		{ins: "BRCTG R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "BRCT R1, l", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "FSQRT F1, F2", flow: "V1.0 -> V2.0", leak: "V1.0", want: wLatency},
		{ins: "FADD F1, F2", always: wClosed},
		// The vector facility: F1 is lane 0 of V1.
		{ins: "VZERO V1", needs: "vx", flow: "-> V1"},
		{ins: "VONE V1", needs: "vx", flow: "-> V1"},
		{ins: "VL (R1), V1", needs: "vx", flow: "MEM -> V1", leak: "R1", want: wAddr},
		{ins: "VST V1, (R1)", needs: "vx", always: wStore, leak: "R1", want: wAddr},
		{ins: "VST V1, 16(R15)", needs: "vx"},
		{ins: "VLM (R1), V1, V3", needs: "vx", flow: "MEM -> V1 V2 V3", leak: "R1", want: wAddr},
		{ins: "VSTM V1, V2, (R1)", needs: "vx", always: wStore, leak: "R1", want: wAddr},
		{ins: "VLL R1, (R2), V1", needs: "vx", flow: "MEM -> V1", leak: "R2", want: wAddr, leak2: "R1", want2: "load length depends on secret R1"},
		{ins: "VX V1, V1, V3", needs: "vx", flow: "-> V3"},
		{ins: "VLGVG $1, V1, R1", needs: "vx", flow: "V1.1 -> R1"},
		{ins: "VLGVG $0, V1, R1", needs: "vx", flow: "V1.0 -> R1"},
		{ins: "VLGVB $9, V1, R1", needs: "vx", flow: "V1.1 -> R1"},
		{ins: "VLGVH $3, V1, R1", needs: "vx", flow: "V1.0 -> R1"},
		{ins: "VLGVF $2, V1, R1", needs: "vx", flow: "V1.1 -> R1"},
		{ins: "VPERM V1, V2, V3, V4", needs: "vx", flow: "V1 V2 V3 -> V4"},
		{ins: "VSEL V1, V2, V3, V4", needs: "vx", flow: "V1 V2 V3 -> V4"},
	}
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", tableRow{ins: "OP (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr})...)
	rows = append(rows, rowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", tableRow{ins: "OP R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("FMOVS", tableRow{ins: "OP (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: wAddr})...)
	rows = append(rows, rowsOf("ADD SUB AND OR XOR ADDW SUBW ANDW ORW XORW SLD SRD SRAD SLW SRW SRAW RLL RLLG ADDC SUBC",
		tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("ADDE SUBE", tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowsOf("MULLW", tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3"})...)
	// The assembler computes these in R10 and R11, its temporaries; MULHD
	// subtracts there too.
	rows = append(rows, tableRow{ins: "MULHD R1, R2, R3", flow: "R1 R2 -> R3 R10 R11 FLAGS"},
		tableRow{ins: "MULHDU R1, R2, R3", flow: "R1 R2 -> R3 R10 R11"},
		tableRow{ins: "MLGR R1, R2", flow: "R1 R3 -> R2 R3"})
	rows = append(rows, rowsOf("NEGW", tableRow{ins: "OP R1, R2", flow: "R1 -> R2 FLAGS"})...)
	rows = append(rows, rowsOf("CMPU CMPW CMPWU", tableRow{ins: "OP R1, R2", flow: "R1 R2 -> FLAGS"})...)
	rows = append(rows, rowsOf("RISBGN RISBHG RISBLG", tableRow{ins: "OP $56, $63, $0, R1, R2", flow: "R1 R2 -> R2"})...)
	rows = append(rows, rowsOf("RISBHGZ RISBLGZ", tableRow{ins: "OP $56, $63, $0, R1, R2", flow: "R1 -> R2"})...)
	rows = append(rows, rowsOf("BEQ BNE BLT BLE BGT BGE BLTU BLEU BVS", tableRow{ins: "OP l", leak: "FLAGS", want: cc})...)
	// The assembler encodes BVC as BRC $0, which never branches
	// (cmd/internal/obj/s390x: "needs extra instruction").
	rows = append(rows, tableRow{ins: "BVC l", leak: "FLAGS", want: cc, sourceOnly: "assembled as BRC $0"})
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			tableRow{ins: "CMPB" + c + " R1, R2, l", leak: "R1 R2", want: "conditional branch on secret R1, R2"},
			tableRow{ins: "CMPUB" + c + " R1, $8, l", leak: "R1", want: "conditional branch on secret R1, $8"})
	}
	rows = append(rows, rowsOf("CRJ CGRJ CLRJ CLGRJ", tableRow{ins: "OP $8, R1, R2, l", leak: "R1 R2", want: "conditional branch on secret R1, R2"})...)
	rows = append(rows, rowsOf("CIJ CGIJ CLIJ CLGIJ", tableRow{ins: "OP $8, R1, $5, l", leak: "R1", want: "conditional branch on secret R1, $5"})...)
	rows = append(rows, rowsOf("DIVD DIVDU DIVW DIVWU MODD MODDU MODW MODWU",
		tableRow{ins: "OP R1, R2, R3", flow: "R1 R2 -> R3 R10 R11", leak: "R1 R2", want: wLatency})...)
	rows = append(rows, rowsOf("DIVD MODWU", tableRow{ins: "OP R1, R2", flow: "R1 R2 -> R2 R10 R11", leak: "R1 R2", want: wLatency})...)
	rows = append(rows, rowsOf("FDIV FDIVS", tableRow{ins: "OP F1, F2", flow: "V1.0 V2.0 -> V2.0", leak: "V1.0 V2.0", want: wLatency})...)
	rows = append(rows, rowsOf("FSQRTS", tableRow{ins: "OP F1, F2", flow: "V1.0 -> V2.0", leak: "V1.0", want: wLatency})...)
	rows = append(rows, rowsOf("WFDDB", tableRow{ins: "OP V1, V2, V3", needs: "vx", flow: "V1 V2 -> V3", leak: "V1 V2", want: wLatency})...)
	rows = append(rows, rowsOf("WFSQDB VFSQDB", tableRow{ins: "OP V1, V3", needs: "vx", flow: "V1 -> V3", leak: "V1", want: wLatency})...)
	rows = append(rows, rowsOf("VFDDB", tableRow{ins: "OP V1, V2, V3", needs: "vx", flow: "V1 V2 -> V3", leak: "V1 V2", want: wLatency})...)
	rows = append(rows, rowsOf("VX VO VN VNO VNC VAQ VSQ VAB VAG VSB VSG VCEQB VCEQH VCEQF VCEQG VMXLB VMNLB",
		tableRow{ins: "OP V1, V2, V3", needs: "vx", flow: "V1 V2 -> V3"})...)
	rows = append(rows, rowsOf("VCEQBS VCEQHS VCEQFS VCEQGS", tableRow{ins: "OP V1, V2, V3", needs: "vx", flow: "V1 V2 -> V3 FLAGS"})...)
	return rows
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), the forms of older releases'
// disassemblers (Go 1.24 and 1.25), and branch targets decoded from the
// encoding. Each row is "HEX TEXT" as go tool objdump prints it.

func s390xObjRows() []tableRow {
	cc := "conditional branch on secret condition code"
	rows := []tableRow{
		{ins: "0707 NOP"},
		{ins: "07fe JMP R14", leak: "R14", want: "return to an address"}, // BR R14, as Go 1.24 prints it
		{ins: "07f1 JMP R1", always: wJump},
		{ins: "a7f40004 JMP 2(PC)"},
		{ins: "a7840004 BRC $8, 2(PC)", leak: "FLAGS", want: cc},
		{ins: "e3f0ffc0ff71 MOVD -64(R15), R15"},
		{ins: "e3f0ffc8ff71 MOVD -56(R0)(R15*1), R15"},
		{ins: "e31020080071 MOVD 8(R2), R1", flow: "R2 -> R1"}, // LAY: an address, not a load
		{ins: "c01000000010 MOVD p.x(SB), R1", flow: "-> R1"},  // LARL
		{ins: "c41800000010 MOVD R1, 16(PC)", flow: "-> R1"},   // LGRL, as Go 1.24 prints it
		{ins: "c41b00000010 STGRL R1, p.x(SB)", always: wStore},
		{ins: "c41f00000010 STRL R1, p.x(SB)", always: wStore},
		{ins: "c41700000010 STHRL R1, p.x(SB)", always: wStore},
		{ins: "c41c00000010 LGFRL R1, p.x(SB)", flow: "-> R1"},
		{ins: "c41e00000010 LLGFRL R1, p.x(SB)", flow: "-> R1"},
		{ins: "c41400000010 LGHRL R1, p.x(SB)", flow: "-> R1"},
		{ins: "c41600000010 LLGHRL R1, p.x(SB)", flow: "-> R1"},
		{ins: "c41d00000010 LRL R1, p.x(SB)", always: wClosed},
		{ins: "e32010000004 MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000004 MOVW (R1), R2", always: wClosed}, // LG printed as MOVW
		{ins: "e32010000082 XOR R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "e32010000081 OR (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr}, // Go 1.25's order
		{ins: "e32010000024 XOR R2, (R1)", always: wClosed},                                    // STG is no XOR
		{ins: "eb14f0080024 STMG R1, R4, 8(R15)"},
		{ins: "e548f0080001 MVGHI 8(R15), $1"},
		{ins: "4210f008 STC R1, 8(R15)"},
		{ins: "4210f008 MOVB R1, 8(R15)"},
		// ST and STH, the word's and the halfword's stores with a 12-bit
		// displacement (Go 1.26 prints ST as MOVW, STH as STH), and X, a
		// word's XOR from memory.
		{ins: "5010f008 MOVW R1, 8(R15)"},
		{ins: "50123008 MOVW R1, 8(R2)(R3*1)", always: wStore, leak: "R2 R3", want: wAddr},
		{ins: "4010f008 STH R1, 8(R15)"},
		{ins: "40123008 STH R1, 8(R2)(R3*1)", always: wStore, leak: "R2 R3", want: wAddr},
		{ins: "5010f008 STH R1, 8(R15)", always: wClosed}, // ST is no STH
		{ins: "57201000 XORW R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "50201000 XORW R2, (R1)", always: wClosed}, // ST is no XORW
		{ins: "e75000003021 VLGV R5, V0, (R0), $3", needs: "vx", flow: "V0.0 -> R5"},
		{ins: "e75000013021 VLGV R5, V0, 1(R0), $3", needs: "vx", flow: "V0.1 -> R5"},
		{ins: "eb640007000c SRD 7(R0), R4, R6", flow: "R4 -> R6 FLAGS"},
		{ins: "eb645000000c SRD (R5), R4, R6", flow: "R4 R5 -> R6 FLAGS"},
		{ins: "b9e28020 MOVDEQ R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "b9f71012 NOT R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "b9f71012 NOTW R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "a7240004 BGTU 2(PC)", leak: "FLAGS", want: cc},
		{ins: "a7a40004 BGEU 2(PC)", leak: "FLAGS", want: cc},
		{ins: "e7120000d8 VTM V1, V2", needs: "vx", flow: "V1 V2 -> FLAGS"},
		{ins: "c0f4fffffff0 BR 0(PC)"},
		// BCR 15, Rn: Go 1.26's disassembler prints RET for every n.
		{ins: "07fe RET", leak: "R14", want: "return to an address"},
		{ins: "07fc RET", always: wJump},
		{ins: "0dec BASR R14, R12", always: wJump, flow: "-> R14"},
		{ins: "ec170003007c CGIJ R1, $0, $7, 1(PC)", leak: "R1", want: "conditional branch on secret R1, $0"},
		{ins: "41534000 MOVD (R4)(R3*1), R5", flow: "R3 R4 -> R5"}, // LA
		// The float loads and stores: LDY, LD, STD, LE; LD is no FMOVS.
		{ins: "ed20f0080065 FMOVD 8(R15), F2", flow: "-> V2.0"},
		{ins: "ed2010000065 FMOVD (R1), F2", flow: "MEM -> V2.0", leak: "R1", want: wAddr},
		{ins: "6820f008 FMOVD 8(R15), F2", flow: "-> V2.0"},
		{ins: "6020f008 FMOVD F2, 8(R15)"},
		{ins: "7820f008 FMOVS 8(R15), F2", flow: "-> V2.0"},
		{ins: "6820f008 FMOVS 8(R15), F2", always: wClosed},
		// The pair divisions of DIVD and its kin: R11 (and R10) by R1.
		{ins: "b90d00a1 DSGR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: wLatency},
		{ins: "b91d00a1 DSGFR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: wLatency},
		{ins: "b98700a1 DLGR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: wLatency},
		{ins: "b99700a1 DLR R10, R1", flow: "R1 -> R10 R11", leak: "R1", want: wLatency},
		{ins: "b90d00b1 DSGR R11, R1", always: wClosed},
		{ins: "e721000830e5 VFD V2, V1, V0, $3, $8", needs: "vx", flow: "V0 V1 -> V2", leak: "V0 V1", want: wLatency},
		{ins: "e721000030ce VFSQ V2, V1, $3, $0", needs: "vx", flow: "V1 -> V2", leak: "V1", want: wLatency},
	}
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			tableRow{ins: "ec120004007e CMPWB" + c + " R1, R2, 2(PC)", leak: "R1 R2", want: "conditional branch on secret R1, R2"},
			tableRow{ins: "ec120004007f CMPWUB" + c + " R1, R2, 2(PC)", leak: "R1 R2", want: "conditional branch on secret R1, R2"})
	}
	return rows
}

// TestS390XVectorDisplacement: the s390x assembler encodes a negative
// displacement of a vector load or store (12 bits, unsigned) as 4096
// plus it, and the listing prints the one written; both checks take the
// encoding's, which is what runs.
func TestS390XVectorDisplacement(t *testing.T) {
	if version.Compare(runtime.Version(), s390xTable.minGo) < 0 {
		t.Skipf("the assembler of %s has no vector facility", runtime.Version())
	}
	rows := []tableRow{{ins: "VL -16(R15), V1"}, {ins: "VST V1, 32(R15)"}, {ins: "VLM -32(R2), V1, V2"}}
	progs, spans := linkRows(t, s390xTable, rows)
	for _, check := range []checkName{sourceCheck, compiledCheck} {
		for i, want := range []int64{4080, 32, 4064} {
			f, start, _, err := spans(progs[check], i)
			if err != nil {
				t.Fatalf("%s: %s: %v", check, rows[i].ins, err)
			}
			in := &f.Insts[start]
			var got []int64
			for _, x := range in.Args {
				if x.Kind == ArgMem {
					got = append(got, x.Imm)
				}
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s: %s: displacement %v, want %d (the encoding's)", check, in.Text, got, want)
			}
		}
	}
}
