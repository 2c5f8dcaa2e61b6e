//go:build !arm64 || !gc || purego

package main

// assumeDITForTesting reports false: only the NEON kernel uses DIT.
func assumeDITForTesting() bool { return false }
