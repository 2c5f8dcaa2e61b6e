package engine

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine/internal/testenv"
)

// inlineProgram is a program whose outer calls mid, and mid inner, both
// inlined: the lines of the calls and of inner's code are marked.
const inlineProgram = `package main

import "os"

//go:noinline
func outer(n int) int {
	return mid(n) + 1 // outer calls mid
}

func mid(n int) int {
	return inner(n) * 3 // mid calls inner
}

func inner(n int) int {
	return n << uint(len(os.Args)) // inner's code
}

func main() { os.Exit(outer(len(os.Args))) }
`

// TestInlineChain reads the inline tree of a small binary, for a 64-bit
// GOARCH, a 32-bit one and one with 4-byte instructions: an instruction
// of inner's code in outer is at outer's call of mid, with mid's call of
// inner and inner's line after it; outer's entry, its own code, has no
// chain. A pclntab of another layout is an error, not an empty chain.
func TestInlineChain(t *testing.T) {
	goTool := testenv.Toolchain(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/inl\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(inlineProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	// at is the position, main.go:n, of the line marked mark.
	at := func(mark string) string {
		i := strings.Index(inlineProgram, mark)
		return "main.go:" + strconv.Itoa(strings.Count(inlineProgram[:i], "\n")+1)
	}
	// short is a position, or an entry of a chain, with the file's base
	// name.
	short := func(s string) string {
		name, pos, ok := strings.Cut(s, " ")
		if !ok {
			return filepath.Base(s)
		}
		return name + " " + filepath.Base(pos)
	}
	want := []string{"main.mid " + at("// mid calls inner"), "main.inner " + at("// inner's code")}
	for _, goarch := range []string{"amd64", "386", "arm64"} {
		bin := filepath.Join(dir, "prog-"+goarch)
		cmd := exec.Command(goTool, "build", "-o", bin, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", goarch, err, out)
		}
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		lines, err := readLines(f, bin)
		if err != nil {
			t.Fatalf("%s: %v", goarch, err)
		}
		syms, _ := f.Symbols()
		i := slices.IndexFunc(syms, func(s elf.Symbol) bool { return s.Name == "main.outer" })
		if i < 0 {
			t.Fatalf("%s: no main.outer", goarch)
		}
		outer := syms[i]
		pos, inlined, err := lines.at(outer.Value)
		if err != nil || short(pos) != at("func outer") || inlined != nil {
			t.Errorf("%s: outer's entry at %s, inlined %q, %v: want %s, no chain", goarch, pos, inlined, err, at("func outer"))
		}
		found := false
		for pc := outer.Value; pc < outer.Value+outer.Size; pc++ {
			pos, inlined, err := lines.at(pc)
			if err != nil {
				t.Fatalf("%s: %#x: %v", goarch, pc, err)
			}
			var got []string
			for _, c := range inlined {
				got = append(got, short(c))
			}
			found = found || short(pos) == at("// outer calls mid") && slices.Equal(got, want)
		}
		if !found {
			t.Errorf("%s: no instruction of main.outer at %s with the chain %q", goarch, at("// outer calls mid"), want)
		}
		data, err := f.Section(".gopclntab").Data()
		if err != nil {
			t.Fatal(err)
		}
		other := slices.Clone(data)
		other[0] ^= 1 // another release's magic
		if _, err := readInlineTable(f, other, f.Section(".text").Addr); err == nil {
			t.Errorf("%s: a pclntab of another layout read without an error", goarch)
		}
	}
}

// TestSamePosition checks the source check's test that the listing and
// the binary agree on an instruction: at its own line, after the chain
// of inlined calls where there is one, or at no line in the listing; a
// different line is an error (the offsets do not match).
func TestSamePosition(t *testing.T) {
	for _, c := range []struct {
		listing, pos string
		inlined      []string
		ok           bool
	}{
		{"/m/main.go:18", "/m/main.go:18", nil, true},
		{"/go/src/bytes/bytes.go:22", "/m/main.go:18", []string{"bytes.Equal /go/src/bytes/bytes.go:22"}, true},
		{"<unknown line number>", "/m/main.go:17", nil, true},
		{"/m/main.go:19", "/m/main.go:18", nil, false},
		{"/go/src/bytes/bytes.go:22", "/m/main.go:18", []string{"bytes.Equal /go/src/bytes/bytes.go:23"}, false},
		{"/m/other.go:18", "/m/main.go:18", nil, false},
	} {
		if err := samePosition(c.listing, c.pos, c.inlined); (err == nil) != c.ok {
			t.Errorf("listing %s, binary %s %q: error %v, want agreement %v", c.listing, c.pos, c.inlined, err, c.ok)
		}
	}
}
