// Command archfacts gives the shell what internal/archfacts knows, so that
// .ci/run and a developer take their qemu programs, CPU models and
// architecture lists from the one table:
//
//	archfacts sh                          bash assignments of the lists (eval them)
//	archfacts test GOARCH/RUN [go test flags] [packages]
//	                                      go test under qemu-user as the run says
//	archfacts exec GOARCH/RUN BINARY [ARGS]
//	                                      a test binary of the run's build, under it
//	archfacts env GOARCH/RUN              the run's build environment, one VAR=value a line
//	archfacts runs                        every run, with what it builds and requires
//
// A run's test goes with its build's GOARCH and level and its tags, on its
// CPU, with CTEQUAL_REQUIRE_KERNELS and CTEQUAL_WANT_KERNEL saying every
// kernel it must run and the one Compare must select (and
// CTEQUAL_ASSUME_DIT, GODEBUG where it says). For example:
//
//	go run ./tools/cmd/archfacts test arm64/a53 ./...
//	go run ./tools/cmd/archfacts test ppc64le/power10 -short .
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "sh":
		if len(args) != 0 {
			usage()
		}
		fmt.Print(shell())
	case "runs":
		for _, a := range archfacts.All() {
			for _, r := range a.Runs {
				fmt.Printf("%s/%s\t%s\t%s\n", a.GOARCH, r.Name, strings.Join(append(a.BuildEnv(r), tagsFlag(r)...), " "),
					strings.Join(append(r.TestEnv(), a.QEMUCommand(r)...), " "))
			}
		}
	case "env":
		if len(args) != 1 {
			usage()
		}
		a, r := run(args[0])
		for _, kv := range a.BuildEnv(r) {
			fmt.Println(kv)
		}
	case "test":
		if len(args) < 1 {
			usage()
		}
		a, r := run(args[0])
		goArgs := append(append([]string{"test"}, tagsFlag(r)...), "-exec", strings.Join(a.QEMUCommand(r), " "))
		env := append(a.BuildEnv(r), r.TestEnv()...)
		os.Exit(execute(env, "go", append(goArgs, args[1:]...)))
	case "exec":
		if len(args) < 2 {
			usage()
		}
		a, r := run(args[0])
		qemu := a.QEMUCommand(r)
		os.Exit(execute(r.TestEnv(), qemu[0], append(qemu[1:], args[1:]...)))
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: archfacts sh | runs | env GOARCH/RUN | test GOARCH/RUN [go test args] | exec GOARCH/RUN BINARY [ARGS]")
	os.Exit(2)
}

func run(spec string) (*archfacts.Arch, archfacts.Run) {
	a, r, err := archfacts.FindRun(spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, "archfacts:", err)
		os.Exit(2)
	}
	return a, r
}

func tagsFlag(r archfacts.Run) []string {
	if r.Tags() == "" {
		return nil
	}
	return []string{"-tags", r.Tags()}
}

// execute runs name with args, env added to this process's environment,
// after printing the command line to stderr as a shell would take it; it
// returns the exit status.
func execute(env []string, name string, args []string) int {
	line := append(append(env, name), args...)
	for i, s := range line {
		line[i] = quote(s)
	}
	fmt.Fprintln(os.Stderr, "+", strings.Join(line, " "))
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return max(exit.ExitCode(), 1)
	}
	fmt.Fprintln(os.Stderr, "archfacts:", err)
	return 1
}

// shell is the lists as bash assignments.
func shell() string {
	var b strings.Builder
	list := func(comment, name string, values []string) {
		for i, v := range values {
			values[i] = quote(v)
		}
		fmt.Fprintf(&b, "# %s\n%s=(%s)\n", comment, name, strings.Join(values, " "))
	}
	all, kernels := archfacts.All(), archfacts.WithKernels()
	var targets, ptr32, levels, asmLevels, static, plugins, qemu10 []string
	for _, a := range all {
		targets = append(targets, a.GOOS+"/"+a.GOARCH)
		if a.PtrSize == 4 {
			ptr32 = append(ptr32, a.GOARCH)
		}
		for _, l := range a.Checked {
			levels = append(levels, a.GOARCH+" "+a.LevelVar+"="+l.Value)
			if a.AsmLevels {
				asmLevels = append(asmLevels, a.GOARCH+" "+a.LevelVar+"="+l.Value)
			}
		}
		if a.QEMU != "" {
			static = append(static, a.QEMUStatic())
			plugins = append(plugins, a.QEMUPlugins())
		}
		for _, r := range a.Runs {
			if r.QEMU10 {
				qemu10 = append(qemu10, "qemu-"+a.QEMU)
				break
			}
		}
	}
	fmt.Fprintf(&b, "# From internal/archfacts (go run ./tools/cmd/archfacts sh).\n")
	list("Every GOARCH the tools know.", "goarches", archfacts.Names(all))
	list("Those with assembly kernels: equal_GOARCH.s and equal_GOARCH.go.", "kernel_goarches", archfacts.Names(kernels))
	list("Those with 32-bit pointers.", "ptr32_goarches", ptr32)
	list("GOOS/GOARCH of each.", "targets", targets)
	list("The instruction-set levels the tools build at besides the defaults: \"GOARCH VAR=value\".", "levels", levels)
	list("Those of them at which the kernels' assembly differs (#ifdef).", "asm_levels", asmLevels)
	list("qemu-user-static's programs.", "qemu_static", static)
	list("qemu-user's, which load TCG plugins.", "qemu_plugins", plugins)
	list("qemu 10's (bookworm-backports' qemu-user), for the runs qemu 7.2 cannot make, in the folder $"+
		archfacts.QEMU10Var+" names.", "qemu10", qemu10)
	return b.String()
}

// quote quotes s for the shell where it needs it.
func quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
