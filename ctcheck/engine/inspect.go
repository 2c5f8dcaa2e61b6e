package engine

import (
	"slices"
	"strings"
)

// What a harness that tests the checker needs beyond Check: the states the
// analysis reaches, what the model makes of one instruction, and the
// front ends' reading of one line, to plant code in a program and see what
// each check makes of it.

// Level is the level of a location in s (a register location, as the
// model names it: Lane for a vector lane).
func (s *State) Level(loc string) Level { return get(s.Regs, loc) }

// SetLevel sets the level of a register location.
func (s *State) SetLevel(loc string, l Level) { put(s.Regs, loc, l) }

// NewEntry is the state a function of a starts from in a harness: every
// register and slot public, the return address in the link register, no
// CPU feature assumed.
func NewEntry(a *Arch) *State {
	s := NewState()
	if a.LR != "" {
		s.links = map[string]int{a.LR: 0}
	}
	return s
}

// Assume makes features, by name, the CPU features the code may use in
// s, and no other.
func (s *State) Assume(a *Arch, features []string) error {
	set, err := a.featuresOf(features)
	if err != nil {
		return err
	}
	s.assumed = set
	return nil
}

// SetOutside sets the level of the memory outside the frame and the
// declared regions: what stores to globals may have left there.
func (s *State) SetOutside(l Level) { s.mem = l }

// SetFrame makes s the state inside a frame of size bytes that a
// prologue made: the stack pointer size bytes down, the return address
// (static, ptrSize bytes) in the frame's bottom slot.
func (s *State) SetFrame(size int64, ptrSize int) {
	sp := -size
	s.sp, s.spKnown, s.linkSlots = sp, true, map[int64]int{sp: 0}
	stack := s.stackW()
	for o := sp; o < sp+int64(ptrSize); o++ {
		stack[o] = Static
	}
}

// Join joins o into s: a location is secret where it is in either.
func (s *State) Join(o *State) { s.join(o) }

// Secrets are the register locations secret in s, sorted, without the
// models' pseudo-locations.
func (s *State) Secrets() []string {
	var out []string
	for k, l := range s.Regs {
		if l == Secret && !isPseudo(k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Reached reports whether any path from the entry reaches s.
func (s *State) Reached() bool { return s.reached }

// SP is the stack pointer's offset from its value at the function's
// entry, where known.
func (s *State) SP() (off int64, known bool) { return s.sp, s.spKnown }

// Flow returns the state before each instruction of f from entry.
func (an *Analysis) Flow(f *Func, entry *State) []*State {
	in, _ := an.fixpoint(f, entry)
	return an.blockStates(f, in)
}

// Findings are what the model reported of its instruction.
func (m *Mach) Findings() []string { return m.findings }

// Ends reports whether the instruction ends a basic block: it branches,
// or does not fall through to the next.
func (m *Mach) Ends() bool { return len(m.jumps) > 0 || !m.Fall }

// Falls reports whether the next instruction may run after this one.
func (m *Mach) Falls() bool { return m.Fall }

// Jumps are the targets of the instruction's branches in its function.
func (m *Mach) Jumps() []uint64 { return m.jumps }

// Exit is the state the instruction that m ran from out leaves to the
// next one: out, with the engine's part of a call or a return.
func (an *Analysis) Exit(m *Mach, out *State) *State { return an.effect(m, out, &State{}) }

// Calls names the function the instruction calls, "" for none.
func (m *Mach) Calls() string { return m.callSym }

// Successors returns the instructions that may run after instruction i of
// f, which the model ran as m, and what is wrong with its branches.
func Successors(f *Func, i int, m *Mach) (next []int, bad []string) { return successors(f, i, m) }

// At returns the index in f of the instruction at addr.
func (f *Func) At(addr uint64) (int, bool) {
	i, ok := f.at[addr]
	return i, ok
}

// ParseListingLine reads one instruction as the toolchain's listing
// prints it ("MOVQ (AX), BX"), in function f of a goarch build.
func ParseListingLine(a *Arch, f *Func, line string) (Inst, error) {
	in := Inst{Text: line}
	op, rest, _ := strings.Cut(line, " ")
	in.Op = op
	var args []string
	if rest = strings.TrimSpace(rest); rest != "" {
		args = SplitOperands(rest)
	}
	lf := &ListingFunc{Func: f, Hooks: a.Listing}
	if err := a.Listing.Convert(lf, &in, args); err != nil {
		return Inst{}, err
	}
	return in, nil
}

// SplitPos splits an instruction's Pos into its file and line.
func SplitPos(pos string) (file string, line int) { return splitPos(pos) }
