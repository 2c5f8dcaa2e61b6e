package s390x

import (
	"go/version"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// The s390x model's rows. Locations: R0-R15, FLAGS (the condition code),
// and V0-V31 as two lanes each (F1 is lane 0 of V1).

var s390xTable = &rowtest.Table{
	Arch: S390XRegABI, MinGo: "go1.26", Rows: s390xRows, ObjRows: s390xObjRows,
	Probes:    append(append(engine.Numbered("R", 1, 9), "R14", "FLAGS"), engine.WithLanes(nil, engine.Numbered("V", 1, 4))...),
	ObjProbes: append(append(engine.Numbered("R", 1, 9), "R14", "FLAGS"), engine.WithLanes(nil, engine.Numbered("V", 0, 2))...),
	Ops:       opcodes(),
	ObjOnly: "NOP NOT NOTW MVGHI VTM BGTU BGEU CMPWBEQ CMPWBNE CMPWBLT CMPWBLE CMPWBGT CMPWBGE " +
		"CMPWUBEQ CMPWUBNE CMPWUBLT CMPWUBLE CMPWUBGT CMPWUBGE DSGR DSGFR DLGR DLR KMAC",
}

func s390xRows() []rowtest.Row {
	cc := "conditional branch on secret condition code"
	rows := []rowtest.Row{
		{Ins: "RET", Leak: "R14", Want: "return to an address that depends on secret data (R14)"}, {Ins: "JMP l"}, {Ins: "NOPH"},
		{Ins: "BR R1", Always: rowtest.Jump},
		{Ins: "BL R1", Always: rowtest.Jump, Flow: "-> R14"},
		{Ins: "CALL ·rowTarget(SB)", Flow: "-> R14"},
		{Ins: "BRC $8, l", Leak: "FLAGS", Want: cc},
		{Ins: "BRC $15, l"},
		{Ins: "CMP R1, R2", Flow: "R1 R2 -> FLAGS"},
		{Ins: "CMP R1, $8", Flow: "R1 -> FLAGS"},
		{Ins: "MOVD 8(R15), R1", Flow: "-> R1"},
		{Ins: "MOVD 8(R2), R1", Flow: "MEM -> R1", Leak: "R2", Want: rowtest.Addr},
		{Ins: "MOVD $·rtTable(SB), R1", Flow: "-> R1"},
		{Ins: "MOVD ·rtTable(SB), R1", Flow: "-> R1"},
		{Ins: "MOVD R1, R2", Flow: "R1 -> R2"},
		{Ins: "MOVD $1, R2", Flow: "-> R2"},
		{Ins: "MOVD (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "MOVD 3(R1)(R3*1), R2", Flow: "MEM -> R2", Leak: "R1 R3", Want: rowtest.Addr},
		{Ins: "MOVD R2, 8(R15)"},
		{Ins: "MOVD R2, (R1)", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		// A store to address 0: a deliberate crash (gcm_s390x.s), the
		// path's end.
		{Ins: "MOVD $0, (R0)"},
		{Ins: "MOVD x+0(FP), R2", Flow: "-> R2"},
		{Ins: "MOVD R2, ret+8(FP)"},
		{Ins: "MOVD R2, t-8(SP)", Text: "NOSPLIT, $16-64"},
		{Ins: "MOVD R3, t-8(SP)\n\tMOVD t-8(SP), R2", Flow: "R3 -> R2", Text: "NOSPLIT, $16-64"},
		{Ins: "FMOVD F1, F2", Flow: "V1.0 -> V2.0"},
		{Ins: "FMOVD (R1), F2", Flow: "MEM -> V2.0", Leak: "R1", Want: rowtest.Addr},
		// XG and the like: R = R op mem.
		{Ins: "XOR (R1), R2", Flow: "MEM R2 -> R2 FLAGS", Leak: "R1", Want: rowtest.Addr},
		{Ins: "AND 8(R1), R2", Flow: "MEM R2 -> R2 FLAGS", Leak: "R1", Want: rowtest.Addr},
		{Ins: "SRAD $3, R2, R3", Flow: "R2 -> R3 FLAGS"},
		{Ins: "SLD R4, R2, R3", Flow: "R4 R2 -> R3 FLAGS"},
		{Ins: "ADD R1, R2", Flow: "R1 R2 -> R2 FLAGS"},
		{Ins: "ADD $64, R15"},
		{Ins: "SUB $64, R15"},
		{Ins: "XOR R1, R1", Flow: "-> R1 FLAGS"},
		{Ins: "SUB R1, R1", Flow: "-> R1 FLAGS"},
		{Ins: "XORW R1, R1", Flow: "-> R1 FLAGS"},
		{Ins: "NEG R1, R2", Flow: "R1 -> R2 FLAGS"},
		{Ins: "NEG R1", Flow: "R1 -> R1 FLAGS"},
		{Ins: "MULLD R1, R2, R3", Flow: "R1 R2 -> R3"},
		{Ins: "RISBGZ $56, $63, $0, R1, R2", Flow: "R1 -> R2"},
		{Ins: "RISBG $56, $63, $0, R1, R2", Flow: "R1 R2 -> R2"},
		{Ins: "MOVD $-8(R15), R15"},
		{Ins: "MOVD $8(R2), R3", Flow: "R2 -> R3"},
		{Ins: "MOVD $8(R2)(R4*1), R3", Flow: "R2 R4 -> R3"},
		{Ins: "LAY 8(R2)(R4*1), R3", Flow: "R2 R4 -> R3"},
		{Ins: "LOCGR $8, R1, R2", Flow: "R1 R2 FLAGS -> R2"},
		{Ins: "STMG R1, R4, 8(R15)"},
		{Ins: "STMG R1, R4, (R5)", Always: rowtest.Store, Leak: "R5", Want: rowtest.Addr},
		{Ins: "LMG 8(R15), R1, R2", Flow: "-> R1 R2"},
		{Ins: "STMY R1, R2, 8(R15)"}, // STM: the low words
		{Ins: "STMY R1, R2, (R5)", Always: rowtest.Store, Leak: "R5", Want: rowtest.Addr},
		{Ins: "LMG (R5), R1, R2", Flow: "MEM -> R1 R2", Leak: "R5", Want: rowtest.Addr},
		// LMY: words to the low halves, the high halves kept.
		{Ins: "LMY (R5), R1, R2", Flow: "MEM -> R1 R2", Leak: "R5", Want: rowtest.Addr},
		{Ins: "LMY 8(R15), R1, R2"},
		{Ins: "TMLL R1, $3", Flow: "R1 -> FLAGS"},
		{Ins: "BRCTG R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "BRCT R1, l", Leak: "R1", Want: "conditional branch on secret R1"},
		{Ins: "FSQRT F1, F2", Flow: "V1.0 -> V2.0", Leak: "V1.0", Want: rowtest.Latency},
		{Ins: "FADD F1, F2", Always: rowtest.Closed},
		// The vector facility: F1 is lane 0 of V1.
		{Ins: "VZERO V1", Needs: "vx", Flow: "-> V1"},
		{Ins: "VONE V1", Needs: "vx", Flow: "-> V1"},
		{Ins: "VL (R1), V1", Needs: "vx", Flow: "MEM -> V1", Leak: "R1", Want: rowtest.Addr},
		{Ins: "VST V1, (R1)", Needs: "vx", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "VST V1, 16(R15)", Needs: "vx"},
		{Ins: "VLM (R1), V1, V3", Needs: "vx", Flow: "MEM -> V1 V2 V3", Leak: "R1", Want: rowtest.Addr},
		{Ins: "VSTM V1, V2, (R1)", Needs: "vx", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr},
		{Ins: "VLL R1, (R2), V1", Needs: "vx", Flow: "MEM -> V1", Leak: "R2", Want: rowtest.Addr, Leak2: "R1", Want2: "load length depends on secret R1"},
		{Ins: "VX V1, V1, V3", Needs: "vx", Flow: "-> V3"},
		{Ins: "VLGVG $1, V1, R1", Needs: "vx", Flow: "V1.1 -> R1"},
		{Ins: "VLGVG $0, V1, R1", Needs: "vx", Flow: "V1.0 -> R1"},
		{Ins: "VLGVB $9, V1, R1", Needs: "vx", Flow: "V1.1 -> R1"},
		{Ins: "VLGVH $3, V1, R1", Needs: "vx", Flow: "V1.0 -> R1"},
		{Ins: "VLGVF $2, V1, R1", Needs: "vx", Flow: "V1.1 -> R1"},
		{Ins: "VPERM V1, V2, V3, V4", Needs: "vx", Flow: "V1 V2 V3 -> V4"},
		{Ins: "VSEL V1, V2, V3, V4", Needs: "vx", Flow: "V1 V2 V3 -> V4"},
	}
	rows = append(rows, rowtest.RowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", rowtest.Row{Ins: "OP (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 -> R2"})...)
	// The byte-reversed loads and stores (LRVG, STRVG, ...): encoding/binary's
	// LittleEndian on a big-endian machine.
	rows = append(rows, rowtest.RowsOf("MOVDBR MOVWBR MOVHBR", rowtest.Row{Ins: "OP (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("MOVDBR MOVWBR MOVHBR", rowtest.Row{Ins: "OP R2, (R1)", Always: rowtest.Store, Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("FMOVS", rowtest.Row{Ins: "OP (R1), F2", Flow: "MEM -> V2.0", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("ADD SUB AND OR XOR ADDW SUBW ANDW ORW XORW SLD SRD SRAD SLW SRW SRAW RLL RLLG ADDC SUBC",
		rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 -> R3 FLAGS"})...)
	rows = append(rows, rowtest.RowsOf("ADDE SUBE", rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 FLAGS -> R3 FLAGS"})...)
	rows = append(rows, rowtest.RowsOf("MULLW", rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 -> R3"})...)
	// The assembler computes these in R10 and R11, its temporaries; MULHD
	// subtracts there too.
	rows = append(rows, rowtest.Row{Ins: "MULHD R1, R2, R3", Flow: "R1 R2 -> R3 R10 R11 FLAGS"},
		rowtest.Row{Ins: "MULHDU R1, R2, R3", Flow: "R1 R2 -> R3 R10 R11"},
		rowtest.Row{Ins: "MLGR R1, R2", Flow: "R1 R3 -> R2 R3"})
	rows = append(rows, rowtest.RowsOf("NEGW", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 -> R2 FLAGS"})...)
	rows = append(rows, rowtest.RowsOf("CMPU CMPW CMPWU", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 R2 -> FLAGS"})...)
	rows = append(rows, rowtest.RowsOf("RISBGN RISBHG RISBLG", rowtest.Row{Ins: "OP $56, $63, $0, R1, R2", Flow: "R1 R2 -> R2"})...)
	rows = append(rows, rowtest.RowsOf("RISBHGZ RISBLGZ", rowtest.Row{Ins: "OP $56, $63, $0, R1, R2", Flow: "R1 -> R2"})...)
	rows = append(rows, rowtest.RowsOf("BEQ BNE BLT BLE BGT BGE BLTU BLEU BVS", rowtest.Row{Ins: "OP l", Leak: "FLAGS", Want: cc})...)
	// The assembler encodes BVC as BRC $0, which never branches
	// (cmd/internal/obj/s390x: "needs extra instruction").
	rows = append(rows, rowtest.Row{Ins: "BVC l", Leak: "FLAGS", Want: cc, SourceOnly: "assembled as BRC $0"})
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			rowtest.Row{Ins: "CMPB" + c + " R1, R2, l", Leak: "R1 R2", Want: "conditional branch on secret R1, R2"},
			rowtest.Row{Ins: "CMPUB" + c + " R1, $8, l", Leak: "R1", Want: "conditional branch on secret R1, $8"})
	}
	rows = append(rows, rowtest.RowsOf("CRJ CGRJ CLRJ CLGRJ", rowtest.Row{Ins: "OP $8, R1, R2, l", Leak: "R1 R2", Want: "conditional branch on secret R1, R2"})...)
	rows = append(rows, rowtest.RowsOf("CIJ CGIJ CLIJ CLGIJ", rowtest.Row{Ins: "OP $8, R1, $5, l", Leak: "R1", Want: "conditional branch on secret R1, $5"})...)
	rows = append(rows, rowtest.RowsOf("DIVD DIVDU DIVW DIVWU MODD MODDU MODW MODWU",
		rowtest.Row{Ins: "OP R1, R2, R3", Flow: "R1 R2 -> R3 R10 R11", Leak: "R1 R2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("DIVD MODWU", rowtest.Row{Ins: "OP R1, R2", Flow: "R1 R2 -> R2 R10 R11", Leak: "R1 R2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("FDIV FDIVS", rowtest.Row{Ins: "OP F1, F2", Flow: "V1.0 V2.0 -> V2.0", Leak: "V1.0 V2.0", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("FSQRTS", rowtest.Row{Ins: "OP F1, F2", Flow: "V1.0 -> V2.0", Leak: "V1.0", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("WFDDB", rowtest.Row{Ins: "OP V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3", Leak: "V1 V2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("WFSQDB VFSQDB", rowtest.Row{Ins: "OP V1, V3", Needs: "vx", Flow: "V1 -> V3", Leak: "V1", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("VFDDB", rowtest.Row{Ins: "OP V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3", Leak: "V1 V2", Want: rowtest.Latency})...)
	rows = append(rows, rowtest.RowsOf("VX VO VN VNO VNC VAQ VSQ VAB VAG VSB VSG VCEQB VCEQH VCEQF VCEQG VMXLB VMNLB",
		rowtest.Row{Ins: "OP V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3"})...)
	rows = append(rows, rowtest.RowsOf("VCEQBS VCEQHS VCEQFS VCEQGS", rowtest.Row{Ins: "OP V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3 FLAGS"})...)
	rows = append(rows, s390xVectorRows()...)
	return append(rows, s390xCryptoRows()...)
}

// The vector facility's integer operations, element moves and constants.
func s390xVectorRows() []rowtest.Row {
	rows := []rowtest.Row{
		{Ins: "VLR V1, V2", Needs: "vx", Flow: "V1 -> V2"},
		{Ins: "VPDI $4, V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3"},
		{Ins: "VSLDB $4, V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3"},
		{Ins: "VLVGP R1, R2, V3", Needs: "vx", Flow: "R1 -> V3.0; R2 -> V3.1"},
		{Ins: "VGBM $0xff00, V1", Needs: "vx", Flow: "-> V1"},
		{Ins: "VESLB $5, V1", Needs: "vx", Flow: "V1 -> V1"}, // V1 = V1 << 5
		// An element of V1 to every element of V2: the lane it lies in.
		{Ins: "VREPB $9, V1, V2", Needs: "vx", Flow: "V1.1 -> V2"},
		{Ins: "VREPH $3, V1, V2", Needs: "vx", Flow: "V1.0 -> V2"},
		{Ins: "VREPF $2, V1, V2", Needs: "vx", Flow: "V1.1 -> V2"},
		{Ins: "VREPG $0, V1, V2", Needs: "vx", Flow: "V1.0 -> V2"},
		// An element written: a doubleword's lane whole, a narrower one
		// merged into its lane.
		{Ins: "VLEIG $1, $8, V1", Needs: "vx", Flow: "-> V1.1"},
		{Ins: "VLVGG $1, R1, V2", Needs: "vx", Flow: "R1 -> V2.1"},
		{Ins: "VLVGB $9, R1, V2", Needs: "vx", Flow: "R1 -> +V2.1"},
		{Ins: "VLVGH $3, R1, V2", Needs: "vx", Flow: "R1 -> +V2.0"},
		{Ins: "VLVGF $2, R1, V2", Needs: "vx", Flow: "R1 -> +V2.1"},
		{Ins: "VLEG $1, (R1), V2", Needs: "vx", Flow: "MEM -> V2.1", Leak: "R1", Want: rowtest.Addr},
		{Ins: "VLEF $1, (R1), V2", Needs: "vx", Flow: "MEM -> V2.0", Leak: "R1", Want: rowtest.Addr},
		{Ins: "VSTEG $1, V1, (R2)", Needs: "vx", Always: rowtest.Store, Leak: "R2", Want: rowtest.Addr},
		{Ins: "VSTEG $1, V1, 8(R15)", Needs: "vx"},
	}
	rows = append(rows, rowtest.RowsOf("VLEIB VLEIH VLEIF", rowtest.Row{Ins: "OP $1, $8, V1", Needs: "vx"})...) // merged: V1 keeps its level
	rows = append(rows, rowtest.RowsOf("VLEB VLEH", rowtest.Row{Ins: "OP $1, (R1), V2", Needs: "vx", Flow: "MEM -> V2.0", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("VSTEB VSTEH VSTEF", rowtest.Row{Ins: "OP $1, V1, (R2)", Needs: "vx", Always: rowtest.Store, Leak: "R2", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("VLREPB VLREPH VLREPF VLREPG", rowtest.Row{Ins: "OP (R1), V2", Needs: "vx", Flow: "MEM -> V2", Leak: "R1", Want: rowtest.Addr})...)
	rows = append(rows, rowtest.RowsOf("VREPIB VREPIH VREPIF VREPIG", rowtest.Row{Ins: "OP $7, V1", Needs: "vx", Flow: "-> V1"})...)
	rows = append(rows, rowtest.RowsOf("VGMB VGMH VGMF VGMG", rowtest.Row{Ins: "OP $8, $15, V1", Needs: "vx", Flow: "-> V1"})...)
	rows = append(rows, rowtest.RowsOf("VAH VAF VACCB VACCH VACCF VACCG VACCQ VSH VSF VSCBIB VSCBIH VSCBIF VSCBIG VSCBIQ "+
		"VMLHW VMLF VMLHB VMLHH VMLHF VMLOB VMLOH VMLOF VMLEB VMLEH VMLEF VMRLB VMRLH VMRLF VMRLG VMRHB VMRHH VMRHF VMRHG "+
		"VSUMQF VSUMQG VSRLB VSRL VSLB VSL VNC",
		rowtest.Row{Ins: "OP V1, V2, V3", Needs: "vx", Flow: "V1 V2 -> V3"})...)
	// The carry and borrow chains of 128 bits and the multiply-and-adds.
	rows = append(rows, rowtest.RowsOf("VACQ VACCCQ VSBIQ VSBCBIQ VMALB VMALHW VMALF VMALHB VMALHH VMALHF VMALOB VMALOH VMALOF VMALEB VMALEH VMALEF",
		rowtest.Row{Ins: "OP V1, V2, V3, V4", Needs: "vx", Flow: "V1 V2 V3 -> V4"})...)
	rows = append(rows, rowtest.RowsOf("VESLB VESLH VESLF VESLG VESRLB VESRLH VESRLF VESRLG VESRAB VESRAH VESRAF VESRAG VERLLB VERLLH VERLLF VERLLG",
		rowtest.Row{Ins: "OP $4, V1, V2", Needs: "vx", Flow: "V1 -> V2"})...)
	// VERIM: V2 rotated, inserted into V3 under the mask V1 (Go's order):
	// V3's other bits stay.
	rows = append(rows, rowtest.RowsOf("VERIMB VERIMH VERIMF VERIMG", rowtest.Row{Ins: "OP $2, V1, V2, V3", Needs: "vx", Flow: "V1 V2 V3 -> V3"})...)
	return rows
}

// The message-security assist: R0 the function code, R1 the parameter
// block, even-odd pairs of an address and a length. The memory they
// touch has no pointer here: it reads as secret (a finding of timing no
// source states) and the writes are stores outside the frame, findings
// that each name the instruction.
func s390xCryptoRows() []rowtest.Row {
	undoc := "whose timing no vendor source states"
	return []rowtest.Row{
		{Ins: "KM R2, R4", Always: "KM", Flow: "R2 R4 R5 -> R2 R4 R5 FLAGS", Leak: "R1 R2 R4", Want: rowtest.Addr, Leak2: "R5", Want2: "KM's length"},
		{Ins: "KMC R2, R4", Always: "KMC", Flow: "R2 R4 R5 -> R2 R4 R5 FLAGS", Leak: "R1 R2 R4", Want: rowtest.Addr, Leak2: "R5", Want2: "KMC's length"},
		{Ins: "KMCTR R4, R2, R6", Always: "KMCTR", Flow: "R2 R4 R6 R7 -> R2 R4 R6 R7 FLAGS", Leak: "R1 R2 R4 R6", Want: rowtest.Addr, Leak2: "R7", Want2: "KMCTR's length"},
		{Ins: "KMA R2, R6, R4", Always: "KMA", Flow: "R2 R4 R5 R6 R7 -> R2 R4 R5 R6 R7 FLAGS", Leak: "R1 R2 R4 R6", Want: rowtest.Addr, Leak2: "R5 R7", Want2: "KMA's length"},
		{Ins: "KIMD R0, R2", Always: "KIMD", Flow: "R2 R3 -> R2 R3 FLAGS", Leak: "R1 R2", Want: rowtest.Addr, Leak2: "R3", Want2: "KIMD's length"},
		{Ins: "KLMD R2, R4", Always: "KLMD", Flow: "R2 R3 R4 R5 -> R2 R3 R4 R5 FLAGS", Leak: "R1 R2 R4", Want: rowtest.Addr, Leak2: "R3 R5", Want2: "KLMD's length"},
		// KDSA's condition code says whether a signature verified: the data's.
		{Ins: "KDSA R0, R4", Always: "KDSA", Flow: "R4 R5 -> R4 R5; MEM -> FLAGS", Leak: "R1 R4", Want: rowtest.Addr, Leak2: "R5", Want2: "KDSA's length"},
		// Operands in the frame: written there, read as secret (any slot).
		{Ins: "MOVD $p-48(SP), R1\n\tMOVD $d-32(SP), R2\n\tMOVD $s-16(SP), R4\n\tKMC R2, R4", Text: "NOSPLIT, $48-64",
			Always: undoc, Flow: "-> R1; R5 -> R2 R4 R5 FLAGS", Leak: "R5", Want: "KMC's length"},
	}
}

// The disassembler's own forms: what the assembler has no mnemonic for
// (the table's objOnly opcodes), the forms of older releases'
// disassemblers (Go 1.24 and 1.25), and branch targets decoded from the
// encoding. Each row is "HEX TEXT" as go tool objdump prints it.

func s390xObjRows() []rowtest.Row {
	cc := "conditional branch on secret condition code"
	rows := []rowtest.Row{
		{Ins: "0707 NOP"},
		{Ins: "07fe JMP R14", Leak: "R14", Want: "return to an address"}, // BR R14, as Go 1.24 prints it
		{Ins: "07f1 JMP R1", Always: rowtest.Jump},
		{Ins: "a7f40004 JMP 2(PC)"},
		{Ins: "a7840004 BRC $8, 2(PC)", Leak: "FLAGS", Want: cc},
		{Ins: "e3f0ffc0ff71 MOVD -64(R15), R15"},
		{Ins: "e3f0ffc8ff71 MOVD -56(R0)(R15*1), R15"},
		{Ins: "e31020080071 MOVD 8(R2), R1", Flow: "R2 -> R1"}, // LAY: an address, not a load
		{Ins: "c01000000010 MOVD p.x(SB), R1", Flow: "-> R1"},  // LARL
		{Ins: "c41800000010 MOVD R1, 16(PC)", Flow: "-> R1"},   // LGRL, as Go 1.24 prints it
		{Ins: "c41b00000010 STGRL R1, p.x(SB)", Always: rowtest.Store},
		{Ins: "c41f00000010 STRL R1, p.x(SB)", Always: rowtest.Store},
		{Ins: "e3502000002f MOVDBR R5, (R2)", Always: rowtest.Store, Leak: "R2", Want: rowtest.Addr},
		{Ins: "a7490000 MOVB $0, R4", Flow: "-> R4"}, // LGHI: MOVD $0, R4
		{Ins: "e3512000003f STRVH R5, (R2)(R1*1)", Always: rowtest.Store, Leak: "R1 R2", Want: rowtest.Addr},
		{Ins: "e3302000000f MOVDBR (R2), R3", Flow: "MEM -> R3", Leak: "R2", Want: rowtest.Addr},
		{Ins: "c41700000010 STHRL R1, p.x(SB)", Always: rowtest.Store},
		{Ins: "c41c00000010 LGFRL R1, p.x(SB)", Flow: "-> R1"},
		{Ins: "c41e00000010 LLGFRL R1, p.x(SB)", Flow: "-> R1"},
		{Ins: "c41400000010 LGHRL R1, p.x(SB)", Flow: "-> R1"},
		{Ins: "c41600000010 LLGHRL R1, p.x(SB)", Flow: "-> R1"},
		{Ins: "c41d00000010 LRL R1, p.x(SB)", Always: rowtest.Closed},
		{Ins: "e32010000004 MOVD (R1), R2", Flow: "MEM -> R2", Leak: "R1", Want: rowtest.Addr},
		{Ins: "e32010000004 MOVW (R1), R2", Always: rowtest.Closed}, // LG printed as MOVW
		{Ins: "e32010000082 XOR R2, (R1)", Flow: "MEM R2 -> R2 FLAGS", Leak: "R1", Want: rowtest.Addr},
		{Ins: "e32010000081 OR (R1), R2", Flow: "MEM R2 -> R2 FLAGS", Leak: "R1", Want: rowtest.Addr}, // Go 1.25's order
		{Ins: "e32010000024 XOR R2, (R1)", Always: rowtest.Closed},                                    // STG is no XOR
		{Ins: "eb14f0080024 STMG R1, R4, 8(R15)"},
		{Ins: "e548f0080001 MVGHI 8(R15), $1"},
		{Ins: "4210f008 STC R1, 8(R15)"},
		{Ins: "4210f008 MOVB R1, 8(R15)"},
		// ST and STH, the word's and the halfword's stores with a 12-bit
		// displacement (Go 1.26 prints ST as MOVW, STH as STH), and X, a
		// word's XOR from memory.
		{Ins: "5010f008 MOVW R1, 8(R15)"},
		{Ins: "50123008 MOVW R1, 8(R2)(R3*1)", Always: rowtest.Store, Leak: "R2 R3", Want: rowtest.Addr},
		{Ins: "4010f008 STH R1, 8(R15)"},
		{Ins: "40123008 STH R1, 8(R2)(R3*1)", Always: rowtest.Store, Leak: "R2 R3", Want: rowtest.Addr},
		{Ins: "5010f008 STH R1, 8(R15)", Always: rowtest.Closed}, // ST is no STH
		{Ins: "57201000 XORW R2, (R1)", Flow: "MEM R2 -> R2 FLAGS", Leak: "R1", Want: rowtest.Addr},
		{Ins: "50201000 XORW R2, (R1)", Always: rowtest.Closed}, // ST is no XORW
		{Ins: "e75000003021 VLGV R5, V0, (R0), $3", Needs: "vx", Flow: "V0.0 -> R5"},
		{Ins: "e75000013021 VLGV R5, V0, 1(R0), $3", Needs: "vx", Flow: "V0.1 -> R5"},
		{Ins: "eb640007000c SRD 7(R0), R4, R6", Flow: "R4 -> R6 FLAGS"},
		{Ins: "eb645000000c SRD (R5), R4, R6", Flow: "R4 R5 -> R6 FLAGS"},
		{Ins: "b9e28020 MOVDEQ R1, R2", Flow: "R1 R2 FLAGS -> R2"},
		{Ins: "b9f71012 NOT R1, R2", Flow: "R1 -> R2 FLAGS"},
		{Ins: "b9f71012 NOTW R1, R2", Flow: "R1 -> R2 FLAGS"},
		{Ins: "a7240004 BGTU 2(PC)", Leak: "FLAGS", Want: cc},
		{Ins: "a7a40004 BGEU 2(PC)", Leak: "FLAGS", Want: cc},
		{Ins: "e7120000d8 VTM V1, V2", Needs: "vx", Flow: "V1 V2 -> FLAGS"},
		{Ins: "c0f4fffffff0 BR 0(PC)"},
		// BCR 15, Rn: Go 1.26's disassembler prints RET for every n.
		{Ins: "07fe RET", Leak: "R14", Want: "return to an address"},
		{Ins: "07fc RET", Always: rowtest.Jump},
		{Ins: "0dec BASR R14, R12", Always: rowtest.Jump, Flow: "-> R14"},
		{Ins: "ec170003007c CGIJ R1, $0, $7, 1(PC)", Leak: "R1", Want: "conditional branch on secret R1, $0"},
		{Ins: "41534000 MOVD (R4)(R3*1), R5", Flow: "R3 R4 -> R5"}, // LA
		// The float loads and stores: LDY, LD, STD, LE; LD is no FMOVS.
		{Ins: "ed20f0080065 FMOVD 8(R15), F2", Flow: "-> V2.0"},
		{Ins: "ed2010000065 FMOVD (R1), F2", Flow: "MEM -> V2.0", Leak: "R1", Want: rowtest.Addr},
		{Ins: "6820f008 FMOVD 8(R15), F2", Flow: "-> V2.0"},
		{Ins: "6020f008 FMOVD F2, 8(R15)"},
		{Ins: "7820f008 FMOVS 8(R15), F2", Flow: "-> V2.0"},
		{Ins: "6820f008 FMOVS 8(R15), F2", Always: rowtest.Closed},
		// The pair divisions of DIVD and its kin: R11 (and R10) by R1.
		{Ins: "b90d00a1 DSGR R10, R1", Flow: "R1 -> R10 R11", Leak: "R1", Want: rowtest.Latency},
		{Ins: "b91d00a1 DSGFR R10, R1", Flow: "R1 -> R10 R11", Leak: "R1", Want: rowtest.Latency},
		{Ins: "b98700a1 DLGR R10, R1", Flow: "R1 -> R10 R11", Leak: "R1", Want: rowtest.Latency},
		{Ins: "b99700a1 DLR R10, R1", Flow: "R1 -> R10 R11", Leak: "R1", Want: rowtest.Latency},
		{Ins: "b90d00b1 DSGR R11, R1", Always: rowtest.Closed},
		{Ins: "e721000830e5 VFD V2, V1, V0, $3, $8", Needs: "vx", Flow: "V0 V1 -> V2", Leak: "V0 V1", Want: rowtest.Latency},
		{Ins: "e721000030ce VFSQ V2, V1, $3, $0", Needs: "vx", Flow: "V1 -> V2", Leak: "V1", Want: rowtest.Latency},
		// The disassembler's orders, which the hook does not read: VLR V2, V1
		// is Go's VLR V1, V2; VESRL and VMALO print the machine's order
		// and the element size apart.
		{Ins: "e72100000056 VLR V2, V1", Needs: "vx", Flow: "V1 -> V2"},
		{Ins: "e72100043038 VESRL V2, V1, 4(R0), $3", Needs: "vx", Flow: "V1 -> V2"},
		{Ins: "e72110003030 VESLG (R1), V1, V2", Needs: "vx", Flow: "R1 V1 -> V2"}, // an amount in a register
		{Ins: "e701220000ad VMALO V0, V1, V2, V0, $2", Needs: "vx", Flow: "V0 V1 V2 -> V0"},
		{Ins: "e700000000ff VFOO V0, V0", Always: rowtest.Closed}, // not an instruction the hook reads
		{Ins: "e702100040f5 VSCBIQ V2, V1, V0", Needs: "vx", Flow: "V1 V2 -> V0"},
		{Ins: "e70100013022 VLVGG 1(R0), R1, V0", Needs: "vx", Flow: "R1 -> V0.1"},
		{Ins: "e70110003022 VLVGG (R1), R1, V0", Needs: "vx", Flow: "R1 V0 -> V0"}, // an index by register: the register whole
		// KMAC, which Go's assembler has no name for.
		{Ins: "b91e0002 KMAC R0, R2", Always: "KMAC", Flow: "R2 R3 -> R2 R3 FLAGS", Leak: "R1 R2", Want: rowtest.Addr, Leak2: "R3", Want2: "KMAC's length"},
		{Ins: "b92d2046 KMCTR R4, R2, R6", Always: "KMCTR", Flow: "R2 R4 R6 R7 -> R2 R4 R6 R7 FLAGS", Leak: "R1 R2 R4 R6", Want: rowtest.Addr, Leak2: "R7", Want2: "KMCTR's length"},
		{Ins: "b92e0023 KM R2, R3", Always: rowtest.Closed}, // an odd pair
	}
	for _, c := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			rowtest.Row{Ins: "ec120004007e CMPWB" + c + " R1, R2, 2(PC)", Leak: "R1 R2", Want: "conditional branch on secret R1, R2"},
			rowtest.Row{Ins: "ec120004007f CMPWUB" + c + " R1, R2, 2(PC)", Leak: "R1 R2", Want: "conditional branch on secret R1, R2"})
	}
	return rows
}

// TestS390XVectorDisplacement: the s390x assembler encodes a negative
// displacement of a vector load or store (12 bits, unsigned) as 4096
// plus it, and the listing prints the one written; both checks take the
// encoding's, which is what runs.
func TestS390XVectorDisplacement(t *testing.T) {
	if version.Compare(runtime.Version(), s390xTable.MinGo) < 0 {
		t.Skipf("the assembler of %s has no vector facility", runtime.Version())
	}
	rows := []rowtest.Row{{Ins: "VL -16(R15), V1"}, {Ins: "VST V1, 32(R15)"}, {Ins: "VLM -32(R2), V1, V2"}}
	progs, spans := rowtest.LinkRows(t, s390xTable, rows)
	for _, check := range []rowtest.Check{rowtest.Source, rowtest.Compiled} {
		for i, want := range []int64{4080, 32, 4064} {
			f, start, _, err := spans(progs[check], i)
			if err != nil {
				t.Fatalf("%s: %s: %v", check, rows[i].Ins, err)
			}
			in := &f.Insts[start]
			var got []int64
			for _, x := range in.Args {
				if x.Kind == engine.ArgMem {
					got = append(got, x.Imm)
				}
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s: %s: displacement %v, want %d (the encoding's)", check, in.Text, got, want)
			}
		}
	}
}

func TestRows(t *testing.T) { rowtest.Run(t, s390xTable) }

func TestObjdumpForms(t *testing.T) { rowtest.RunObjdumpForms(t, s390xTable) }
