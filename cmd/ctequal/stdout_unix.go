//go:build unix

package main

import "golang.org/x/sys/unix"

// stdoutClosedAtStart reports whether standard output was closed when the
// command started. Nothing says so directly: the Go runtime opens
// /dev/null, read-write, in place of a closed descriptor 0, 1 or 2 (so that
// a file opened later cannot take its number), and writes to it succeed
// and are lost. A shell's >/dev/null and os/exec's discarded output open
// it write-only; so a read-write /dev/null on descriptor 1 is taken for a
// stdout that was closed, here or in a Go parent such as go run.
func stdoutClosedAtStart() bool {
	var out, null unix.Stat_t
	if unix.Fstat(1, &out) != nil || unix.Stat("/dev/null", &null) != nil {
		return false
	}
	if out.Mode&unix.S_IFMT != unix.S_IFCHR || out.Rdev != null.Rdev {
		return false
	}
	flags, err := unix.FcntlInt(1, unix.F_GETFL, 0)
	return err == nil && flags&unix.O_ACCMODE == unix.O_RDWR
}
