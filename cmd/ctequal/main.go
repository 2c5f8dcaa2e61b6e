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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: ctequal [command] [flags]

Commands:
  info    the CPU, the kernel selected for it and why, the kernels built in
  bench   time every kernel, crypto/subtle and bytes.Equal, side by side
  check   test every kernel for timing leaks (dudect), with bytes.Equal as control

With no command, ctequal runs info and then a short bench.
Run 'ctequal COMMAND -h' for the flags of a command.
`

// run is the whole command, with its output streams, for the tests. It
// returns the exit status: 0 on success, 2 on a usage error, 1 on failure.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if code := runInfo(nil, stdout, stderr); code != 0 {
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
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stderr, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "ctequal: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

// newFlagSet returns a flag set for a command that reports errors instead
// of exiting, with a usage message that names the command.
func newFlagSet(name, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ctequal %s [flags]\n\n%s\n", name, summary)
		if hasFlags(fs) {
			fmt.Fprintln(stderr, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parseFlags parses args and turns the outcome into an exit status: -1 to
// go on, 0 after -h, 2 after a usage error (the message is already out).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) int {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "ctequal %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2
	}
	return -1
}
