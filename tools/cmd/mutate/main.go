// Command mutate is the mutation test of the kernels' assembly: it makes
// every single-instruction mutant of the library's equal_amd64.s,
// equal_arm64.s, equal_riscv64.s (RVV), equal_ppc64le.s (VSX),
// equal_s390x.s (vector facility) and equal_loong64.s (LASX and LSX, under
// qemu 10), runs the kernel tests on each, and
// reports which the tests kill. A mutant that nothing kills is a missing test, unless
// equivalent.txt, beside this file, lists it as equivalent with the reason.
//
// Run it from the module root:
//
//	go run ./tools/cmd/mutate -j 2                # every mutant of the five files
//	go run ./tools/cmd/mutate -arch amd64,arm64   # those of some files only
//	go run ./tools/cmd/mutate -sample 40 -seed 1  # a fixed sample of 40
//	go run ./tools/cmd/mutate -sample 4 -each     # 4 of each file
//	go run ./tools/cmd/mutate -list               # the mutants, without running them
//	go run ./tools/cmd/mutate -only 'equalNEON/'  # those whose id or key matches
//
// On 2 cores, a full run of amd64 and arm64 (10,833 mutants) takes 1 h 45
// min, of riscv64 (276) 26 min (its kernel tests take 15 s under qemu, 80 s
// with TestKernelsEveryRegion, which only survivors run), of s390x (1,618)
// 16 min, of ppc64le (5,581; most run in both the power8 and the power10
// build) about 1 h: a sample of 1,000 took 11 min.
//
// The mutation operators, each applied to one instruction:
//
//	del   delete it
//	imm   change an immediate (or an arm64 lane index) by ±1, ±8, ±16, ±32
//	disp  change a memory operand's displacement by ±1, ±8, ±16, ±32
//	      (frame and global offsets included, branch targets not)
//	reg   replace a register with each other one of its class the function
//	      uses (of more than 8 vector registers, those numbered within 2
//	      and those in the same instruction), and with the first one it
//	      does not use (and ZR, on arm64); registers the Go toolchain
//	      reserves (internal/archfacts's Reserved: riscv64's X0-X4, X27,
//	      X31; ppc64le's R0-R2, R13, R30, R31; s390x's R0, R1, R10, R11,
//	      R13-R15) are left alone
//	cond  invert a conditional branch, SETcc, CMOVcc or CSET condition,
//	      riscv64's SEQZ/SNEZ; a branch without an inverse (s390x's
//	      BRCTG) is left alone
//	swap  swap it with the next instruction, where no label and no
//	      #ifdef's edge lies between
//
// Preprocessor lines are not instructions. equal_ppc64le.s has a POWER10
// loop under #ifndef GOPPC64_power10 / #else: a mutant of a line inside
// such a block is tested in the builds that assemble it, one outside in
// every build (ppc64le's are GOPPC64=power8 and power10).
//
// Mutants that give the same file are made once. A mutant's lines keep
// their numbers, and the real file is never written: the go command reads
// the mutant through -overlay.
//
// Each mutant goes through these checks, cheapest first, until one kills it:
//
//  1. the assembler (go tool asm) on the file alone, with the macros the go
//     command defines for each build (-D GOPPC64_power10): a mutant it
//     rejects is invalid, counted apart; one that assembles to the very
//     object the original does is same-code, equivalent by construction;
//  2. the kernel tests (go test -c of the library package, then the binary with
//     -test.short -test.failfast, and -test.run /^KERNEL$ for a mutant
//     inside a kernel's function, every test otherwise): amd64 natively,
//     the others under qemu-user on the runs internal/archfacts marks
//     Mutate: arm64 on -cpu max with CTEQUAL_ASSUME_DIT=1, then -cpu
//     cortex-a53 (no FEAT_DIT); riscv64 built with GORISCV64=rva23u64 at
//     VLEN 128, then at VLEN 512 without TestKernelsEveryRegion; ppc64le's
//     power8 build on -cpu power8 and its power10 build on -cpu power10;
//     s390x on -cpu max. A run that outlasts
//     three times the unmutated run of the same tests (at least 30 s) is
//     timed out: killed, counted apart;
//  3. ctcheck's taint analysis: a new finding kills the mutant (a
//     data-dependent branch that computes the right answer);
//  4. go vet -asmdecl (frame offsets and sizes), as CI's go vet, with
//     each build's GOARCH (and GOPPC64).
//
// Mutants of a kernel this machine cannot run (avx512 without AVX-512) are
// skipped, counted apart. Before the mutants, the unmutated files must pass
// every stage, and in each build a control mutant must be killed, or the
// run stops: a pipeline that tests something else would report every
// mutant as a survivor, or none. The control turns every answer of a
// kernel around: amd64's SETEQ inverted, arm64's CSET EQ, riscv64's final
// SEQZ inverted to SNEZ; the ppc64le and s390x kernels end in a
// branch-free 1 ^ (w | -w) >> 63, and their control deletes that XOR $1. The run tests the
// package as it was when it began, through an overlay of all its files,
// whatever happens to the tree meanwhile.
//
// A survivor that equivalent.txt lists is equivalent (it changes nothing
// the tests could see), speed-only (its reason starts "Speed only:") or
// unobservable ("Unobservable:": it weakens what no test here can see); the
// score counts the last two as not killed. The command exits 1 if a mutant
// survives that the file does not list, and prints each as an entry to
// complete; a full run also lists the entries that match no survivor.
//
// To update after the kernels change: run the whole thing (add -json FILE
// to keep every result), kill each new survivor with a kernel test of the
// library (kernels_test.go and its neighbours) or, if no test can tell it
// from the original, paste its printed entry into equivalent.txt with the
// reason, and delete the stale entries the run lists. Keys name the function, the
// label block and the instruction text, not line numbers: edits elsewhere
// in a file leave them valid.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

func main() {
	os.Exit(run())
}

func run() int {
	arch := flag.String("arch", "all", "the files to mutate: all, or a comma-separated list of "+strings.Join(archs, ", "))
	sample := flag.Int("sample", 0, "run this many mutants, drawn with -seed, instead of all")
	seed := flag.Uint64("seed", 1, "the seed of -sample")
	each := flag.Bool("each", false, "-sample draws its N mutants from each file, not from all together")
	jobs := flag.Int("j", 1, "mutants run at once (each builds and tests on its own)")
	timeout := flag.Duration("timeout", 0, "a mutant's test run that lasts longer is timed out (0: three times the unmutated run, at least 30s)")
	only := flag.String("only", "", "run only the mutants whose id or key matches this regular expression")
	list := flag.Bool("list", false, "list the mutants (id, then key) and exit")
	equivPath := flag.String("equiv", "tools/cmd/mutate/equivalent.txt", "the list of equivalent mutants")
	jsonPath := flag.String("json", "", "write every result to this file, one JSON object a line")
	cache := flag.String("cache", "auto", "build cache for the mutants' builds: shared (the go command's), private (a fresh one, deleted at the end), or auto (private from 200 mutants on: each build leaves ~0.7 MB)")
	verbose := flag.Bool("v", false, "print every mutant's outcome, not only survivors")
	keep := flag.Bool("keep", false, "keep the work directory")
	flag.Parse()
	if flag.NArg() > 0 || *jobs < 1 || *sample < 0 {
		flag.Usage()
		return 2
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(os.Stderr, "mutate: "+format+"\n", args...)
		return 2
	}

	root, err := os.Getwd()
	if err != nil {
		return fail("%v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return fail("run from the module root: %v", err)
	}
	// The package as it is now: the run tests this, whatever happens to the
	// tree meanwhile.
	lib, err := golist.Library(root, nil, "")
	if err != nil {
		return fail("%v", err)
	}
	pkg, err := readPackage(lib.Dir)
	if err != nil {
		return fail("%v", err)
	}
	want := map[string]bool{}
	for _, a := range strings.Split(*arch, ",") {
		if a != "all" && !slices.Contains(archs, a) {
			return fail("-arch %q: want all, or some of %s", *arch, strings.Join(archs, ", "))
		}
		want[a] = true
	}
	var files []*asmFile
	for _, a := range archs {
		if !want["all"] && !want[a] {
			continue
		}
		name := "equal_" + a + ".s"
		src, ok := pkg[name]
		if !ok {
			return fail("%s: not found", lib.Path(name))
		}
		f, err := parseAsm(name, string(src))
		if err != nil {
			return fail("%v", err)
		}
		files = append(files, f)
	}

	var all []*mutant
	for _, f := range files {
		all = append(all, enumerate(f)...)
	}
	ms := all
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return fail("-only: %v", err)
		}
		ms = slices.DeleteFunc(slices.Clone(ms), func(m *mutant) bool {
			return !re.MatchString(m.id()) && !re.MatchString(normalizeKey(m.key()))
		})
	}
	switch {
	case *sample > 0 && *each:
		var drawn []*mutant
		for _, f := range files {
			of := slices.DeleteFunc(slices.Clone(ms), func(m *mutant) bool { return m.file != f })
			if *sample < len(of) {
				of = drawSample(of, *sample, *seed)
			}
			drawn = append(drawn, of...)
		}
		ms = drawn
	case *sample > 0 && *sample < len(ms):
		ms = drawSample(ms, *sample, *seed)
	}
	if *list {
		for _, m := range ms {
			fmt.Printf("%s\n\t%s\n", m.id(), normalizeKey(m.key()))
		}
		fmt.Fprintf(os.Stderr, "%d mutants\n", len(ms))
		return 0
	}
	eq, err := loadEquivalents(filepath.Join(root, *equivPath))
	if err != nil {
		return fail("%v", err)
	}

	r, err := newRunner(root, *verbose)
	if err != nil {
		return fail("%v", err)
	}
	r.timeout = *timeout
	// On ^C or SIGTERM: stop the running tests and builds, and remove the
	// work directory (with a private build cache, hundreds of MB).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r.ctx = ctx
	if r.work, err = os.MkdirTemp("", "ctequal-mutate-"); err != nil {
		return fail("%v", err)
	}
	if *keep {
		fmt.Fprintf(os.Stderr, "work directory: %s\n", r.work)
	} else {
		defer os.RemoveAll(r.work)
	}
	switch {
	case *cache == "private" || *cache == "auto" && len(ms) >= 200:
		r.gocache = filepath.Join(r.work, "gocache")
	case *cache == "shared" || *cache == "auto":
	default:
		return fail("-cache %q: want shared, private or auto", *cache)
	}
	if err := r.snapshot(pkg); err != nil {
		return fail("%v", err)
	}
	for _, f := range files {
		if err := r.prepareBaseline(f); err != nil {
			return fail("%v", err)
		}
	}

	if err := controls(r, files, all, ms); err != nil {
		return fail("%v", err)
	}

	start := time.Now()
	fmt.Fprintf(os.Stderr, "%d mutants of %d (%s), %d at a time\n", len(ms), len(all), describe(files), *jobs)
	results := make([]result, len(ms))
	var (
		next, done int
		mu         sync.Mutex
		setupErr   error
		wg         sync.WaitGroup
	)
	for i := range *jobs {
		w, err := r.newWorker(i)
		if err != nil {
			return fail("%v", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next >= len(ms) || setupErr != nil || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				res := w.test(ms[i])
				mu.Lock()
				if res.Status == "" {
					setupErr = fmt.Errorf("%s", res.Detail)
				}
				if reason, ok := eq.reason[res.Key]; ok && res.Status == stSurvived {
					res.Status, res.Reason = listedStatus(reason), reason
				}
				results[i] = res
				done++
				progress(res, done, len(ms), start, *verbose)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "mutate: interrupted")
		return 130
	}
	if setupErr != nil {
		return fail("%v", setupErr)
	}
	elapsed := time.Since(start)

	if *jsonPath != "" {
		if err := writeJSON(*jsonPath, results); err != nil {
			return fail("%v", err)
		}
	}
	report(os.Stdout, files, results, elapsed)

	var missing []result
	for _, res := range results {
		if res.Status == stSurvived {
			missing = append(missing, res)
		}
	}
	if *sample == 0 && *only == "" && want["all"] {
		stale(eq, all, results)
	}
	if len(missing) > 0 {
		fmt.Printf("\n%d mutants survive that %s does not list. Kill each with a test, or, if it is truly\nequivalent, add its entry with the reason:\n\n", len(missing), *equivPath)
		for _, res := range missing {
			fmt.Printf("# %s\n%s", res.ID, formatEntry(res.Key, "TODO: why no test can tell it from the original"))
		}
		return 1
	}
	return 0
}

// controls runs, for each file with a mutant to run, one mutant that the
// tests must kill, in each of the file's builds (variants): one that turns
// every answer of a kernel around. If it lives, the pipeline tests
// something other than the mutant (the overlay is not read, the tests do
// not run), and every result would be a false "survived".
func controls(r *runner, files []*asmFile, all, ms []*mutant) error {
	w, err := r.newWorker(-1)
	if err != nil {
		return err
	}
	for _, f := range files {
		if !slices.ContainsFunc(ms, func(m *mutant) bool { return m.file == f }) {
			continue
		}
		for _, v := range variantsFor(f.arch) {
			tested := false
			for _, m := range all {
				if m.file != f || !isControl(m) || !slices.ContainsFunc(variantsOf(m), func(x variant) bool { return x.name == v.name }) {
					continue
				}
				c := *m
				c.variant = v.name
				res := w.test(&c)
				switch res.Status {
				case "":
					return fmt.Errorf("%s", res.Detail)
				case stSkipped:
					continue // a kernel this machine cannot run: try the next
				case stKilled:
					tested = true
				default:
					return fmt.Errorf("control mutant %s (%s): %s, want killed: the pipeline does not test what it mutates", res.ID, v.name, res.Status)
				}
				if r.verbose {
					fmt.Fprintf(os.Stderr, "control %s (%s): %s (%s)\n", res.ID, v.name, res.Status, res.Detail)
				}
				break
			}
			if !tested {
				return fmt.Errorf("%s (%s): no %s in a kernel this machine runs, to use as the control", f.name, v.name, controlDesc[f.arch])
			}
		}
	}
	return nil
}

// controlDesc says, per architecture, what the control mutant is.
var controlDesc = map[string]string{
	"amd64":   "SETEQ to invert",
	"arm64":   "CSET EQ to invert",
	"riscv64": "SEQZ to invert",
	"ppc64le": "XOR $1 (the final 0/1 flip) to delete",
	"s390x":   "XOR $1 (the final 0/1 flip) to delete",
	"loong64": "XOR $1 (the final 0/1 flip) to delete",
}

// isControl reports whether m is a control mutant: in a kernel's function,
// amd64's SETEQ or arm64's CSET EQ inverted, riscv64's SEQZ inverted to
// SNEZ, or, on ppc64le, s390x and loong64, whose kernels end in a
// branch-free 1 ^ (w | -w) >> 63, the XOR $1 deleted.
func isControl(m *mutant) bool {
	in := m.at
	if kernelOf(in.fn) == "" {
		return false
	}
	switch m.file.arch {
	case "amd64":
		return m.op == opCond && in.op == "SETEQ"
	case "arm64":
		return m.op == opCond && in.op == "CSET" && len(in.args) > 0 && in.args[0] == "EQ"
	case "riscv64":
		return m.op == opCond && in.op == "SEQZ"
	case "ppc64le", "s390x", "loong64":
		return m.op == opDelete && in.op == "XOR" && len(in.args) > 0 && in.args[0] == "$1"
	}
	return false
}

// drawSample picks n mutants with a fixed seed, in enumeration order: the
// same files, n and seed give the same sample.
func drawSample(ms []*mutant, n int, seed uint64) []*mutant {
	rng := rand.New(rand.NewPCG(seed, 0x6d7574616e74)) // "mutant"
	idx := rng.Perm(len(ms))[:n]
	slices.Sort(idx)
	out := make([]*mutant, n)
	for i, j := range idx {
		out[i] = ms[j]
	}
	return out
}

func describe(files []*asmFile) string {
	var s []string
	for _, f := range files {
		s = append(s, f.name)
	}
	return strings.Join(s, ", ")
}

func progress(res result, done, total int, start time.Time, verbose bool) {
	interesting := res.Status == stSurvived || res.Status == stTimeout || res.Status == stCtcheck || res.Status == stVet
	if verbose || interesting {
		line := fmt.Sprintf("[%d/%d] %-10s %s", done, total, res.Status, res.ID)
		if res.By != "" {
			line += "  (" + res.By
			if res.Detail != "" {
				line += ": " + res.Detail
			}
			line += ")"
		}
		fmt.Fprintln(os.Stderr, line)
	}
	if done%50 == 0 && done < total {
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(total-done))
		fmt.Fprintf(os.Stderr, "... %d of %d done in %v, about %v to go\n", done, total, el.Round(time.Second), eta.Round(time.Second))
	}
}

func writeJSON(path string, results []result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, r := range results {
		if err := enc.Encode(r); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// columns of the report, in order.
var columns = []string{stInvalid, stSame, stSkipped, stKilled, stTimeout, stCtcheck, stVet, stEquivalent, stSpeed, stUnobserved, stSurvived}

func report(w *os.File, files []*asmFile, results []result, elapsed time.Duration) {
	count := map[string]map[string]int{}
	for _, f := range files {
		count[f.name] = map[string]int{}
	}
	count["total"] = map[string]int{}
	for _, r := range results {
		count[r.File][r.Status]++
		count[r.File]["mutants"]++
		count["total"][r.Status]++
		count["total"]["mutants"]++
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "file\tmutants\t%s\t\n", strings.Join(columns, "\t"))
	rows := []string{}
	for _, f := range files {
		rows = append(rows, f.name)
	}
	if len(files) > 1 {
		rows = append(rows, "total")
	}
	for _, name := range rows {
		c := count[name]
		fmt.Fprintf(tw, "%s\t%d", name, c["mutants"])
		for _, col := range columns {
			fmt.Fprintf(tw, "\t%d", c[col])
		}
		fmt.Fprintln(tw, "\t")
	}
	tw.Flush()

	c := count["total"]
	killed := c[stKilled] + c[stTimeout] + c[stCtcheck] + c[stVet]
	// Equivalent mutants are out of the score; speed-only and unobservable
	// ones are in it, as not killed: they do change the code.
	scored := killed + c[stSurvived] + c[stSpeed] + c[stUnobserved]
	fmt.Fprintf(w, "\nMutation score: %d of %d mutants killed (%d by the tests, %d by timeout, %d by ctcheck, %d by go vet);\n",
		killed, scored, c[stKilled], c[stTimeout], c[stCtcheck], c[stVet])
	fmt.Fprintf(w, "not killed: %d speed-only and %d unobservable (listed), %d survived (not listed).\n",
		c[stSpeed], c[stUnobserved], c[stSurvived])
	fmt.Fprintf(w, "Besides: %d equivalent (listed), %d same code, %d invalid, %d skipped. Took %v.\n",
		c[stEquivalent], c[stSame], c[stInvalid], c[stSkipped], elapsed.Round(time.Second))

	byOp := map[string]map[string]int{}
	for _, r := range results {
		if byOp[r.Op] == nil {
			byOp[r.Op] = map[string]int{}
		}
		byOp[r.Op][r.Status]++
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "operator\t%s\t\n", strings.Join(columns, "\t"))
	for _, op := range operators {
		fmt.Fprintf(tw, "%s", op)
		for _, col := range columns {
			fmt.Fprintf(tw, "\t%d", byOp[op][col])
		}
		fmt.Fprintln(tw, "\t")
	}
	tw.Flush()

	var notable []result
	for _, r := range results {
		if r.Status == stTimeout || r.Status == stCtcheck || r.Status == stVet || r.Status == stSpeed || r.Status == stUnobserved {
			notable = append(notable, r)
		}
	}
	slices.SortStableFunc(notable, func(a, b result) int { return cmp.Compare(a.Status, b.Status) })
	if len(notable) > 0 {
		fmt.Fprintln(w)
		for _, r := range notable {
			fmt.Fprintf(w, "%-10s %s", r.Status, r.ID)
			if r.Detail != "" {
				fmt.Fprintf(w, "  (%s)", r.Detail)
			}
			fmt.Fprintln(w)
		}
	}
}

// stale lists the entries of the equivalents file that match no surviving
// mutant of a full run: the mutant is gone, or a test now kills it.
func stale(eq *equivalents, all []*mutant, results []result) {
	exists := map[string]bool{}
	for _, m := range all {
		exists[normalizeKey(m.key())] = true
	}
	status := map[string]string{}
	for _, r := range results {
		status[r.Key] = r.Status
	}
	var out []string
	for _, k := range eq.order {
		switch {
		case !exists[k]:
			out = append(out, "no such mutant now: "+k)
		case status[k] != stEquivalent && status[k] != stSpeed && status[k] != stUnobserved:
			out = append(out, status[k]+" now: "+k)
		}
	}
	if len(out) > 0 {
		fmt.Printf("\n%d entries of the equivalents file are stale; remove them:\n", len(out))
		for _, s := range out {
			fmt.Println("  " + s)
		}
	}
}
