// Package goleaks tests that the checks flag leaks planted in the Go
// source of the path (TestGoLeaks, in every build with
// CTEQUAL_GADGETS=all) and cttrace's plants in the amd64 kernels, each
// file checked on its own (TestLeakyKernels).
package goleaks
