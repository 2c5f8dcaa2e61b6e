package engine

import (
	"fmt"
	"slices"
	"strings"
)

// CPU features and modes.
//
// An instruction may need a feature that the architecture's base does not
// have, and a CPU without it may run the bytes as something else: TZCNT
// and LZCNT are F3 0F BC and BD, which a CPU without BMI1 or LZCNT runs as
// REP BSF and REP BSR, whose latency depends on the operand. So the code
// around an instruction must be able to assume its feature: the build's
// level guarantees some (GOAMD64=v3, BMI1 among them), a function's
// needs others (a kernel that its callers run only where the CPU has
// AVX2: Policy.Needs), and a test of a feature flag on the path the rest
// (the runtime's x86HasPOPCNT before the POPCNT of math/bits at
// GOAMD64=v1; the program's own: Policy.Flags). An instruction that needs
// more is a finding.
//
// A mode is a state of the CPU that a function may claim for its run:
// arm64's PSTATE.DIT, under which Arm promises that the timing of the
// instructions it lists does not depend on their data. Where a function
// claims one (Policy.Modes), every instruction of its run that reads a
// secret must run with the mode on, wherever the code may use it: on any
// path where the flag of the mode's feature has not tested zero. A write
// that turns the mode off before an instruction that reads a secret is a
// finding too.

// learn returns st, or a copy of it with what l teaches.
func (an *Analysis) learn(st *State, l *lesson) *State {
	if l == nil || !st.reached {
		return st
	}
	c := st.Clone()
	if b := l.below; b != nil {
		had, ok := boundOf(c, b.reg)
		if b.signed && !ok {
			return c // may be negative: a signed compare bounds nothing
		}
		if !ok {
			had = ibound{b.n, 1}
		}
		if c.bounds == nil {
			c.bounds = map[string]ibound{}
		}
		c.bounds[b.reg] = ibound{min(had.n, b.n), had.align}
		return c
	}
	switch {
	case l.g.Mode && l.set:
		delete(c.Regs, modeOff(l.g.Feature))
	case l.g.Mode:
		c.Regs[modeOff(l.g.Feature)] = Secret
	case l.set:
		b, _ := an.a.featuresOf(strings.Split(l.g.Feature, ","))
		c.assumed |= b
	default:
		// The flag is zero: the code does not use the feature here, nor
		// claim the mode it provides.
		if slices.Contains(an.a.Modes, l.g.Feature) {
			delete(c.Regs, modeOff(l.g.Feature))
		}
	}
	return c
}

// enter sets what the code of function sym may assume and must claim at
// its entry e: what its caller may and does (none for a root), and what
// the policy says of sym (named without the .abi0 of an assembly
// function).
func (an *Analysis) enter(e *State, sym string) {
	sym = strings.TrimSuffix(sym, ".abi0")
	if an.Policy.Needs != nil {
		s, err := an.a.featuresOf(an.Policy.Needs(sym))
		if err != nil && an.err == nil {
			an.err = fmt.Errorf("the needs of %s: %v", sym, err)
		}
		e.assumed |= s
	}
	if an.Policy.Modes != nil {
		for _, mode := range an.Policy.Modes(sym) {
			b, ok := an.a.featureBit(mode)
			if !ok || !slices.Contains(an.a.Modes, mode) {
				if an.err == nil {
					an.err = fmt.Errorf("%s claims mode %q, which %s does not have (it has %v)", sym, mode, an.a.GOARCH, an.a.Modes)
				}
				continue
			}
			e.claims |= b
		}
	}
}

// checkFeatures reports what m's instruction needs beyond what the code
// may assume, and, where it reads a secret in a run that claims a mode,
// each mode that may be off (off, from the state before it).
func (an *Analysis) checkFeatures(m *Mach, off []string) {
	if m.unknown {
		return // a finding already
	}
	for _, f := range an.a.Needs(m.Inst, an.prog.Level) {
		b, ok := an.a.featureBit(f)
		if !ok {
			m.Find("instruction needs CPU feature %s, which the model does not name (fail closed)", f)
			continue
		}
		if m.State.assumed&b == 0 {
			m.Find("instruction needs CPU feature %s, which the code may not assume here", f)
		}
	}
	if !m.readSecret {
		return
	}
	for _, mode := range off {
		m.Find("instruction on secret data where %s may be off (the function claims it)", strings.ToUpper(mode))
	}
}

// modesOff are the modes that st's run claims and that may be off there.
func (an *Analysis) modesOff(st *State) []string {
	var out []string
	for _, mode := range an.a.Modes {
		if b, _ := an.a.featureBit(mode); st.claims&b != 0 && st.Regs[modeOff(mode)] == Secret {
			out = append(out, mode)
		}
	}
	return out
}
