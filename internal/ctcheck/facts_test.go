package ctcheck

import (
	"testing"

	"github.com/ctequal/ctequal/internal/archfacts"
)

// TestModelsAgreeWithTable checks every model's facts against
// internal/archfacts: the pointer size, the stack pointer, g, and the link
// register or the bytes a call pushes, and that every GOARCH whose
// registers the table gives has a model. A model may leave its link
// register to its Step (riscv64, ppc64le, s390x, loong64 and arm handle
// their returns there), but not name another one.
func TestModelsAgreeWithTable(t *testing.T) {
	for g, m := range archs {
		f := archfacts.Get(g)
		if f == nil {
			t.Errorf("%s: a model of an architecture internal/archfacts does not have", g)
			continue
		}
		retAddr := int64(0)
		if f.LR == "" {
			retAddr = int64(f.PtrSize)
		}
		if m.GOARCH != g || m.PtrSize != f.PtrSize || m.SP != f.SP || m.G != f.G || m.G != "" && m.GInABI0 != f.GInABI0 ||
			m.LR != "" && m.LR != f.LR || m.RetAddr != retAddr {
			t.Errorf("%s: the model says GOARCH %s, PtrSize %d, SP %q, G %q (in ABI0 %v), LR %q, RetAddr %d; internal/archfacts PtrSize %d, SP %q, G %q (in ABI0 %v), LR %q, RetAddr %d",
				g, m.GOARCH, m.PtrSize, m.SP, m.G, m.GInABI0, m.LR, m.RetAddr, f.PtrSize, f.SP, f.G, f.GInABI0, f.LR, retAddr)
		}
	}
	for _, f := range archfacts.All() {
		if f.SP != "" && archs[f.GOARCH] == nil {
			t.Errorf("%s: internal/archfacts gives its registers, and no model describes it", f.GOARCH)
		}
	}
}
