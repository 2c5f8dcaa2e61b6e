package engine

import "testing"

// TestJoinNil: a pointer into a region joined with nil keeps the region
// (nil addresses nothing); nil alone has none.
func TestJoinNil(t *testing.T) {
	p := ptr{region: 0, off: 8, known: true}
	for _, c := range [][2]ptr{{p, {region: nilRegion}}, {{region: nilRegion}, p}} {
		if j, ok := joinPtr(c[0], c[1]); !ok || j != p {
			t.Errorf("join(%v, %v) = %v, %v; want %v", c[0], c[1], j, ok, p)
		}
	}
	m := &Mach{State: &State{ptrs: map[string]ptr{"R4": {region: nilRegion}}}, Arch: &Arch{GOARCH: "arm64", SP: "RSP", Zero: "ZR"}}
	if _, ok := m.regionOf(Arg{Kind: ArgMem, Reg: "R4"}); ok {
		t.Errorf("nil has a region")
	}
}
