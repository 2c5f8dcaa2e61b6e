package engine

import "testing"

// TestListingSymbols checks that operands naming symbols with commas,
// parentheses or brackets of their own are read whole as one symbol: an
// itab's (two types, a comma between), a type descriptor's of a func or
// an array type, a generic shape's.
func TestListingSymbols(t *testing.T) {
	la := &Listing{Reg: func(string) (string, int, int, bool) { return "", 0, 0, false }}
	for _, tc := range []struct {
		operands string
		sym      string
		imm      int64
	}{
		{"go:itab.*example.com/p.T,example.com/p.I(SB), AX", "go:itab.*example.com/p.T,example.com/p.I", 0},
		{"type:func(*[4]uint64)(SB), AX", "type:func(*[4]uint64)", 0},
		{"type:[1]func(*[4]uint64)+8(SB), AX", "type:[1]func(*[4]uint64)", 8},
		{"example.com/p.F[go.shape.struct { X uint64 }](SB), AX", "example.com/p.F[go.shape.struct { X uint64 }]", 0},
	} {
		ops := SplitOperands(tc.operands)
		if len(ops) != 2 {
			t.Errorf("%q: %d operands %q, want 2", tc.operands, len(ops), ops)
			continue
		}
		a, ok, err := ListingOperand(la, &ListingFunc{Func: &Func{}}, ops[0])
		if !ok || err != nil || a.Sym != tc.sym || a.Imm != tc.imm || !a.Global {
			t.Errorf("%q: %+v, %v, %v; want the global %s+%d", ops[0], a, ok, err, tc.sym, tc.imm)
		}
	}
}
