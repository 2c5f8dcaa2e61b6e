package kernelchecktest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Where the planted code is in its text.

// TextBlocks splits an assembly file into its TEXT blocks, by symbol: the
// lines from each TEXT to the next (1-based, inclusive first).
func TextBlocks(src string) (lines []string, blocks map[string][2]int) {
	lines = strings.Split(src, "\n")
	blocks = map[string][2]int{}
	textRE := regexp.MustCompile(`^TEXT\s+(·\w+)\(SB\)`)
	cur, start := "", 0
	for i, l := range lines {
		if m := textRE.FindStringSubmatch(l); m != nil {
			if cur != "" {
				blocks[cur] = [2]int{start, i}
			}
			cur, start = m[1], i+1
		}
	}
	if cur != "" {
		blocks[cur] = [2]int{start, len(lines) + 1}
	}
	return lines, blocks
}

// MarkedLine returns the number of the only line of file that contains
// mark.
func MarkedLine(t testing.TB, file, mark string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, mark) {
			if found != 0 {
				t.Fatalf("%s: %q on lines %d and %d", file, mark, found, i+1)
			}
			found = i + 1
		}
	}
	if found == 0 {
		t.Fatalf("%s: no line marked %q: a test that cannot fail", file, mark)
	}
	return found
}
