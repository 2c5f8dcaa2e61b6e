package main

import "testing"

// s390xDump is llvm-objdump's s390x output, whose branch targets have no
// <symbol>: the loop must still be found, and VLM read as a load of all
// its registers.
const s390xDump = `
0000000000001000 <github.com/ctequal/ctequal.equalVX.abi0>:
; /src/equal_s390x.s:20
    1000:      	cgije	%r6, 0, 0x1030
; /src/equal_s390x.s:25
    1006:      	vlm	%v8, %v15, 0(%r2)
    100c:      	vlm	%v16, %v23, 0(%r3)
    1012:      	vx	%v8, %v16, %v8
    1018:      	vo	%v0, %v8, %v0
    101e:      	aghi	%r2, 128
    1022:      	aghi	%r3, 128
    1026:      	nopr	%r0
    1028:      	brctg	%r6, 0x1006
    102c:      	lg	%r2, 16(%r15)
    1032:      	br	%r14
`

func TestFindLoopsS390x(t *testing.T) {
	funcs, err := parseObjdump(s390xDump)
	if err != nil {
		t.Fatal(err)
	}
	if len(funcs) != 1 {
		t.Fatalf("functions: %v", funcs)
	}
	loops := findLoops(s390x, funcs[0], func(string, int) string { return "equalVX_loop" })
	if len(loops) != 1 {
		t.Fatalf("%d loops, want 1: %+v", len(loops), loops)
	}
	l := loops[0]
	if l.id() != "equalVX/loop" || len(l.insts) != 7 || l.nops != 1 || l.bytes != 128 {
		t.Errorf("loop %s: %d instructions, %d NOPs, %d bytes; want equalVX/loop, 7, 1, 128", l.id(), len(l.insts), l.nops, l.bytes)
	}
}

func TestLoadsPPC64(t *testing.T) {
	for _, c := range []struct {
		m, ops string
		bytes  int
	}{
		{"lxvd2x", "40, 14, 3", 16},
		{"ld", "14, 0(11)", 8},
		{"ld", "3, 32(1)", 0}, // the stack
		{"vxor", "8, 16, 8", 0},
	} {
		if b, _ := ppc64le.load(c.m, c.ops); b != c.bytes {
			t.Errorf("%s %s: %d bytes, want %d", c.m, c.ops, b, c.bytes)
		}
	}
}
