package x86

import (
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestAlignFlows checks that a realignment of a copy of the stack
// pointer is read as one whichever way the front end prints its mask:
// the listing's $-16, and 386's binary's 0xfffffff0 at 32 bits.
func TestAlignFlows(t *testing.T) {
	for _, c := range []struct {
		arch  *engine.Arch
		width int
		imm   int64
	}{
		{AMD64, 8, -32},
		{I386, 4, -16},
		{I386, 4, 0xfffffff0},
	} {
		dst := engine.Arg{Kind: engine.ArgReg, Reg: "DI", Width: c.width}
		in := &engine.Inst{Op: "AND", Args: []engine.Arg{dst, {Kind: engine.ArgImm, Imm: c.imm}}}
		flows := x86PtrFlows(in, c.arch)
		if len(flows) != 1 || flows[0].Align != -int64(int32(c.imm)) {
			t.Errorf("%s AND $%#x, DI (width %d): flows %+v, want one aligning to %d", c.arch.GOARCH, c.imm, c.width, flows, -int64(int32(c.imm)))
		}
	}
}

// TestIncFlows checks that INCQ and DECQ of a pointer move it by one
// byte (the tail loops' INCQ DI), as ADDQ $1 does.
func TestIncFlows(t *testing.T) {
	for op, d := range map[string]int64{"INC": 1, "DEC": -1} {
		di := engine.Arg{Kind: engine.ArgReg, Reg: "DI", Width: 8}
		flows := x86PtrFlows(&engine.Inst{Op: op, Args: []engine.Arg{di}}, AMD64)
		if len(flows) != 1 || flows[0].Delta != d || flows[0].Src.Reg != "DI" || flows[0].Dst.Reg != "DI" {
			t.Errorf("%sQ DI: flows %+v, want DI moved by %d", op, flows, d)
		}
	}
}
