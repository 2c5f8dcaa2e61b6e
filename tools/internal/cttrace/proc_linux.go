package cttrace

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes cmd's process receive SIGKILL when this one ends: a
// test that times out panics without cancelling its context, and a qemu
// tracing a long run would go on, a core busy, after it.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
