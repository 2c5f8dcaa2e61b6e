//go:build !unix

package main

// stdoutClosedAtStart cannot tell here: see stdout_unix.go.
func stdoutClosedAtStart() bool { return false }
