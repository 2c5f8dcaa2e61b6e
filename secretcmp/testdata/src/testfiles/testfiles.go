// Package testfiles is checked with -testfiles: _test.go files are
// reported and followed too.
package testfiles
