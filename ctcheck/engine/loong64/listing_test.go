package loong64

import (
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestFrameNoArgSize: a TEXT line with no argument size ($0, which the
// listing prints $-8 for a leaf) still gives the frame: the arguments
// of such a function are at 8(R3) up, as of one declared $0-32.
func TestFrameNoArgSize(t *testing.T) {
	for _, text := range []string{"$-8", "$-8-32"} {
		listing := "p.f STEXT nosplit asm size=8 args=0xffffffff80000000 locals=0x0 funcid=0x0 align=0x0 leaf\n" +
			"\t0x0000 00000 (f.s:1)\tTEXT\tp.f(SB), NOSPLIT|LEAF|NOFRAME, " + text + "\n" +
			"\t0x0000 00000 (f.s:2)\tMOVV\tdst(FP), R4\n" +
			"\t0x0004 00004 (f.s:3)\tMOVV\tb+16(FP), R6\n"
		p, err := engine.ParseListing(LOONG64, listing)
		if err != nil {
			t.Fatal(err)
		}
		f := p.Funcs["p.f.abi0"]
		if f == nil || len(f.Insts) != 2 {
			t.Fatalf("%s: %v", text, p.Funcs)
		}
		for i, want := range []int64{8, 24} {
			if a := f.Insts[i].Args[0]; a.Kind != engine.ArgMem || a.Reg != "R3" || a.Imm != want {
				t.Errorf("%s: %s reads %+v, want %d(R3)", text, f.Insts[i].Text, a, want)
			}
		}
	}
}
