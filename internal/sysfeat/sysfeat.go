// Package sysfeat reports what package ctequal needs to know of the CPU
// that golang.org/x/sys/cpu does not tell: FEAT_DIT and FEAT_SB on macOS,
// which says so through sysctl where x/sys/cpu cannot read arm64's ID
// registers, and V on riscv64 where the build requires it
// (GORISCV64=rva23u64).
//
// Each fact depends on a build tag (darwin, riscv64.rva23u64), so each is
// two files here, one for either side of the tag, as internal/race is:
// that way package ctequal has one selection file per architecture.
package sysfeat
