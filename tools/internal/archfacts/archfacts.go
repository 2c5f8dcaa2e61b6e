// Package archfacts is the one table of the project's plan for each
// GOARCH: its kernels and the Go release that assembles them, the
// instruction-set levels the tools build at, the qemu-user programs that
// run it and the CPU models the tests run on with what each must select,
// and the names LLVM gives it. The facts of the instruction set (its
// registers, its levels) are ctcheck's engine's, which each entry embeds.
// internal/kernelcheck, internal/cttrace, cmd/mutate, cmd/mca and .ci/run
// (through cmd/archfacts) read it; adding an architecture is an entry
// here, its generator under asm/ and its kernel.
//
// What a tool does with the facts (which tests run where, how an
// instruction is parsed) stays with the tool.
package archfacts

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// An Arch is what the tools know of one GOARCH: the instruction set as
// ctcheck's engine describes it (its registers, its levels), and the
// project's plan for it.
type Arch struct {
	*engine.Arch
	GOOS string // the GOOS the tools build it for

	// Kernels are the library's assembly kernels on this GOARCH in the
	// order Compare prefers them; the portable kernel, "generic", is on
	// every GOARCH and not listed.
	Kernels []string
	// AsmGo is the first Go release whose assembler builds them (the
	// files' //go:build says it); "" for every release go.mod admits.
	AsmGo string

	// Experiments are the Go experiments (GOEXPERIMENT) under which the
	// library has more kernels on this GOARCH.
	Experiments []Experiment

	// AsmLevels: the kernels' assembly tells levels apart with #ifdef, so
	// the tools assemble it at every one of Levels.
	AsmLevels bool
	// Checked are the levels, besides the default, that the tools build
	// at: each makes the compiler emit other code.
	Checked []Level

	// QEMU is qemu-user's name of the architecture: its programs are
	// qemu-QEMU-static and, able to load TCG plugins, qemu-QEMU.
	QEMU string
	// Runs are the configurations the tests run under qemu-user.
	Runs []Run
	// SlowTest is the library's test that takes most of a kernel test
	// run under qemu here, where one does: mutate runs it last, for the
	// survivors of the runs without it.
	SlowTest string
	// ByteLoads: the compiler does not merge byte loads into words
	// (binary.LittleEndian.Uint64 is 8 loads), so the portable kernel
	// costs several instructions a byte.
	ByteLoads bool

	// Triple is LLVM's target triple (llvm-objdump --triple, llvm-mca
	// -mtriple); ObjdumpArgs are what llvm-objdump needs besides to decode
	// Go's code; MCAHeader is the first line of llvm-mca's input, so that
	// it reads what llvm-objdump wrote.
	Triple      string
	ObjdumpArgs []string
	MCAHeader   string
	// MCA are the builds cmd/mca predicts, each at a level on the
	// cores LLVM models that run it; NoMCA says why there are none where
	// an architecture with kernels has none.
	MCA   []MCABuild
	NoMCA string
}

// An Experiment is a GOEXPERIMENT that gives the library kernels of its
// own: simd, whose kernels are Go written with simd/archsimd.
type Experiment struct {
	Name string // GOEXPERIMENT=Name
	Go   string // the first Go release that has it for this GOARCH
	// Kernels are its kernels, in Compare's order, before the assembly
	// ones: Go functions, not assembly.
	Kernels []string
}

// A Level is one value of an architecture's LevelVar that the tools
// build at.
type Level struct {
	Value string
	MinGo string // the first Go release that knows it; "" for all
	// Purego: the portable kernel is checked at this level too (the
	// compiler emits other code for it there).
	Purego bool
}

// A Run is one configuration under qemu-user: a build of the library at a
// level, with or without purego, on one CPU model, and what it must run.
type Run struct {
	Name   string // unique in its Arch, fit for a file name
	CPU    string // qemu's -cpu
	Level  string // the build's level; "": the go command's default
	Purego bool   // built with -tags purego
	// Kernels are the kernels the CPU runs in this build, in Compare's
	// order, "generic" last: Kernels[0] is the one Compare selects, and
	// the tests must run every one (CTEQUAL_REQUIRE_KERNELS).
	Kernels []string
	// AssumeDIT: the CPU has FEAT_DIT without advertising it (qemu 7.2's
	// -cpu max), and the run says so (CTEQUAL_ASSUME_DIT=1), so that the
	// NEON kernel sets PSTATE.DIT.
	AssumeDIT bool
	// GODEBUG is the run's GODEBUG, where it turns a kernel off.
	GODEBUG string
	// Trace: internal/cttrace traces it (one run per kernel as Compare
	// selects it). Mutate: cmd/mutate runs the kernel tests of each
	// mutant here, in the order of Runs.
	Trace, Mutate bool
	// QEMU10: the run needs qemu 10 (Debian bookworm-backports'
	// qemu-user, 10.0.2): qemu 7.2 has no LSX or LASX, and no
	// riscv_hwprobe, by which x/sys/cpu sees V. Its programs are in the
	// folder CTEQUAL_QEMU10 names (.ci/run unpacks them there; PATH where
	// it is unset), and are static-pie: they load no TCG plugins, so such
	// a run cannot be traced.
	QEMU10 bool
}

// QEMU10Var names the folder of qemu 10's programs.
const QEMU10Var = "CTEQUAL_QEMU10"

// An MCABuild is one build cmd/mca predicts: at Level (the default
// where ""), on the LLVM cores named (llvm-mca -mcpu).
type MCABuild struct {
	Level string
	CPUs  []string
}

// Kernel is the kernel Compare selects in r.
func (r Run) Kernel() string { return r.Kernels[0] }

// Tags is r's build tags: "purego" or "".
func (r Run) Tags() string {
	if r.Purego {
		return "purego"
	}
	return ""
}

// QEMUStatic is the statically linked qemu-user program for a.
func (a *Arch) QEMUStatic() string { return "qemu-" + a.QEMU + "-static" }

// QEMUPlugins is the qemu-user program for a that loads TCG plugins: the
// dynamically linked one (Debian: qemu-user; qemu-user-static cannot).
func (a *Arch) QEMUPlugins() string { return "qemu-" + a.QEMU }

// Run returns a's run by name.
func (a *Arch) Run(name string) (Run, bool) {
	i := slices.IndexFunc(a.Runs, func(r Run) bool { return r.Name == name })
	if i < 0 {
		return Run{}, false
	}
	return a.Runs[i], true
}

// BuildEnv is the go command's environment for r's build, beyond the
// tags: GOOS, GOARCH and the level.
func (a *Arch) BuildEnv(r Run) []string {
	return append([]string{"GOOS=" + a.GOOS, "GOARCH=" + a.GOARCH}, a.LevelEnv(r.Level)...)
}

// TestEnv is the environment of r's test binary that says what it must
// run: every kernel of r.Kernels, r.Kernel() selected, DIT assumed where
// r says; the GODEBUG is in QEMUCommand. CTEQUAL_QEMU_CPU names r's CPU,
// for the host tools' tests to skip what they would only run slower
// there (internal/kernelcheck's checks of builds).
func (r Run) TestEnv() []string {
	env := []string{"CTEQUAL_REQUIRE_KERNELS=" + strings.Join(r.Kernels, ","), "CTEQUAL_WANT_KERNEL=" + r.Kernel(),
		"CTEQUAL_QEMU_CPU=" + r.CPU}
	if r.AssumeDIT {
		env = append(env, "CTEQUAL_ASSUME_DIT=1")
	}
	return env
}

// QEMU10Program is qemu 10's program for a: qemu-QEMU in the folder
// CTEQUAL_QEMU10 names.
func (a *Arch) QEMU10Program() string {
	return filepath.Join(os.Getenv(QEMU10Var), "qemu-"+a.QEMU)
}

// QEMUCommand is the command line that runs a binary of r's build on r's
// CPU (qemu-user-static, or qemu 10's where r needs it), the binary and
// its arguments to follow. A GODEBUG goes to the emulated program only,
// through env, not to the go command that runs it.
func (a *Arch) QEMUCommand(r Run) []string {
	prog := a.QEMUStatic()
	if r.QEMU10 {
		prog = a.QEMU10Program()
	}
	cmd := []string{prog, "-cpu", r.CPU}
	if r.GODEBUG != "" {
		cmd = append([]string{"env", "GODEBUG=" + r.GODEBUG}, cmd...)
	}
	return cmd
}

// MinGo is the first Go release that builds level; "" for all.
func (a *Arch) MinGo(level string) string {
	for _, l := range a.Checked {
		if l.Value == level {
			return l.MinGo
		}
	}
	return ""
}

// MCAName names an MCA build: the GOARCH for the first, GOARCH-LEVEL for
// the others (ppc64le-power10).
func (a *Arch) MCAName(b MCABuild) string {
	if len(a.MCA) > 0 && a.MCA[0].Level == b.Level {
		return a.GOARCH
	}
	return a.GOARCH + "-" + b.Level
}

// All is the table, in the order the tools report architectures in:
// those with assembly kernels first.
func All() []*Arch { return slices.Clone(table) }

// WithKernels is the architectures that have assembly kernels, in table
// order.
func WithKernels() []*Arch {
	var out []*Arch
	for _, a := range table {
		if len(a.Kernels) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// Get returns the Arch of goarch, nil if the table has none.
func Get(goarch string) *Arch {
	for _, a := range table {
		if a.GOARCH == goarch {
			return a
		}
	}
	return nil
}

// Must returns the Arch of goarch and panics where the table has none:
// for the tools' own tables, built from this one.
func Must(goarch string) *Arch {
	a := Get(goarch)
	if a == nil {
		panic("archfacts: no architecture " + goarch)
	}
	return a
}

// Names are the GOARCHes of arches, in order.
func Names(arches []*Arch) []string {
	out := make([]string, len(arches))
	for i, a := range arches {
		out[i] = a.GOARCH
	}
	return out
}

// FindRun returns the run named "GOARCH/NAME" and its Arch.
func FindRun(spec string) (*Arch, Run, error) {
	goarch, name, ok := strings.Cut(spec, "/")
	a := Get(goarch)
	if !ok || a == nil {
		return nil, Run{}, fmt.Errorf("run %q: want GOARCH/NAME, GOARCH one of %s", spec, strings.Join(Names(table), ", "))
	}
	r, ok := a.Run(name)
	if !ok {
		var names []string
		for _, r := range a.Runs {
			names = append(names, r.Name)
		}
		return nil, Run{}, fmt.Errorf("run %q: %s has the runs %s", spec, goarch, strings.Join(names, ", "))
	}
	return a, r, nil
}

// KernelSymbol is the name of a kernel's function in package ctequal:
// equalAVX2 for avx2, equalGeneric for generic.
func KernelSymbol(kernel string) string {
	if kernel == "generic" {
		return "equalGeneric"
	}
	if k, ok := strings.CutPrefix(kernel, "archsimd-"); ok {
		return "equalArchsimd" + strings.ToUpper(k)
	}
	return "equal" + strings.ToUpper(kernel)
}

// AsmConstraint is the //go:build expression of the files that are built
// where an assembly kernel is: gc && !purego && (amd64 || arm64 || ...),
// the architectures whose kernels need a newer Go under a go1.N term.
func AsmConstraint() string {
	var terms []string
	var releases []string
	byGo := map[string][]string{}
	for _, a := range WithKernels() {
		if a.AsmGo == "" {
			terms = append(terms, a.GOARCH)
			continue
		}
		if byGo[a.AsmGo] == nil {
			releases = append(releases, a.AsmGo)
		}
		byGo[a.AsmGo] = append(byGo[a.AsmGo], a.GOARCH)
	}
	for _, g := range releases {
		arches := strings.Join(byGo[g], " || ")
		if len(byGo[g]) > 1 {
			arches = "(" + arches + ")"
		}
		terms = append(terms, "("+g+" && "+arches+")")
	}
	return "gc && !purego && (" + strings.Join(terms, " || ") + ")"
}

// NoAsmConstraint is AsmConstraint's negation, as the portable files
// write it.
func NoAsmConstraint() string {
	return "!gc || purego || !" + strings.TrimPrefix(AsmConstraint(), "gc && !purego && ")
}
