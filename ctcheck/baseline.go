package ctcheck

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// A Baseline is a list of accepted findings, each with a reason: a run
// reports only the findings that no entry accepts. An entry names a
// function, a kind, a GOARCH and an instruction with its operands
// (BaselineKey), not a line or an address, so that an edit elsewhere in
// the file or a new Go release that moves code keeps it matching; and how
// many such findings one build's check may have (1 unless it says xN),
// so that a second leak of the same instruction in the function is
// reported, not accepted with the first. A file holds one entry a line:
//
//	# function: kind: goarch[ xN]: instruction -- reason
//	example.com/mac.verify: secret-branch: amd64: JEQ target -- the lengths are public: the tags are of one size
//
// The instruction is as the finding prints it, addresses and offsets left
// out and a branch's target read as the word target; blank lines and
// lines starting with # are comments.
type Baseline struct {
	Entries []BaselineEntry
}

// A BaselineEntry is one accepted finding, or N of the same.
type BaselineEntry struct {
	Func        string
	Kind        Kind
	GOARCH      string
	N           int    // how many findings of the key one report may have
	Instruction string // normalised as BaselineKey does
	Reason      string
	Where       string // file:line of the entry
}

func (e BaselineEntry) String() string {
	where := e.GOARCH
	if e.N > 1 {
		where += fmt.Sprintf(" x%d", e.N)
	}
	return fmt.Sprintf("%s: %s: %s: %s -- %s", e.Func, e.Kind, where, e.Instruction, e.Reason)
}

func (e BaselineEntry) key() string {
	return e.Func + "\x00" + string(e.Kind) + "\x00" + e.GOARCH + "\x00" + e.Instruction
}

// An AcceptedFinding is a finding that a baseline entry matched.
type AcceptedFinding struct {
	Finding
	Reason string // the entry's
	Where  string // the entry's file:line
}

// ReadBaseline reads a baseline file.
func ReadBaseline(file string) (*Baseline, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseBaseline(f, file)
}

// ParseBaseline reads a baseline from r, named name in its errors.
func ParseBaseline(r io.Reader, name string) (*Baseline, error) {
	b := &Baseline{}
	seen := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		e, err := parseBaselineLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		e.Where = where
		if w, ok := seen[e.key()]; ok {
			return nil, fmt.Errorf("%s: the same finding as %s", where, w)
		}
		seen[e.key()] = where
		b.Entries = append(b.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return b, nil
}

var goarchField = regexp.MustCompile(`^([a-z0-9]+)(?: x([1-9][0-9]*))?$`)

func parseBaselineLine(line string) (BaselineEntry, error) {
	const form = "want function: kind: goarch: instruction -- reason"
	body, reason, ok := strings.Cut(line, " -- ")
	if !ok || strings.TrimSpace(reason) == "" {
		return BaselineEntry{}, fmt.Errorf("%s, with a reason", form)
	}
	// The kind is one of a few words: the function is what comes before
	// its first ": kind: " (a generic shape's name may hold ": ").
	at, kind := -1, Kind("")
	for _, k := range engine.Kinds {
		if i := strings.Index(body, ": "+string(k)+": "); i > 0 && (at < 0 || i < at) {
			at, kind = i, k
		}
	}
	if at < 0 {
		return BaselineEntry{}, fmt.Errorf("%s: no known kind (%s)", form, kindList())
	}
	fn, rest := body[:at], body[at+len(": "+string(kind)+": "):]
	where, instr, ok := strings.Cut(rest, ": ")
	m := goarchField.FindStringSubmatch(strings.TrimSpace(where))
	if !ok || m == nil || strings.TrimSpace(instr) == "" {
		return BaselineEntry{}, fmt.Errorf("%s (goarch, or goarch xN)", form)
	}
	e := BaselineEntry{Func: strings.TrimSpace(fn), Kind: kind, GOARCH: m[1], N: 1, Instruction: normInstruction(instr, kind), Reason: strings.TrimSpace(reason)}
	if m[2] != "" {
		e.N, _ = strconv.Atoi(m[2])
	}
	return e, nil
}

func kindList() string {
	var s []string
	for _, k := range engine.Kinds {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}

// goarchOf is a report's GOARCH: its build without the environment and
// the tags (amd64,GOAMD64=v3/purego).
func goarchOf(build string) string {
	g, _, _ := strings.Cut(build, ",")
	g, _, _ = strings.Cut(g, "/")
	return g
}

// BaselineKey is what a baseline entry matches of f, found by a build
// for goarch: its function, its kind, the GOARCH and its instruction
// normalised (normInstruction).
func BaselineKey(f Finding, goarch string) string {
	return f.Func + "\x00" + string(f.Kind) + "\x00" + goarch + "\x00" + normInstruction(f.Text, f.Kind)
}

// The parts of an instruction's text that move when code moves: an
// address before a symbol (GNU objdump's "call 48e480 <f>"), an offset
// into a symbol, a displacement from the program counter, the address in
// an objdump comment.
var (
	addrSym      = regexp.MustCompile(`\b(0x)?[0-9a-f]{4,}\s+<`)
	symOffset    = regexp.MustCompile(`<([^<>]*?)\+0x[0-9a-f]+>`)
	ripDisp      = regexp.MustCompile(`(rip|eip)\s*[+-]\s*0x[0-9a-f]+`)
	commentHex   = regexp.MustCompile(`#\s*(0x)?[0-9a-f]+`)
	pcRel        = regexp.MustCompile(`-?\d+\(PC\)`)
	branchTarget = regexp.MustCompile(`^\$?-?(0x[0-9a-f]+|\d+)$`)
)

// normInstruction is an instruction's text without what moves when code
// moves: whitespace collapsed, addresses and offsets dropped, and a
// branch's target (its last operand, where that is a number) the word
// target. It is idempotent: a baseline's entries are read through it.
func normInstruction(text string, k Kind) string {
	s := strings.Join(strings.Fields(text), " ")
	s = addrSym.ReplaceAllString(s, "<")
	s = symOffset.ReplaceAllString(s, "<$1>")
	s = ripDisp.ReplaceAllString(s, "$1")
	s = commentHex.ReplaceAllString(s, "#")
	s = pcRel.ReplaceAllString(s, "(PC)")
	if k == engine.SecretBranch {
		// The target becomes the word "target", not nothing: a compare's
		// operand before it may be a number too (s390x's CLGIJ $10, R0,
		// $16, 1952), and a key read back must not lose it.
		if op, args, ok := strings.Cut(s, " "); ok {
			ops := engine.SplitOperands(args)
			for i := range ops {
				ops[i] = strings.TrimSpace(ops[i])
			}
			if last := ops[len(ops)-1]; branchTarget.MatchString(last) || last == "(PC)" {
				ops[len(ops)-1] = "target"
			}
			s = op + " " + strings.Join(ops, ", ")
		}
	}
	return s
}

// Apply moves the findings that an entry of b accepts from each report's
// Findings to its Accepted, and returns the entries that matched no
// finding: stale, those of a GOARCH some report was built for, and
// unchecked, those of a GOARCH none was (a run of fewer GOARCHes keeps
// them). An entry accepts a report's findings of its key where they are
// at most N; where they are more, it accepts none of them (a new one
// among them cannot be told apart), and each is reported.
func (b *Baseline) Apply(reports []*Report) (stale, unchecked []BaselineEntry) {
	byKey := map[string]*BaselineEntry{}
	used := map[string]bool{}
	for i := range b.Entries {
		byKey[b.Entries[i].key()] = &b.Entries[i]
	}
	for _, r := range reports {
		g := goarchOf(r.Build)
		n := map[string]int{}
		for _, f := range r.Findings {
			n[BaselineKey(f, g)]++
		}
		var kept []Finding
		for _, f := range r.Findings {
			k := BaselineKey(f, g)
			if e, ok := byKey[k]; ok {
				used[k] = true
				if n[k] <= e.N {
					r.Accepted = append(r.Accepted, AcceptedFinding{Finding: f, Reason: e.Reason, Where: e.Where})
					continue
				}
			}
			kept = append(kept, f)
		}
		r.Findings = kept
	}
	checked := map[string]bool{}
	for _, r := range reports {
		checked[goarchOf(r.Build)] = true
	}
	for _, e := range b.Entries {
		switch {
		case used[e.key()]:
		case checked[e.GOARCH]:
			stale = append(stale, e)
		default:
			unchecked = append(unchecked, e)
		}
	}
	return stale, unchecked
}

// TODOReason starts the reason of an entry WriteBaseline wrote for a new
// finding: a reader must replace it with why the finding is acceptable.
const TODOReason = "TODO: say why this is acceptable"

// WriteBaseline writes a baseline that accepts every finding of the
// reports, each key once with the most findings of it one report has,
// sorted; an accepted finding keeps its entry's reason, a new one gets
// TODOReason. keep are entries to write as they are (those of an old
// baseline for GOARCHes the run did not check).
func WriteBaseline(w io.Writer, reports []*Report, keep ...BaselineEntry) error {
	entries := map[string]BaselineEntry{}
	for _, e := range keep {
		entries[e.key()] = e
	}
	for _, r := range reports {
		g := goarchOf(r.Build)
		count := map[string]int{}
		add := func(f Finding, reason string) {
			e := BaselineEntry{Func: f.Func, Kind: f.Kind, GOARCH: g, N: 1, Instruction: normInstruction(f.Text, f.Kind), Reason: reason}
			k := e.key()
			count[k]++
			if old, ok := entries[k]; ok {
				e.Reason = old.Reason
				e.N = max(old.N, count[k])
			}
			entries[k] = e
		}
		for _, a := range r.Accepted {
			add(a.Finding, a.Reason)
		}
		for _, f := range r.Findings {
			add(f, TODOReason+" (found: "+f.Reason+")")
		}
	}
	sorted := slices.SortedFunc(maps.Values(entries), func(a, b BaselineEntry) int {
		return cmp.Or(cmp.Compare(a.Func, b.Func), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.GOARCH, b.GOARCH), cmp.Compare(a.Instruction, b.Instruction))
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# ctcheck baseline: findings accepted, one a line, each with why.\n# function: kind: goarch[ xN]: instruction -- reason\n")
	for _, e := range sorted {
		fmt.Fprintln(bw, e)
	}
	return bw.Flush()
}
