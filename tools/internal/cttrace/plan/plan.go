package plan

import (
	"fmt"
	"strconv"
	"strings"
)

// A Class is one kind of input pair: all classes of a length must give the
// same trace.
type Class uint8

// The classes, in the order the driver calls them for each length. Equal
// is the reference the others are compared with.
//
// The first four, the basic classes, run at every length. The word
// classes put the difference in one 8-byte word: HeadWord+k in the k-th
// word of the input (bytes 8k to 8k+7), TailWord+k in the k-th word
// counted from the end (bytes n-8k-8 to n-8k-1), for k below WordsPerEnd:
// every word of the first and of the last 256 bytes. Every kernel's
// accumulators are 16, 32 or 64 bytes wide, up to 8 of them (256 bytes at
// most, AVX-512's 4 × 64), and take their blocks either from the start of
// the input (the first block, the loop, the steps by the bits of the
// length) or ending where the input ends (the last partial vector, the
// short paths' last vectors): each 8-byte lane of each accumulator, and so
// of each fold of them, then receives the difference of exactly one word
// class, alone. A leak that tests one lane (a branch on bytes 16-23 of the
// folded accumulator) shows in that class's trace; inputs that differ in
// their first or last byte, or everywhere, never set one lane alone.
//
// Which byte of its word a word class changes, and which bit, rotate with
// the length (see Class.Flip), so that over eight consecutive lengths each
// byte of each word is the one that differs.
const (
	Equal     Class = iota // x == y
	FirstDiff              // y is x with its first byte changed
	LastDiff               // y is x with its last byte changed
	Random                 // x and y drawn independently (y again while equal)
	// NumBasic is the number of basic classes, the ones every length runs.
	NumBasic
	HeadWord   = NumBasic               // + k: one byte of the input's k-th word differs
	TailWord   = HeadWord + WordsPerEnd // + k: one byte of the k-th word from the end differs
	NumClasses = TailWord + WordsPerEnd // all classes
)

// WordsPerEnd is how many 8-byte words at each end of the input the word
// classes reach: 256 bytes.
const WordsPerEnd = 32

var classNames = [NumBasic]string{"equal", "first byte differs", "last byte differs", "random"}

func (c Class) String() string {
	switch {
	case c < NumBasic:
		return classNames[c]
	case c < TailWord:
		return fmt.Sprintf("word %d differs", c-HeadWord)
	case c < NumClasses:
		return fmt.Sprintf("word %d from the end differs", c-TailWord)
	}
	return fmt.Sprintf("Class(%d)", c)
}

// Name names the class at length n: for a word class, the byte it
// changes too.
func (c Class) Name(n int) string {
	if c >= HeadWord && c < NumClasses {
		if pos, _, ok := c.Flip(n); ok {
			return fmt.Sprintf("byte %d (%s)", pos, c)
		}
	}
	return c.String()
}

// Flip says how y differs from x for inputs of n bytes of class c, where
// it differs in one byte: the byte's index, and the bit changed. ok is
// false for Equal and Random, for a word that the input does not reach,
// and for n == 0.
//
// FirstDiff changes bit 0 of byte 0, LastDiff bit 7 of byte n-1. A word
// class changes byte j of its word, counted from the word's start for
// HeadWord+k and from its end for TailWord+k, where j = (n+k) mod w and w
// is the word's size within the input (8, or less where the input ends
// inside it); and it changes bit (n/8+k) mod 8 of that byte.
func (c Class) Flip(n int) (pos int, bit byte, ok bool) {
	if n <= 0 {
		return 0, 0, false
	}
	switch {
	case c == FirstDiff:
		return 0, 0x01, true
	case c == LastDiff:
		return n - 1, 0x80, true
	case c >= HeadWord && c < TailWord:
		k := int(c - HeadWord)
		start := 8 * k
		if start >= n {
			return 0, 0, false
		}
		j := (n + k) % min(8, n-start)
		return start + j, 1 << ((n/8 + k) % 8), true
	case c >= TailWord && c < NumClasses:
		k := int(c - TailWord)
		end := n - 8*k
		if end <= 0 {
			return 0, 0, false
		}
		j := (n + k) % min(8, end)
		return end - 1 - j, 1 << ((n/8 + k) % 8), true
	}
	return 0, 0, false
}

// A Call is one traced call: its length and the class of its inputs.
type Call struct {
	N     int
	Class Class
}

// Plan returns the calls that the driver makes, in order: for each of
// lengths, the basic classes (Equal first) and then, if the length is also
// in words, each word class whose byte is in the input and differs from
// the bytes of the word classes before it (at 256 bytes and below the
// words from the start and from the end cover the same bytes; at a few
// lengths they choose the same one). The driver and the checker both
// derive the order from it, so the driver needs to print nothing between
// calls.
//
// The driver runs Plan under qemu, where every instruction is logged: it
// is written to execute few.
func Plan(lengths, words []int) []Call {
	inWords := make(map[int]bool, len(words))
	for _, n := range words {
		inWords[n] = true
	}
	calls := make([]Call, 0, len(lengths)*int(NumBasic)+len(words)*2*WordsPerEnd)
	for _, n := range lengths {
		for c := range NumBasic {
			calls = append(calls, Call{n, c})
		}
		if !inWords[n] {
			continue
		}
		for c := HeadWord; c < TailWord; c++ {
			if _, _, ok := c.Flip(n); ok {
				calls = append(calls, Call{n, c})
			}
		}
		// Two words from the start never choose the same byte, nor two
		// from the end: a word from the end is left out where the word
		// from the start that holds its byte chose that byte.
		for c := TailWord; c < NumClasses; c++ {
			pos, _, ok := c.Flip(n)
			if !ok {
				continue
			}
			if k := pos / 8; k < WordsPerEnd {
				if hp, _, _ := (HeadWord + Class(k)).Flip(n); hp == pos {
					continue
				}
			}
			calls = append(calls, Call{n, c})
		}
	}
	return calls
}

// DefaultLengths are the lengths the check uses: every length to 1100,
// which covers each short-path case, each kernel's paths below its loop,
// every combination of its steps by the bits of the length, with the loop
// and without, and every bit of the length from 0 to 10 set and clear;
// and each power of two from 2 KiB to 128 KiB with its neighbours
// (2^k-1, 2^k, 2^k+1), which sets every bit to 16 and bit 17, and takes
// Compare's chunked path above 64 KiB (65537 is one byte more than a
// chunk, 131073 two chunks and a byte).
func DefaultLengths() []int {
	var ls []int
	for n := 0; n <= 1100; n++ {
		ls = append(ls, n)
	}
	for k := 11; k <= 17; k++ {
		ls = append(ls, 1<<k-1, 1<<k, 1<<k+1)
	}
	return ls
}

// DefaultWords are the lengths at which the word classes run too (see
// Class): all of DefaultLengths. Every class then runs at every length,
// every lane of every accumulator at every length: 67,271 calls, about
// 25 million memory accesses, 11 to 20 s a configuration under memplugin
// on two cores.
func DefaultWords() []int { return DefaultLengths() }

// SampleWords are the lengths at which the word classes run where the
// full plan costs too much (the portable kernel on riscv64, which the
// compiler builds from byte loads: 6 instructions a byte, two minutes for
// DefaultWords): every length to 300, 512 to 575, 1024 and 1100: 19,294
// calls with the basic classes at every length of DefaultLengths.
//
// That is enough to reach every lane of every kernel. Every length to 300
// holds every short path of Compare (to 64 bytes), every kernel's paths
// below its loop (64-128, 128-256 bytes) with each of its steps by the
// bits of the length, and, from 256, the loop of every kernel that qemu
// runs: their blocks are 32 to 128 bytes, so the first 256 bytes fill the
// first block and at least one iteration, and the last 256 the steps and
// the last partial vector. 512 to 575 put the two ends of the input 256
// bytes apart, with every remainder mod 64; 1024 and 1100 are a longer
// loop without a tail and with one in the middle of a block.
func SampleWords() []int {
	var ws []int
	for n := 0; n <= 300; n++ {
		ws = append(ws, n)
	}
	for n := 512; n <= 575; n++ {
		ws = append(ws, n)
	}
	return append(ws, 1024, 1100)
}

// ParseLengths parses a comma-separated list of lengths and ranges such as
// "0-300,4096,65537".
func ParseLengths(s string) ([]int, error) {
	var ls []int
	for item := range strings.SplitSeq(s, ",") {
		a, b, isRange := strings.Cut(item, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 0 || hi < lo {
			return nil, fmt.Errorf("bad length or range %q in %q", item, s)
		}
		for n := lo; n <= hi; n++ {
			ls = append(ls, n)
		}
	}
	return ls, nil
}

// FormatLengths is the inverse of ParseLengths.
func FormatLengths(ls []int) string {
	var items []string
	for i := 0; i < len(ls); {
		j := i
		for j+1 < len(ls) && ls[j+1] == ls[j]+1 {
			j++
		}
		if j > i {
			items = append(items, fmt.Sprintf("%d-%d", ls[i], ls[j]))
		} else {
			items = append(items, strconv.Itoa(ls[i]))
		}
		i = j + 1
	}
	return strings.Join(items, ",")
}
