// Package emit is what the generators of the non-amd64 kernels share (avo
// writes amd64 only): a writer of Go assembler text, instruction by
// instruction, and Main, the run every one of them makes, from the flags
// to the header avo writes, the trampoline, the stub file and the files.
package emit

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"strings"
)

// File collects Go assembler text.
type File struct{ bytes.Buffer }

// Raw writes s as it is.
func (a *File) Raw(s string) { a.WriteString(s) }

// Op writes one instruction: the opcode, then its operands in Go order
// (sources first, destination last).
func (a *File) Op(opcode string, operands ...string) {
	if len(operands) == 0 {
		fmt.Fprintf(a, "\t%s\n", opcode)
		return
	}
	fmt.Fprintf(a, "\t%s\t%s\n", opcode, strings.Join(operands, ", "))
}

// Label writes a label on a line of its own, after an empty line.
func (a *File) Label(name string) { fmt.Fprintf(a, "\n%s:\n", name) }

// Comment writes each line as a // comment.
func (a *File) Comment(lines ...string) {
	for _, l := range lines {
		fmt.Fprintf(a, "\t// %s\n", l)
	}
}

// Func starts the text of function name: an empty line if the file does
// not end in one already, the Go signature sig (for example
// "(x []byte, y []byte) int") as a comment, and the TEXT line with flags
// and frame (for example "NOSPLIT", "$0-56").
func (a *File) Func(name, sig, flags, frame string) {
	if !bytes.HasSuffix(a.Bytes(), []byte("\n\n")) {
		a.WriteString("\n")
	}
	fmt.Fprintf(a, "// func %s%s\nTEXT ·%s(SB), %s, %s\n", name, sig, name, flags, frame)
}

// Imm is the immediate operand n.
func Imm(n int) string { return fmt.Sprintf("$%d", n) }

// Log2 is the base-2 logarithm of n, a power of two.
func Log2(n int) int {
	l := 0
	for ; n > 1; n >>= 1 {
		l++
	}
	return l
}

// Spec is what one architecture's generator supplies to Main: its kernel,
// and how its assembly tests a flag and jumps. The rest of the two files is
// the same on every architecture.
type Spec struct {
	// Command names the generator as go run does, for example ./arm64.
	Command string
	// Constraint is more build constraint than gc && !purego (a Go release
	// the kernel's instructions need, for example), or "".
	Constraint string

	// Kernel is the kernel's name (equalNEON); Flag names the bool that
	// selects it (useNEON), set by package initialisation in Go.
	Kernel, Flag string
	// Needs, if not empty, finishes the last sentence of the kernel's doc
	// comment (", and the V extension (RVV 1.0)"); More follows as
	// sentences of their own.
	Needs, More string
	// Body writes the kernel's instructions, after its TEXT line.
	Body func(a *File)

	// TextFlags are the TEXT flags of the kernel and of the trampoline:
	// NOSPLIT (arm64, riscv64) or NOSPLIT|NOFRAME (ppc64le, s390x).
	TextFlags string
	// Jump is the instruction of a tail call to a symbol: JMP or BR.
	Jump string
	// IfZero writes the instructions that load the byte at sym and branch
	// to label if it is zero.
	IfZero func(a *File, sym, label string)

	// Others are more kernels, in the order the trampoline tries them
	// after the first (the narrower ones of the same architecture); their
	// TEXT flags, jump and flag test are the first's.
	Others []Kernel

	// Extra, if not nil, adds more functions to both files, after the
	// kernels and the trampoline.
	Extra func(g *Generator)
}

// Kernel is one more kernel of a Spec: its name, the bool that selects it,
// its doc comment's Needs and More, and its body, as in Spec.
type Kernel struct {
	Name, Flag  string
	Needs, More string
	Body        func(a *File)
}

// Generator is one run of a generator: the assembly and the stubs, both
// started with the header and the build constraint.
type Generator struct {
	Asm   File
	Stubs bytes.Buffer
	out   string
	stubs string
}

// Main runs the sequence every non-amd64 generator shares: it parses the
// flags (-out, -stubs, -pkg), starts both files with avo's header, writes
// the kernel and equalVector, the trampoline Compare calls, declares both
// in the stubs, lets s.Extra add its own, and writes the files. A failure
// writes neither, and exits.
func Main(s Spec) {
	g := start(s.Command, s.Constraint)
	ks := s.kernels()
	for _, k := range ks {
		g.Asm.Func(k.Name, "(x []byte, y []byte) int", s.TextFlags, "$0-56")
		k.Body(&g.Asm)
	}
	g.trampoline(s)
	for _, k := range ks {
		g.kernelStub(k.Name, k.Needs, k.More)
	}
	g.trampolineStub(ks)
	if s.Extra != nil {
		s.Extra(g)
	}
	g.finish()
}

// kernels is every kernel of s, the first one first.
func (s Spec) kernels() []Kernel {
	return append([]Kernel{{Name: s.Kernel, Flag: s.Flag, Needs: s.Needs, More: s.More, Body: s.Body}}, s.Others...)
}

// start parses the flags of the generator named command, and starts both
// files with the header and the build constraint: gc && !purego, and more
// if more is not empty.
func start(command, more string) *Generator {
	out := flag.String("out", "", "assembly output file")
	stubs := flag.String("stubs", "", "Go stub output file")
	pkg := flag.String("pkg", "", "package name")
	flag.Parse()
	if *out == "" || *stubs == "" || *pkg == "" {
		log.Fatalf("usage: %s -out FILE.s -stubs FILE.go -pkg NAME", command)
	}
	g := &Generator{out: *out, stubs: *stubs}
	constraint := "gc && !purego"
	if more != "" {
		constraint += " && " + more
	}
	header := fmt.Sprintf("// Code generated by command: go run %s %s. DO NOT EDIT.\n\n//go:build %s\n\n",
		command, strings.Join(os.Args[1:], " "), constraint)
	g.Asm.Raw(header + "#include \"textflag.h\"\n\n")
	g.Stubs.WriteString(header + "package " + *pkg + "\n")
	return g
}

// trampoline writes equalVector, which jumps to the first kernel whose
// flag package initialisation set, and to the portable kernel if none:
// amd64's trampoline, so that Compare calls the assembly directly, and not
// through a func value's ABI wrapper.
func (g *Generator) trampoline(s Spec) {
	a := &g.Asm
	a.Func("equalVector", "(x []byte, y []byte) int", s.TextFlags, "$0-56")
	ks := s.kernels()
	for i, k := range ks {
		next := "equalVector_generic"
		if i < len(ks)-1 {
			next = "equalVector_not" + strings.TrimPrefix(k.Name, "equal")
		}
		if i > 0 {
			a.Label("equalVector_not" + strings.TrimPrefix(ks[i-1].Name, "equal"))
		}
		s.IfZero(a, "·"+k.Flag+"(SB)", next)
		a.Op(s.Jump, "·"+k.Name+"(SB)")
	}
	a.Label("equalVector_generic")
	a.Op(s.Jump, "·equalGeneric(SB)")
}

// finish formats the stubs and writes both files. A failure writes
// neither, and exits.
func (g *Generator) finish() {
	src, err := format.Source(g.Stubs.Bytes())
	if err != nil {
		log.Fatalf("formatting stubs: %v", err)
	}
	if err := os.WriteFile(g.out, g.Asm.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(g.stubs, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// kernelStub declares the kernel name in the stub file, with the contract
// every kernel has; needs and more as in Spec.
func (g *Generator) kernelStub(name, needs, more string) {
	doc := name + " returns 1 if x and y[:len(x)] are equal and 0 if not, in time " +
		"that depends on len(x) only. It reads len(x) bytes of each and needs " +
		"len(y) >= len(x)" + needs + "."
	if more != "" {
		doc += " " + more
	}
	g.Stubs.WriteString("\n" + comment(doc) + "//\n//go:noescape\nfunc " + name + "(x []byte, y []byte) int\n")
}

// trampolineStub declares equalVector.
func (g *Generator) trampolineStub(ks []Kernel) {
	which := ks[0].Name + " if " + ks[0].Flag + " is set"
	if len(ks) > 1 {
		names := make([]string, len(ks))
		for i, k := range ks {
			names[i] = k.Name
		}
		which = "the first of " + strings.Join(names, ", ") + " whose use flag is set"
	}
	g.Stubs.WriteString("\n" + comment("equalVector is the selected kernel: "+which+
		", or equalGeneric.") + "//\n//go:noescape\nfunc equalVector(x []byte, y []byte) int\n")
}

// comment wraps text into // lines of at most 76 columns.
func comment(text string) string {
	var b strings.Builder
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 76 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}
