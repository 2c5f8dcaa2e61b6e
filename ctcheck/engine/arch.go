package engine

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
)

// An Arch is one instruction set as Go's toolchain uses it: the registers
// its ABI gives a fixed role, the assembler's instruction-set levels, the
// model of its instructions, and the hooks of the front ends that read its
// code.
type Arch struct {
	GOARCH  string
	PtrSize int

	// The registers, as Go's assembler names them, that the toolchain
	// gives a fixed role (cmd/internal/obj/GOARCH/a.out.go).
	SP string // the stack pointer
	// LR is the link register, where a call leaves the return address;
	// "" where a call pushes it: RetAddr bytes at the stack pointer.
	LR      string
	RetAddr int64
	// G holds the goroutine in Go code, and in assembly (ABI0) too where
	// GInABI0 (on amd64 only ABIInternal has it in R14); it is static.
	G       string
	GInABI0 bool
	// Fixed are the other registers that ABIInternal gives a value every
	// function keeps (amd64's X15, zero).
	Fixed []string
	Zero  string // reads as zero and ignores writes; "" for none
	// ZeroByConvention: Zero is zero because Go code keeps it so, not by
	// the hardware (ppc64's R0): an instruction that writes it fails
	// closed.
	ZeroByConvention bool
	// ZeroAsBase: Zero reads as zero only as a memory operand's base or
	// index, and is an ordinary register elsewhere (s390x's R0, which
	// compiled code uses as a temporary).
	ZeroAsBase bool
	Tmp        []string // the assembler's and linker's temporaries (REGTMP)
	Other      []string // the rest: TOC, thread pointer, frame pointer, platform register, ...
	// MorestackLR is the register that a prologue's call of the stack
	// growth passes the function's return address in, where a call
	// overwrites LR (cmd/internal/obj/GOARCH's stacksplit): the runtime
	// restarts the function with LR set from it. LR itself where the call
	// leaves it alone (riscv64 links X5); "" without LR.
	MorestackLR string
	// WriteBarrierBuf is the register in which the runtime's
	// gcWriteBarrierN returns a pointer to the buffer space that the
	// caller fills with pointers (runtime/asm_GOARCH.s).
	WriteBarrierBuf string
	// KeptBelowSP is how many bytes below its stack pointer a function's
	// callees leave as they were: on arm64, the slot where its prologue
	// saves the frame pointer (each frame's top is reserved for it:
	// cmd/internal/obj/arm64/obj7.go).
	KeptBelowSP int64

	// LevelVar is the go command's variable for the instruction-set level
	// (GOAMD64); "" where there is none. Levels are its values, lowest
	// first; DefaultLevel is the go command's when cross-compiling.
	LevelVar     string
	Levels       []string
	DefaultLevel string
	// Macros is how the go command defines the level for the assembler.
	Macros MacroStyle

	// Features are the CPU features that an instruction of the model may
	// need beyond the architecture's base, by golang.org/x/sys/cpu's
	// names where it has one (featureBit). LevelFeaturesOf lists those each
	// level guarantees; NeedsOf, those an instruction needs; RuntimeFlags
	// are the runtime's variables, by symbol, that are set only where the
	// CPU has a feature, which the compiler tests before the instruction
	// that needs it. Modes are the CPU's modes that code may claim, each
	// named by the feature that provides it.
	Features        []string
	LevelFeaturesOf func(level string) []string
	NeedsOf         func(in *Inst, level string) []string
	RuntimeFlags    map[string]string
	Modes           []string

	// ArgBase is the offset of 0(FP), the first argument of an ABI0
	// function, from the stack pointer at its entry: past the return
	// address, or the fixed frame.
	ArgBase int64
	// IntArgRegs are ABIInternal's integer argument registers, in order
	// (cmd/compile/abi-internal.md); none where the architecture has no
	// register ABI (386, arm; s390x before Go 1.26: ArchFor) or the
	// checker does not place its register arguments.
	IntArgRegs []string
	// FloatArgRegs are its floating-point argument registers, in order,
	// each by the name of the register whose locations (Regs: the name,
	// or its lanes name.0, name.1, ...) hold it: amd64's X0 is lanes
	// X0.0-X0.7, ppc64's F1 is VS1's.
	FloatArgRegs []string
	// PtrFlows says what an instruction does with pointers (decl.go); nil
	// where the model follows none: declared regions and copies of the
	// stack pointer have no provenance there.
	PtrFlows func(in *Inst, a *Arch) []PtrFlow

	// Step applies one instruction to m. It must call m.Unmodelled for
	// anything it does not know.
	Step func(m *Mach)
	// Regs are the register locations of the model: what a call the
	// analysis cannot see may change.
	Regs []string

	Listing *Listing
	// Objdump reads an instruction as go tool objdump prints it; nil
	// where GNU objdump decodes the architecture (x86). Globals names the
	// variables its memory operands address (Arg.Sym) where objdump
	// prints an address computed in two instructions: at names the
	// variable at an address.
	Objdump func(f *Func, in *Inst, args []string) error
	Globals func(f *Func, at func(addr uint64) (string, int64))
	// Disassembler, where set, reads a binary with a disassembler of the
	// architecture's own, in place of go tool objdump.
	Disassembler func(ctx context.Context, a *Arch, bin string, keep func(sym string) bool) (*Program, error)
	// Duffs are the runtime's Duff's devices, by symbol, where the model
	// reads them; elsewhere a call of one is a call into the middle of a
	// function (fail closed).
	Duffs map[string]Duff
}

// MacroStyle is how the go command passes a level to the assembler.
type MacroStyle int

const (
	NoMacros   MacroStyle = iota
	Cumulative            // VAR_l for every level l up to the build's (GOPPC64_power8 ... GOPPC64_power10)
	One                   // VAR_value only (GOAMD64_v3, GORISCV64_rva23u64)
)

// Reserved lists every register of a with a fixed role.
func (a *Arch) Reserved() []string {
	var out []string
	for _, r := range append([]string{a.Zero, a.SP, a.LR, a.G}, append(slices.Clone(a.Tmp), a.Other...)...) {
		if r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// LevelEnv is the go command's environment for level: "GOPPC64=power10";
// nil for "".
func (a *Arch) LevelEnv(level string) []string {
	if level == "" || a.LevelVar == "" {
		return nil
	}
	return []string{a.LevelVar + "=" + level}
}

// LevelIndex is level's place in a.Levels (the default's for ""), -1 if
// a has no such level.
func (a *Arch) LevelIndex(level string) int {
	if level == "" {
		level = a.DefaultLevel
	}
	return slices.Index(a.Levels, level)
}

// AsmMacros are the macros, beyond GOOS_ and GOARCH_, that the go command
// defines for the assembler at level ("" the default).
func (a *Arch) AsmMacros(level string) []string {
	if level == "" {
		level = a.DefaultLevel
	}
	if a.LevelVar == "" || a.LevelIndex(level) < 0 {
		return nil
	}
	switch a.Macros {
	case Cumulative:
		var out []string
		for _, l := range a.Levels[:a.LevelIndex(level)+1] {
			out = append(out, a.LevelVar+"_"+l)
		}
		return out
	case One:
		return []string{a.LevelVar + "_" + level}
	}
	return nil
}

// A Duff is one of the runtime's Duff's devices (runtime/mkduff.go), which
// compiled Go calls to zero or copy a value of a size between a few words
// and a few hundred: steps runs of stepBytes of code, each storing width
// bytes through the register dst and advancing it, of the register val
// (zeroing), or loaded through src into val (copying). Entered at an
// offset, it runs the steps from there on: the length is the code's.
type Duff struct {
	Steps, StepBytes, Width int
	Dst, Src, Val           string
	Clobbers                []string // what else a step writes, from the pointers
}

// A PtrFlow is what an instruction does with a pointer, as a model's
// flow function reads it (before the step): dst (a register, or a stack
// slot: a spill) receives what src holds (a register, the stack pointer,
// or a stack slot: a reload) moved by delta, or by an amount not known
// (vary), or aligned down to align.
type PtrFlow struct {
	Dst, Src Arg
	Delta    int64
	Vary     bool
	Align    int64
	Zero     bool // dst receives nil (src unused)
	Const    bool // dst receives the integer Delta (src unused)
	Not      bool // dst receives the complement of the integer src holds
	// Static: dst receives the address of the symbol Static, Delta
	// bytes in (src unused): LEAQ sym(SB), MOVD $sym(SB).
	Static string
	// AlignBy, a register: dst receives src aligned down by the mask it
	// holds, where that is a constant -2^k (x86's ANDQ CX, AX).
	AlignBy Arg
	// By, with Vary: the register src's offset varies by, times Scale
	// (0: 1): where it holds a bounded integer (State.bounds), dst's
	// offset lies in a range.
	By    Arg
	Scale int64
	// Bound: dst receives an unsigned integer below Bound (src unused),
	// a multiple of BoundAlign (0: 1): ANDQ $63, CX; MOVBQZX.
	Bound, BoundAlign int64
	// Masked: dst receives src ANDed with an integer not known (arm64's
	// AND R8->63, R4, R4): no pointer, but below src's bound.
	Masked bool
}

func (a *Arch) featureBit(name string) (featureSet, bool) {
	i := slices.Index(a.Features, name)
	if i < 0 {
		return 0, false
	}
	return 1 << i, true
}

// featuresOf is the set of names, which must all be a's features.
func (a *Arch) featuresOf(names []string) (featureSet, error) {
	var s featureSet
	for _, n := range names {
		b, ok := a.featureBit(n)
		if !ok {
			return 0, fmt.Errorf("%s has no CPU feature %q (it knows %s)", a.GOARCH, n, strings.Join(a.Features, ", "))
		}
		s |= b
	}
	return s, nil
}

// LevelFeatures returns the CPU features that a build at level (the value
// of a.LevelVar; "" the default) guarantees, nil for a level a does not
// know: the runtime refuses to start on a CPU without them.
func (a *Arch) LevelFeatures(level string) []string {
	if a.LevelFeaturesOf == nil {
		return nil
	}
	if level == "" {
		level = a.DefaultLevel
	}
	return a.LevelFeaturesOf(level)
}

// Needs returns the CPU features that in needs beyond the architecture's
// base, in a build at level (where the assembler encodes a listed
// instruction by the level).
func (a *Arch) Needs(in *Inst, level string) []string {
	if a.NeedsOf == nil {
		return nil
	}
	if level == "" {
		level = a.DefaultLevel
	}
	return a.NeedsOf(in, level)
}

// LevelOf returns the level of a that a go command run with the
// environment env builds at: the last setting of its level variable in
// the process's environment and env, "" for the default.
func LevelOf(a *Arch, env []string) string {
	if a.LevelVar == "" {
		return ""
	}
	level := ""
	for _, kv := range append(os.Environ(), env...) {
		if k, v, ok := strings.Cut(kv, "="); ok && k == a.LevelVar {
			level = v
		}
	}
	return level
}

// cumulative returns a levelFeatures of levels, lowest first, each with
// the features it adds to those below it.
func CumulativeLevels(levels [][2]string) func(string) []string {
	return func(level string) []string {
		var out []string
		for _, l := range levels {
			out = append(out, strings.Fields(l[1])...)
			if l[0] == level {
				return out
			}
		}
		return nil
	}
}
