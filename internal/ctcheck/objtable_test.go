package ctcheck

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// The tables of the compiled-code models of x86 and arm64, tested row by
// row as TestAMD64Table tests the source model's: each row is an
// instruction as go tool objdump prints it ("HEX TEXT" where the model
// reads the encoding), where secrets flow through it, and which secret
// registers make it a finding. The probes start from the state at a
// function's entry (every register public) and make one location secret
// at a time. A load through a public register yields secret bytes (MEM);
// through the stack pointer, the frame's (public here). Calls are tested
// by TestFlowRules.

func x86ObjRows() []tableRow {
	rows := []tableRow{
		{ins: "NOP"}, {ins: "NOPL"}, {ins: "NOPW"}, {ins: "RET"},
		{ins: "JMP 0x1000"},
		{ins: "JMP AX", always: "indirect call or jump"},
		{ins: "CALL AX", always: "indirect call or jump"},
		// Moves.
		{ins: "MOVQ BX, CX", flow: "BX -> CX"},
		{ins: "MOVL BX, CX", flow: "BX -> CX"},
		{ins: "MOVW BX, CX", flow: "BX CX -> CX"},
		{ins: "MOVB BL, CL", flow: "BX CX -> CX"},
		{ins: "MOVQ $0x1, CX", flow: "-> CX"},
		{ins: "MOVQ 0(SI), CX", flow: "MEM -> CX", leak: "SI", want: wAddr},
		{ins: "MOVQ 0x8(SI)(DX*8), CX", flow: "MEM -> CX", leak: "SI DX", want: wAddr},
		{ins: "MOVQ 0x8(SP), CX", flow: "-> CX"},
		{ins: "MOVQ p.x(SB), CX", flow: "-> CX"},
		{ins: "MOVQ 0x10(IP), CX", flow: "-> CX"},
		{ins: "MOVQ FS:0xfffffff8, CX", flow: "-> CX"},
		{ins: "MOVQ CX, 0x8(SP)"},
		{ins: "MOVQ CX, 0(DI)", always: "store outside the stack frame", leak: "DI", want: wAddr},
		{ins: "MOVZX AL, CX", flow: "AX -> CX"},
		{ins: "MOVZX 0(SI), CX", flow: "MEM -> CX", leak: "SI", want: wAddr},
		{ins: "MOVSX BL, CX", flow: "BX -> CX"},
		{ins: "MOVSXD BX, CX", flow: "BX -> CX"},
		{ins: "MOVUPS 0(SI), X1", flow: "MEM -> X1", leak: "SI", want: wAddr},
		{ins: "MOVOU X1, X2", flow: "X1 -> X2"},
		{ins: "MOVDQU X1, 0x10(SP)"},
		{ins: "MOVAPS X1, X2", flow: "X1 -> X2"},
		{ins: "XORPS X1, X1", flow: "-> X1"},
		{ins: "XORPD X1, X1", flow: "-> X1"},
		{ins: "PXOR X1, X1", flow: "-> X1"},
		{ins: "XCHGQ AX, BX", flow: "AX -> BX; BX -> AX"},
		{ins: "PUSHQ BX"},
		{ins: "POPQ CX", flow: "-> CX"},
		// LEA is checked like an address.
		{ins: "LEAQ 0x8(SI)(BX*2), CX", flow: "SI BX -> CX", leak: "SI BX", want: wAddr},
		{ins: "LEAQ p.x(SB), CX", flow: "-> CX"},
		// Arithmetic.
		{ins: "ADDQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "ADDQ $0x10, SP", flow: "-> FLAGS"},
		{ins: "SUBQ $0x18, SP", flow: "-> FLAGS"},
		{ins: "SUBL BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "ANDL $0xff, CX", flow: "CX -> CX FLAGS"},
		{ins: "ORQ 0(SI), CX", flow: "MEM CX -> CX FLAGS", leak: "SI", want: wAddr},
		{ins: "XORQ BX, CX", flow: "BX CX -> CX FLAGS"},
		{ins: "XORL CX, CX", flow: "-> CX FLAGS"},
		{ins: "SUBQ CX, CX", flow: "-> CX FLAGS"},
		{ins: "XORB CL, CL", flow: "CX -> CX FLAGS"}, // a byte: not the zeroing idiom
		{ins: "IMULQ BX, CX", flow: "BX CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "SHLQ $0x3, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "SHRQ CL, BX", flow: "CX BX -> BX FLAGS; FLAGS -> FLAGS"},
		{ins: "SARQ $0x3f, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "ROLL $0x8, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "RORQ $0x8, CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "ADCQ BX, CX", flow: "BX CX FLAGS -> CX FLAGS"},
		{ins: "SBBQ R10, R10", flow: "R10 FLAGS -> R10 FLAGS"},
		{ins: "SBBL $0x0, CX", flow: "CX FLAGS -> CX FLAGS"},
		{ins: "RCLQ $0x1, CX", flow: "CX FLAGS -> CX FLAGS"},
		{ins: "RCRL $0x1, CX", flow: "CX FLAGS -> CX FLAGS"},
		{ins: "NEGQ CX", flow: "CX -> CX FLAGS"},
		{ins: "NOTL CX", flow: "CX -> CX"},
		{ins: "INCQ CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "DECL CX", flow: "CX -> CX FLAGS; FLAGS -> FLAGS"},
		{ins: "BSWAPQ CX", flow: "CX -> CX"},
		{ins: "CMPQ BX, CX", flow: "BX CX -> FLAGS"},
		{ins: "CMPB 0(AX), $0x0", flow: "MEM -> FLAGS", leak: "AX", want: wAddr},
		{ins: "TESTQ BX, BX", flow: "BX -> FLAGS"},
		{ins: "BTQ $0x3, CX", flow: "CX -> FLAGS"},
		{ins: "BTL BX, CX", flow: "BX CX -> FLAGS"},
		{ins: "BTQ R8, p.tab(SB)", flow: "R8 -> FLAGS", leak: "R8", want: wAddr},
		{ins: "BTQ R8, 0(SI)", flow: "MEM R8 -> FLAGS", leak: "R8 SI", want: wAddr},
		// Branches on CX.
		{ins: "JCXZ 0x1000", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "JECXZ 0x1000", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "JRCXZ 0x1000", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "LOOP 0x1000", leak: "CX", want: "conditional branch on secret CX"},
		{ins: "LOOPE 0x1000", leak: "CX FLAGS", want: "conditional branch on secret CX or flags"},
		{ins: "LOOPNE 0x1000", leak: "CX FLAGS", want: "conditional branch on secret CX or flags"},
		// Fail closed.
		{ins: "CPUID", always: wClosed},
		{ins: "DIVQ BX", always: wClosed},
		{ins: "SQRTSD X0, X1", always: wClosed},
		{ins: "XORPS X1, X2", always: wClosed},
		{ins: "IMULQ $0x3, BX, CX", always: wClosed},
		{ins: "BTSQ BX, CX", always: wClosed},
		{ins: "MOVQ CX, $0x1", always: wClosed},
		{ins: "JRCXZ main.f(SB)", always: wClosed},
	}
	for _, cc := range strings.Fields("E NE L LE G GE B BE A AE S NS O NO P NP") {
		rows = append(rows,
			tableRow{ins: "J" + cc + " 0x1000", leak: "FLAGS", want: "conditional branch on secret flags"},
			tableRow{ins: "SET" + cc + " AL", flow: "FLAGS AX -> AX"},
			tableRow{ins: "CMOV" + cc + " BX, CX", flow: "BX CX FLAGS -> CX"},
			tableRow{ins: "CMOVQ" + cc + " 0(SI), CX", flow: "MEM CX FLAGS -> CX", leak: "SI", want: wAddr})
	}
	return rows
}

func arm64ObjRows() []tableRow {
	rows := []tableRow{
		{ins: "d503201f NOOP"}, {ins: "NOP"}, {ins: "RET"},
		{ins: "d503415f ?"}, {ins: "d503405f ?"}, {ins: "d50330ff ?"},
		{ins: "DSB $7"}, {ins: "ISB $15"}, {ins: "DMB $11"},
		{ins: "14000002 JMP 2(PC)"},
		{ins: "JMP (R1)", always: "indirect call or jump"},
		{ins: "CALL (R1)", always: "indirect call or jump"},
		{ins: "b4000041 CBZ R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "b5000041 CBNZ R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "34000041 CBZW R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "35000041 CBNZW R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "36180041 TBZ $3, R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "37180041 TBNZ $3, R1, 2(PC)", leak: "R1", want: "conditional branch on secret R1"},
		{ins: "ADRP 4096(PC), R1", flow: "-> R1"},
		{ins: "MRS DIT, R1", flow: "-> R1"},
		{ins: "MSR R1, NZCV", leak: "R1", want: "system register written from secret data"},
		// Moves.
		{ins: "MOVD R1, R2", flow: "R1 -> R2"},
		{ins: "MOVD $1, R2", flow: "-> R2"},
		{ins: "MOVD ZR, R2", flow: "-> R2"},
		{ins: "MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD (R0)(R9), R8", flow: "MEM -> R8", leak: "R0 R9", want: wAddr},
		{ins: "MOVD.P 8(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD.W 8(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVD 8(RSP), R2", flow: "-> R2"},
		{ins: "MOVD R2, 8(RSP)"},
		{ins: "MOVD.W R30, -64(RSP)"},
		{ins: "MOVD R2, (R1)", always: "store outside the stack frame", leak: "R1", want: wAddr},
		{ins: "MOVW (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVWU R1, R2", flow: "R1 -> R2"},
		{ins: "MOVH (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVHU R1, R2", flow: "R1 -> R2"},
		{ins: "MOVB R1, R2", flow: "R1 -> R2"},
		{ins: "MOVBU 1(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "FMOVD F1, F2", flow: "V1 -> V2"},
		{ins: "FMOVS (R1), F2", flow: "MEM -> V2", leak: "R1", want: wAddr},
		{ins: "FMOVQ (R1), F2", flow: "MEM -> V2", leak: "R1", want: wAddr},
		{ins: "VMOV V1.D[0], R2", flow: "V1 -> R2"},
		{ins: "VMOV R2, V1.D[1]", flow: "R2 V1 -> V1"},
		{ins: "VLD1 (R1), [V1.B16, V2.B16]", flow: "MEM -> V1 V2", leak: "R1", want: wAddr},
		{ins: "VLD1.P 32(R1), [V1.B16, V2.B16]", flow: "MEM -> V1 V2", leak: "R1", want: wAddr},
		// Pairs.
		{ins: "LDP (R1), (R2, R3)", flow: "MEM -> R2 R3", leak: "R1", want: wAddr},
		{ins: "LDPW (R1), (R2, R3)", flow: "MEM -> R2 R3", leak: "R1", want: wAddr},
		{ins: "LDP 16(RSP), (R2, R3)", flow: "-> R2 R3"},
		{ins: "STP (R2, R3), 16(RSP)"},
		{ins: "STPW (R2, R3), 16(RSP)"},
		{ins: "FLDPD (R1), (F2, F3)", flow: "MEM -> V2 V3", leak: "R1", want: wAddr},
		{ins: "FSTPD (F2, F3), 16(RSP)"},
		{ins: "FLDPS (R1), (F2, F3)", flow: "MEM -> V2 V3", leak: "R1", want: wAddr},
		{ins: "FSTPS (F2, F3), 16(RSP)"},
		{ins: "FLDPQ (R1), (F2, F3)", flow: "MEM -> V2 V3", leak: "R1", want: wAddr},
		{ins: "FSTPQ (F2, F3), 16(RSP)"},
		// Bit fields, selects.
		{ins: "UBFX $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "SBFX $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "UBFIZ $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "SBFIZ $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "UBFXW $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "SBFXW $1, R1, $2, R2", flow: "R1 -> R2"},
		{ins: "CSET EQ, R1", flow: "FLAGS -> R1"},
		{ins: "CSETM NE, R1", flow: "FLAGS -> R1"},
		{ins: "CSETW HI, R1", flow: "FLAGS -> R1"},
		{ins: "CSEL EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINC EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINV EQ, R1, ZR, R3", flow: "R1 FLAGS -> R3"},
		{ins: "CSNEG EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSELW EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "CSINCW EQ, R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		// Flags.
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMP $64, R1", flow: "R1 -> FLAGS"},
		{ins: "CMN R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "TST $31, R1", flow: "R1 -> FLAGS"},
		{ins: "CMPW R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMNW R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "TSTW R1, R2", flow: "R1 R2 -> FLAGS"},
		// Carry chains: no zeroing idiom.
		{ins: "ADC R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "SBC R1, R1, R1", flow: "R1 FLAGS -> R1"},
		{ins: "ADCS R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"},
		{ins: "SBCS R1, R1, R1", flow: "R1 FLAGS -> R1 FLAGS"},
		{ins: "ADCW R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "SBCW R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		// Frame.
		{ins: "SUB $16, RSP", flow: ""},
		{ins: "ADD $64, RSP", flow: ""},
		{ins: "SUB $8, RSP, R29", flow: "-> R29"},
		// Fail closed.
		{ins: "UDIV R1, R2, R3", always: wClosed},
		{ins: "FSQRTD F1, F2", always: wClosed},
		{ins: "LDAR (R1), R2", always: wClosed},
		{ins: "MOVD R1, R2, R3", always: wClosed},
		{ins: "MUL R1, RSP", always: wClosed},
		{ins: "d503233f ?", always: wClosed},
		{ins: "54000040 BEQ 3(PC)", always: "branch target 3(PC) not decoded", leak: "FLAGS", want: wBranch},
	}
	for _, op := range strings.Fields("ADD SUB AND ORR EOR BIC ORN EON LSL LSR ASR ROR MUL ADDW SUBW ANDW ORRW EORW BICW LSLW LSRW ASRW") {
		rows = append(rows, tableRow{ins: op + " R1, R2, R3", flow: "R1 R2 -> R3"}, tableRow{ins: op + " $3, R2", flow: "R2 -> R2"})
	}
	for _, op := range strings.Fields("ADDS SUBS ANDS ADDSW SUBSW ANDSW") {
		rows = append(rows, tableRow{ins: op + " R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"})
	}
	for _, op := range strings.Fields("NEG MVN NEGW MVNW") {
		rows = append(rows, tableRow{ins: op + " R1, R2", flow: "R1 -> R2"}, tableRow{ins: op + " R2", flow: "R2 -> R2"})
	}
	rows = append(rows, tableRow{ins: "NEGS R1, R2", flow: "R1 -> R2 FLAGS"},
		tableRow{ins: "EOR R1, R1, R3", flow: "-> R3"}, tableRow{ins: "SUB R1, R1, R3", flow: "-> R3"},
		tableRow{ins: "EORW R1, R1, R3", flow: "-> R3"}, tableRow{ins: "SUBW R1, R1, R3", flow: "-> R3"},
		tableRow{ins: "ADD R1<<3, R2, R3", flow: "R1 R2 -> R3"}, tableRow{ins: "AND R9->63, R2, R9", flow: "R9 R2 -> R9"},
		tableRow{ins: "ADD R1.UXTW, R2, R3", flow: "R1 R2 -> R3"})
	for _, op := range strings.Fields("VEOR VORR VAND VBIC VADD VSUB VCMEQ") {
		rows = append(rows, tableRow{ins: op + " V1.B16, V2.B16, V3.B16", flow: "V1 V2 -> V3"})
	}
	rows = append(rows, tableRow{ins: "VEOR V1.B16, V1.B16, V3.B16", flow: "-> V3"})
	// The conditions: B.cond, imm19 = 2.
	for i, cc := range strings.Fields("EQ NE CS CC MI PL VS VC HI LS GE LT GT LE AL") {
		hex := []byte("54000040")
		hex[7] = "0123456789abcdef"[i]
		rows = append(rows, tableRow{ins: string(hex) + " B" + cc + " 2(PC)", leak: "FLAGS", want: "conditional branch on secret flags"})
	}
	rows = append(rows, tableRow{ins: "54000042 BHS 2(PC)", leak: "FLAGS", want: "conditional branch on secret flags"},
		tableRow{ins: "54000043 BLO 2(PC)", leak: "FLAGS", want: "conditional branch on secret flags"})
	return rows
}

// checkObjTable runs the rows against the compiled-code model a, whose
// table is table, with base giving the opcode a row covers.
func checkObjTable(t *testing.T, a *binArch, table map[string]bool, rows []tableRow, universe []string, base func(string) string) {
	covered := map[string]bool{}
	for _, row := range rows {
		t.Run(row.ins, func(t *testing.T) {
			funcs, err := ParseObjdump(objdump([]string{"main.f", row.ins, "RET", "RET"}))
			if err != nil || len(funcs) != 1 {
				t.Fatalf("parse %q: %v", row.ins, err)
			}
			f := funcs[0]
			op, _, _ := strings.Cut(f.Instrs[0].Op, ".")
			if row.always != wClosed {
				covered[base(op)] = true
			}
			to, written := parseFlow(t, row.flow)
			leaks := set(strings.Fields(row.leak)...)
			for _, loc := range append([]string{""}, universe...) {
				st := &frame{reached: true, regs: map[string]level{}, stack: map[int64]level{}, spKnown: true}
				if loc != "" {
					st.regs[loc] = secret
				}
				m := step(a, f, 0, st)
				want := map[string]bool{}
				if loc != "" && !written[loc] {
					want[loc] = true
				}
				for _, d := range to["MEM"] {
					want[d] = true
				}
				for _, d := range to[loc] {
					want[d] = true
				}
				got := map[string]bool{}
				for k, l := range st.regs {
					if l == secret {
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
				if slices.Contains(strings.Fields(row.leak2), loc) {
					wants = append(wants, row.want2)
				}
				checkFindings(t, row.ins, loc, wants, m.findings)
			}
		})
	}
	checkCovered(t, table, covered)
}

// TestX86ObjTable tests every row of the x86 compiled-code model's table
// (amd64; 386 runs the same step).
func TestX86ObjTable(t *testing.T) {
	universe := append(strings.Fields("AX BX CX DX SI DI BP R8 R9 R10 R11 R12 R13 R15 FLAGS"), vecRegs("X", 4)...)
	table := x86ObjTable()
	checkObjTable(t, amd64Obj, table, x86ObjRows(), universe, func(op string) string {
		if table[op] {
			return op
		}
		if n := len(op); n >= 3 && x86Width[op[n-1]] != 0 && table[op[:n-1]] && !strings.HasPrefix(op, "CMOV") && !strings.HasPrefix(op, "SET") {
			return op[:n-1]
		}
		if strings.HasPrefix(op, "CMOV") && len(op) > 4 && x86Width[op[4]] != 0 && table["CMOV"+op[5:]] {
			return "CMOV" + op[5:]
		}
		return op
	})
}

// TestARM64ObjTable tests every row of the arm64 compiled-code model's
// table.
func TestARM64ObjTable(t *testing.T) {
	universe := append(append(numbered("R", 0, 12), "R29", "R30", "FLAGS"), numbered("V", 0, 4)...)
	checkObjTable(t, arm64Obj, arm64ObjTable(), arm64ObjRows(), universe, func(op string) string { return op })
}

func riscv64ObjRows() []tableRow {
	rows := []tableRow{
		{ins: "NOP"}, {ins: "RET"},
		{ins: "0080006f JMP 2(PC)"},
		{ins: "JMP (X5)", always: "indirect call or jump"},
		{ins: "CALL (X5)", always: "indirect call or jump"},
		{ins: "JAL X1, (X5)", always: "indirect call or jump"},
		{ins: "LUI $167, X5", flow: "-> X5"},
		{ins: "AUIPC $167, X5", flow: "-> X5"},
		{ins: "MOV X5, X6", flow: "X5 -> X6"},
		{ins: "MOV $1, X6", flow: "-> X6"},
		{ins: "MOV (X5), X6", flow: "MEM -> X6", leak: "X5", want: wAddr},
		{ins: "MOV 8(X2), X6", flow: "-> X6"},
		{ins: "MOV X6, 8(X2)"},
		{ins: "MOV X6, (X5)", always: "store outside the stack frame", leak: "X5", want: wAddr},
		{ins: "MOVD (X5), F1", flow: "MEM -> F1", leak: "X5", want: wAddr},
		{ins: "MOVF F1, F2", flow: "F1 -> F2"},
		{ins: "ADDI $-16, X2, X2"},
		{ins: "XOR X5, X5, X6", flow: "-> X6"},
		{ins: "SUB X5, X5, X6", flow: "-> X6"},
		{ins: "ADD X0, X5, X6", flow: "X5 -> X6"},
		// Fail closed.
		{ins: "ADD X5, X6", always: wClosed}, // X6 += X5 would read X6: not modelled in this form
		{ins: "ADDI $8, X5, X2", always: wClosed},
		{ins: "CPOP X5, X6", always: wClosed},
		{ins: "FSQRTD F1, F2", always: wClosed},
		{ins: "00000463 BEQ X5, X6, 3(PC)", leak: "X5 X6", want: wBranch},
		{ins: "BEQ X5, X6, 2(PC)", always: "branch target not decoded", leak: "X5 X6", want: wBranch},
	}
	for _, op := range strings.Fields("MOVW MOVWU MOVH MOVHU MOVB MOVBU") {
		rows = append(rows, tableRow{ins: op + " (X5), X6", flow: "MEM -> X6", leak: "X5", want: wAddr}, tableRow{ins: op + " X5, X6", flow: "X5 -> X6"})
	}
	for _, op := range strings.Fields("ADD SUB AND OR XOR SLL SRL SRA SLT SLTU MUL MULH MULHU ADDW SUBW SLLW SRLW SRAW MULW " +
		"ADDUW SH1ADD SH2ADD SH3ADD SH1ADDUW SH2ADDUW SH3ADDUW ANDN ORN XNOR ROL ROR ROLW RORW") {
		rows = append(rows, tableRow{ins: op + " X5, X6, X7", flow: "X5 X6 -> X7"})
	}
	for _, op := range strings.Fields("ADDI ANDI ORI XORI SLLI SRLI SRAI SLTI SLTIU ADDIW SLLIW SRLIW SRAIW SLLIUW RORI RORIW") {
		rows = append(rows, tableRow{ins: op + " $3, X6, X7", flow: "X6 -> X7"})
	}
	for _, op := range strings.Fields("NEG NEGW NOT SEQZ SNEZ SLTZ SGTZ ZEXTH ZEXTW SEXTB SEXTH REV8 ORCB") {
		rows = append(rows, tableRow{ins: op + " X5, X6", flow: "X5 -> X6"})
	}
	for _, op := range strings.Fields("DIV DIVU REM REMU DIVW DIVUW REMW REMUW") {
		rows = append(rows, tableRow{ins: op + " X5, X6, X7", flow: "X5 X6 -> X7", leak: "X5 X6", want: wLatency})
	}
	for _, op := range strings.Fields("BEQ BNE BLT BGE BLTU BGEU BGT BLE BGTU BLEU") {
		rows = append(rows, tableRow{ins: "00000463 " + op + " X5, X6, 2(PC)", leak: "X5 X6", want: "conditional branch on secret X5, X6"})
	}
	for _, op := range strings.Fields("BEQZ BNEZ BLTZ BGEZ BLEZ BGTZ") {
		rows = append(rows, tableRow{ins: "00000463 " + op + " X5, 2(PC)", leak: "X5", want: "conditional branch on secret X5"})
	}
	return rows
}

// TestRISCV64ObjTable tests every row of the riscv64 compiled-code model's
// table.
func TestRISCV64ObjTable(t *testing.T) {
	universe := append(numbered("X", 5, 12), "F1", "F2")
	checkObjTable(t, riscv64Obj, riscv64ObjTable(), riscv64ObjRows(), universe, func(op string) string { return op })
}

func loong64ObjRows() []tableRow {
	rows := []tableRow{
		{ins: "NOOP"}, {ins: "NOP"}, {ins: "RET"},
		{ins: "50000800 JMP 2(PC)"},
		{ins: "JMP (R5)", always: "indirect call or jump"},
		{ins: "CALL (R5)", always: "indirect call or jump"},
		{ins: "58000800 BEQ R4, R5, 2(PC)", leak: "R4 R5", want: "conditional branch on secret R4, R5"},
		{ins: "40000800 BEQ R4, 2(PC)", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "44000800 BNE R4, 2(PC)", leak: "R4", want: "conditional branch on secret R4"},
		{ins: "BEQ R4, 2(PC)", always: "branch target not decoded", leak: "R4", want: wBranch},
		{ins: "MOVV R4, R5", flow: "R4 -> R5"},
		{ins: "MOVV (R4), R5", flow: "MEM -> R5", leak: "R4", want: wAddr},
		{ins: "MOVV 8(R3), R5", flow: "-> R5"},
		{ins: "MOVV R5, 8(R3)"},
		{ins: "MOVV R5, (R4)", always: "store outside the stack frame", leak: "R4", want: wAddr},
		{ins: "MOVBU R5", flow: "R5 -> R5"},
		{ins: "ADDV $-16, R3"},
		{ins: "ADDV $-16, R3, R3"},
		{ins: "XOR R4, R4, R5", flow: "-> R5"},
		{ins: "SUBV R4, R4, R5", flow: "-> R5"},
		{ins: "ADDV R4, R5", flow: "R4 R5 -> R5"},
		{ins: "NEGV R4, R5", flow: "R4 -> R5"},
		{ins: "NEGW R4, R5", flow: "R4 -> R5"},
		{ins: "Unknown ADDU16I.D $-1, R11, R9", flow: "R11 -> R9"},
		{ins: "BSTRPICKV $31, R4, $0, R5", flow: "R4 -> R5"},
		{ins: "BSTRPICKW $31, R4, $0, R5", flow: "R4 -> R5"},
		// Fail closed.
		{ins: "SUBV $16, R3", always: wClosed},
		{ins: "CPUCFG R4, R5", always: wClosed},
		{ins: "FSQRTD F1, F2", always: wClosed},
		{ins: "BSTRPICKV R4, R5", always: wClosed},
	}
	for _, op := range strings.Fields("LU12IW LU32ID LU52ID PCALAU12I PCADDU12I") {
		rows = append(rows, tableRow{ins: op + " $5, R4", flow: "-> R4"})
	}
	for _, op := range strings.Fields("MOVW MOVWU MOVH MOVHU MOVB MOVBU MOVD MOVF") {
		rows = append(rows, tableRow{ins: op + " (R4), R5", flow: "MEM -> R5", leak: "R4", want: wAddr})
	}
	for _, op := range strings.Fields("ADDV SUBV ADD SUB AND OR XOR NOR ANDN ORN SLLV SRLV SRAV ROTRV SLL SRL SRA MULV MUL SGT SGTU MASKEQZ MASKNEZ ALSLV") {
		rows = append(rows, tableRow{ins: op + " R4, R5, R6", flow: "R4 R5 -> R6"})
	}
	for _, op := range strings.Fields("DIVV DIVVU REMV REMVU DIV DIVU REM REMU") {
		rows = append(rows, tableRow{ins: op + " R4, R5, R6", flow: "R4 R5 -> R6", leak: "R4 R5", want: wLatency})
	}
	for _, op := range strings.Fields("BLT BGE BLTU BGEU BNE") {
		rows = append(rows, tableRow{ins: "58000800 " + op + " R4, R5, 2(PC)", leak: "R4 R5", want: "conditional branch on secret R4, R5"})
	}
	return rows
}

// TestLOONG64ObjTable tests every row of the loong64 compiled-code model's
// table.
func TestLOONG64ObjTable(t *testing.T) {
	universe := append(numbered("R", 4, 12), "F1", "F2")
	checkObjTable(t, loong64Obj, loong64ObjTable(), loong64ObjRows(), universe, func(op string) string {
		if op == "Unknown" {
			return "ADDU16I.D"
		}
		return op
	})
}

func ppc64ObjRows() []tableRow {
	rows := []tableRow{
		{ins: "NOP"}, {ins: "RET"},
		{ins: "BR 0x1008"},
		{ins: "BR (CTR)", always: "indirect call or jump"},
		{ins: "CALL (CTR)", always: "indirect call or jump"},
		{ins: "CMP R3,R4", flow: "R3 R4 -> CR0"},
		{ins: "CMP R3,$8,CR1", flow: "R3 -> CR1"},
		{ins: "ISEL $2,R3,R4,R5", flow: "R3 R4 CR0 -> R5"},
		{ins: "ISEL $6,R3,R4,R5", flow: "R3 R4 CR1 -> R5"},
		{ins: "SETBC EQ,R3", flow: "CR0 -> R3"},
		{ins: "SETBCR CR1EQ,R3", flow: "CR1 -> R3"},
		{ins: "SETNBC EQ,R3", flow: "CR0 -> R3"},
		{ins: "SETNBCR EQ,R3", flow: "CR0 -> R3"},
		{ins: "MOVD R3,R4", flow: "R3 -> R4"},
		{ins: "MOVD $8,R4", flow: "-> R4"},
		{ins: "MOVD 0(R3),R4", flow: "MEM -> R4", leak: "R3", want: wAddr},
		{ins: "MOVD (R3)(R5),R4", flow: "MEM -> R4", leak: "R3 R5", want: wAddr},
		{ins: "MOVDU 8(R3),R4", flow: "MEM -> R4", leak: "R3", want: wAddr},
		{ins: "MOVD 40(R1),R4", flow: "-> R4"},
		{ins: "MOVD R4,40(R1)"},
		{ins: "MOVDU R31,-32(R1)"},
		{ins: "MOVD R4,0(R3)", always: "store outside the stack frame", leak: "R3", want: wAddr},
		{ins: "ADDIS $0,$2,R3", flow: "-> R3"},
		{ins: "ADD R1,$-32,R1"},
		{ins: "ADD R3,R4", flow: "R3 R4 -> R4"},
		{ins: "XOR R3,R3,R4", flow: "-> R4"},
		{ins: "SUB R3,R3,R4", flow: "-> R4"},
		{ins: "NEG R3,R4", flow: "R3 -> R4"},
		{ins: "EXTSB R3,R4", flow: "R3 -> R4"},
		{ins: "EXTSH R3,R4", flow: "R3 -> R4"},
		{ins: "EXTSW R3,R4", flow: "R3 -> R4"},
		{ins: "RLDICL R3,$0,$32,R4", flow: "R3 -> R4"},
		{ins: "ADDZE R3,R4", flow: "R3 R4 CA -> R4 CA"},
		// BDNZ, the vector kernel's loop (ppc64vecobj.go): a branch on CTR.
		{ins: "BC $16,$0,0x1008", leak: "CTR", want: "conditional branch on secret CTR"},
		// Fail closed.
		{ins: "MOVD R3,R4,R5", always: wClosed},
		{ins: "MOVDU R3,R4", always: wClosed},
		{ins: "ADD R1,$-32,R3,R1", always: wClosed},
		{ins: "FSQRT F1,F2", always: wClosed},
		{ins: "BEQ CR1,(CTR)", always: wClosed, leak: "CR1", want: wBranch},
	}
	for _, op := range strings.Fields("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ FMOVD FMOVS") {
		rows = append(rows, tableRow{ins: op + " 0(R3),R4", flow: "MEM -> R4", leak: "R3", want: wAddr})
	}
	for _, op := range strings.Fields("ADD SUB AND OR XOR NOR ANDN ORN NAND EQV MULLD MULLW SLD SRD SRAD SLW SRW SRAW RLDICR RLDIC RLWINM ADDIS") {
		rows = append(rows, tableRow{ins: op + " R3,R4,R5", flow: "R3 R4 -> R5"})
	}
	for _, op := range strings.Fields("ANDCC ORCC XORCC ADDCC SUBCC RLDICLCC RLWINMCC") {
		rows = append(rows, tableRow{ins: op + " R3,R4,R5", flow: "R3 R4 -> R5 CR0"})
	}
	rows = append(rows, tableRow{ins: "NEGCC R3,R4", flow: "R3 R4 -> R4 CR0"})
	for _, op := range strings.Fields("SUBC ADDC SUBFIC") {
		rows = append(rows, tableRow{ins: op + " R3,R4,R5", flow: "R3 R4 -> R5 CA"})
	}
	for _, op := range strings.Fields("ADDE SUBE SUBZE ADDME SUBME") {
		rows = append(rows, tableRow{ins: op + " R3,R4,R5", flow: "R3 R4 CA -> R5 CA"})
	}
	for _, op := range strings.Fields("CMPU CMPW CMPWU") {
		rows = append(rows, tableRow{ins: op + " R3,R4", flow: "R3 R4 -> CR0"})
	}
	for _, op := range strings.Fields("BLT BGT BEQ BNE BGE BLE BSO BNS") {
		rows = append(rows, tableRow{ins: op + " 0x1008", leak: "CR0", want: "conditional branch on secret CR0"},
			tableRow{ins: op + " CR1,0x1008", leak: "CR1", want: "conditional branch on secret CR1"})
	}
	for _, op := range strings.Fields("DIVD DIVDU DIVW DIVWU MODUD MODSD MODUW MODSW") {
		rows = append(rows, tableRow{ins: op + " R3,R4,R5", flow: "R3 R4 -> R5", leak: "R3 R4", want: wLatency})
	}
	return rows
}

// TestPPC64ObjTable tests every row of the ppc64 compiled-code model's
// table.
func TestPPC64ObjTable(t *testing.T) {
	universe := append(append(numbered("R", 3, 10), "CR0", "CR1", "CA", "CTR"), "F1")
	table := ppc64ObjTable()
	checkObjTable(t, ppc64Obj, table, ppc64ObjRows(), universe, func(op string) string {
		if !table[op] && table[strings.TrimSuffix(op, "U")] {
			return strings.TrimSuffix(op, "U")
		}
		return op
	})
}

func armObjRows() []tableRow {
	rows := []tableRow{
		{ins: "RET"}, {ins: "RET #4"},
		{ins: "B 0x1008"},
		{ins: "B (R1)", always: "indirect call or jump"},
		{ins: "BL (R1)", always: "indirect call or jump"},
		{ins: "B.EQ 0x1008", leak: "FLAGS", want: "conditional branch on secret flags"},
		{ins: "B.EQ main.f(SB)", always: "indirect call or jump"},
		{ins: "MOVW R1, R2", flow: "R1 -> R2"},
		{ins: "MOVW $8, R2", flow: "-> R2"},
		{ins: "MOVW (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVW 8(R15), R2", flow: "-> R2"},
		{ins: "MOVW 4(R13), R2", flow: "-> R2"},
		{ins: "MOVW R2, 4(R13)"},
		{ins: "MOVW.W R14, -8(R13)"},
		{ins: "MOVW.P 4(R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "MOVW R2, (R1)", always: "store outside the stack frame", leak: "R1", want: wAddr},
		{ins: "MOVW.EQ R1, R2", flow: "R1 R2 FLAGS -> R2"},
		{ins: "MOVW.EQ (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr, leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "MOVW.NE R2, 4(R13)", leak2: "FLAGS", want2: "memory access under a secret condition"},
		{ins: "ADD $1, R2", flow: "R2 -> R2"},
		{ins: "ADD R1<<R4, R2, R3", flow: "R1 R4 R2 -> R3"},
		{ins: "ADD.S R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"},
		{ins: "ADD.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3"},
		{ins: "ADD.S.EQ R1, R2, R3", flow: "R1 R2 FLAGS R3 -> R3; R1 R2 FLAGS -> FLAGS"},
		{ins: "EOR R1, R1, R2", flow: "-> R2"},
		{ins: "SUB R1, R1, R2", flow: "-> R2"},
		{ins: "MVN R1, R2", flow: "R1 R2 -> R2"}, // read as dst op= src: over-tainted
		{ins: "SUB $8, R13"},
		{ins: "ADD $8, R13, R13"},
		{ins: "ADC R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "SBC R1, R1, R1", flow: "R1 FLAGS -> R1"},
		{ins: "RSC R1, R2, R3", flow: "R1 R2 FLAGS -> R3"},
		{ins: "ADC.S R1, R2, R3", flow: "R1 R2 FLAGS -> R3 FLAGS"},
		// Fail closed.
		{ins: "CLZ R1, R2", always: wClosed},
		{ins: "MOVM.IA [R1,R2], (R3)", always: wClosed},
		{ins: "ADD.Q R1, R2", always: wClosed},
		{ins: "CMP.EQ R1, R2", always: wClosed},
		{ins: "ADD $8, R13, R2, R13", always: wClosed},
		{ins: "ADD.S $8, R13", always: wClosed},
		{ins: "MOVW.W (R1)(R2), R3", always: wClosed},
	}
	for _, op := range strings.Fields("MOVH MOVHU MOVB MOVBU") {
		rows = append(rows, tableRow{ins: op + " (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr}, tableRow{ins: op + " R1, R2", flow: "R1 -> R2"})
	}
	for _, op := range strings.Fields("ADD SUB RSB AND ORR EOR BIC MUL LSL LSR ASR ROR MVN") {
		rows = append(rows, tableRow{ins: op + " R1, R2, R3", flow: "R1 R2 -> R3"})
	}
	for _, op := range strings.Fields("CMP CMN TST TEQ") {
		rows = append(rows, tableRow{ins: op + " R1, R2", flow: "R1 R2 -> FLAGS"})
	}
	return rows
}

// TestARMObjTable tests every row of the arm compiled-code model's table.
func TestARMObjTable(t *testing.T) {
	universe := append(numbered("R", 0, 9), "R14", "FLAGS", "F1")
	checkObjTable(t, armObj, armObjTable(), armObjRows(), universe, func(op string) string { return op })
}

func s390xObjRows() []tableRow {
	rows := []tableRow{
		{ins: "NOPH"}, {ins: "NOP"}, {ins: "RET"},
		{ins: "07fe JMP R14"},
		{ins: "a7f40004 BR 2(PC)"},
		{ins: "a7f40004 JMP 2(PC)"},
		{ins: "07f1 BR R1", always: "indirect call or jump"},
		{ins: "CALL (R1)", always: "indirect call or jump"},
		{ins: "a7840004 BRC $8, 2(PC)", leak: "FLAGS", want: "conditional branch on secret condition code"},
		{ins: "BEQ 2(PC)", always: "branch target 2(PC) not decoded", leak: "FLAGS", want: wBranch},
		{ins: "CMP R1, R2", flow: "R1 R2 -> FLAGS"},
		{ins: "CMP R1, $8", flow: "R1 -> FLAGS"},
		// The encoding decides what MOVD is.
		{ins: "e3f0ffc0ff71 MOVD -64(R15), R15"},
		{ins: "e3f0ffc8ff71 MOVD -56(R0)(R15*1), R15"},
		{ins: "e310f0080071 MOVD 8(R15), R1", flow: "-> R1"},
		{ins: "e31020080071 MOVD 8(R2), R1", flow: "R2 -> R1", leak: "R2", want: wAddr},
		{ins: "c01000000010 MOVD $p.x(SB), R1", flow: "-> R1"},
		{ins: "c01000000010 LARL $p.x(SB), R1", flow: "-> R1"},
		{ins: "c41800000010 MOVD R1, 16(PC)", flow: "-> R1"},
		{ins: "b9040021 MOVD R1, R2", flow: "R1 -> R2"},
		{ins: "e32010000004 MOVD (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010030004 MOVD 3(R1)(R3*1), R2", flow: "MEM -> R2", leak: "R1 R3", want: wAddr},
		{ins: "e320f0080004 MOVD 8(R15), R2", flow: "-> R2"},
		{ins: "e320f0080024 MOVD R2, 8(R15)"},
		{ins: "e32010000024 MOVD R2, (R1)", always: "store outside the stack frame", leak: "R1", want: wAddr},
		{ins: "e32010000014 MOVW (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000016 MOVWZ (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000015 MOVH (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000091 MOVHZ (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000077 MOVB (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e32010000090 MOVBZ (R1), R2", flow: "MEM -> R2", leak: "R1", want: wAddr},
		{ins: "e320f0080050 MOVW R2, 8(R15)"},
		{ins: "e320f0080070 MOVH R2, 8(R15)"},
		{ins: "e320f0080072 MOVB R2, 8(R15)"},
		{ins: "b3c10021 FMOVD F1, F2", flow: "F1 -> F2"},
		{ins: "b3c10021 FMOVS F1, F2", flow: "F1 -> F2"},
		// XG, OG, NG, AG, SG: R = R op mem, printed register first or
		// (Go 1.25) memory first.
		{ins: "e32010000082 XOR R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "e32010000081 OR (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "e32010000080 AND R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "e32010000008 ADD (R1), R2", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		{ins: "e32010000009 SUB R2, (R1)", flow: "MEM R2 -> R2 FLAGS", leak: "R1", want: wAddr},
		// A shift by d(b): the amount is d plus b, checked like an address.
		{ins: "SRAD 3(R0), R2, R3", flow: "R2 -> R3 FLAGS"},
		{ins: "SLD 3(R4), R2, R3", flow: "R4 R2 -> R3 FLAGS", leak: "R4", want: wAddr},
		{ins: "ADD R1, R2", flow: "R1 R2 -> R2 FLAGS"},
		{ins: "ADD $64, R15"},
		{ins: "SUB $64, R15"},
		{ins: "XOR R1, R1", flow: "-> R1 FLAGS"},
		{ins: "SUB R1, R1", flow: "-> R1 FLAGS"},
		{ins: "XORW R1, R1", flow: "-> R1 FLAGS"},
		{ins: "NEG R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "NEG R1", flow: "R1 -> R1 FLAGS"},
		{ins: "NOT R1, R2", flow: "R1 -> R2 FLAGS"},
		{ins: "RISBGZ $56, $63, $0, R1, R2", flow: "R1 -> R2"},
		{ins: "RISBG R1, R2, R3", flow: "R1 R2 -> R3"},
		{ins: "RISBGN R1, R2, R3", flow: "R1 R2 -> R3"},
		// Go 1.24's forms.
		{ins: "eb14f0080024 STMG R1, R4, 8(R15)"},
		{ins: "eb14f0080024 STMG R1, R4, (R5)", always: "store outside the stack frame", leak: "R5", want: wAddr},
		{ins: "e548f0080001 MVGHI 8(R15), $1"},
		{ins: "STC R1, 8(R15)"},
		// Fail closed.
		{ins: "e32010000004 MOVW (R1), R2", always: wClosed}, // LG printed as MOVW
		{ins: "e32010000071 MOVD (R1), R2, R3", always: wClosed},
		{ins: "ADD $64, R15, R15", always: wClosed},
		{ins: "FSQRT F1, F2", always: wClosed},
		{ins: "BRCT R1, 2(PC)", always: wClosed}, // a branch on a count
		{ins: "eb41f0080024 STMG R4, R1, 8(R15)", always: wClosed},
		{ins: "e32010000082 XOR (R1), (R2)", always: wClosed},
	}
	for _, op := range strings.Fields("MOVW MOVWZ MOVH MOVHZ MOVB MOVBZ") {
		rows = append(rows, tableRow{ins: "b9040021 " + op + " R1, R2", flow: "R1 -> R2"})
	}
	for _, op := range strings.Fields("ADD SUB AND OR XOR MULLD ADDW SUBW ANDW ORW XORW SLD SRD SRAD SLW SRW SRAW RLL RLLG") {
		rows = append(rows, tableRow{ins: op + " R1, R2, R3", flow: "R1 R2 -> R3 FLAGS"})
	}
	rows = append(rows, tableRow{ins: "NEGW R1, R2", flow: "R1 R2 -> R2 FLAGS"}) // read as dst op= src: over-tainted
	for _, op := range strings.Fields("CMPU CMPW CMPWU") {
		rows = append(rows, tableRow{ins: op + " R1, R2", flow: "R1 R2 -> FLAGS"})
	}
	for _, op := range strings.Fields("BEQ BNE BLT BLE BGT BGE BLTU BLEU BGTU BGEU BVS BVC") {
		rows = append(rows, tableRow{ins: "a7840004 " + op + " 2(PC)", leak: "FLAGS", want: "conditional branch on secret condition code"})
	}
	for _, cc := range strings.Fields("EQ NE LT LE GT GE") {
		rows = append(rows,
			tableRow{ins: "ec1200040064 CMPB" + cc + " R1, R2, 2(PC)", leak: "R1 R2", want: "conditional branch on secret R1, R2"},
			tableRow{ins: "ec1200040065 CMPUB" + cc + " R1, $8, 2(PC)", leak: "R1", want: "conditional branch on secret R1, $8"},
			tableRow{ins: "MOVD" + cc + " R1, R2", flow: "R1 R2 FLAGS -> R2"})
	}
	for _, op := range strings.Fields("CIJ CLIJ CGIJ CLGIJ") {
		rows = append(rows, tableRow{ins: "ec180004057e " + op + " $8, R1, $5, 2(PC)", leak: "R1", want: "conditional branch on secret R1"})
	}
	for _, op := range strings.Fields("DIVD DIVDU DIVW DIVWU MODD MODDU MODW MODWU") {
		rows = append(rows, tableRow{ins: op + " R1, R2, R3", flow: "R1 R2 -> R3", leak: "R1 R2", want: wLatency},
			tableRow{ins: op + " R1, R2", flow: "R1 R2 -> R2", leak: "R1 R2", want: wLatency})
	}
	return rows
}

// TestS390XObjTable tests every row of the s390x compiled-code model's
// table.
func TestS390XObjTable(t *testing.T) {
	universe := append(numbered("R", 1, 9), "FLAGS", "F1", "F2")
	checkObjTable(t, s390xObj, s390xObjTable(), s390xObjRows(), universe, func(op string) string { return op })
}
