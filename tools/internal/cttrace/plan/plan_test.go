package plan

import (
	"slices"
	"testing"
)

func TestLengths(t *testing.T) {
	ls, err := ParseLengths("0-3,7,4096,10-11")
	if want := []int{0, 1, 2, 3, 7, 4096, 10, 11}; err != nil || !slices.Equal(ls, want) {
		t.Fatalf("ParseLengths = %v, %v; want %v", ls, err, want)
	}
	want := "0-1100,2047-2049,4095-4097,8191-8193,16383-16385,32767-32769,65535-65537,131071-131073"
	if s := FormatLengths(DefaultLengths()); s != want {
		t.Errorf("FormatLengths(DefaultLengths()) = %q, want %q", s, want)
	}
	if s := FormatLengths(DefaultWords()); s != want {
		t.Errorf("FormatLengths(DefaultWords()) = %q, want %q", s, want)
	}
	if s := FormatLengths(SampleWords()); s != "0-300,512-575,1024,1100" {
		t.Errorf("FormatLengths(SampleWords()) = %q", s)
	}
	for _, bad := range []string{"", "x", "3-1", "-1", "1,,2", "1-"} {
		if _, err := ParseLengths(bad); err == nil {
			t.Errorf("ParseLengths(%q) succeeded", bad)
		}
	}
	calls := Plan([]int{5, 9}, nil)
	if len(calls) != 8 || calls[0] != (Call{5, Equal}) || calls[3] != (Call{5, Random}) || calls[4] != (Call{9, Equal}) {
		t.Errorf("Plan = %v", calls)
	}
	// Every length of the sample words is a length of the plan: a word
	// length that is not would run nothing.
	for _, n := range SampleWords() {
		if !slices.Contains(DefaultLengths(), n) {
			t.Errorf("word length %d is not among DefaultLengths", n)
		}
	}
	// Each bit of the length from 0 to 17 is set at some default length:
	// a leak on one bit of the length shows in the basic classes.
	for bit := range 18 {
		if !slices.ContainsFunc(DefaultLengths(), func(n int) bool { return n>>bit&1 == 1 }) {
			t.Errorf("no default length has bit %d set", bit)
		}
	}
}

// TestWordClasses: at each length where they run, the word classes change
// one byte inside their word, reach every word of the first and the last
// 256 bytes, and each 8-byte lane of every accumulator block of 32 to 256
// bytes, whether the block starts at the input's start or ends at its
// end; and over eight consecutive lengths each byte of a word is the one
// that changes.
func TestWordClasses(t *testing.T) {
	for n := range 1200 {
		calls := Plan([]int{n}, []int{n})
		if len(calls) < int(NumBasic) || calls[0] != (Call{n, Equal}) {
			t.Fatalf("n %d: Plan = %v", n, calls)
		}
		var pos []int
		for _, c := range calls[NumBasic:] {
			p, bit, ok := c.Class.Flip(n)
			if !ok || p < 0 || p >= n || bit == 0 || bit&(bit-1) != 0 || slices.Contains(pos, p) {
				t.Fatalf("n %d, %s: Flip = %d, %#x, %v (bytes before: %v)", n, c.Class, p, bit, ok, pos)
			}
			k := int(c.Class - HeadWord)
			lo, hi := 8*k, 8*k+8
			if c.Class >= TailWord {
				k = int(c.Class - TailWord)
				lo, hi = n-8*k-8, n-8*k
			}
			if p < lo || p >= hi {
				t.Fatalf("n %d, %s: byte %d is outside its word, bytes %d-%d", n, c.Class, p, lo, hi-1)
			}
			pos = append(pos, p)
		}
		// Every 8-byte word, aligned to the start or to the end, of the
		// first and the last 256 bytes holds a changed byte.
		for w := 0; w < min(n, 256); w += 8 {
			for _, r := range [][2]int{{w, min(w+8, n)}, {max(n-w-8, 0), n - w}} {
				if !slices.ContainsFunc(pos, func(p int) bool { return p >= r[0] && p < r[1] }) {
					t.Errorf("n %d: no word class changes a byte of bytes %d-%d", n, r[0], r[1]-1)
				}
			}
		}
		// Each lane of a block of b bytes taken from the start, or ending
		// at the end, holds a changed byte, where the input has a block.
		for b := 32; b <= 256 && b <= n; b *= 2 {
			for lane := range b / 8 {
				head := slices.ContainsFunc(pos, func(p int) bool { return p < 256 && p%b/8 == lane })
				tail := slices.ContainsFunc(pos, func(p int) bool { return n-1-p < 256 && (n-1-p)%b/8 == b/8-1-lane })
				if !head || !tail {
					t.Errorf("n %d: lane %d of a %d-byte block gets no difference (from the start %v, from the end %v)", n, lane, b, head, tail)
				}
			}
		}
		if n >= 512 && len(pos) != 2*WordsPerEnd {
			t.Errorf("n %d: %d word classes, want %d", n, len(pos), 2*WordsPerEnd)
		}
	}
	// Over lengths n..n+7, word k's changed byte takes each offset in the
	// word.
	for k := range WordsPerEnd {
		offsets := map[int]bool{}
		for n := 600; n < 608; n++ {
			p, _, _ := (HeadWord + Class(k)).Flip(n)
			offsets[p-8*k] = true
		}
		if len(offsets) != 8 {
			t.Errorf("word %d: offsets %v over 8 lengths, want all 8", k, offsets)
		}
	}
	if s := (TailWord + 2).Name(100); s != "byte 77 (word 2 from the end differs)" {
		t.Errorf("Name = %q", s)
	}
}
