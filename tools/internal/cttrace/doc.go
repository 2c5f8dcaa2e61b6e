// Package cttrace checks, under qemu-user, that the sequence of instruction
// addresses one call of ctequal.Compare executes, and the sequence of data
// addresses it loads and stores, depend on the length of its inputs only:
// at each length they must be the same for every class of inputs (Plan):
// equal inputs, inputs whose first byte differs, whose last byte differs,
// random inputs, and inputs that differ in one byte of one 8-byte word,
// for each word of the first and of the last 256 bytes. It is the method
// of the Rust crate constant_time_eq's count_instructions test, on whole
// traces instead of counts, with the memory accesses added.
//
// What runs where (DefaultLengths, DefaultWords, SampleWords):
//
//   - lengths: every length from 0 to 1100, and 2^k-1, 2^k and 2^k+1 for
//     2 KiB to 128 KiB (k = 11 to 17): every bit of the length from 0 to
//     17 is set at some length and clear at another, and every length
//     above 64 KiB takes Compare's chunked path;
//   - the four basic classes at every length;
//   - the 64 word classes (HeadWord+k, TailWord+k) at every length too, on
//     every configuration but the portable kernel on riscv64, where they
//     run at every length to 300, 512 to 575, 1024 and 1100 (SampleWords):
//     67,271 calls a configuration, 19,294 there.
//
// Every kernel's accumulators are 16, 32 or 64 bytes wide, up to 8 of
// them, and every vector a kernel loads starts a multiple of 8 bytes from
// the input's start or ends a multiple of 8 bytes from its end: so at each
// length every 8-byte lane of every accumulator, and of each fold of them,
// that a load within the first or last 256 bytes reaches receives the
// difference of exactly one word class, alone (TestWordClasses checks the
// classes' bytes against 32- to 256-byte blocks). The byte of its word that
// a class changes, and the bit, rotate with the length.
//
// The driver (internal/cttrace/driver) makes the calls between two marker
// functions, traceBegin and traceEnd. With Config.Mem (every configuration
// of TestTraces, and the controls but two), memplugin, a TCG plugin of ours
// in C (internal/cttrace/memplugin, built with cc, loaded by the
// dynamically linked qemu-user: Debian's qemu-user-static cannot load
// plugins) logs, from the instruction at traceBegin to the one at traceEnd
// on the main thread, the address of every instruction executed and the
// guest address, size and direction of every load and store, through a
// pipe and a buffer of its own; PluginSegments reads it. Without Mem, Run
// takes the instructions from qemu's own exec log instead (-d exec,nochain
// with one instruction per translation block: -singlestep, -one-insn-per-tb
// from qemu 8.1), which logs every block of every thread, one write a line:
// a hundred times the cost (the runtime's start, its other threads, the
// driver's preparation of each call), so it serves the controls that show
// what the memory trace adds and TestTracesPluginMatchesExecLog, which
// requires the plugin's instructions to be the exec log's, call by call,
// on each architecture. CutPreemptions removes the runtime's requests to
// yield, whose place depends on the host's timing; Compare compares the
// traces of a length.
//
// The tests build the driver for each run internal/archfacts marks Trace,
// each kernel qemu can run (AVX2 on
// -cpu Haswell, SSE2 on Nehalem, NEON on cortex-a53 and, with DIT, on max,
// the portable kernel under purego on both architectures, RVV at VLEN 128
// and the portable kernel on riscv64, VSX on power8 and power10, the s390x
// vector facility on max), require that the kernel meant is the one that
// ran, and plant leaks that the same check must report: bytes.Equal,
// branches on the result, the red team's plants of issue 20 in the AVX2
// kernel (testdata/plants: two branches that leave the loop, through JCXZQ
// and SBBQ, and a BTQ table lookup at an address taken from the
// accumulator), a load at an address taken from the answer after the RVV,
// VSX and VX kernels (the memory trace alone sees the table lookups), and
// issue 24's: a branch taken only when bytes 16-23 of the AVX2 kernel's
// folded accumulator alone differ, and one only at lengths with bit 9 set,
// which the plan before issue 24 (four classes at 0-300, 4096 and 65537)
// must still miss and today's must find at exactly the calls that take
// them (TestPlantedBlindSpots). They run only with CTEQUAL_TRACE=1 (ten
// minutes on two cores), or CTEQUAL_TRACE=sample, CI's (three): the word
// classes at SampleWords' lengths on every configuration.
//
// What it shows: under the emulated CPU, the compiled code as it runs (Go's
// short path, the trampoline and the kernel, with whatever the compiler and
// the linker made of them) executes the same instructions and touches the
// same addresses whatever the contents, for the inputs it tries. What it
// cannot: cover inputs it does not try (a branch on a pattern of several
// lanes, or on one bit within a lane, that no class sets); see a
// conditional jump to the next instruction (the same instruction follows
// either way), timing inside an instruction (a division or a multiply
// whose latency depends on its operands; DIT is what Arm promises there),
// or a prefetch (TCG executes PREFETCHT0 as no access at all), which
// TestPlantedBlindSpots keeps as controls that it must not report, for
// ctcheck to catch; see the microarchitecture's own data-dependent
// behaviour (prefetchers, store forwarding, cache banks within a line); or
// run the AVX-512 kernel, which qemu's TCG cannot execute.
package cttrace
