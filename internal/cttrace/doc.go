// Package cttrace checks, under qemu-user, that the sequence of instruction
// addresses one call of ctequal.Compare executes, and the sequence of data
// addresses it loads and stores, depend on the length of its inputs only:
// at each length they must be the same for equal inputs, inputs whose
// first byte differs, inputs whose last byte differs, and random inputs.
// It is the method of the Rust crate constant_time_eq's count_instructions
// test, on whole traces instead of counts, with the memory accesses added.
//
// The driver (internal/cttrace/driver) makes the calls between two marker
// functions, traceBegin and traceEnd. Run runs it under qemu with one
// instruction per translation block (-singlestep; -one-insn-per-tb from
// qemu 8.1) and -d exec,nochain, which logs the address of every block, so
// every instruction, each thread executes, through a pipe. With
// Config.Mem (every configuration of the tests), memplugin, a TCG plugin of
// ours in C (internal/cttrace/memplugin, built with cc), logs into the
// same stream the guest address, size and direction of every load and
// store between the markers; plugins need the dynamically linked
// qemu-user (Debian's qemu-user-static is built without them, and qemu's
// -d options and trace events of 7.2 print no data addresses). Segments
// keeps the main thread's entries between the markers, one trace per call;
// CutPreemptions removes the runtime's requests to yield, whose place
// depends on the host's timing; Compare compares the traces of a length.
//
// The tests build the driver for each kernel qemu can run (AVX2 on
// -cpu Haswell, SSE2 on Nehalem, NEON on cortex-a53 and, with DIT, on max,
// the portable kernel under purego on both architectures, RVV at VLEN 128
// and the portable kernel on riscv64, VSX on power8 and power10, the s390x
// vector facility on max), require that the kernel meant is the one that
// ran, and plant leaks that the same check must report: bytes.Equal,
// branches on the result, the red team's plants of issue 20 in the AVX2
// kernel (testdata/plants: two branches that leave the loop, through JCXZQ
// and SBBQ, and a BTQ table lookup at an address taken from the
// accumulator), and a load at an address taken from the answer after the
// RVV, VSX and VX kernels; the memory trace alone sees the table lookups.
// They run only with CTEQUAL_TRACE=1, as CI does: about a minute and a
// half on two cores.
//
// What it shows: under the emulated CPU, the compiled code as it runs (Go's
// short path, the trampoline and the kernel, with whatever the compiler and
// the linker made of them) executes the same instructions and touches the
// same addresses whatever the contents, for the inputs it tries. What it
// cannot: cover inputs it does not try (a branch or an address on a bit
// that none of the four classes sets escapes it; ctcheck covers every
// input, statically), see timing inside an instruction (a multiply or a
// division whose latency depends on its operands; DIT is what Arm promises
// there), see the microarchitecture's own data-dependent behaviour
// (prefetchers, store forwarding, cache banks within a line), or run the
// AVX-512 kernel, which qemu's TCG cannot execute.
package cttrace
