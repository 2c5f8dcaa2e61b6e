package ctcheck

import (
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// TestNormInstruction checks that what moves when code moves (addresses,
// offsets, branch targets) is not part of a baseline's key, and what
// tells two instructions apart (the mnemonic, the registers) is.
func TestNormInstruction(t *testing.T) {
	for _, c := range []struct {
		text string
		kind Kind
		want string
	}{
		{"je     47a756 <example.com/leaky.Equal+0x16>", engine.SecretBranch, "je <example.com/leaky.Equal>"},
		{"JEQ 22", engine.SecretBranch, "JEQ target"},
		{"BEQ -6(PC)", engine.SecretBranch, "BEQ target"},
		{"BEQ X6, X7, $-22", engine.SecretBranch, "BEQ X6, X7, target"},
		{"CRJ $8, R4, R6, -4(PC)", engine.SecretBranch, "CRJ $8, R4, R6, target"},
		{"B.EQ 0x95930", engine.SecretBranch, "B.EQ target"},
		{"call   48e480 <crypto/hmac.New>", engine.CallNotFollowed, "call <crypto/hmac.New>"},
		{"lea    rax,[rip+0x1f2a3]        # 4a5b60 <go:itab.*x.T,y.I>", engine.NotModelled, "lea rax,[rip] # <go:itab.*x.T,y.I>"},
		{"MOVBLZX (AX)(CX*1), DX", engine.SecretAddress, "MOVBLZX (AX)(CX*1), DX"},
		{"ADRP 4096(PC), R0", engine.NotModelled, "ADRP (PC), R0"},
		{"ADDQ $32, AX", engine.VariableTime, "ADDQ $32, AX"}, // a constant stays: it is no target
		{"CLGIJ $10, R0, $16, 1952", engine.SecretBranch, "CLGIJ $10, R0, $16, target"},
	} {
		if got := normInstruction(c.text, c.kind); got != c.want {
			t.Errorf("normInstruction(%q) = %q, want %q", c.text, got, c.want)
		}
		// A key read back from a baseline is the same key.
		if again := normInstruction(c.want, c.kind); again != c.want {
			t.Errorf("normInstruction(%q) = %q: not idempotent", c.want, again)
		}
	}
}

// TestParseBaseline checks a baseline's lines: each needs a function, a
// known kind, a GOARCH (and a count), an instruction and a reason; a
// function whose name holds ": " is read whole; the same finding twice is
// an error naming both lines.
func TestParseBaseline(t *testing.T) {
	b, err := ParseBaseline(strings.NewReader("# accepted\r\n\r\nexample.com/m.f: secret-branch: amd64: JEQ 22 -- the length is public -- and so on\r\n"+
		"example.com/m.g[go.shape.struct { x int \"k: v\" }]: secret-address: arm64 x3: MOVBU (R0)(R1), R2 -- a public index\n"), "base")
	if err != nil || len(b.Entries) != 2 {
		t.Fatalf("%+v, %v", b, err)
	}
	if e := b.Entries[0]; e.Instruction != "JEQ target" || e.GOARCH != "amd64" || e.N != 1 || e.Where != "base:3" || e.Reason != "the length is public -- and so on" {
		t.Errorf("entry %+v", e)
	}
	if e := b.Entries[1]; e.Func != `example.com/m.g[go.shape.struct { x int "k: v" }]` || e.GOARCH != "arm64" || e.N != 3 {
		t.Errorf("entry %+v", e)
	}
	for _, bad := range []string{
		"example.com/m.f: secret-branch: amd64: JEQ",                                                           // no reason
		"example.com/m.f: secret-branch: amd64: JEQ -- ",                                                       // an empty one
		"example.com/m.f: leak: amd64: JEQ -- why",                                                             // no such kind
		"example.com/m.f: secret-branch: JEQ -- why",                                                           // no GOARCH
		"example.com/m.f: secret-branch: amd64 x0: JEQ -- why",                                                 // no count
		"example.com/m.f: secret-branch: amd64: -- why",                                                        // no instruction
		"example.com/m.f: secret-branch: amd64: JEQ 1 -- a\nexample.com/m.f: secret-branch: amd64: JEQ 2 -- b", // the same finding
	} {
		if _, err := ParseBaseline(strings.NewReader(bad), "base"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestBaselineRoundTrip checks that a baseline written from reports
// accepts every finding of them, and of the same code moved (other
// addresses, other lines), but not another instruction, nor a second
// finding of the same instruction in the function (the first is then
// reported too), nor the same instruction on another GOARCH; and that an
// entry no finding matches is returned.
func TestBaselineRoundTrip(t *testing.T) {
	f := func(text string, line int, kind Kind) Finding {
		return Finding{File: "x.go", Line: line, Func: "example.com/m.f", Text: text, Reason: "r", Kind: kind}
	}
	branch, load := f("je     47a756 <example.com/m.f+0x16>", 11, engine.SecretBranch), f("movzx  eax,BYTE PTR [rdx+rcx*1]", 12, engine.SecretAddress)
	var b strings.Builder
	if err := WriteBaseline(&b, []*Report{{Build: "amd64", Check: "compiled", Findings: []Finding{branch, load}}}); err != nil {
		t.Fatal(err)
	}
	base, err := ParseBaseline(strings.NewReader(b.String()), "written")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	moved := []*Report{{Build: "amd64,GOAMD64=v3", Check: "compiled", Findings: []Finding{
		f("je     47b000 <example.com/m.f+0x40>", 30, engine.SecretBranch),
		f("movzx  eax,BYTE PTR [rdx+rcx*1]", 31, engine.SecretAddress),
		f("movzx  eax,BYTE PTR [rsi+rcx*1]", 32, engine.SecretAddress),
	}}}
	if stale, _ := base.Apply(moved); len(stale) != 0 {
		t.Errorf("stale entries %v", stale)
	}
	if got := moved[0].Findings; len(got) != 1 || got[0].Line != 32 || len(moved[0].Accepted) != 2 {
		t.Errorf("left %v, accepted %v; want the new instruction alone left", got, moved[0].Accepted)
	}
	// A second branch of the same text: both reported.
	twice := []*Report{{Build: "amd64", Check: "compiled", Findings: []Finding{branch, f("je     47a790 <example.com/m.f+0x50>", 16, engine.SecretBranch), load}}}
	base.Apply(twice)
	if got := twice[0].Findings; len(got) != 2 || got[0].Line != 11 || got[1].Line != 16 {
		t.Errorf("a second branch: left %v, want both branches", got)
	}
	// 386's same text: not amd64's entry.
	i386 := []*Report{{Build: "386", Check: "compiled", Findings: []Finding{branch}}}
	base.Apply(i386)
	if len(i386[0].Findings) != 1 {
		t.Errorf("386's branch accepted by amd64's entry")
	}
	if stale, unchecked := base.Apply([]*Report{{Build: "amd64"}}); len(stale) != 2 || len(unchecked) != 0 {
		t.Errorf("%d stale entries, %d unchecked; want 2 and 0", len(stale), len(unchecked))
	}
	if stale, unchecked := base.Apply([]*Report{{Build: "arm64"}}); len(stale) != 0 || len(unchecked) != 2 {
		t.Errorf("a run of arm64 alone: %d stale entries, %d unchecked; want 0 and 2", len(stale), len(unchecked))
	}
	// Written again from the run with two branches: x2.
	b.Reset()
	if err := WriteBaseline(&b, twice); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "example.com/m.f: secret-branch: amd64 x2: je <example.com/m.f> -- ") {
		t.Errorf("no x2 entry:\n%s", b.String())
	}
}
