package ctcheck

import (
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The instruction tables of the source models, tested row by row. Each
// row below is written by hand from the architecture's manual, apart from
// the model: an example of the instruction, where secrets flow through it
// ("srcs -> dsts; ..." clauses, with MEM for the bytes a load through a
// register reads, which are secret whatever the state), and which secret
// locations make it a finding. The test runs the model's step on the
// example from the state where nothing is secret and from each state
// where one location is, and requires exactly the rows' flows and
// findings: every location that becomes secret must be a destination of
// a secret source, every destination of a secret source must become
// secret, and every finding must be the row's. Every opcode of a table
// must have a row, and instructions outside the tables fail closed.

type tableRow struct {
	ins  string
	flow string // "srcs -> dsts; srcs -> dsts": a dst written from no source is public
	// leak: the locations whose secrecy makes the instruction a finding
	// with reason want.
	leak, want   string
	leak2, want2 string // a second kind of finding (compiled-code models)
	always       string // a finding whatever the state
}

func amd64Rows() []tableRow {
	rows := []tableRow{
		{ins: "VZEROUPPER"}, {ins: "NOP"}, {ins: "PCALIGN $16"}, {ins: "RET"},
		{ins: "JMP l"}, {ins: "JMP ·f(SB)"},
		{ins: "JMP AX", always: "indirect jump"},
		{ins: "JMP (AX)(BX*8)", always: "indirect jump"},
		// Moves.
		{ins: "MOVQ BX, CX", flow: "BX -> CX"},
		{ins: "MOVQ (SI), CX", flow: "MEM -> CX", leak: "SI", want: wAddr},
		{ins: "MOVQ -8(SI)(DX*1), CX", flow: "MEM -> CX", leak: "SI DX", want: wAddr},
		{ins: "MOVQ x_base+0(FP), CX", flow: "-> CX"},
		{ins: "MOVQ CX, ret+48(FP)"},
		{ins: "MOVQ CX, (DI)", leak: "DI", want: wAddr},
		{ins: "MOVQ $0x1, ret+48(FP)"},
		{ins: "MOVQ X1, R8", flow: "V1 -> R8"},
		{ins: "MOVL (SI), BX", flow: "MEM -> BX", leak: "SI", want: wAddr},
		{ins: "MOVBQZX AL, AX", flow: "AX -> AX"},
		{ins: "MOVBQZX R9B, R10", flow: "R9 -> R10"},
		{ins: "MOVBLZX (AX), AX", flow: "MEM -> AX", leak: "AX", want: wAddr},
		{ins: "MOVWLZX -2(AX)(DX*1), BX", flow: "MEM -> BX", leak: "AX DX", want: wAddr},
		{ins: "MOVOU (AX), X1", flow: "MEM -> V1", leak: "AX", want: wAddr},
		{ins: "VMOVDQU Y1, Y2", flow: "V1 -> V2"},
		{ins: "VMOVDQU64 64(BX), Z3", flow: "MEM -> V3", leak: "BX", want: wAddr},
		{ins: "VMOVQ X0, R8", flow: "V0 -> R8"},
		// Arithmetic.
		{ins: "ADDQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "ADDQ $0x80, CX", flow: "CX -> CX FLAGS"},
		{ins: "ADDL (SI), CX", flow: "MEM CX -> CX FLAGS", leak: "SI", want: wAddr},
		{ins: "ANDQ $0x7fe00, R8", flow: "R8 -> R8 FLAGS"},
		{ins: "ANDL BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "ORQ BX, AX", flow: "BX AX -> AX FLAGS"},
		{ins: "ORL BX, AX", flow: "BX AX -> AX FLAGS"},
		{ins: "XORQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "XORQ CX, CX", flow: "-> CX FLAGS"},
		{ins: "XORQ (CX), BX", flow: "MEM BX -> BX FLAGS", leak: "CX", want: wAddr},
		{ins: "XORL R9, R9", flow: "-> R9 FLAGS"},
		{ins: "XORW (CX), BX", flow: "MEM BX -> BX FLAGS", leak: "CX", want: wAddr},
		{ins: "XORB (CX), AL", flow: "MEM AX -> AX FLAGS", leak: "CX", want: wAddr},
		{ins: "XORB CL, CL", flow: "CX -> CX; -> FLAGS"}, // the rest of CX is kept
		{ins: "SUBQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "SUBL CX, CX", flow: "-> CX FLAGS"},
		{ins: "SHLQ $0x3, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "SHRQ CL, BX", flow: "CX BX -> BX FLAGS; FLAGS -> FLAGS"},
		// Carry chains: no zeroing idiom.
		{ins: "ADCQ BX, CX", flow: "BX CX FLAGS -> CX FLAGS"},
		{ins: "ADCL BX, BX", flow: "BX FLAGS -> BX FLAGS"},
		{ins: "SBBQ R10, R10", flow: "R10 FLAGS -> R10 FLAGS"},
		{ins: "SBBL $0x0, R10", flow: "R10 FLAGS -> R10 FLAGS"},
		{ins: "RCLQ $0x1, R10", flow: "R10 FLAGS -> R10 FLAGS"},
		{ins: "RCRQ $0x1, R10", flow: "R10 FLAGS -> R10 FLAGS"},
		{ins: "NEGQ R9", flow: "R9 -> R9 FLAGS"},
		{ins: "NEGL R9", flow: "R9 -> R9 FLAGS"},
		// Flags only.
		{ins: "CMPQ DX, $0x40", flow: "DX -> FLAGS"},
		{ins: "CMPQ AX, DI", flow: "AX DI -> FLAGS"},
		{ins: "CMPL (SI), BX", flow: "MEM BX -> FLAGS", leak: "SI", want: wAddr},
		{ins: "CMPB (AX), $0x0", flow: "MEM -> FLAGS", leak: "AX", want: wAddr},
		{ins: "TESTQ $0x40, DX", flow: "DX -> FLAGS"},
		{ins: "TESTL BX, BX", flow: "BX -> FLAGS"},
		{ins: "TESTB AL, AL", flow: "AX -> FLAGS"},
		{ins: "PTEST X1, X2", flow: "V1 V2 -> FLAGS"},
		{ins: "VPTEST Y0, Y0", flow: "V0 -> FLAGS"},
		{ins: "KORTESTW K1, K1", flow: "K1 -> FLAGS"},
		// Bit tests: a memory operand is addressed by the bit offset.
		{ins: "BTQ $0x3, CX", flow: "CX -> FLAGS"},
		{ins: "BTQ BX, CX", flow: "BX CX -> FLAGS"},
		{ins: "BTQ R8, ·rtTable(SB)", flow: "R8 -> FLAGS", leak: "R8", want: wAddr},
		{ins: "BTL R8, (SI)", flow: "MEM R8 -> FLAGS", leak: "R8 SI", want: wAddr},
		{ins: "BTQ $0x7, (SI)", flow: "MEM -> FLAGS", leak: "SI", want: wAddr},
		{ins: "BTSQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "BTSL R8, ·rtTable(SB)", flow: "R8 -> FLAGS", leak: "R8", want: wAddr},
		{ins: "BTRQ R8, (SI)", flow: "MEM R8 -> FLAGS", leak: "R8 SI", want: wAddr},
		{ins: "BTRL $0x1, CX", flow: "CX -> CX FLAGS"},
		{ins: "BTCQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "BTCL R8, ·rtTable(SB)", flow: "R8 -> FLAGS", leak: "R8", want: wAddr},
		// Vectors: no flags.
		{ins: "POR X1, X2", flow: "V1 V2 -> V2"},
		{ins: "POR (SI), X2", flow: "MEM V2 -> V2", leak: "SI", want: wAddr},
		{ins: "PSHUFD $0x4e, X1, X2", flow: "V1 -> V2"},
		{ins: "PXOR X1, X2", flow: "V1 V2 -> V2"},
		{ins: "PXOR X1, X1", flow: "-> V1"},
		{ins: "VPOR Y1, Y2, Y3", flow: "V1 V2 -> V3"},
		{ins: "VPORQ Z1, Z2, Z3", flow: "V1 V2 -> V3"},
		{ins: "VPTESTMD Z0, Z1, K1", flow: "V0 V1 -> K1"},
		{ins: "VPXOR Y1, Y2, Y3", flow: "V1 V2 -> V3"},
		{ins: "VPXOR Y1, Y1, Y1", flow: "-> V1"},
		{ins: "VPXOR Y1, Y1, Y2", flow: "-> V2"},
		{ins: "VPXOR (CX), Y0, Y0", flow: "MEM V0 -> V0", leak: "CX", want: wAddr},
		{ins: "VPXORQ Z1, Z1, Z1", flow: "-> V1"},
		{ins: "VPXORQ Z1, Z2, K1, Z3", flow: "V1 V2 K1 -> V3"},
		{ins: "VPTERNLOGD $0xf6, Z1, Z2, Z3", flow: "V1 V2 V3 -> V3"},
		{ins: "VPTERNLOGD $0xf6, (CX), Z4, Z0", flow: "MEM V4 V0 -> V0", leak: "CX", want: wAddr},
		// Addresses.
		{ins: "LEAQ -64(AX)(DX*1), BX", flow: "AX DX -> BX"},
		{ins: "LEAQ ·rtTable(SB), BX", flow: "-> BX"},
		// Branches on CX.
		{ins: "JCXZL l", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "JCXZQ l", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "JCXZW l", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "LOOP l", flow: "CX -> CX", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "LOOPEQ l", flow: "CX -> CX", leak: "CX FLAGS", want: wBranch},
		{ins: "LOOPNE l", flow: "CX -> CX", leak: "CX FLAGS", want: wBranch},
		// Variable latency.
		{ins: "DIVQ BX", flow: "AX DX BX -> AX DX", leak: "AX DX BX", want: wLatency},
		{ins: "DIVL BX", flow: "AX DX BX -> AX DX", leak: "AX DX BX", want: wLatency},
		{ins: "IDIVQ (SI)", flow: "MEM AX DX -> AX DX", always: wLatency, leak: "SI", want: wAddr},
		{ins: "IDIVL BX", flow: "AX DX BX -> AX DX", leak: "AX DX BX", want: wLatency},
		{ins: "SQRTSD X1, X2", flow: "V1 V2 -> V2", leak: "V1", want: wLatency},
		{ins: "SQRTSS X1, X2", flow: "V1 V2 -> V2", leak: "V1", want: wLatency},
		{ins: "SQRTPD X1, X2", flow: "V1 V2 -> V2", leak: "V1", want: wLatency},
		{ins: "SQRTPS X1, X2", flow: "V1 V2 -> V2", leak: "V1", want: wLatency},
		{ins: "VSQRTPD Y1, Y2", flow: "V1 -> V2", leak: "V1", want: wLatency},
		{ins: "VSQRTPS Y1, Y2", flow: "V1 -> V2", leak: "V1", want: wLatency},
		{ins: "DIVSD X1, X2", flow: "V1 V2 -> V2", leak: "V1 V2", want: wLatency},
		{ins: "DIVSS X1, X2", flow: "V1 V2 -> V2", leak: "V1 V2", want: wLatency},
		{ins: "DIVPD X1, X2", flow: "V1 V2 -> V2", leak: "V1 V2", want: wLatency},
		{ins: "DIVPS X1, X2", flow: "V1 V2 -> V2", leak: "V1 V2", want: wLatency},
		{ins: "VDIVPD Y1, Y2, Y3", flow: "V1 V2 -> V3", leak: "V1 V2", want: wLatency},
		{ins: "VDIVPS Y1, Y2, Y3", flow: "V1 V2 -> V3", leak: "V1 V2", want: wLatency},
		{ins: "PDEPQ AX, BX, CX", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		{ins: "PDEPL AX, BX, CX", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		{ins: "PEXTQ AX, BX, CX", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		{ins: "PEXTL AX, BX, CX", flow: "AX BX -> CX", leak: "AX BX", want: wLatency},
		// Outside the table, or in a form it does not have: fail closed.
		{ins: "CPUID", always: wClosed},
		{ins: "SHLXQ AX, BX, CX", always: wClosed},
		{ins: "VPGATHERDD Y1, (AX)(Y2*4), Y3", always: wClosed},
		{ins: "PREFETCHT0 (AX)", always: wClosed},
		{ins: "MOVW AX, BX", always: wClosed},
		{ins: "ADDQ BX", always: wClosed},
		{ins: "RET $8", always: wClosed},
		{ins: "CMOVQNE BX, (SI)", always: wClosed},
		{ins: "BTQ (SI), BX", always: wClosed},
		{ins: "SHLQ CL, AX, DX", always: wClosed},
	}
	for _, cc := range strings.Fields("A AE B BE C CC CS E EQ G GE GT HI HS L LE LO LS LT MI NE NC NO NP NS NZ OC OS PC PE PL PS Z") {
		rows = append(rows, tableRow{ins: "J" + cc + " l", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	for _, cc := range strings.Fields("CC CS EQ GE GT HI LE LS LT MI NE OC OS PC PL PS") {
		rows = append(rows, tableRow{ins: "SET" + cc + " AL", flow: "FLAGS AX -> AX"},
			tableRow{ins: "CMOVQ" + cc + " BX, CX", flow: "BX CX FLAGS -> CX"})
	}
	return rows
}

func arm64Rows() []tableRow {
	rows := []tableRow{
		{ins: "NOP"}, {ins: "PCALIGN $16"}, {ins: "RET"},
		{ins: "JMP l"}, {ins: "B l"}, {ins: "JMP ·f(SB)"},
		{ins: "JMP (R1)", always: "indirect jump"},
		{ins: "B R1", always: "indirect jump"},
		// Moves.
		{ins: "MOVD R1, R2", flow: "R1 -> R2"},
		{ins: "MOVD ZR, R5", flow: "-> R5"},
		{ins: "MOVD $·t(SB), R2", flow: "-> R2"},
		{ins: "MOVD x_base+0(FP), R0", flow: "-> R0"},
		{ins: "MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD (R1)(R3<<3), R2", flow: "MEM -> R2", leak: "R1 R3", want: wAddr},
		{ins: "MOVD.P 8(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD R2, (R1)", leak: "R1", want: wAddr},
		{ins: "MOVD R5, ret+48(FP)"},
		{ins: "MOVB R3, ret+0(FP)"},
		{ins: "MOVB R3, 1(R1)", leak: "R1", want: wAddr},
		{ins: "MOVBU ·useDIT(SB), R6", flow: "-> R6"},
		{ins: "MOVBU (R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "MOVHU.P 2(R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "MOVWU.P 4(R0), R3", flow: "MEM -> R3", leak: "R0", want: wAddr},
		{ins: "VMOV V0.D[0], R3", flow: "V0 -> R3"},
		{ins: "VMOV R3, V0.D[1]", flow: "R3 V0 -> V0"}, // one lane: the others are kept
		// Arithmetic.
		{ins: "ADD $128, R0", flow: "R0 -> R0"},
		{ins: "ADD R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "ORR R4, R3", flow: "R4 R3 -> R3"},
		{ins: "ORR R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "AND $255, R1", flow: "R1 -> R1"},
		{ins: "LSL $3, R1, R2", flow: "R1 -> R2"},
		{ins: "LSR $56, R1", flow: "R1 -> R1"},
		{ins: "VORR V8.B16, V0.B16, V0.B16", flow: "V8 V0 -> V0"},
		{ins: "EOR R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "EOR R1, R1, R3", flow: "-> R3"},
		{ins: "SUB R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "SUB R1, R1, R1", flow: "-> R1"},
		{ins: "VEOR V16.B16, V8.B16, V8.B16", flow: "V16 V8 -> V8"},
		{ins: "VEOR V0.B16, V0.B16, V0.B16", flow: "-> V0"},
		{ins: "SUBS $128, R2", flow: "R2 -> R2 FLAGS"},
		{ins: "SUBS R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "SUBS R1, R1, R3", flow: "-> R3 FLAGS"},
		{ins: "CMP $0, R1", flow: "R1 -> FLAGS"},
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "TST $1, R1", flow: "R1 -> FLAGS"},
		// Carry chains: no zeroing idiom.
		{ins: "ADC R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "ADC ZR, ZR, R3", flow: "FLAGS -> R3"},
		{ins: "ADCS R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"},
		{ins: "SBC R1, R1, R1", flow: "R1 FLAGS -> R1"},
		{ins: "SBCS R1, R1, R1", flow: "R1 FLAGS -> R1 FLAGS"},
		// Branches and selects.
		{ins: "CBZ R1, l", leak: "R1", want: "conditional branch on secret register R1"},
		{ins: "CBNZ R1, l", leak: "R1", want: "conditional branch on secret register R1"},
		{ins: "CBZW R1, l", leak: "R1", want: "conditional branch on secret register R1"},
		{ins: "CBNZW R1, l", leak: "R1", want: "conditional branch on secret register R1"},
		{ins: "TBZ $3, R1, l", leak: "R1", want: "conditional branch on secret register R1"},
		{ins: "TBNZ $24, R7, l", leak: "R7", want: "conditional branch on secret register R7"},
		{ins: "CSET EQ, R3", flow: "FLAGS -> R3"},
		{ins: "CSETM NE, R3", flow: "FLAGS -> R3"},
		{ins: "CSEL EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINC EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINV EQ, R1, ZR, R3", flow: "R1 FLAGS -> R3"},
		{ins: "CSNEG EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		// Vector and pair loads.
		{ins: "VLD1 (R0), [V1.B16, V2.B16]", flow: "MEM -> V1 V2", leak: "R0", want: wAddr},
		{ins: "VLD1.P 32(R0), [V1.B16, V2.B16]", flow: "MEM -> V1 V2", leak: "R0", want: wAddr},
		{ins: "FLDPQ (R0), (F8, F9)", flow: "MEM -> V8 V9", leak: "R0", want: wAddr},
		{ins: "FLDPQ 32(R1), (F10, F11)", flow: "MEM -> V10 V11", leak: "R1", want: wAddr},
		{ins: "UBFX $24, R3, $1, R3", flow: "R3 -> R3"},
		// System registers and barriers.
		{ins: "MRS DIT, R7", flow: "-> R7"},
		{ins: "MSR R1, NZCV", leak: "R1", want: "system register written from secret data"},
		{ins: "MSR $0, DIT"},
		{ins: "DSB $7"}, {ins: "ISB $15"}, {ins: "WORD $0xd50330ff"},
		// Variable latency.
		{ins: "UDIV R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "UDIV R1, R2", flow: "R1 R2 -> R2", leak: "R1 R2", want: wLatency},
		{ins: "SDIV R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "UDIVW R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "SDIVW R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
		{ins: "FDIVD F1, F2, F3", flow: "V1 V2 -> V3", leak: "V1 V2", want: wLatency},
		{ins: "FDIVS F1, F2", flow: "V1 V2 -> V2", leak: "V1 V2", want: wLatency},
		{ins: "FSQRTD F1, F2", flow: "V1 -> V2", leak: "V1", want: wLatency},
		{ins: "FSQRTS F1, F2", flow: "V1 -> V2", leak: "V1", want: wLatency},
		// Outside the table, or in a form it does not have: fail closed.
		{ins: "ADDS $1, R1, R2", always: wClosed},
		{ins: "LDP (R0), (R1, R2)", always: wClosed},
		{ins: "VST1 [V0.B16], (R0)", always: wClosed},
		{ins: "VUADDLV V0.B16, V1", always: wClosed},
		{ins: "PRFM (R0), PLDL1KEEP", always: wClosed},
		{ins: "MOVW R1, R2", always: wClosed},
		{ins: "WORD $0xd503201f", always: wClosed},
		{ins: "MSR $2, DIT", always: wClosed},
		{ins: "DSB $4", always: wClosed},
		{ins: "CSEL XX, R1, R2, R3", always: wClosed},
		{ins: "TBZ R1, l", always: wClosed},
	}
	for _, cc := range strings.Fields("EQ NE CS HS CC LO MI PL VS VC HI LS GE LT GT LE") {
		rows = append(rows, tableRow{ins: "B" + cc + " l", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	return rows
}

// parseFlow reads a row's flow: each source's destinations, and every
// destination.
func parseFlow(t *testing.T, flow string) (to map[string][]string, written map[string]bool) {
	to, written = map[string][]string{}, map[string]bool{}
	if flow == "" {
		return
	}
	for _, clause := range strings.Split(flow, ";") {
		srcs, dsts, ok := strings.Cut(clause, "->")
		if !ok {
			t.Fatalf("flow %q: no ->", flow)
		}
		for _, d := range strings.Fields(dsts) {
			written[d] = true
		}
		srcList := strings.Fields(srcs)
		for _, s := range srcList {
			to[s] = append(to[s], strings.Fields(dsts)...)
		}
	}
	return to, written
}

// checkTable runs the rows against the model and checks that they cover
// the table.
func checkTable(t *testing.T, a *arch, table map[string]class, rows []tableRow, universe []string) {
	covered := map[string]bool{}
	for _, row := range rows {
		t.Run(row.ins, func(t *testing.T) {
			funcs, err := parse("TEXT ·f(SB), 0, $0\n" + row.ins + "\nl:\n")
			if err != nil || len(funcs) != 1 || len(funcs[0].instrs) != 1 {
				t.Fatalf("parse %q: %v", row.ins, err)
			}
			in := funcs[0].instrs[0]
			op, _, _ := strings.Cut(in.op, ".")
			if row.always != wClosed {
				covered[op] = true
			}
			to, written := parseFlow(t, row.flow)
			leaks := set(strings.Fields(row.leak)...)
			// The probes: nothing secret, then each location alone.
			for _, loc := range append([]string{""}, universe...) {
				st := state{}
				if loc != "" {
					st[loc] = true
				}
				e := a.step(in, st)
				want := map[string]bool{}
				if loc != "" && !written[loc] {
					want[loc] = true // not written: it keeps its secret
				}
				for _, d := range to["MEM"] {
					want[d] = true
				}
				for _, d := range to[loc] {
					want[d] = true
				}
				got := map[string]bool{}
				for k, v := range st {
					if v && !strings.HasPrefix(k, "DIT") {
						got[k] = true
					}
				}
				if !maps.Equal(got, want) {
					t.Errorf("%s with %s secret: secret after: %v, want %v", row.ins, orNothing(loc), keys(got), keys(want))
				}
				var wants []string
				if row.always != "" {
					wants = append(wants, row.always)
				}
				if leaks[loc] {
					wants = append(wants, row.want)
				}
				checkFindings(t, row.ins, loc, wants, e.findings)
			}
		})
	}
	checkCovered(t, table, covered)
}

// checkFindings requires exactly the findings wants names (by substring)
// of instruction ins with loc secret.
func checkFindings(t *testing.T, ins, loc string, wants, findings []string) {
	t.Helper()
	for _, w := range wants {
		if !slices.ContainsFunc(findings, func(f string) bool { return strings.Contains(f, w) }) {
			t.Errorf("%s with %s secret: want a finding %q, got %q", ins, orNothing(loc), w, findings)
		}
	}
	for _, f := range findings {
		if !slices.ContainsFunc(wants, func(w string) bool { return strings.Contains(f, w) }) {
			t.Errorf("%s with %s secret: unexpected finding %q", ins, orNothing(loc), f)
		}
	}
}

// checkCovered requires a row for every opcode of a table.
func checkCovered[V any](t *testing.T, table map[string]V, covered map[string]bool) {
	t.Helper()
	var missing []string
	for op := range table {
		if !covered[op] {
			missing = append(missing, op)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("opcodes of the table with no row: %v", missing)
	}
}

func orNothing(loc string) string {
	if loc == "" {
		return "nothing"
	}
	return loc
}

func keys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

// TestAMD64Table tests every row of the amd64 source model's table.
func TestAMD64Table(t *testing.T) {
	universe := append(strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R14 R15 FLAGS K1 K2"), numbered("V", 0, 15)...)
	checkTable(t, amd64, amd64Table, amd64Rows(), universe)
}

// TestARM64Table tests every row of the arm64 source model's table, and
// the instructions it models outside the table (the branches on a
// register, selects, loads of vectors and pairs, system registers).
func TestARM64Table(t *testing.T) {
	universe := append(append(numbered("R", 0, 12), "FLAGS"), numbered("V", 0, 17)...)
	checkTable(t, arm64, arm64Table, arm64Rows(), universe)
}

// tableExtras are the opcodes of each table that the shipped kernels do
// not use, and why each is there. TestTablesAreUsed fails when the tables
// and the kernels drift apart: an opcode added to a table for no reason
// listed here, or one listed that the kernels now use.
var tableExtras = map[string]string{
	// The other conditions of the branches, selects and flag reads the
	// kernels use, so that a changed condition is still modelled.
	"amd64 conditions": "JC JCC JCS JE JG JGE JGT JHI JHS JL JLE JLO JLS JLT JMI JNC JNE JNO JNP JNS JOC JOS JPC JPE JPL JPS JZ " +
		"SETCC SETCS SETGE SETGT SETHI SETLE SETLS SETLT SETMI SETNE SETOC SETOS SETPC SETPL SETPS " +
		"CMOVQCC CMOVQCS CMOVQEQ CMOVQGE CMOVQGT CMOVQHI CMOVQLE CMOVQLS CMOVQLT CMOVQMI CMOVQNE CMOVQOC CMOVQOS CMOVQPC CMOVQPL CMOVQPS",
	// Issue 20: the branches on CX, the carry chains and the bit tests
	// whose leaks the model must see, and the plants' other instructions.
	"amd64 leaks": "JCXZL JCXZQ JCXZW LOOP LOOPEQ LOOPNE ADCL ADCQ SBBL SBBQ RCLQ RCRQ BTL BTQ BTSL BTSQ BTRL BTRQ BTCL BTCQ NEGL NEGQ VMOVQ",
	// Variable latency on secrets: findings.
	"amd64 latency": "DIVL DIVQ IDIVL IDIVQ DIVPD DIVPS DIVSD DIVSS VDIVPD VDIVPS SQRTPD SQRTPS SQRTSD SQRTSS VSQRTPD VSQRTPS PDEPL PDEPQ PEXTL PEXTQ",
	// The other widths and forms of the kernels' arithmetic and tests, and
	// the masks and shifts before a table lookup (the gadgets).
	"amd64 forms":      "ADDL ANDL ANDQ ORL SUBL SUBQ SHLQ SHRQ CMPL TESTB TESTL PTEST NOP PCALIGN",
	"arm64 conditions": "B BCC BCS BEQ BGT BHI BHS BLE BLO BLS BMI BNE BPL BVC BVS",
	"arm64 leaks":      "ADC ADCS SBC SBCS",
	"arm64 latency":    "UDIV UDIVW SDIV SDIVW FDIVD FDIVS FSQRTD FSQRTS",
	"arm64 forms":      "AND LSL LSR SUB TST NOP PCALIGN",
}

// TestTablesAreUsed checks that each table holds what the shipped kernels
// use and the extras above, nothing else.
func TestTablesAreUsed(t *testing.T) {
	for arch, path := range gadgetKernels {
		table := amd64Table
		if arch == "arm64" {
			table = arm64Table
		}
		funcs, err := parse(readFile(t, path))
		if err != nil {
			t.Fatal(err)
		}
		used := map[string]bool{}
		for _, f := range funcs {
			for _, in := range f.instrs {
				op, _, _ := strings.Cut(in.op, ".")
				used[op] = true
			}
		}
		extra := map[string]bool{}
		for k, ops := range tableExtras {
			if strings.HasPrefix(k, arch+" ") {
				for _, op := range strings.Fields(ops) {
					extra[op] = true
				}
			}
		}
		var unlisted, listedUsed []string
		for op := range table {
			if !used[op] && !extra[op] {
				unlisted = append(unlisted, op)
			}
		}
		for op := range extra {
			if used[op] {
				listedUsed = append(listedUsed, op)
			}
			if _, ok := table[op]; !ok {
				t.Errorf("%s: %s is listed as an extra but is not in the table", arch, op)
			}
		}
		sort.Strings(unlisted)
		sort.Strings(listedUsed)
		if len(unlisted) > 0 {
			t.Errorf("%s: in the table, not used by %s, and not listed in tableExtras: %v", arch, path, unlisted)
		}
		if len(listedUsed) > 0 {
			t.Errorf("%s: listed in tableExtras but used by %s: %v", arch, path, listedUsed)
		}
		t.Logf("%s: %d opcodes in the table: %d used by %s, %d extras", arch, len(table), len(table)-len(extra), path, len(extra))
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
