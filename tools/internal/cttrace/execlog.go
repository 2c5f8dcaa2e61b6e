package cttrace

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// An execLine is one line of qemu's exec log. Executed lines, logged
// before a block runs,
//
//	Trace 0: 0x7f28f4c00100 [0000000001009331/000000000008c520/00000001/00000201] _rt0_arm64_linux
//
// give the virtual CPU (in qemu-user, one per guest thread; the main
// thread's is 0 for the life of the process, since qemu gives a new thread
// the lowest number above all in use), the host address of the translated
// block, and the guest address of its first instruction (the second field
// in brackets; the first is cs_base). Stopped lines,
//
//	Stopped execution of TB chain before 0x7fc8643e3e00 [0000000000482a92] runtime.clone.abi0
//
// say that the block last logged by some CPU did not run after all: an
// exit request (another thread's exclusive operation, a signal) came first.
// They do not say which CPU; the block's addresses do.
type execLine struct {
	stopped bool
	cpu     int
	tb, pc  uint64
}

var (
	tracePrefix   = []byte("Trace ")
	stoppedPrefix = []byte("Stopped execution of TB chain before ")
)

func parseExecLine(line []byte) (execLine, error) {
	var l execLine
	var num, tb, pc []byte
	var ok bool
	if rest, isTrace := bytes.CutPrefix(line, tracePrefix); isTrace {
		var ok1, ok2, ok3, ok4 bool
		num, rest, ok1 = bytes.Cut(rest, []byte(": "))
		tb, rest, ok2 = bytes.Cut(rest, []byte(" ["))
		_, rest, ok3 = bytes.Cut(rest, []byte("/"))
		pc, _, ok4 = bytes.Cut(rest, []byte("/"))
		ok = ok1 && ok2 && ok3 && ok4
	} else if rest, isStopped := bytes.CutPrefix(line, stoppedPrefix); isStopped {
		var ok1, ok2 bool
		tb, rest, ok1 = bytes.Cut(rest, []byte(" ["))
		pc, _, ok2 = bytes.Cut(rest, []byte("]"))
		ok, l.stopped, num = ok1 && ok2, true, []byte("0")
	}
	tbHex, hasPrefix := bytes.CutPrefix(tb, []byte("0x"))
	var err1, err2, err3 error
	l.cpu, err1 = strconv.Atoi(string(num))
	l.tb, err2 = strconv.ParseUint(string(tbHex), 16, 64)
	l.pc, err3 = strconv.ParseUint(string(pc), 16, 64)
	if !ok || !hasPrefix || err1 != nil || err2 != nil || err3 != nil {
		return execLine{}, fmt.Errorf("not an exec log line: %q", line)
	}
	return l, nil
}

// Segments reads an exec log of all threads, written with one instruction
// per block, and returns, for each time CPU 0 entered the function at
// begin, the addresses it executed after that until it entered the
// function at end: the trace of one call between the driver's markers.
// It drops the blocks that Stopped lines retract, and counts those of CPU
// 0. A marker on another CPU, a begin inside a segment, a segment left
// open, a Stopped line that fits no CPU's last block or could be CPU 0's
// and another's, and any line that is not an exec line are errors: the
// check fails closed. (Traces with memory accesses come from memplugin
// instead: see PluginSegments.)
func Segments(r io.Reader, begin, end uint64) (segs [][]uint64, retracted int, err error) {
	s := segmenter{begin: begin, end: end, last: map[int]execLine{}}
	err = s.read(r)
	if err != nil {
		return nil, 0, err
	}
	return s.segs, s.retracted, nil
}

// read reads the log into s.segs.
func (s *segmenter) read(r io.Reader) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			break
		}
		if err != nil && err != io.EOF {
			return err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		l, err := parseExecLine(line)
		if err == nil {
			err = s.line(l)
		}
		if err != nil {
			return fmt.Errorf("exec log line %d: %v", lineNo, err)
		}
	}
	if s.in {
		return fmt.Errorf("exec log: trace %d does not end", len(s.segs))
	}
	return nil
}

type segmenter struct {
	begin, end uint64
	last       map[int]execLine // each CPU's last executed line not retracted
	segs       [][]uint64
	cur        []uint64
	in         bool
	retracted  int
}

// line takes one line of the log.
func (s *segmenter) line(l execLine) error {
	if l.stopped {
		return s.retract(l)
	}
	s.last[l.cpu] = l
	switch {
	case l.cpu != 0:
		if l.pc == s.begin || l.pc == s.end {
			return fmt.Errorf("a marker ran on CPU %d, not on the main thread", l.cpu)
		}
	case l.pc == s.begin:
		if s.in {
			return fmt.Errorf("trace %d begins again before it ends", len(s.segs))
		}
		s.in, s.cur = true, nil
	case l.pc == s.end:
		if !s.in {
			return fmt.Errorf("an end marker without a begin")
		}
		s.in = false
		s.segs = append(s.segs, s.cur)
	case s.in:
		s.cur = append(s.cur, l.pc)
	}
	return nil
}

// retract undoes the executed line that a Stopped line names. Outside a
// call only a marker's retraction matters; there the line is only
// forgotten, so that two threads at the same runtime code cannot fail the
// check.
func (s *segmenter) retract(l execLine) error {
	var cpus []int
	for cpu, last := range s.last {
		if last.tb == l.tb && last.pc == l.pc {
			cpus = append(cpus, cpu)
			delete(s.last, cpu)
		}
	}
	if !s.in && l.pc != s.begin && l.pc != s.end {
		return nil
	}
	switch {
	case len(cpus) == 0:
		return fmt.Errorf("a Stopped line for a block no CPU has just logged")
	case len(cpus) > 1 && slices.Contains(cpus, 0):
		return fmt.Errorf("a Stopped line for a block that CPUs %v have all just logged", cpus)
	case cpus[0] != 0:
		return nil // another thread's: its instructions are not traced
	}
	s.retracted++
	switch {
	case l.pc == s.begin:
		s.in = false
	case l.pc == s.end:
		s.in, s.cur = true, s.segs[len(s.segs)-1]
		s.segs = s.segs[:len(s.segs)-1]
	default:
		s.cur = s.cur[:len(s.cur)-1]
	}
	return nil
}
