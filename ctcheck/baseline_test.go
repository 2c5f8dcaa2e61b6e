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
// known kind, an instruction and a reason; the same finding twice is an
// error naming both lines.
func TestParseBaseline(t *testing.T) {
	b, err := ParseBaseline(strings.NewReader("# accepted\n\nexample.com/m.f: secret-branch: JEQ 22 -- the length is public\n"), "base")
	if err != nil || len(b.Entries) != 1 || b.Entries[0].Instruction != "JEQ target" || b.Entries[0].Where != "base:3" || b.Entries[0].Reason != "the length is public" {
		t.Fatalf("%+v, %v", b, err)
	}
	for _, bad := range []string{
		"example.com/m.f: secret-branch: JEQ",                                                    // no reason
		"example.com/m.f: secret-branch: JEQ -- ",                                                // an empty one
		"example.com/m.f: leak: JEQ -- why",                                                      // no such kind
		"example.com/m.f: secret-branch -- why",                                                  // no instruction
		"example.com/m.f: secret-branch: JEQ 1 -- a\nexample.com/m.f: secret-branch: JEQ 2 -- b", // the same finding
	} {
		if _, err := ParseBaseline(strings.NewReader(bad), "base"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestBaselineRoundTrip checks that a baseline written from reports
// accepts every finding of them, and of the same code moved (other
// addresses, other lines), but not another instruction; and that an
// entry no finding matches is returned.
func TestBaselineRoundTrip(t *testing.T) {
	f := func(text string, line int, kind Kind) Finding {
		return Finding{File: "x.go", Line: line, Func: "example.com/m.f", Text: text, Reason: "r", Kind: kind}
	}
	reports := []*Report{{Build: "amd64", Check: "compiled", Findings: []Finding{
		f("je     47a756 <example.com/m.f+0x16>", 11, engine.SecretBranch),
		f("movzx  eax,BYTE PTR [rdx+rcx*1]", 12, engine.SecretAddress),
	}}}
	var b strings.Builder
	if err := WriteBaseline(&b, reports); err != nil {
		t.Fatal(err)
	}
	base, err := ParseBaseline(strings.NewReader(b.String()), "written")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	moved := []*Report{{Build: "amd64", Check: "compiled", Findings: []Finding{
		f("je     47b000 <example.com/m.f+0x40>", 30, engine.SecretBranch),
		f("movzx  eax,BYTE PTR [rdx+rcx*1]", 31, engine.SecretAddress),
		f("movzx  eax,BYTE PTR [rsi+rcx*1]", 32, engine.SecretAddress),
	}}}
	if stale := base.Apply(moved); len(stale) != 0 {
		t.Errorf("stale entries %v", stale)
	}
	if got := moved[0].Findings; len(got) != 1 || got[0].Line != 32 || len(moved[0].Accepted) != 2 {
		t.Errorf("left %v, accepted %v; want the new instruction alone left", got, moved[0].Accepted)
	}
	if stale := base.Apply([]*Report{{}}); len(stale) != 2 {
		t.Errorf("%d entries unmatched by no finding, want 2", len(stale))
	}
}
