package ctcheck

import (
	"debug/buildinfo"
	"fmt"
	"go/version"
	"os"
	"path/filepath"
	"strings"
)

// This file checks the compiled program, not its source: CheckFile proves
// the assembly as written, but the portable kernel, the API and the ABI
// wrappers are Go code that any release of the compiler may translate
// differently. CheckBinary reads what go tool objdump prints for a build
// of the driver and runs the taint analysis of flow.go over every
// function on the path from the driver's calls of the API to the kernels:
//
//   - secret: the bytes of x and y, and what is computed from them; the
//     answer of every call on the path (a branch on one chunk's answer
//     would tell which chunk differed);
//   - public: the arguments (lengths, capacities, pointers), the stack
//     slots they are spilled to, and what is computed from those only;
//   - static: constants, globals, the goroutine and thread-local storage.
//
// It follows every call and jump into the driver or the module, including
// the trampoline's jumps to the kernels and the wrappers between ABI0 and
// the register ABI; calls into the runtime are allowed only for the stack
// growth in prologues, the overflow check of unsafe.Slice, and panics. A
// finding is a conditional branch on a secret, a memory address built
// from a secret, a call with a secret argument, a store outside the stack
// frame, a variable-latency instruction (division) on a secret, or
// anything the model of the architecture does not know: it fails closed.
// Returning a secret is not a finding.
//
// On amd64 the disassembler does not decode VEX and EVEX instructions (it
// prints the AVX2 and AVX-512 kernels as OUTL, ? and the like), so there
// the functions assembled from a .s file are checked at that source by
// CheckFile's analysis, which is what the assembler encodes one for one;
// their disassembly only supplies the functions they call and jump to.

// roots are the driver's functions: each holds the inlined body of one
// function of the API.
var roots = []string{"main.compare", "main.equal", "main.equalString"}

var binArchs = map[string]*binArch{
	"amd64":   amd64Obj,
	"386":     x86Obj32,
	"arm64":   arm64Obj,
	"arm":     armObj,
	"riscv64": riscv64Obj,
	"ppc64le": ppc64Obj,
	"s390x":   s390xObj,
	"loong64": loong64Obj,
}

// A Report is what CheckBinary found in one binary.
type Report struct {
	GoVersion  string   // the release that built the binary, as CheckBinary was told
	Funcs      []string // the functions analysed, in the order reached
	FromSource []string // those of them checked at their assembly source
	Instrs     int      // instructions analysed: the reachable ones
	Findings   []Finding
}

// CheckBinary analyses every function of funcs, a disassembly of the
// driver built for goarch by Go release goVersion ("go1.24.13", or "" if
// not known), that the driver's functions reach: those that call the API.
func CheckBinary(goarch, goVersion string, funcs []*BinFunc) (*Report, error) {
	a := binArchs[goarch]
	if a == nil {
		return nil, fmt.Errorf("no model of %s", goarch)
	}
	if a.regABISince != "" {
		c := *a
		switch {
		case goVersion == "" || !version.IsValid(goVersion):
			c.stackArgsToo = true
		case version.Compare(goVersion, a.regABISince) < 0:
			c.argRegs = nil
		}
		a = &c
	}
	byName := map[string]*BinFunc{}
	for _, f := range funcs {
		byName[f.Name] = f
	}
	r := &Report{GoVersion: goVersion}
	done := map[string]bool{}
	work := append([]string(nil), roots...)
	for len(work) > 0 {
		name := work[0]
		work = work[1:]
		if done[name] {
			continue
		}
		done[name] = true
		f := byName[name]
		if f == nil {
			return nil, fmt.Errorf("%s: %s is on the path but not in the disassembly", goarch, name)
		}
		r.Funcs = append(r.Funcs, name)
		findings, edges, n := analyseFunc(a, f)
		if a.asmFromSource && strings.HasSuffix(f.Source, ".s") {
			// Only the edges of the disassembly count: its decoding of
			// the instructions in between is not to be trusted.
			var err error
			if findings, n, err = checkAsmSource(f); err != nil {
				return nil, err
			}
			r.FromSource = append(r.FromSource, name)
		}
		r.Instrs += n
		r.Findings = append(r.Findings, findings...)
		work = append(work, edges...)
	}
	return r, nil
}

// GoVersion returns the Go release that built the binary at path.
func GoVersion(path string) (string, error) {
	info, err := buildinfo.ReadFile(path)
	if err != nil {
		return "", err
	}
	return info.GoVersion, nil
}

// checkAsmSource returns CheckFile's findings in f's TEXT block of the
// assembly file it was assembled from, and the block's length.
func checkAsmSource(f *BinFunc) ([]Finding, int, error) {
	all, err := CheckFile(f.Source)
	if err != nil {
		return nil, 0, err
	}
	text, err := os.ReadFile(f.Source)
	if err != nil {
		return nil, 0, err
	}
	src, err := parse(string(text))
	if err != nil {
		return nil, 0, err
	}
	short := f.Name[strings.LastIndex(f.Name, "/")+1:] // kernels.equalAVX2.abi0
	short = strings.TrimSuffix(short, ".abi0")
	short = "·" + short[strings.Index(short, ".")+1:]
	n := -1
	for _, fn := range src {
		if fn.name == short {
			n = len(fn.instrs)
		}
	}
	if n < 0 {
		return nil, 0, fmt.Errorf("%s: no TEXT %s in %s", f.Name, short, filepath.Base(f.Source))
	}
	var findings []Finding
	for _, fd := range all {
		if fd.Func == short {
			findings = append(findings, fd)
		}
	}
	return findings, n, nil
}
