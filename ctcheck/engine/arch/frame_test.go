package arch

import (
	"fmt"
	"go/version"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/internal/rowtest"
)

// TestLargeFrameReturn: a function whose frame is too large for one
// pre-indexed store of the return address (arm64: over 240 bytes, and not
// NOSPLIT) gets another prologue from the assembler: SUB $n, RSP, R20;
// STP (R29, R30), -8(R20); MOVD R20, RSP, the link saved through a copy of
// the stack pointer. It returns where it was called from, by both checks,
// on every GOARCH with a link register (nistec's p256PointAddAsm, $392,
// is built so; p256PointDoubleAsm, $136 and NOSPLIT, is not). Frames of
// 2 KiB and more (riscv64's and loong64's binaries move the stack
// pointer through a temporary register there, arm64's from 4 KiB) are
// not followed yet: their RET is a finding, closed.
func TestLargeFrameReturn(t *testing.T) {
	for _, goarch := range GOARCHes() {
		a := Of(goarch)
		if a.LR == "" {
			continue
		}
		t.Run(goarch, func(t *testing.T) {
			t.Parallel()
			if goarch == "s390x" && version.Compare(runtime.Version(), "go1.26") < 0 {
				t.Skip("the s390x assembler rows are written for go1.26")
			}
			for _, frame := range []int{16, 248, 392, 1200} {
				asm := fmt.Sprintf("TEXT ·big(SB), $%d-0\n\tCALL ·leaf(SB)\n\tCALL ·leaf(SB)\n\tRET\n\nTEXT ·leaf(SB), NOSPLIT|NOFRAME, $0-0\n\tRET\n", frame)
				src, bin := rowtest.BuildAsm(t, For(goarch, rowtest.ToolVersion()), nil, asm, []string{"big", "leaf"})
				for check, p := range map[rowtest.Check]*engine.Program{rowtest.Source: src, rowtest.Compiled: bin} {
					root := "main.big.abi0"
					if p.Funcs[root] == nil {
						root = "main.big" // arm's binary: ABI0 is its only ABI
					}
					r, err := engine.Check(p, []string{root}, func(sym string) bool { return strings.HasPrefix(sym, "main.") })
					if err != nil {
						t.Fatalf("$%d %s: %v", frame, check, err)
					}
					for _, f := range r.Findings {
						t.Errorf("$%d %s: %s: %s", frame, check, f.Text, f.Reason)
					}
				}
			}
		})
	}
}
