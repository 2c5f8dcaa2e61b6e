package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/ctequal/ctequal/cmd/ctequal/internal/dudect"
)

// TestMain runs the command itself, main and all, where
// TestWriteErrorsEndToEnd starts this binary with CTEQUAL_RUN_MAIN=1.
func TestMain(m *testing.M) {
	if os.Getenv("CTEQUAL_RUN_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// fullWriter takes room bytes, then fails every write as a full disk does.
type fullWriter struct {
	room  int
	wrote bytes.Buffer
}

func (f *fullWriter) Write(p []byte) (int, error) {
	n := min(len(p), f.room)
	f.room -= n
	f.wrote.Write(p[:n])
	if n < len(p) {
		return n, syscall.ENOSPC
	}
	return n, nil
}

// TestWriteErrors: every text output (info, the bench table and its JSON,
// check, and the plain command's info and bench) exits 1 with a message
// on stderr when stdout fails, at the first write or in the middle; the
// plain command does not go on to measure after info failed.
func TestWriteErrors(t *testing.T) {
	fakeTiming(t, func(int, dudect.ClassPair, bool) bool { return false }, false)
	quickBench := []string{"bench", "-sizes", "16", "-time", "20ms", "-rounds", "1"}
	for _, c := range []struct {
		args []string
		room int
	}{
		{[]string{"info"}, 0},
		{[]string{"info"}, 100},
		{[]string{"info", "-kernels"}, 0},
		{quickBench, 0},
		{quickBench, 100},
		{append(quickBench, "-json"), 50},
		{[]string{"check", "-sizes", "16", "-samples", "20000"}, 0},
		{[]string{"check", "-sizes", "16", "-samples", "20000"}, 300},
		{nil, 0},
		{nil, 200},
	} {
		var errOut bytes.Buffer
		w := &fullWriter{room: c.room}
		code := run(c.args, w, &errOut)
		name := strings.Join(append([]string{"ctequal"}, c.args...), " ")
		if code != 1 || !strings.Contains(errOut.String(), "cannot write the output: "+syscall.ENOSPC.Error()) {
			t.Errorf("%s, stdout full after %d bytes: exit %d, want 1 and a message; stderr:\n%s", name, c.room, code, errOut.String())
		}
		if c.args == nil && strings.Contains(errOut.String(), "bench: round") {
			t.Errorf("%s: measured after info's output failed:\n%s", name, errOut.String())
		}
	}
	// A stdout closed at the start fails before anything is measured.
	measured := false
	fakeTiming(t, func(int, dudect.ClassPair, bool) bool { measured = true; return false }, false)
	var errOut bytes.Buffer
	if code := run([]string{"check", "-sizes", "16", "-samples", "20000"}, failingWriter{errStdoutClosed}, &errOut); code != 1 || measured ||
		!strings.Contains(errOut.String(), "standard output was closed") {
		t.Errorf("check with stdout closed: exit %d, measured %v; stderr:\n%s", code, measured, errOut.String())
	}
	// The control: with room for everything, every one exits 0.
	for _, args := range [][]string{{"info"}, quickBench, {"check", "-sizes", "16", "-samples", "20000"}} {
		var errOut bytes.Buffer
		if code := run(args, &fullWriter{room: 1 << 20}, &errOut); code != 0 {
			t.Errorf("ctequal %s with room to write: exit %d\n%s", strings.Join(args, " "), code, errOut.String())
		}
	}
}

// TestWriteErrorsEndToEnd runs the command (this test binary, as main) with
// its stdout on /dev/full, closed, and on /dev/null, the control, which
// must succeed: a closed stdout is not an error the program can see (the
// Go runtime puts /dev/null in its place), so stdoutClosedAtStart must
// tell the two /dev/nulls apart.
func TestWriteErrorsEndToEnd(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/full and sh")
	}
	if err := exec.Command(os.Args[0], "-test.list=^$").Run(); errors.Is(err, syscall.ENOEXEC) {
		// qemu-user without binfmt_misc cannot start a child of the
		// emulated binary.
		t.Skipf("cannot start this test binary as a child here: %v", err)
	}
	for _, c := range []struct {
		redirect string
		fails    bool
		message  string
	}{
		{">/dev/full", true, "no space left on device"},
		{">&-", true, "standard output was closed"},
		{">/dev/null", false, ""},
	} {
		cmd := exec.Command("sh", "-c", `exec "$0" info `+c.redirect, os.Args[0])
		cmd.Env = append(os.Environ(), "CTEQUAL_RUN_MAIN=1")
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) && errOut.Len() == 0 {
			t.Fatalf("info %s: %v and nothing on stderr", c.redirect, err)
		}
		if c.fails && (!errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(errOut.String(), c.message)) {
			t.Errorf("info %s: %v, want exit status 1 and %q on stderr:\n%s", c.redirect, err, c.message, errOut.String())
		}
		if !c.fails && err != nil {
			t.Errorf("info %s: %v\n%s", c.redirect, err, errOut.String())
		}
	}
}
