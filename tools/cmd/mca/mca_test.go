package main

import (
	"strings"
	"testing"
)

// These tests need neither llvm nor a build: they hold the parsing, the
// loop finding and the floors to llvm-objdump output taken from the
// kernels' binaries. CI runs the program itself.

const arm64Dump = `
kernels.test:	file format elf64-littleaarch64

Disassembly of section .text:

0000000000133290 <github.com/ctequal/ctequal.equalNEON.abi0>:
; github.com/ctequal/ctequal.equalNEON.abi0():
; /src/equal_arm64.s:9
   133290:      	ldr	x0, [sp, #0x8]
; /src/equal_arm64.s:10
   133294:      	ldr	x1, [sp, #0x20]
; /src/equal_arm64.s:12
   133298:      	subs	x2, x2, #0x80
; /src/equal_arm64.s:13
   13329c:      	b.lt	0x1332c8 <github.com/ctequal/ctequal.equalNEON.abi0+0x38>
; /src/equal_arm64.s:17
   1332a0:      	ldp	q8, q9, [x0]
; /src/equal_arm64.s:18
   1332a4:      	ldp	q10, q11, [x0, #0x20]
; /src/equal_arm64.s:19
   1332a8:      	ldp	q16, q17, [x1]
   1332ac:      	ldp	q18, q19, [x1, #0x20]
   1332b0:      	eor	v8.16b, v8.16b, v16.16b
   1332b4:      	orr	v0.16b, v0.16b, v8.16b
   1332b8:      	add	x0, x0, #0x40
   1332bc:      	add	x1, x1, #0x40
   1332c0:      	subs	x2, x2, #0x40
   1332c4:      	b.ge	0x1332a0 <github.com/ctequal/ctequal.equalNEON.abi0+0x10>
; /src/equal_arm64.s:30
   1332c8:      	tbz	w2, #0x5, 0x1332d8 <github.com/ctequal/ctequal.equalNEON.abi0+0x48>
   1332cc:      	ld1	{ v8.16b, v9.16b }, [x0], #32
   1332d0:      	ld1	{ v16.16b, v17.16b }, [x1], #32
   1332d4:      	adrp	x27, 0x1332a0 <github.com/ctequal/ctequal.equalNEON.abi0+0x10>
   1332d8:      	ret

00000000001333f0 <github.com/ctequal/ctequal.equalGeneric>:
; /src/equal_generic.go:14
   1333f0:      	ldr	x16, [x28, #0x10]
   1333f4:      	cmp	sp, x16
   1333f8:      	b.ls	0x133440 <github.com/ctequal/ctequal.equalGeneric+0x50>
; /src/equal_generic.go:22
   1333fc:      	ldr	x11, [x0, x2]
   133400:      	ldr	x12, [x3, x2]
   133404:      	eor	x11, x11, x12
   133408:      	ldr	x13, [sp, #0x48]
   13340c:      	orr	x7, x11, x7
   133410:      	nop
   133414:      	nop
   133418:      	add	x2, x2, #0x8
   13341c:      	cmp	x2, x9
   133420:      	b.le	0x1333fc <github.com/ctequal/ctequal.equalGeneric+0xc>
   133424:      	cmp	x2, x5
   133428:      	b.ne	0x1333f4 <github.com/ctequal/ctequal.equalGeneric+0x4>
   13342c:      	ret
; /src/equal_generic.go:14
   133440:      	bl	0x7bcb0 <runtime.morestack_noctxt>
   133444:      	b	0x1333f0 <github.com/ctequal/ctequal.equalGeneric>
`

// arm64Source stands for /src/equal_arm64.s: the loop at line 17 follows
// the label equalNEON_loop and a comment.
var arm64Source = strings.Split(strings.Repeat("\n", 14)+"equalNEON_loop:\n\t// 64 bytes\n\tFLDPQ\t(R0), (F8, F9)\n", "\n")

func TestFindLoopsArm64(t *testing.T) {
	funcs, err := parseObjdump(arm64Dump)
	if err != nil {
		t.Fatal(err)
	}
	if len(funcs) != 2 || funcs[0].name() != "equalNEON" || funcs[1].name() != "equalGeneric" {
		t.Fatalf("functions: %v", funcs)
	}
	label := func(file string, line int) string {
		if file == "/src/equal_arm64.s" {
			return labelAt(arm64Source, line)
		}
		return ""
	}
	neon := findLoops(arm64, funcs[0], label)
	if len(neon) != 1 {
		t.Fatalf("equalNEON: %d loops, want 1 (adrp's address is no branch): %+v", len(neon), neon)
	}
	l := neon[0]
	if l.id() != "equalNEON/loop" || len(l.insts) != 10 || l.bytes != 64 || l.width != 32 {
		t.Errorf("equalNEON's loop: %s, %d instructions, %d bytes, width %d; want equalNEON/loop, 10, 64, 32",
			l.id(), len(l.insts), l.bytes, l.width)
	}

	// equalGeneric: the loop is innermost (the b.ne around it is not one);
	// the branch back to the entry after morestack is no loop; the stack
	// reload and the NOPs do not count.
	gen := findLoops(arm64, funcs[1], label)
	if len(gen) != 1 {
		t.Fatalf("equalGeneric: %d loops, want 1: %+v", len(gen), gen)
	}
	g := gen[0]
	if g.id() != "equalGeneric/loop1" || len(g.insts) != 8 || g.nops != 2 || g.bytes != 8 || g.width != 8 {
		t.Errorf("equalGeneric's loop: %s, %d instructions, %d NOPs, %d bytes, width %d; want equalGeneric/loop1, 8, 2, 8, 8",
			g.id(), len(g.insts), g.nops, g.bytes, g.width)
	}

	in := mcaInput(arm64, l)
	if !strings.HasPrefix(in, ".Lloop:\n\tldp\tq8, q9, [x0]\n") || !strings.HasSuffix(in, "\tb.ge\t.Lloop\n") {
		t.Errorf("llvm-mca input:\n%s", in)
	}
}

const amd64Dump = `
0000000000537820 <github.com/ctequal/ctequal.equalGeneric>:
; /src/equal_generic.go:14
  537820:      	cmp	rsp, qword ptr [r14 + 0x10]
  537824:      	jbe	0x537880 <github.com/ctequal/ctequal.equalGeneric+0x60>
  537828:      	mov	r10, qword ptr [rax + rcx]
  53782c:      	xor	r10, qword ptr [rdi + rcx]
  537830:      	mov	qword ptr [rsp + 0x30], r10
  537835:      	mov	r11, qword ptr [rsp + 0x30]
  53783a:      	or	r9, r10
  53783d:      	nop	dword ptr [rax]
  537840:      	add	rcx, 0x8
  537844:      	cmp	rcx, rbx
  537847:      	jle	0x537828 <github.com/ctequal/ctequal.equalGeneric+0x8>
  53784d:      	ret
  537880:      	call	0x46e1a0 <runtime.morestack_noctxt.abi0>
  537885:      	jmp	0x537820 <github.com/ctequal/ctequal.equalGeneric>
`

func TestFindLoopsAmd64(t *testing.T) {
	funcs, err := parseObjdump(amd64Dump)
	if err != nil {
		t.Fatal(err)
	}
	loops := findLoops(amd64, funcs[0], func(string, int) string { return "" })
	if len(loops) != 1 {
		t.Fatalf("%d loops, want 1: %+v", len(loops), loops)
	}
	l := loops[0]
	if len(l.insts) != 8 || l.nops != 1 || l.bytes != 8 || l.width != 8 || l.isa != isaSSE2 {
		t.Errorf("%d instructions, %d NOPs, %d bytes, width %d, isa %d; want 8, 1, 8, 8, sse2",
			len(l.insts), l.nops, l.bytes, l.width, l.isa)
	}
	in := mcaInput(amd64, l)
	if !strings.HasPrefix(in, ".intel_syntax noprefix\n.Lloop:\n") || !strings.Contains(in, "\tjle\t.Lloop\n") {
		t.Errorf("llvm-mca input:\n%s", in)
	}
}

// riscv64Dump: Go puts the morestack call and the jump back to the entry
// before the body here, where the jump contains no loop.
const riscv64Dump = `
00000000001021f0 <github.com/ctequal/ctequal.equalGeneric>:
; /src/equal_generic.go:14
  1021f0:      	ld	t1, 0x10(s11)
  1021f4:      	bltu	t1, sp, 0x102218 <github.com/ctequal/ctequal.equalGeneric+0x28>
  1021f8:      	sd	a0, 0x8(sp)
  102204:      	jal	t0, 0x7bcb0 <runtime.morestack_noctxt.abi0>
  102208:      	ld	a0, 0x8(sp)
  102214:      	j	0x1021f0 <github.com/ctequal/ctequal.equalGeneric>
  102218:      	lbu	s2, 0x0(a0)
  10221c:      	lbu	s3, 0x0(a1)
  102220:      	xor	s2, s2, s3
  102224:      	or	s1, s1, s2
  102228:      	addi	a0, a0, 0x1
  10222c:      	bltu	a0, a2, 0x102218 <github.com/ctequal/ctequal.equalGeneric+0x28>
  102230:      	ret
`

func TestFindLoopsRiscv64(t *testing.T) {
	funcs, err := parseObjdump(riscv64Dump)
	if err != nil {
		t.Fatal(err)
	}
	loops := findLoops(riscv64, funcs[0], func(string, int) string { return "" })
	if len(loops) != 1 || loops[0].insts[0].addr != 0x102218 || loops[0].bytes != 1 {
		t.Fatalf("loops %+v, want one, from 0x102218, comparing 1 byte: the jump back to the entry is no loop", loops)
	}
}

func TestLoads(t *testing.T) {
	for _, c := range []struct {
		a            *arch
		inst         string
		bytes, width int
		isa          int
	}{
		{amd64, "vmovdqu64 zmm4, zmmword ptr [rax + 0x40]", 64, 64, isaAVX512},
		{amd64, "vpternlogd zmm0, zmm4, zmmword ptr [rcx], 0xf6", 64, 64, isaAVX512},
		{amd64, "vpxor ymm4, ymm4, ymmword ptr [rcx + 0x60]", 32, 32, isaAVX2},
		{amd64, "vpternlogd ymm0, ymm4, ymmword ptr [rcx], 0xf6", 32, 32, isaAVX512},
		{amd64, "movdqu xmm4, xmmword ptr [rax]", 16, 16, isaSSE2},
		{amd64, "por xmm0, xmm4", 0, 0, isaSSE2},
		{amd64, "mov qword ptr [rax], r10", 0, 0, isaSSE2}, // a store
		{amd64, "cmp qword ptr [rax], r10", 8, 8, isaSSE2}, // a load that comes first
		{amd64, "mov r10, qword ptr [rsp + 0x30]", 0, 0, isaSSE2},
		{amd64, "prefetcht0 byte ptr [rax + 0x200]", 0, 0, isaSSE2},
		{arm64, "ld1 { v8.16b, v9.16b, v10.16b, v11.16b }, [x0], #64", 64, 16, 0},
		{arm64, "ldp q8, q9, [x0, #0x20]", 32, 32, 0},
		{arm64, "ldp x8, x9, [x0]", 16, 16, 0},
		{arm64, "ldr x11, [x0, x2]", 8, 8, 0},
		{arm64, "ldrb w3, [x0], #1", 1, 1, 0},
		{arm64, "ldurh w3, [x0, #-2]", 2, 2, 0},
		{arm64, "ldr q0, [x1], #16", 16, 16, 0},
		{arm64, "ldr x13, [sp, #0x48]", 0, 0, 0},
		{arm64, "str x13, [x0]", 0, 0, 0},
		{riscv64, "lbu s3, 0x7(s3)", 1, 1, 0},
		{riscv64, "ld a0, 0x8(a1)", 8, 8, 0},
		{riscv64, "ld a0, 0x8(sp)", 0, 0, 0},
		{riscv64, "sd a0, 0x8(a1)", 0, 0, 0},
	} {
		m, ops, _ := strings.Cut(c.inst, " ")
		b, w := c.a.load(m, ops)
		isa := c.a.isa(m, ops)
		if b != c.bytes || w != c.width || isa != c.isa {
			t.Errorf("%s %s: %d bytes, width %d, isa %d; want %d, %d, %d", c.a.goarch, c.inst, b, w, isa, c.bytes, c.width, c.isa)
		}
	}
}

func TestBranches(t *testing.T) {
	for _, c := range []struct {
		a    *arch
		m    string
		want bool
	}{
		{amd64, "jae", true}, {amd64, "jmp", true}, {amd64, "lea", false}, {amd64, "call", false},
		{arm64, "b.ge", true}, {arm64, "tbz", true}, {arm64, "cbnz", true}, {arm64, "b", true},
		{arm64, "bl", false}, {arm64, "adrp", false}, {arm64, "bic", false},
		{riscv64, "bltu", true}, {riscv64, "j", true}, {riscv64, "jal", false}, {riscv64, "bset", false},
	} {
		if got := c.a.branch(c.m); got != c.want {
			t.Errorf("%s: branch(%q) = %v, want %v", c.a.goarch, c.m, got, c.want)
		}
	}
}

func TestLabelAt(t *testing.T) {
	src := strings.Split("TEXT ·f(SB), 0, $0\nf_loop:\n\n\t// a comment\n\tADD $1, R0\n\tADD $2, R0\n", "\n")
	if got := labelAt(src, 5); got != "f_loop" {
		t.Errorf("labelAt(5) = %q, want f_loop", got)
	}
	if got := labelAt(src, 6); got != "" {
		t.Errorf("labelAt(6) = %q, want none: an instruction comes between", got)
	}
	// The first instruction of an #else branch (equal_ppc64le.s's POWER10
	// loop) is at the label above the #ifndef, past the other branch.
	src = strings.Split("f_loop:\n#ifndef P10\n\tADD $1, R0\n#ifdef X\n\tADD $3, R0\n#endif\n#else\n\t// POWER10\n\tADD $2, R0\n#endif\n\tADD $4, R0\n", "\n")
	if got := labelAt(src, 9); got != "f_loop" {
		t.Errorf("labelAt(9) = %q, want f_loop, above the #ifndef", got)
	}
	if got := labelAt(src, 11); got != "" {
		t.Errorf("labelAt(11) = %q, want none: it follows the #endif", got)
	}
}

// TestLimits: a core's compare limit is half what its load pipes read.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		arch  *arch
		core  string
		width int
		want  float64
	}{
		{arm64, "neoverse-n1", 32, 16}, // two 16-byte pipes; an LDP of Q takes one for two cycles
		{arm64, "neoverse-n1", 8, 8},
		{arm64, "cortex-a53", 16, 4},
		{amd64, "haswell", 32, 32},
		{amd64, "znver4", 64, 32},
		{amd64, "sapphirerapids", 64, 64},
	} {
		for _, k := range c.arch.cores {
			if k.name != c.core {
				continue
			}
			if got, ok := k.limit(c.width); !ok || got != c.want {
				t.Errorf("%s at %d-byte loads: limit %v (%v), want %v", c.core, c.width, got, ok, c.want)
			}
		}
	}
}

func TestFloors(t *testing.T) {
	floors, err := parseFloors("# comment\namd64 equalAVX2/loop haswell 20.00\narm64 equalNEON/loop apple-m1 20.00 # trailing\narm64 equalNEON/loop cortex-a53 3.00\n")
	if err != nil {
		t.Fatal(err)
	}
	got := map[key]float64{
		{"amd64", "equalAVX2/loop", "haswell"}:     25.3, // met
		{"arm64", "equalNEON/loop", "apple-m1"}:    12.7, // under
		{"arm64", "equalNEON/loop", "neoverse-v2"}: 23.7, // no floor
		// cortex-a53's floor has no prediction: stale
	}
	checked := map[string]bool{"amd64": true, "arm64": true}
	bad := checkFloors(floors, got, checked)
	if len(bad) != 3 || !strings.Contains(bad[0], "apple-m1: 12.70 bytes/cycle, under its floor of 20.00") ||
		!strings.Contains(bad[1], "cortex-a53: floor 3.00, but no such loop") || !strings.Contains(bad[2], "neoverse-v2: 23.70, and no floor") {
		t.Errorf("checkFloors:\n%s", strings.Join(bad, "\n"))
	}
	if bad := checkFloors(floors, got, map[string]bool{"amd64": true}); len(bad) != 2 {
		t.Errorf("with arm64 not checked, its stale floor must not count: %q", bad)
	}

	up := updateFloors(floors, got, checked)
	want := map[key]float64{
		{"amd64", "equalAVX2/loop", "haswell"}:     22.77, // raised to 90%
		{"arm64", "equalNEON/loop", "apple-m1"}:    20,    // never lowered
		{"arm64", "equalNEON/loop", "neoverse-v2"}: 21.33, // new
	}
	if len(up) != len(want) {
		t.Errorf("updateFloors: %v, want %v", up, want)
	}
	for k, w := range want {
		if up[k] != w {
			t.Errorf("updateFloors: %s = %v, want %v", k, up[k], w)
		}
	}
	if again, err := parseFloors(formatFloors(up)); err != nil || len(again) != len(up) {
		t.Errorf("formatFloors does not read back: %v, %v", again, err)
	}
	for _, bad := range []string{"amd64 x haswell", "amd64 x haswell -1", "a b c 1\na b c 2"} {
		if _, err := parseFloors(bad); err == nil {
			t.Errorf("parseFloors(%q) took it", bad)
		}
	}
}

// TestFloorsFile: floors.txt reads, and is as -update writes it, so that an
// update's diff shows only the floors that moved.
func TestFloorsFile(t *testing.T) {
	floors, err := parseFloors(floorsText)
	if err != nil {
		t.Fatal(err)
	}
	if len(floors) == 0 {
		t.Fatal("floors.txt has no floors")
	}
	if formatFloors(floors) != floorsText {
		t.Error("floors.txt is not in the form -update writes: run go run ./tools/cmd/mca -update, or format it the same way")
	}
	for _, a := range []string{"amd64", "arm64"} {
		if floors[key{a, "equalGeneric/loop1", map[string]string{"amd64": "haswell", "arm64": "apple-m1"}[a]}] == 0 {
			t.Errorf("floors.txt has no floor for the portable kernel's loop on %s", a)
		}
	}
}
