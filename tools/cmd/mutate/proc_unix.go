//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// killGroup makes cmd the leader of a process group and has a timeout
// kill the whole group: the kernel tests start child processes of their
// own (TestSelectionGODEBUG), which must not outlive a hung mutant.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
