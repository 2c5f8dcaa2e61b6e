package cttrace

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/cttrace/plan"
)

// DriverPackage is the import path of the driver.
const DriverPackage = "github.com/ctequal/ctequal/tools/internal/cttrace/driver"

// A Config is one build of the driver and one run of it under qemu-user.
type Config struct {
	Name    string   // for messages and the binary's name
	GOARCH  string   // one with qemu runs in internal/archfacts
	Tags    string   // build tags, such as purego
	Env     []string // more of the build's environment, such as GORISCV64=rva23u64 or GOPPC64=power10
	Overlay string   // a go build -overlay file, or ""
	CPU     string   // the qemu -cpu model
	Lengths []int    // the lengths to call; nil for plan.DefaultLengths()
	// Words are the lengths, of Lengths, at which the word classes run
	// too (see Plan); nil with Lengths nil for DefaultWords, and nil with
	// Lengths set for none.
	Words []int
	Args  []string // the driver's other flags
	// GODEBUG is more of the run's GODEBUG, such as cpu.vx=off.
	GODEBUG string
	// Kernel and DIT are what the driver must report: the kernel that
	// Compare selected, and whether the NEON kernel sets PSTATE.DIT.
	// Without them the check would prove nothing about the kernel meant.
	Kernel string
	DIT    bool
	// Mem traces the data addresses too: every load and store between the
	// markers, logged with every instruction by memplugin (a TCG plugin of
	// ours, built with cc) under the dynamically linked qemu-user, since
	// the static one cannot load plugins. Traces then differ where an
	// address depends on the data, as a table lookup's does, not only
	// where a branch does. Without Mem the instructions come from qemu's
	// exec log (see Run).
	Mem bool
}

// pluginSource is memplugin's C source, in this package's source tree.
func pluginSource() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "memplugin", "memplugin.c")
}

// BuildPlugin compiles memplugin into dir, once, with the C compiler cc,
// and returns the shared object's path.
func BuildPlugin(ctx context.Context, dir string) (string, error) {
	so := filepath.Join(dir, "memplugin.so")
	if _, err := os.Stat(so); err == nil {
		return so, nil
	}
	cmd := exec.CommandContext(ctx, "cc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-fvisibility=hidden", "-o", so, pluginSource())
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("cc %s: %v\n%s", pluginSource(), err, out)
	}
	return so, nil
}

// ForRun is the configuration of a run of the architecture table: its
// build, its CPU, and the kernel it must select, named GOARCH-RUN.
func ForRun(a *archfacts.Arch, r archfacts.Run) Config {
	c := Config{Name: a.GOARCH + "-" + r.Name, GOARCH: a.GOARCH, Tags: r.Tags(), Env: a.LevelEnv(r.Level), CPU: r.CPU,
		Kernel: r.Kernel(), DIT: r.AssumeDIT, Mem: true}
	if r.AssumeDIT {
		c.Args = []string{"-assume-dit"}
	}
	c.GODEBUG = r.GODEBUG
	return c
}

// Configs are the configurations whose traces must be identical across
// classes: every run the table marks Trace, each kernel that qemu can
// run as Compare selects it, tracing the data addresses too (Mem). Where
// the compiler does not merge byte loads (riscv64), the portable kernel
// costs several instructions a byte: its word classes run at
// SampleWords' lengths only, every lane of its accumulators and every
// path still, and the same Go code runs the full plan elsewhere.
func Configs() []Config {
	var out []Config
	for _, a := range archfacts.All() {
		for _, r := range a.Runs {
			if !r.Trace {
				continue
			}
			c := ForRun(a, r)
			if a.ByteLoads && r.Kernel() == "generic" {
				c.Words = plan.SampleWords()
			}
			out = append(out, c)
		}
	}
	return out
}

// Build builds the driver for c into dir and returns the binary's path.
func Build(ctx context.Context, c Config, dir string) (string, error) {
	bin := filepath.Join(dir, "driver-"+c.Name)
	args := []string{"build", "-o", bin}
	if c.Tags != "" {
		args = append(args, "-tags", c.Tags)
	}
	if c.Overlay != "" {
		args = append(args, "-overlay", c.Overlay)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, DriverPackage)...)
	cmd.Env = append(append(os.Environ(), "GOOS=linux", "GOARCH="+c.GOARCH, "CGO_ENABLED=0"), c.Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s: go %s: %v\n%s", c.Name, strings.Join(args, " "), err, out)
	}
	return bin, nil
}

// A Result is what one run of the driver under qemu gave.
type Result struct {
	Header string      // the driver's output line
	Calls  []plan.Call // what the driver called, in order
	// Traces holds one trace per call, without preemption excursions. A
	// trace identical to that of the equal inputs of its length is that
	// trace, shared: a passing run holds one trace per length in memory.
	Traces [][]uint64
	Cuts   int // how many preemption excursions were cut
	// Accesses is how many memory accesses the traces hold (Config.Mem).
	Accesses int
	Stopped  int // how many blocks of the main thread were retracted (exec log only)
	Symbols  *Symbols
}

// Run runs the driver binary bin under qemu as c says and returns a trace
// per call. The log goes through a pipe, never to disk: it runs to
// hundreds of MB. The environment keeps other work off the main thread
// during calls: one P, no garbage collection, and no asynchronous
// preemption, whose signals would run a handler in a call.
//
// With c.Mem the trace comes from memplugin alone, under the dynamically
// linked qemu-user: every instruction between the markers and every
// access it makes, and nothing outside them. Without it, it comes from
// qemu's own exec log under qemu-user-static, with one instruction per
// translation block: every instruction every thread executes, from which
// Segments keeps the main thread's between the markers. That costs two
// orders of magnitude more (the runtime's start, its other threads, the
// driver's preparation of each call, one write to the pipe per line): the
// tests use it for the controls that show what the memory trace adds, and
// to check that both sources give the same instructions
// (TestTracesPluginMatchesExecLog).
func Run(ctx context.Context, c Config, bin string) (*Result, error) {
	syms, err := ReadSymbols(bin)
	if err != nil {
		return nil, err
	}
	begin, ok1 := syms.Addr("main.traceBegin")
	end, ok2 := syms.Addr("main.traceEnd")
	if !ok1 || !ok2 || begin == end {
		return nil, fmt.Errorf("%s: the markers main.traceBegin and main.traceEnd are not distinct symbols in %s", c.Name, bin)
	}
	lengths, words := c.Lengths, c.Words
	if lengths == nil {
		lengths = plan.DefaultLengths()
		if words == nil {
			words = plan.DefaultWords()
		}
	}
	res := &Result{Calls: plan.Plan(lengths, words), Symbols: syms}

	// The log is a pipe: fd 3 of qemu (and of the guest, which ignores it).
	var qemu string
	var args []string
	if c.Mem {
		qemu = archfacts.Must(c.GOARCH).QEMUPlugins()
		so, err := BuildPlugin(ctx, filepath.Dir(bin))
		if err != nil {
			return nil, err
		}
		args = []string{"-plugin", fmt.Sprintf("%s,begin=%#x,end=%#x,fd=3", so, begin, end)}
	} else {
		qemu = archfacts.Must(c.GOARCH).QEMUStatic()
		oneInsn, err := oneInsnFlag(ctx, qemu)
		if err != nil {
			return nil, err
		}
		args = []string{oneInsn, "-d", "exec,nochain", "-D", "/dev/fd/3"}
	}
	logR, logW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer logR.Close()
	args = append(args, "-cpu", c.CPU, bin, "-lengths", plan.FormatLengths(lengths), "-words", plan.FormatLengths(words))
	args = append(args, c.Args...)
	cmd := exec.CommandContext(ctx, qemu, args...)
	godebug := "asyncpreemptoff=1"
	if c.GODEBUG != "" {
		godebug += "," + c.GODEBUG
	}
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=off", "GODEBUG="+godebug)
	cmd.ExtraFiles = []*os.File{logW}
	dieWithParent(cmd)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Start()
	logW.Close()
	if err != nil {
		return nil, err
	}

	// Each trace as it is read: cut its preemptions, and share it with
	// the equal inputs' trace of its length where it is the same.
	var ref []uint64
	take := func(s []uint64) error {
		i := len(res.Traces)
		if i >= len(res.Calls) {
			return fmt.Errorf("more traces in the log than the %d calls", len(res.Calls))
		}
		call := res.Calls[i]
		t, cuts, err := CutPreemptions(s, syms)
		if err != nil {
			return fmt.Errorf("%d bytes, %s: %v", call.N, call.Class.Name(call.N), err)
		}
		if c.Mem && Instructions(t) == len(t) {
			// Every call loads its arguments at least: no access means
			// the plugin logged nothing, and the check would be blind.
			return fmt.Errorf("%d bytes, %s: no memory access in the trace: memplugin logged nothing", call.N, call.Class.Name(call.N))
		}
		switch {
		case call.Class == plan.Equal:
			ref = t
		case slices.Equal(t, ref):
			t = ref
		}
		res.Accesses += accesses(t)
		res.Traces = append(res.Traces, t)
		res.Cuts += cuts
		return nil
	}
	done := make(chan error, 1)
	go func() {
		var err error
		if c.Mem {
			err = pluginSegments(logR, take)
		} else {
			var segs [][]uint64
			segs, res.Stopped, err = Segments(logR, begin, end)
			for _, s := range segs {
				if err == nil {
					err = take(s)
				}
			}
		}
		if err != nil {
			cmd.Process.Kill() // or qemu blocks on the full pipe
		}
		done <- err
	}()
	waitErr := cmd.Wait()
	logErr := <-done
	res.Header = strings.TrimSpace(stdout.String())
	if logErr != nil || waitErr != nil {
		// A log error kills qemu: then the log error is the cause.
		msg := fmt.Sprintf("%s: %s %s", c.Name, qemu, strings.Join(args, " "))
		if logErr != nil {
			return nil, fmt.Errorf("%s: %v (qemu: %v)", msg, logErr, waitErr)
		}
		return nil, fmt.Errorf("%s: %v\n%s%s", msg, waitErr, res.Header, qemuErrors(stderr.String()))
	}
	for _, want := range []string{fmt.Sprintf("kernel=%s ", c.Kernel), fmt.Sprintf("dit=%v ", c.DIT), " ok"} {
		if !strings.Contains(res.Header+" ", want) {
			return nil, fmt.Errorf("%s: the driver printed %q, want %q in it", c.Name, res.Header, strings.TrimSpace(want))
		}
	}
	if len(res.Traces) != len(res.Calls) {
		return nil, fmt.Errorf("%s: %d traces in the log for %d calls", c.Name, len(res.Traces), len(res.Calls))
	}
	return res, nil
}

// accesses counts the memory accesses in a trace.
func accesses(trace []uint64) int {
	n := 0
	for _, e := range trace {
		if IsMem(e) {
			n += int(e>>countShift&(maxCount-1)) + 1
		}
	}
	return n
}

// oneInsnFlag returns qemu's flag for one instruction per translation
// block: -one-insn-per-tb from qemu 8.1 on, -singlestep before.
func oneInsnFlag(ctx context.Context, qemu string) (string, error) {
	out, err := exec.CommandContext(ctx, qemu, "-h").Output()
	if err != nil && len(out) == 0 {
		return "", fmt.Errorf("%s -h: %v", qemu, err)
	}
	if bytes.Contains(out, []byte("-one-insn-per-tb")) {
		return "-one-insn-per-tb", nil
	}
	if bytes.Contains(out, []byte("-singlestep")) {
		return "-singlestep", nil
	}
	return "", fmt.Errorf("%s -h lists neither -one-insn-per-tb nor -singlestep", qemu)
}

// qemuErrors drops qemu's warnings about CPU features TCG lacks.
func qemuErrors(s string) string {
	var keep []string
	for line := range strings.Lines(s) {
		if !strings.Contains(line, "TCG doesn't support requested feature") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "")
}
