package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Check runs the analysis over p from each of roots, whose arguments are
// public and the memory behind them secret, following the calls of every
// function follow accepts (and of any function p holds).
func Check(p *Program, roots []string, follow func(sym string) bool) (*Report, error) {
	an, err := NewAnalysis(p, follow)
	if err != nil {
		return nil, err
	}
	return an.Run(roots)
}

// AsmPackage is the package path CheckFile assembles a file as, and the
// prefix of its symbols (a path with no dot in its last element, which the
// toolchain would escape).
const AsmPackage = "ctcheckasm"

// CheckFile checks one assembly file on its own, as the assembler builds
// it for architecture a (ArchOfFile) with the environment env (a level:
// GOPPC64=power10), under policy: each of its functions is a root
// with public arguments (its symbol AsmPackage.name), and a call of a
// function the file does not hold must be passed nothing secret.
func CheckFile(path string, a *Arch, env []string, policy Policy) ([]Finding, error) {
	r, err := CheckFileReport(path, a, env, policy)
	if err != nil {
		return nil, err
	}
	return r.Findings, nil
}

// CheckFileReport is CheckFile with the whole report: the functions
// analysed and the instructions, beside the findings.
func CheckFileReport(path string, a *Arch, env []string, policy Policy) (*Report, error) {
	p, err := AssembleListing(path, a, env)
	if err != nil {
		return nil, err
	}
	an, err := NewAnalysis(p, func(sym string) bool { return strings.HasPrefix(sym, AsmPackage+".") })
	if err != nil {
		return nil, err
	}
	an.External, an.Policy = true, policy
	r, err := an.Run(p.Order)
	if err != nil {
		return nil, err
	}
	for i := range r.Findings {
		r.Findings[i].File = filepath.Base(r.Findings[i].File)
	}
	sort.SliceStable(r.Findings, func(i, j int) bool { return r.Findings[i].Line < r.Findings[j].Line })
	return r, nil
}

// asmMacros are the -D flags go build passes the assembler for goarch
// with the environment env: GOOS, GOARCH, and the level's macros (the
// default level's where env sets none).
func asmMacros(a *Arch, env []string) []string {
	out := []string{"-D", "GOOS_linux", "-D", "GOARCH_" + a.GOARCH}
	level := ""
	for _, kv := range env {
		k, val, _ := strings.Cut(kv, "=")
		if k == a.LevelVar {
			level = val
		} else {
			out = append(out, "-D", k+"_"+val)
		}
	}
	for _, m := range a.AsmMacros(level) {
		out = append(out, "-D", m)
	}
	return out
}

// GoCommandVersion is the release of the go command on PATH (go1.26.8), "" if
// it does not say.
func GoCommandVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// AssembleListing runs go tool asm -S on one file for linux and a's
// GOARCH with the environment env (a level) and reads its listing.
func AssembleListing(path string, a *Arch, env []string) (*Program, error) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	args := append([]string{"tool", "asm", "-S", "-p", AsmPackage, "-I", filepath.Join(strings.TrimSpace(string(goroot)), "pkg", "include"),
		"-I", filepath.Dir(path)}, asmMacros(a, env)...)
	// A file of our own, not os.DevNull: the assembler removes its
	// output when it fails (it removed /dev/null on this machine).
	obj, err := os.CreateTemp("", "ctcheck-*.o")
	if err != nil {
		return nil, err
	}
	obj.Close()
	defer os.Remove(obj.Name())
	args = append(args, "-o", obj.Name(), path)
	cmd := exec.Command("go", args...)
	cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+a.GOARCH), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s: go tool asm: %v\n%s", filepath.Base(path), err, out)
	}
	p, err := ParseListing(a, string(out))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Base(path), err)
	}
	p.Level, p.GoVersion = LevelOf(a, env), GoCommandVersion()
	return p, nil
}

// GNUObjdump is the disassembler of the architectures whose compiled
// code go tool objdump does not decode whole (x86).
var GNUObjdump = "objdump"

// Disassemble reads the compiled code of bin, a binary for linux and
// architecture a built by goTool, with the disassembler of the
// architecture (GNU objdump for x86, go tool objdump for the rest),
// keeping the functions keep accepts (symbols names the same as a regular
// expression for go tool objdump, "" for all), and gives each instruction
// its source position from the binary's line table.
func Disassemble(ctx context.Context, goTool string, a *Arch, bin string, keep func(sym string) bool, symbols string) (*Program, error) {
	var p *Program
	var err error
	if a.Disassembler != nil {
		p, err = a.Disassembler(ctx, a, bin, keep)
	} else {
		p, err = disassembleGo(ctx, goTool, a, bin, symbols)
	}
	if err != nil {
		return nil, err
	}
	if err := addPositions(p, bin); err != nil {
		return nil, err
	}
	if err := nameGlobals(p, bin); err != nil {
		return nil, err
	}
	if err := readStatic(p, bin); err != nil {
		return nil, err
	}
	return p, nil
}
