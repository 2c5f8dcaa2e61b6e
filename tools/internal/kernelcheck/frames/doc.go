// Package frames verifies the frame rules of the listing front end on the
// architectures ported onto the one engine (riscv64, ppc64le, s390x,
// loong64, arm) against the disassembly: TestArchFrameRules. It reads
// only those architectures' builds.
package frames
