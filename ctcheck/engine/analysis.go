package engine

import "fmt"

// A Policy says what is secret and what the analysed code may do beyond
// reading its inputs. Its zero value is the default: the memory behind a
// root's arguments is secret, the arguments themselves (pointers, lengths)
// are public, and a store outside the stack frame is a finding.
type Policy struct {
	// AllowStores allows stores outside the frame through an address
	// that does not depend on a secret (an output buffer, a state): what
	// is stored reaches every later load of memory other than the
	// inputs'.
	AllowStores bool
	// Needs names, by function symbol (without the .abi0 of an assembly
	// function), the CPU features (by the names of Arch.Features) that a
	// function needs: its callers run it only where
	// the CPU has them, so its code may use them. A function it names none
	// for may use what its caller may; a root, what its build's level
	// guarantees.
	Needs func(sym string) []string
	// Flags names, by symbol, the global variables that are set only where
	// the CPU has a feature and the code is to use it (the runtime's own,
	// such as runtime.x86HasPOPCNT, are known), or has several (named
	// with commas between): code on a path where one tested nonzero may
	// use them; on one where it tested zero, the mode the feature
	// provides is not claimed. A byte of a variable past its first is
	// asked for as sym+offset (internal/cpu.X86+73).
	Flags func(sym string) string
	// Funcs returns, by function symbol (without the .abi0 of an
	// assembly function), what a root's declarations say of its
	// arguments (region.go); nil: the default.
	Funcs func(sym string) *FuncDecl
	// Modes names, by function symbol, the CPU modes (Arch.Modes) that a
	// function claims for its run and that of the functions it calls:
	// every instruction of it that reads a secret must run with each on,
	// wherever the code may use the mode's feature.
	Modes func(sym string) []string
}

// A Report is what one check found in one program.
type Report struct {
	GoVersion string   // the release that built it, where known
	Funcs     []string // the functions analysed, in the order reached
	Instrs    int      // instructions analysed: the reachable ones, each once
	Findings  []Finding
}

// An Analysis is one run of the engine over a program.
type Analysis struct {
	a    *Arch
	prog *Program
	// follow reports whether the analysis follows a call of sym into
	// the program (those of the code checked).
	follow func(sym string) bool
	// External says what to do with a call of a function to follow that
	// is not in the program: an error where false (whole builds), a
	// conservative summary where true (one assembly file on its own).
	External bool
	// Policy says what the analysed code may do.
	Policy Policy

	memo map[string]*State // func + entry -> exit
	// contexts counts the entries each function was analysed from;
	// past maxContexts, widened is the join of its entries since, which
	// an entry is analysed as (wide maps an entry's key to it).
	contexts map[string]int
	widened  map[string]*State
	wide     map[string]*State
	// states are the states before each instruction that exit's
	// fixpoint found, by the same key, until report takes them: the
	// same fixpoint, run once (but where a recursion cut it short).
	states     map[string][]*State
	recursions int
	running    map[string]bool // the functions exit is analysing
	reporting  map[string]bool // the functions report is reporting
	reported   map[string]bool
	seen       map[string]map[uint64]bool // reached instructions, by function
	order      []string
	findings   map[string]Finding
	err        error
	// regions are the declared regions of the roots, and the realigned
	// frames, by the index a ptr names (region.go).
	regions    []*Region
	alignedIDs map[string]int
	allocIDs   map[string]int               // the allocations' regions, by function
	wbBuf      int                          // the write barrier's buffer's region, +1 (0: none yet)
	assumed    map[string]Assumption        // by assumedKey
	thresholds map[*Func]map[string][]int64 // joinWiden's, by function and register
}

// follows reports whether the analysis follows a call of sym: a function
// of the module by its name, or any the front end read as the module's
// code, whatever its name (a //go:linkname push, a TEXT runtime·f(SB) of
// the module's assembly).
func (an *Analysis) follows(sym string) bool { return an.follow(sym) || an.prog.Funcs[sym] != nil }

// NewAnalysis prepares an analysis of p that follows the calls of every
// function follow accepts (and of any function p holds).
func NewAnalysis(p *Program, follow func(sym string) bool) (*Analysis, error) {
	if p.Arch == nil {
		return nil, fmt.Errorf("a program with no architecture")
	}
	return newAnalysis(p.Arch, p, follow), nil
}

func newAnalysis(a *Arch, p *Program, follow func(string) bool) *Analysis {
	return &Analysis{a: a, prog: p, follow: follow, memo: map[string]*State{}, contexts: map[string]int{}, widened: map[string]*State{}, wide: map[string]*State{}, states: map[string][]*State{}, running: map[string]bool{},
		reporting: map[string]bool{}, reported: map[string]bool{}, seen: map[string]map[uint64]bool{}, findings: map[string]Finding{},
		thresholds: map[*Func]map[string][]int64{}}
}
