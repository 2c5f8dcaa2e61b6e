package engine

import (
	"fmt"
	"os"
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

// A featureSet is a set of an architecture's features, each bit the
// index of one in Arch.Features.
type featureSet uint64

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

// A guard is what a location holds of a feature flag or of a mode: the
// flag's value (a register loaded from it), a comparison of it (the
// flags: eq says whether "equal" means the flag is set, as after CMP
// flag, $1, or zero, as after TEST r, r), or a copy of the mode's state
// (mode: arm64's MRS DIT, Rn).
type Guard struct {
	Feature string
	Eq      bool
	Mode    bool
}

// A lesson is what a branch's edge teaches about a guard: the flag set
// (set) or zero, or the mode on (set) or off.
type lesson struct {
	g   Guard
	set bool
}

// modeOff is the pseudo-location that says a mode may be off: secret
// where, on some path to the instruction, the code may use the mode's
// feature and the mode is not known to be on (joined like taint).
func modeOff(mode string) string { return mode + ": may be off" }

// flagFeature is the feature whose flag the memory operand x reads, ""
// for none: a variable of the runtime's, or one the policy names.
func (m *Mach) FlagFeature(x Arg) string {
	if x.Kind != ArgMem || x.Sym == "" || x.Index != "" {
		return ""
	}
	if f := m.Arch.RuntimeFlags[x.Sym]; f != "" {
		return f
	}
	if m.policy.Flags != nil {
		if f := m.policy.Flags(x.Sym); f != "" {
			if _, ok := m.Arch.featureBit(f); ok {
				return f
			}
			m.Find("flag %s names CPU feature %q, which %s does not have (fail closed)", x.Sym, f, m.Arch.GOARCH)
		}
	}
	return ""
}

// loadFlag records, after the write of reg from the memory operand x,
// that reg holds the value of the flag x is, if it is one.
func (m *Mach) LoadFlag(reg string, x Arg) {
	if f := m.FlagFeature(x); f != "" {
		m.Guard(reg, Guard{Feature: f})
	}
}

// guard records what loc holds (after the write that cleared it).
func (m *Mach) Guard(loc string, g Guard) {
	if m.State.guards == nil {
		m.State.guards = map[string]Guard{}
	}
	m.State.guards[loc] = g
}

// guardOf is what loc holds of a flag or a mode.
func (m *Mach) GuardOf(loc string) (Guard, bool) {
	g, ok := m.State.guards[loc]
	return g, ok
}

// teach records what the branch's edges teach: taken where the branch is
// taken, the other on the fall-through.
func (m *Mach) Teach(g Guard, setWhenTaken bool) {
	m.taken = &lesson{g, setWhenTaken}
	m.fallen = &lesson{g, !setWhenTaken}
}

// setMode records that the instruction turns a mode on or off.
func (m *Mach) SetMode(mode string, on bool) {
	if on {
		delete(m.State.Regs, modeOff(mode))
		m.modeTurnedOn = append(m.modeTurnedOn, mode)
	} else {
		m.State.Regs[modeOff(mode)] = Secret
		m.modeCleared = append(m.modeCleared, mode)
	}
	for loc, g := range m.State.guards {
		if g.Mode && g.Feature == mode {
			delete(m.State.guards, loc) // a copy of the state before
		}
	}
}

// learn returns st, or a copy of it with what l teaches.
func (an *Analysis) learn(st *State, l *lesson) *State {
	if l == nil || !st.reached {
		return st
	}
	c := st.Clone()
	switch {
	case l.g.Mode && l.set:
		delete(c.Regs, modeOff(l.g.Feature))
	case l.g.Mode:
		c.Regs[modeOff(l.g.Feature)] = Secret
	case l.set:
		b, _ := an.a.featureBit(l.g.Feature)
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

// clearedModes are the modes m's instruction turned off; none for nil.
func (m *Mach) clearedModes() []string {
	if m == nil {
		return nil
	}
	return m.modeCleared
}
