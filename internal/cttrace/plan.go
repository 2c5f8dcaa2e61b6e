package cttrace

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
const (
	Equal     Class = iota // x == y
	FirstDiff              // y is x with its first byte changed
	LastDiff               // y is x with its last byte changed
	Random                 // x and y drawn independently (y again while equal)
	NumClasses
)

var classNames = [NumClasses]string{"equal", "first byte differs", "last byte differs", "random"}

func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", c)
}

// A Call is one traced call: its length and the class of its inputs.
type Call struct {
	N     int
	Class Class
}

// Plan returns the calls that the driver makes for the given lengths, in
// order: every class for the first length, then every class for the next.
// The driver and the checker both derive the order from it, so the driver
// needs to print nothing between calls.
func Plan(lengths []int) []Call {
	calls := make([]Call, 0, len(lengths)*int(NumClasses))
	for _, n := range lengths {
		for c := range NumClasses {
			calls = append(calls, Call{n, c})
		}
	}
	return calls
}

// DefaultLengths are the lengths the check uses: every length to 300, which
// covers each short-path case and each kernel's tail sizes around 64, 128
// and 256, one page, and one byte more than a 64 KiB chunk, so that Equal
// takes its chunked path.
func DefaultLengths() []int {
	var ls []int
	for n := 0; n <= 300; n++ {
		ls = append(ls, n)
	}
	return append(ls, 4096, 65537)
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
