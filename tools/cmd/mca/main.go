// Command mca is the model check: it predicts, with LLVM's machine-code
// analyser, how many bytes per cycle every loop of every comparison kernel
// compares on cores the project cannot run, and fails when one falls under
// its floor in floors.txt.
//
// For each architecture it builds the library's test binary (so that
// every kernel is linked, as Go compiles it by default), disassembles each
// assembly function of the package's .s files and the portable Go kernel
// with llvm-objdump, takes each innermost loop, from a backward branch's
// target to the branch, and runs llvm-mca 19 on it for every core of the
// list that has the loop's instructions, 200 iterations. A loop compares
// half the bytes it loads (two inputs; stack reloads do not count), so
// bytes per cycle are that times 200 over llvm-mca's total cycles.
//
// These are predictions of a model of each core's pipeline, with the data in
// L1, not measurements: they say where a loop stands against a core's
// limits and catch regressions in code we cannot time, such as a compiler
// that stops merging loads in the portable kernel.
//
// Usage, from anywhere in the module:
//
//	go run ./tools/cmd/mca            print the tables, check the floors
//	go run ./tools/cmd/mca -update    also rewrite floors.txt (see its header)
//	go run ./tools/cmd/mca -arch arm64
//
// It needs Go and llvm-19 (llvm-mca-19, llvm-objdump-19; Debian's llvm-19
// package). Exit status 1: a loop under its floor, or without one.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

// iterations is how many times llvm-mca runs each loop: enough that the
// pipeline's filling and draining are noise.
const iterations = 200

// goKernels are the library's kernels written in Go; its assembly
// functions come from its .s files, as go list names them.

var goKernels = []string{"equalGeneric"}

func main() {
	log.SetFlags(0)
	log.SetPrefix("mca: ")
	archFlag := flag.String("arch", strings.Join(buildIDs(), ","), "comma-separated builds to check: "+strings.Join(buildIDs(), ", ")+" (internal/archfacts's MCA builds)")
	update := flag.Bool("update", false, "rewrite floors.txt: new floors at 90% of the predictions, old ones raised to that, none lowered")
	mcaBin := flag.String("llvm-mca", "llvm-mca-19", "the llvm-mca to run")
	objdump := flag.String("llvm-objdump", "llvm-objdump-19", "the llvm-objdump to run")
	jobs := flag.Int("j", 2, "llvm-mca runs at once")
	flag.Parse()
	bad, err := run(strings.Split(*archFlag, ","), *update, *mcaBin, *objdump, *jobs)
	switch {
	case err != nil:
		log.Fatal(err)
	case bad:
		os.Exit(1)
	}
}

// run prints the tables of the architectures named, checks the floors and,
// with update, rewrites floors.txt first. bad: a prediction misses its floor.
func run(archNames []string, update bool, mcaBin, objdump string, jobs int) (bad bool, err error) {
	version, err := llvmVersion(mcaBin)
	if err != nil {
		return false, err
	}
	if !strings.HasPrefix(version, "19.") {
		return false, fmt.Errorf("%s is LLVM %s: the floors are for LLVM 19's models (pass -llvm-mca)", mcaBin, version)
	}
	floors, err := parseFloors(floorsText)
	if err != nil {
		return false, err
	}
	tmp, err := os.MkdirTemp("", "ctequal-mca")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)

	got := map[key]float64{}
	checked := map[string]bool{}
	fmt.Printf("Model predictions, not measurements: llvm-mca %s, %d iterations of each loop, data in L1.\n", version, iterations)
	for _, name := range archNames {
		a := arches[name]
		if a == nil {
			return false, fmt.Errorf("no build %q: %s", name, strings.Join(buildIDs(), ", "))
		}
		loops, err := kernelLoops(a, tmp, objdump)
		if err != nil {
			return false, err
		}
		preds, err := predict(a, loops, mcaBin, jobs)
		if err != nil {
			return false, err
		}
		writeTable(os.Stdout, a, loops, preds)
		checked[a.id()] = true
		for i, l := range loops {
			for j, c := range a.cores {
				if p, ok := preds[i][j]; ok {
					got[key{a.id(), l.id(), c.name}] = p
				}
			}
		}
	}

	if update {
		dir, err := goOutput(nil, "list", "-f", "{{.Dir}}", "github.com/ctequal/ctequal/tools/cmd/mca")
		if err != nil {
			return false, err
		}
		path := filepath.Join(strings.TrimSpace(dir), "floors.txt")
		floors = updateFloors(floors, got, checked)
		if err := os.WriteFile(path, []byte(formatFloors(floors)), 0o644); err != nil {
			return false, err
		}
		fmt.Printf("\nwrote %s\n", path)
	}
	misses := checkFloors(floors, got, checked)
	if len(misses) > 0 {
		fmt.Printf("\nFAIL: %d of %d predictions miss their floors (floors.txt):\n", len(misses), len(got))
		for _, m := range misses {
			fmt.Println("  " + m)
		}
		return true, nil
	}
	fmt.Printf("\nok: %d predictions, each at or above its floor in floors.txt\n", len(got))
	return false, nil
}

var versionRE = regexp.MustCompile(`LLVM version (\d+\.\d+\.\d+)`)

func llvmVersion(bin string) (string, error) {
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s --version: %v (install llvm-19)", bin, err)
	}
	m := versionRE.FindSubmatch(out)
	if m == nil {
		return "", fmt.Errorf("%s --version says no LLVM version:\n%s", bin, out)
	}
	return string(m[1]), nil
}

// goOutput runs the go command with env added to this process's
// environment, and returns its standard output.
func goOutput(env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return string(out), nil
}

var textRE = regexp.MustCompile(`(?m)^TEXT\s+·(\w+)\(SB\)`)

// kernelLoops builds the package for a, and returns the loops of its
// kernels: every function of its .s files for a, and goKernels.
func kernelLoops(a *arch, dir, objdump string) ([]loop, error) {
	env := append([]string{"GOOS=linux", "GOARCH=" + a.goarch, "CGO_ENABLED=0"}, a.env...)
	bin := filepath.Join(dir, "kernels."+a.id()+".test")
	lib, err := golist.Library(".", env, "")
	if err != nil {
		return nil, err
	}
	if _, err := goOutput(env, "test", "-c", "-o", bin, lib.ImportPath); err != nil {
		return nil, err
	}
	var syms []string
	sources := map[string][]string{} // the .s files' lines, by base name
	for _, f := range lib.SFiles {
		src, err := os.ReadFile(lib.Path(f))
		if err != nil {
			return nil, err
		}
		sources[f] = strings.Split(string(src), "\n")
		for _, m := range textRE.FindAllStringSubmatch(string(src), -1) {
			syms = append(syms, lib.Symbol(m[1])+".abi0")
		}
	}
	for _, k := range goKernels {
		syms = append(syms, lib.Symbol(k))
	}
	args := append([]string{"-d", "-l", "--no-show-raw-insn", "--disassemble-symbols=" + strings.Join(syms, ",")}, a.objdumpArgs...)
	cmd := exec.Command(objdump, append(args, bin)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		// A missing symbol is only a warning to llvm-objdump, but a kernel
		// the check does not see is a kernel it does not check.
		return nil, fmt.Errorf("%s %s: %v\n%s", objdump, strings.Join(args, " "), err, stderr.Bytes())
	}
	funcs, err := parseObjdump(string(out))
	if err != nil {
		return nil, err
	}
	if len(funcs) != len(syms) {
		return nil, fmt.Errorf("%s: disassembled %d functions of %d: %s", a.id(), len(funcs), len(syms), strings.Join(syms, ", "))
	}
	// The kernels in the order of the .s files, the Go ones last, rather
	// than the linker's.
	order := map[string]int{}
	for i, s := range syms {
		order[s] = i
	}
	sort.SliceStable(funcs, func(i, j int) bool { return order[funcs[i].symbol] < order[funcs[j].symbol] })
	// By base name: the line table's paths are the builder's, or module
	// paths under -trimpath.
	label := func(file string, line int) string { return labelAt(sources[filepath.Base(file)], line) }
	var loops []loop
	for _, f := range funcs {
		for _, l := range findLoops(a, f, label) {
			if l.bytes == 0 && l.vregs == 0 {
				return nil, fmt.Errorf("%s: loop %s loads nothing this program recognises:\n%s", a.id(), l.id(), mcaInput(a, l))
			}
			loops = append(loops, l)
		}
	}
	return loops, nil
}

var (
	cyclesRE = regexp.MustCompile(`Total Cycles:\s+(\d+)`)
	instsRE  = regexp.MustCompile(`Instructions:\s+(\d+)`)
)

// predict runs llvm-mca for every loop on every core of a that has its
// instructions, jobs at a time. preds[i][j] is loop i on core j, in bytes
// compared per cycle; absent where the core lacks the loop's instructions.
func predict(a *arch, loops []loop, mcaBin string, jobs int) ([]map[int]float64, error) {
	preds := make([]map[int]float64, len(loops))
	for i := range preds {
		preds[i] = map[int]float64{}
	}
	type job struct{ i, j int }
	work := make(chan job)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range work {
				l, c := loops[jb.i], a.cores[jb.j]
				p, err := runMCA(a, l, c, mcaBin)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				preds[jb.i][jb.j] = p
				mu.Unlock()
			}
		}()
	}
	for i, l := range loops {
		for j, c := range a.cores {
			if c.isa >= l.isa {
				work <- job{i, j}
			}
		}
	}
	close(work)
	wg.Wait()
	return preds, firstErr
}

func runMCA(a *arch, l loop, c core, mcaBin string) (float64, error) {
	input := mcaInput(a, l)
	cmd := exec.Command(mcaBin, "-mtriple="+a.triple, "-mcpu="+c.name, "-iterations="+strconv.Itoa(iterations))
	cmd.Stdin = strings.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	fail := func(why string) (float64, error) {
		return 0, fmt.Errorf("llvm-mca -mcpu=%s on %s %s: %s\n%s\ninput:\n%s", c.name, a.id(), l.id(), why, stderr.Bytes(), input)
	}
	switch {
	case err != nil:
		return fail(err.Error())
	case stderr.Len() > 0:
		// An unknown -mcpu is only a warning, and llvm-mca then models
		// a generic core.
		return fail("warnings")
	}
	cycles, insts := cyclesRE.FindSubmatch(out), instsRE.FindSubmatch(out)
	if cycles == nil || insts == nil {
		return fail("no Total Cycles or Instructions in its report")
	}
	if n, _ := strconv.Atoi(string(insts[1])); n != len(l.insts)*iterations {
		return fail(fmt.Sprintf("it ran %d instructions, not %d", n, len(l.insts)*iterations))
	}
	total, _ := strconv.Atoi(string(cycles[1]))
	return float64(l.compares(c)*iterations) / float64(total), nil
}

// writeTable prints a's predictions as Markdown: a row per core, a column
// per loop, then the loops themselves.
func writeTable(w io.Writer, a *arch, loops []loop, preds []map[int]float64) {
	build := a.id()
	if len(a.env) > 0 {
		build += " (" + strings.Join(a.env, " ") + ")"
	}
	fmt.Fprintf(w, "\n%s: bytes compared per cycle, each beside the core's L1 load limit for the loop's loads where it can be stated;\n", build)
	fmt.Fprintf(w, "! marks a prediction above that limit (the model is optimistic there), - a core without the loop's instructions.\n\n")
	fmt.Fprint(w, "| core |")
	for _, l := range loops {
		fmt.Fprintf(w, " %s |", l.id())
	}
	fmt.Fprint(w, "\n|---|")
	for range loops {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w)
	for j, c := range a.cores {
		fmt.Fprintf(w, "| %s |", c.name)
		for i, l := range loops {
			p, ok := preds[i][j]
			if !ok {
				fmt.Fprint(w, " - |")
				continue
			}
			lim, known := c.limit(l.width)
			switch {
			case !known:
				fmt.Fprintf(w, " %s |", figure(p))
			case p > lim*1.01:
				fmt.Fprintf(w, " %s / %g ! |", figure(p), lim)
			default:
				fmt.Fprintf(w, " %s / %g |", figure(p), lim)
			}
		}
		fmt.Fprintln(w)
	}
	notes := "\n"
	for _, c := range a.cores {
		if c.model != "" {
			notes += fmt.Sprintf("- %s: LLVM 19 has no model of its own and uses %s.\n", c.name, c.model)
		}
	}
	fmt.Fprint(w, notes)
	fmt.Fprintf(w, "\n| loop | compares per iteration | instructions | widest access | alignment NOPs left out |\n|---|---:|---:|---:|---:|\n")
	for _, l := range loops {
		per := fmt.Sprintf("%d B", l.bytes)
		if l.vregs > 0 {
			per = fmt.Sprintf("%d × VLEN/16 B", l.vregs)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d B | %d |\n", l.id(), per, len(l.insts), l.width, l.nops)
	}
}

// figure formats bytes per cycle: one decimal, two under 1.
func figure(p float64) string {
	if p < 1 {
		return strconv.FormatFloat(p, 'f', 2, 64)
	}
	return strconv.FormatFloat(p, 'f', 1, 64)
}
