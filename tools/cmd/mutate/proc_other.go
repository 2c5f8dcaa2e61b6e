//go:build !unix

package main

import "os/exec"

// killGroup: elsewhere a timeout kills the test process only.
func killGroup(cmd *exec.Cmd) {}
