package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

// Outcomes of a mutant.
const (
	stInvalid    = "invalid"    // the assembler (or the build) rejects it
	stSame       = "same-code"  // it assembles to the very object the original does
	stSkipped    = "skipped"    // its kernel cannot run on this machine
	stKilled     = "killed"     // a kernel test failed or crashed
	stTimeout    = "timed-out"  // the kernel tests did not finish in time
	stCtcheck    = "ctcheck"    // the tests pass, the taint analysis finds a leak
	stVet        = "vet"        // the tests pass, go vet's asmdecl check fails
	stEquivalent = "equivalent" // nothing kills it, and equivalent.txt says why: it changes nothing
	stSpeed      = "speed-only" // listed: it changes the speed only (its reason starts "Speed only:")
	stUnobserved = "unobserved" // listed: it weakens what no test here can observe ("Unobservable:")
	stSurvived   = "survived"   // nothing kills it, and no reason is listed: a missing test
)

// A stage is one way of running the kernel tests. A mutant goes through an
// architecture's stages in order until one kills it.
type stage struct {
	name string
	wrap []string // the emulator command line the test binary runs under, if any
	env  []string
	args []string // more flags for the test binary
	// run, where not "", limits the stage to the top-level tests it
	// matches (a -test.run regular expression without the '/').
	run string
}

// A variant is one build of an architecture's kernels: ppc64le has two,
// GOPPC64=power8 (the default) and power10, which assemble different
// branches of the file's #ifndef GOPPC64_power10. A mutant is tested in
// every variant whose macros select its line (both, outside the #ifdef).
type variant struct {
	name    string   // a file-name-safe name: ppc64le-power10
	arch    string   // GOARCH
	level   string   // its instruction-set level, "" for the default
	env     []string // the go command's environment for it: GOPPC64=power10
	defines []string // the macros the go command defines for the assembler, beyond GOOS_ and GOARCH_
	stages  []stage
}

// macros are the macros a line's #ifdefs are evaluated against.
func (v variant) macros() []string {
	return append([]string{"GOOS_linux", "GOARCH_" + v.arch}, v.defines...)
}

// variantsFor returns the builds of arch and, in each, the stages in
// order: natively where arch is this machine's, otherwise under qemu-user
// on each run internal/archfacts marks Mutate, one build per level of
// those runs, each run's stages in the table's order, each requiring the
// kernels its CPU runs (CTEQUAL_REQUIRE_KERNELS), so that a CPU model
// which lacks one fails the baseline instead of skipping every mutant.
// arm64 runs first on -cpu max with CTEQUAL_ASSUME_DIT=1, so that the
// kernel's DIT path runs (qemu 7.2 implements FEAT_DIT there without
// advertising it), then, for what survives, on a Cortex-A53, which has no
// FEAT_DIT: there MRS/MSR DIT are undefined and the kernel must not reach
// them. riscv64 is built with GORISCV64=rva23u64 (qemu-user 7.2 has no
// riscv_hwprobe, so only a build that requires V selects the RVV kernel)
// and runs at VLEN 128, then at VLEN 512. ppc64le runs the power8 build on
// -cpu power8 and the power10 build on -cpu power10; s390x runs on -cpu
// max. Where the table names the architecture's SlowTest (riscv64's
// TestKernelsEveryRegion: 50 s of the RVV kernel's 60 s under qemu, and
// the tests that kill most mutants run after it), every stage leaves it
// out, and a last stage of each build runs it alone on the build's first
// run, for the survivors of all the others.
func variantsFor(arch string) []variant {
	if arch == runtime.GOARCH {
		return []variant{{name: arch, arch: arch, stages: []stage{{name: "native"}}}}
	}
	a := archfacts.Must(arch)
	var out []variant
	var firsts []archfacts.Run // each variant's first run
	for _, r := range a.Runs {
		if !r.Mutate {
			continue
		}
		i := slices.IndexFunc(out, func(v variant) bool { return v.level == r.Level })
		if i < 0 {
			out = append(out, variant{arch: arch, level: r.Level, env: a.LevelEnv(r.Level), defines: a.AsmMacros(r.Level)})
			firsts = append(firsts, r)
			i = len(out) - 1
		}
		st := stage{name: "qemu " + r.Name, wrap: a.QEMUCommand(r), env: r.TestEnv()}
		if a.SlowTest != "" {
			st.args = []string{"-test.skip=^" + a.SlowTest + "$"}
		}
		out[i].stages = append(out[i].stages, st)
	}
	if len(out) == 0 {
		panic("mutate: internal/archfacts has no run of " + arch + " for mutate")
	}
	for i, r := range firsts {
		if a.SlowTest != "" {
			out[i].stages = append(out[i].stages, stage{name: "qemu " + r.Name + " " + a.SlowTest, wrap: a.QEMUCommand(r),
				env: r.TestEnv(), run: "^" + a.SlowTest + "$"})
		}
	}
	for i := range out {
		out[i].name = arch
		if len(out) > 1 {
			out[i].name = arch + "-" + out[i].level
		}
	}
	return out
}

// variantsOf returns the variants a mutant is tested in: those where every
// line it changes is assembled.
func variantsOf(m *mutant) []variant {
	var out []variant
	for _, v := range variantsFor(m.file.arch) {
		ok := m.variant == "" || m.variant == v.name
		for _, in := range m.file.instrs {
			if _, edited := m.edits[in.line-1]; edited && !holds(in.conds, v.macros()) {
				ok = false
			}
		}
		if ok {
			out = append(out, v)
		}
	}
	return out
}

// A result is what happened to one mutant.
type result struct {
	ID     string        `json:"id"`
	Key    string        `json:"key"`
	File   string        `json:"file"`
	Op     string        `json:"op"`
	Status string        `json:"status"`
	By     string        `json:"by,omitempty"`     // the stage or check that killed it
	Detail string        `json:"detail,omitempty"` // the first failure line, the assembler error, the finding
	Reason string        `json:"reason,omitempty"` // for equivalents, from the file
	Time   time.Duration `json:"ns"`
}

// runner holds what every worker shares.
type runner struct {
	root, pkgDir, pkgPath string
	goroot, toolDir       string
	work                  string
	gocache               string // "" to use the go command's own
	timeout               time.Duration
	verbose               bool
	// ctx ends every command when the run is interrupted.
	ctx context.Context

	// snap maps each file of the kernels' package to its copy as the run
	// began: every build reads the package through an overlay of these, so
	// that edits to the tree while a run goes on do not change what it tests.
	snap map[string]string

	mu        sync.Mutex
	baselines map[string]*baseline // by variant, stage name and -test.run pattern
	bins      map[string]*onceErr  // baseline test binary, by variant
	ctBase    map[string]map[string]bool
}

type onceErr struct {
	once sync.Once
	err  error
}

// A baseline is the unmutated file's run of one stage: it must pass, and
// it tells which kernels this machine tests and how long a run takes.
type baseline struct {
	once     sync.Once
	err      error
	took     time.Duration
	subtests map[string]bool // second-level subtest names that ran: the kernels
}

func newRunner(root string, verbose bool) (*runner, error) {
	lib, err := golist.Library(root, nil, "")
	if err != nil {
		return nil, err
	}
	r := &runner{root: root, pkgDir: lib.Dir, pkgPath: lib.ImportPath, verbose: verbose,
		baselines: map[string]*baseline{}, bins: map[string]*onceErr{},
		ctBase: map[string]map[string]bool{}}
	if r.goroot, err = r.goOutput("env", "GOROOT"); err != nil {
		return nil, err
	}
	if r.toolDir, err = r.goOutput("env", "GOTOOLDIR"); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *runner) goOutput(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = r.root
	cmd.Env = r.goEnv(nil)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// goEnv is the environment of go commands: GOARCH and the variant's
// settings where v is given, the private build cache where there is one.
func (r *runner) goEnv(v *variant) []string {
	env := os.Environ()
	if v != nil {
		env = append(append(env, "GOARCH="+v.arch), v.env...)
	}
	if r.gocache != "" {
		env = append(env, "GOCACHE="+r.gocache)
	}
	return env
}

// testEnv is the environment of a test binary: nothing from the caller
// that steers the kernels' selection, plus the stage's own.
func testEnv(s stage) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "GODEBUG=") || strings.HasPrefix(kv, "CTEQUAL_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, s.env...)
}

// A worker runs mutants one at a time in a directory of its own.
type worker struct {
	r    *runner
	dir  string
	objs map[string][]byte // the unmutated file's object, assembled here, by variant
}

func (r *runner) newWorker(i int) (*worker, error) {
	dir := filepath.Join(r.work, fmt.Sprintf("w%d", i))
	return &worker{r: r, dir: dir, objs: map[string][]byte{}}, os.MkdirAll(dir, 0o755)
}

// kernelOf returns the name of the kernel a function implements, by the
// generators' naming (equalAVX2 is kernel avx2), or "" for the others.
func kernelOf(fn string) string {
	if k, ok := strings.CutPrefix(fn, "equal"); ok && k != "" && k != "Vector" {
		return strings.ToLower(k)
	}
	return ""
}

// test runs mutant m (or, with m's file unmutated, nothing) through every
// check, cheapest first.
func (w *worker) test(m *mutant) result {
	start := time.Now()
	res := result{ID: m.id(), Key: normalizeKey(m.key()), File: m.file.name, Op: m.op}
	res.Status, res.By, res.Detail = w.check(m)
	res.Time = time.Since(start)
	return res
}

func (w *worker) check(m *mutant) (status, by, detail string) {
	r := w.r
	src := filepath.Join(w.dir, m.file.name)
	vs := variantsOf(m)
	// where names the variant in a detail, where the architecture has more
	// than one.
	where := func(v variant) string {
		if len(variantsFor(v.arch)) > 1 {
			return v.name + ": "
		}
		return ""
	}
	// Assembled in every variant that assembles the mutated lines: invalid
	// if one rejects it, same-code if each gives the original's object.
	same := true
	for _, v := range vs {
		// The original's object first: assemble writes the file it
		// assembles at src, which must be the mutant's from here on.
		base, err := w.baseObject(m.file, v)
		if err != nil {
			return "", "", err.Error() // the caller reports the setup error
		}
		obj, err := w.assemble(m.file, v, m.source())
		if err != nil {
			return stInvalid, "asm", where(v) + firstLine(err.Error())
		}
		same = same && bytes.Equal(obj, base)
	}
	if same {
		return stSame, "asm", ""
	}
	// The static check on the mutated file, which assemble left at src.
	var leaks []string
	fds, err := kernelcheck.CheckFile(src)
	if err != nil {
		leaks = append(leaks, err.Error())
	}
	ctBase := r.ctcheckBaseline(m.file)
	for _, f := range fds {
		if !ctBase[f.Func+"\x00"+f.Text+"\x00"+f.Reason] {
			leaks = append(leaks, fmt.Sprintf("line %d: %s: %s", f.Line, f.Text, f.Reason))
		}
	}
	// The overlay the go command reads: the real file replaced by ours.
	ov := filepath.Join(w.dir, "overlay-"+m.file.arch+".json")
	if err := r.writeOverlay(ov, m.file.name, src); err != nil {
		return "", "", err.Error()
	}
	for _, v := range vs {
		bin := filepath.Join(w.dir, "kernels-"+v.name+".test")
		if out, err := r.build(v, ov, bin); err != nil {
			if r.ctx.Err() != nil {
				return "", "", "interrupted"
			}
			return stInvalid, "build", where(v) + firstLine(out)
		}
		for _, s := range v.stages {
			b, pattern, skip, err := r.plan(v, s, kernelOf(m.at.fn))
			switch {
			case err != nil:
				return "", "", err.Error()
			case skip:
				return stSkipped, s.name, "kernel " + kernelOf(m.at.fn) + " not supported here"
			}
			out, err := r.runTests(s, bin, pattern, r.timeoutFor(b), false)
			switch {
			case r.ctx.Err() != nil:
				return "", "", "interrupted"
			case errors.Is(err, context.DeadlineExceeded):
				return stTimeout, s.name, ""
			case err != nil:
				return stKilled, s.name, failureLine(out)
			}
		}
	}
	if len(leaks) > 0 {
		return stCtcheck, "ctcheck", leaks[0]
	}
	for _, v := range vs {
		if out, err := r.vet(v, ov); err != nil {
			return stVet, "vet", where(v) + firstLine(out)
		}
	}
	return stSurvived, "", ""
}

// plan returns the tests a mutant of kernel's function runs under stage s
// of v: -test.run /^KERNEL$ where the tests name the kernel, every test
// otherwise (kernel "" is a function that is no kernel: the trampoline),
// and the unmutated run of the same tests, whose time sets the timeout.
// skip is true where the kernel cannot run on this machine.
func (r *runner) plan(v variant, s stage, kernel string) (b *baseline, pattern string, skip bool, err error) {
	if kernel != "" {
		pattern = s.run + "/^" + regexp.QuoteMeta(kernel) + "$"
		b = r.baseline(v, s, pattern)
		switch {
		case b.err != nil:
			return nil, "", false, b.err
		case b.subtests[kernel]:
			return b, pattern, false, nil
		case b.subtests["*"+kernel]:
			return b, pattern, true, nil
		}
		// Not a kernel the tests name: run them all.
	}
	b = r.baseline(v, s, s.run)
	return b, s.run, false, b.err
}

// assemble writes src as the worker's copy of f and assembles it alone,
// which is much faster than a build and tells invalid mutants apart. It
// returns the object file.
func (w *worker) assemble(f *asmFile, v variant, src string) ([]byte, error) {
	path := filepath.Join(w.dir, f.name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	obj := filepath.Join(w.dir, v.name+".o")
	args := []string{"-p", w.r.pkgPath, "-trimpath", w.dir, "-I", filepath.Join(w.r.goroot, "pkg", "include")}
	for _, d := range v.macros() {
		args = append(args, "-D", d)
	}
	cmd := exec.Command(filepath.Join(w.r.toolDir, "asm"), append(args, "-o", obj, path)...)
	cmd.Env = append(os.Environ(), append([]string{"GOARCH=" + f.arch, "GOOS=linux"}, v.env...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimSpace(string(out)))
	}
	return os.ReadFile(obj)
}

func (w *worker) baseObject(f *asmFile, v variant) ([]byte, error) {
	if o, ok := w.objs[v.name]; ok {
		return o, nil
	}
	o, err := w.assemble(f, v, strings.Join(f.lines, "\n"))
	if err != nil {
		return nil, fmt.Errorf("the unmutated %s does not assemble (%s): %v", f.name, v.name, err)
	}
	w.objs[v.name] = o
	return o, nil
}

// writeOverlay writes the overlay file of a build: the package's files
// as the run began, with file name replaced by replacement.
func (r *runner) writeOverlay(path, name, replacement string) error {
	repl := map[string]string{}
	for real, cp := range r.snap {
		repl[real] = cp
	}
	repl[filepath.Join(r.pkgDir, name)] = replacement
	b, err := json.Marshal(map[string]map[string]string{"Replace": repl})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// snapshot copies the package's files (the sources and tests as they are
// now, src) into the work directory.
func (r *runner) snapshot(src map[string][]byte) error {
	dir := filepath.Join(r.work, "snap")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	r.snap = map[string]string{}
	for name, b := range src {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		r.snap[filepath.Join(r.pkgDir, name)] = p
	}
	return nil
}

// readPackage reads the files of the kernels' package directory.
func readPackage(dir string) (map[string][]byte, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	src := map[string][]byte{}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		src[e.Name()] = b
	}
	return src, nil
}

// build compiles the kernels' test binary with the overlay. vet is off
// here: go vet's asmdecl check runs on survivors only.
func (r *runner) build(v variant, overlay, bin string) (string, error) {
	ctx, cancel := context.WithTimeout(r.ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-overlay", overlay, "-o", bin, r.pkgPath)
	cmd.Dir = r.root
	cmd.Env = r.goEnv(&v)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// vet runs go vet's assembly check (frame offsets, argument sizes) with
// the overlay, as CI's go vet would on the mutated file.
func (r *runner) vet(v variant, overlay string) (string, error) {
	cmd := exec.Command("go", "vet", "-asmdecl", "-overlay", overlay, r.pkgPath)
	cmd.Dir = r.root
	cmd.Env = r.goEnv(&v)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// runTests runs the test binary under stage s. A nil error is a pass; a
// context.DeadlineExceeded error a timeout.
func (r *runner) runTests(s stage, bin, pattern string, timeout time.Duration, verbose bool) (string, error) {
	ctx, cancel := context.WithTimeout(r.ctx, timeout)
	defer cancel()
	args := []string{bin, "-test.count=1", "-test.short", "-test.failfast",
		fmt.Sprintf("-test.timeout=%s", timeout+30*time.Second)}
	if pattern != "" {
		args = append(args, "-test.run="+pattern)
	}
	args = append(args, s.args...)
	if verbose {
		args = append(args, "-test.v")
	}
	args = append(slicesClone(s.wrap), args...)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = r.pkgDir
	cmd.Env = testEnv(s)
	killGroup(cmd) // an infinite loop's children (GODEBUG re-runs) go too
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout = &limitedBuffer{b: &out, max: 1 << 20}
	cmd.Stderr = cmd.Stdout
	err := cmd.Run()
	if r.ctx.Err() != nil {
		return out.String(), r.ctx.Err()
	}
	if ctx.Err() != nil {
		return out.String(), context.DeadlineExceeded
	}
	return out.String(), err
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// limitedBuffer keeps the first max bytes of a test's output: enough for
// the first failure, and bounded for a mutant that prints without end.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		if len(p) > room {
			l.b.Write(p[:room])
		} else {
			l.b.Write(p)
		}
	}
	return len(p), nil
}

var (
	runRE         = regexp.MustCompile(`(?m)^=== RUN\s+[^/\s]+/([^/\s]+)`)
	unsupportedRE = regexp.MustCompile(`kernel (\S+): not supported`)
)

// baseline runs the unmutated file's tests of pattern ("" for all) under
// stage s of v once: they must pass. The subtests that ran name the
// kernels this machine tests; those the tests skip as unsupported are
// recorded as "*name".
func (r *runner) baseline(v variant, s stage, pattern string) *baseline {
	r.mu.Lock()
	k := v.name + "\x00" + s.name + "\x00" + pattern
	b := r.baselines[k]
	if b == nil {
		b = &baseline{}
		r.baselines[k] = b
	}
	r.mu.Unlock()
	b.once.Do(func() {
		bin, err := r.baselineBinary(v)
		if err != nil {
			b.err = err
			return
		}
		start := time.Now()
		out, err := r.runTests(s, bin, pattern, 30*time.Minute, true)
		b.took = time.Since(start)
		if err != nil {
			b.err = fmt.Errorf("%s, %s: the unmutated kernels fail their tests (%v): %s", v.name, s.name, err, failureLine(out))
			return
		}
		b.subtests = map[string]bool{}
		for _, m := range runRE.FindAllStringSubmatch(out, -1) {
			b.subtests[m[1]] = true
		}
		for _, m := range unsupportedRE.FindAllStringSubmatch(out, -1) {
			b.subtests["*"+m[1]] = true
		}
		if r.verbose {
			fmt.Fprintf(os.Stderr, "baseline %s, %s, -test.run %q: pass in %v\n", v.name, s.name, pattern, b.took.Round(time.Millisecond))
		}
	})
	return b
}

// baselineBinary builds the test binary of the unmutated snapshot, through
// an overlay too: the file may change on disk while the run goes on.
func (r *runner) baselineBinary(v variant) (string, error) {
	r.mu.Lock()
	o := r.bins[v.name]
	if o == nil {
		o = &onceErr{}
		r.bins[v.name] = o
	}
	r.mu.Unlock()
	dir := filepath.Join(r.work, "base-"+v.arch)
	bin := filepath.Join(dir, "kernels-"+v.name+".test")
	o.once.Do(func() {
		if out, err := r.build(v, filepath.Join(dir, "overlay.json"), bin); err != nil {
			o.err = fmt.Errorf("building the unmutated %s test binary: %v\n%s", v.name, err, out)
		}
	})
	return bin, o.err
}

// timeoutFor: a mutant's run may take a few times the baseline's (which ran
// every kernel) before it counts as an infinite loop.
func (r *runner) timeoutFor(b *baseline) time.Duration {
	if r.timeout > 0 {
		return r.timeout
	}
	return max(30*time.Second, 3*b.took)
}

// ctcheckBaseline returns the unmutated file's findings (none, for the
// shipped kernels): a mutant is caught only by findings the original has not.
func (r *runner) ctcheckBaseline(f *asmFile) map[string]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.ctBase[f.name]; ok {
		return s
	}
	s := map[string]bool{}
	fds, _ := kernelcheck.CheckFile(filepath.Join(r.work, "base-"+f.arch, f.name))
	for _, fd := range fds {
		s[fd.Func+"\x00"+fd.Text+"\x00"+fd.Reason] = true
	}
	r.ctBase[f.name] = s
	return s
}

// prepareBaseline writes the unmutated snapshot of f and its overlay, and
// checks that go vet passes on it, or the vet check would kill every
// mutant.
func (r *runner) prepareBaseline(f *asmFile) error {
	dir := filepath.Join(r.work, "base-"+f.arch)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	src := filepath.Join(dir, f.name)
	if err := os.WriteFile(src, []byte(strings.Join(f.lines, "\n")), 0o644); err != nil {
		return err
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := r.writeOverlay(ov, f.name, src); err != nil {
		return err
	}
	for _, v := range variantsFor(f.arch) {
		if out, err := r.vet(v, ov); err != nil {
			return fmt.Errorf("go vet fails on the unmutated %s (%s): %v\n%s", f.name, v.name, err, out)
		}
	}
	return nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return s
}

var failRE = regexp.MustCompile(`(?m)^\s*(\S+_test\.go:\d+: .*|panic: .*|fatal error: .*|SIG[A-Z]+: .*|unexpected fault .*|qemu: .*)$`)

// failureLine picks the line that says why a test run failed.
func failureLine(out string) string {
	if m := failRE.FindStringSubmatch(out); m != nil {
		return strings.TrimSpace(m[1])
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
