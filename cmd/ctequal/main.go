// Command ctequal shows what the ctequal library does on this machine: the
// CPU and the kernel chosen for it (info), and how fast every kernel is
// beside crypto/subtle and bytes.Equal (bench), and whether any kernel's time
// depends on the data (check).
//
// Usage:
//
//	ctequal [info | bench [flags] | check [flags]]
//
// With no command it runs info, then a short bench.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

func main() {
	var stdout io.Writer = os.Stdout
	if stdoutClosedAtStart() {
		stdout = failingWriter{errStdoutClosed}
	}
	os.Exit(run(os.Args[1:], stdout, os.Stderr))
}

// errStdoutClosed is what a write to a standard output that was closed
// when the command started fails with.
var errStdoutClosed = errors.New("standard output was closed when ctequal started (the Go runtime " +
	"put /dev/null, read-write, in its place, so nothing written would be seen); to discard the output, " +
	"send it to /dev/null")

// shortUsage is the one line of usage under a usage error.
const shortUsage = "ctequal [info | bench | check] [flags]"

const usage = `usage: ` + shortUsage + `

Commands:
  info    the CPU, the kernel selected for it and why, the kernels built in
  bench   time every kernel, crypto/subtle and bytes.Equal, side by side
  check   test every kernel for timing leaks (dudect), with bytes.Equal as control

With no command, ctequal runs info and then a short bench.
Run 'ctequal COMMAND -h' for the flags of a command, 'ctequal -version' for
the version.
`

// run is the whole command, with its output streams, for the tests. It
// returns the exit status: 0 on success, 2 on a usage error, 1 on failure,
// a failed write to stdout among them (a full disk, a closed stdout): the
// output is the command's whole point.
func run(args []string, stdout, stderr io.Writer) int {
	out := &errWriter{w: stdout}
	code := runCommand(args, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "ctequal: cannot write the output: %v\n", out.err)
		return max(code, 1)
	}
	return code
}

func runCommand(args []string, stdout *errWriter, stderr io.Writer) int {
	if len(args) > 0 && args[0] != "info" && args[0] != "bench" && args[0] != "check" {
		return runOther(args, stdout, stderr)
	}
	// A zero-length write: a standard output closed at the start fails
	// here, before any measuring (a full one only when written to).
	if _, err := stdout.Write(nil); err != nil {
		return 1
	}
	if len(args) == 0 {
		if code := runInfo(nil, stdout, stderr); code != 0 || stdout.err != nil {
			return code
		}
		fmt.Fprintln(stdout)
		return runBench([]string{"-time", "1s", "-rounds", "3"}, stdout, stderr)
	}
	switch args[0] {
	case "info":
		return runInfo(args[1:], stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	default:
		return runCheck(args[1:], stdout, stderr)
	}
}

// runOther answers help and -version on stdout, and unknown commands on
// stderr.
func runOther(args []string, stdout, stderr io.Writer) int {
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	case "-version", "--version":
		fmt.Fprintln(stdout, "ctequal "+version())
		return 0
	default:
		fmt.Fprintf(stderr, "ctequal: unknown command %q\nusage: %s\nRun 'ctequal -h' for the rest.\n", args[0], shortUsage)
		return 2
	}
}

// errWriter passes writes on until one fails, and then fails every other
// with that error, which it keeps for run to report.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		e.err = err
	}
	return n, err
}

// writeFailed reports whether a write to w, the stdout that run hands a
// command, has failed.
func writeFailed(w io.Writer) bool {
	e, ok := w.(*errWriter)
	return ok && e.err != nil
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (f failingWriter) Write([]byte) (int, error) { return 0, f.err }

// newFlagSet returns a flag set for a command that reports errors instead
// of exiting. Its Usage is the full help, which -h prints to stdout (as
// asked for, not an error: ctequal bench -h | less); a usage error prints
// the short form to stderr instead (see usageError).
func newFlagSet(name, summary string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "usage: %s\n\n%s\n", synopsis(fs), summary)
		if hasFlags(fs) {
			fmt.Fprintln(stdout, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// synopsis is the one-line usage of a command: "ctequal bench [-json]
// [-rounds int] ...".
func synopsis(fs *flag.FlagSet) string {
	s := "ctequal " + fs.Name()
	fs.VisitAll(func(f *flag.Flag) {
		arg, _ := flag.UnquoteUsage(f)
		if arg == "" {
			s += " [-" + f.Name + "]"
		} else {
			s += " [-" + f.Name + " " + arg + "]"
		}
	})
	return s
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// usageError prints what was wrong, the command's one-line usage and where
// the rest is, and returns the exit status of a usage error. The full help
// is a screenful (check's says how to read a noisy run): under it, the one
// line that matters scrolls away.
func usageError(fs *flag.FlagSet, stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "ctequal %s: %v\nusage: %s\nRun 'ctequal %s -h' for the rest.\n", fs.Name(), err, synopsis(fs), fs.Name())
	return 2
}

// parseFlags parses args and turns the outcome into an exit status: -1 to
// go on, 0 after -h (the full help printed), 2 after a usage error (the
// reason and the short usage printed).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) int {
	// The flag package prints its error and calls Usage for -h and for an
	// error alike; silence both and tell them apart here.
	help, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = help
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		help()
		return 0
	case err != nil:
		return usageError(fs, stderr, err)
	case fs.NArg() > 0:
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	return -1
}

// version is the module's version as the build recorded it (a tag, where
// go install or go get -tool fetched one; (devel) with the VCS revision
// in a clone) and the Go that built it.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := cmp.Or(bi.Main.Version, "(devel)")
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (revision " + rev + modified + ")"
	}
	return v + " " + bi.GoVersion
}
