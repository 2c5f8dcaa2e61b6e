// Package cttrace checks, under qemu-user, that the sequence of instruction
// addresses one call of ctequal.Compare executes depends on the length of
// its inputs only: at each length it must be the same for equal inputs,
// inputs whose first byte differs, inputs whose last byte differs, and
// random inputs. It is the method of the Rust crate constant_time_eq's
// count_instructions test, on whole traces instead of counts.
//
// The driver (internal/cttrace/driver) makes the calls between two marker
// functions, traceBegin and traceEnd. Run runs it under qemu with one
// instruction per translation block (-singlestep; -one-insn-per-tb from
// qemu 8.1) and -d exec,nochain, which logs the address of every block, so
// every instruction, each thread executes, through a pipe; Segments keeps
// the main thread's addresses between the markers, one trace per call;
// CutPreemptions removes the runtime's requests to yield, whose place
// depends on the host's timing; Compare compares the traces of a length.
//
// The tests build the driver for each kernel qemu can run (AVX2 on
// -cpu Haswell, SSE2 on Nehalem, NEON on cortex-a53 and, with DIT, on max,
// the portable kernel under purego on both architectures, VSX on power8,
// the s390x vector facility on max), require that
// the kernel meant is the one that ran, and plant leaks that the same check
// must report. They run only with CTEQUAL_TRACE=1, as CI does: about a
// minute on two cores.
//
// What it shows: under the emulated CPU, the compiled code as it runs (Go's
// short path, the trampoline and the kernel, with whatever the compiler and
// the linker made of them) executes the same instructions whatever the
// contents, for the inputs it tries. What it cannot: cover inputs it does
// not try (a branch on a bit that none of the four classes sets escapes
// it; ctcheck covers every input, statically), see addresses that depend
// on the data (a table lookup executes the same instructions; ctcheck and
// valgrind look for those), see timing inside an instruction (a multiply
// whose latency depends on its operands; DIT is what Arm promises there),
// or run the AVX-512 kernel, which qemu's TCG cannot execute.
package cttrace
