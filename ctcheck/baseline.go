package ctcheck

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/ctequal/ctequal/ctcheck/engine"
)

// A Baseline is a list of accepted findings, each with a reason: a run
// reports only the findings that no entry matches. An entry names a
// function, a kind and an instruction with its operands (BaselineKey),
// not a line or an address, so that an edit elsewhere in the file or a
// new Go release that moves code keeps it matching. A file holds one
// entry a line:
//
//	# function: kind: instruction -- reason
//	example.com/mac.verify: secret-branch: JEQ target -- the lengths are public: the tags are of one size
//
// The instruction is as the finding prints it, addresses and offsets left
// out and a branch's target read as the word target; blank lines and
// lines starting with # are comments.
type Baseline struct {
	Entries []BaselineEntry
}

// A BaselineEntry is one accepted finding.
type BaselineEntry struct {
	Func        string
	Kind        Kind
	Instruction string // normalised as BaselineKey does
	Reason      string
	Where       string // file:line of the entry
}

func (e BaselineEntry) String() string {
	return fmt.Sprintf("%s: %s: %s -- %s", e.Func, e.Kind, e.Instruction, e.Reason)
}

func (e BaselineEntry) key() string { return e.Func + "\x00" + string(e.Kind) + "\x00" + e.Instruction }

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
	for n := 1; sc.Scan(); n++ {
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
	return b, sc.Err()
}

func parseBaselineLine(line string) (BaselineEntry, error) {
	body, reason, ok := strings.Cut(line, " -- ")
	if !ok || strings.TrimSpace(reason) == "" {
		return BaselineEntry{}, fmt.Errorf("want function: kind: instruction -- reason, with a reason")
	}
	fn, rest, ok1 := strings.Cut(body, ": ")
	kind, instr, ok2 := strings.Cut(rest, ": ")
	if !ok1 || !ok2 || fn == "" || strings.TrimSpace(instr) == "" {
		return BaselineEntry{}, fmt.Errorf("want function: kind: instruction -- reason")
	}
	k := Kind(strings.TrimSpace(kind))
	if !slices.Contains(engine.Kinds, k) {
		return BaselineEntry{}, fmt.Errorf("unknown kind %q", kind)
	}
	return BaselineEntry{Func: strings.TrimSpace(fn), Kind: k, Instruction: normInstruction(instr, k), Reason: strings.TrimSpace(reason)}, nil
}

// BaselineKey is what a baseline entry matches of f: its function, its
// kind and its instruction normalised (normInstruction).
func BaselineKey(f Finding) string {
	return f.Func + "\x00" + string(f.Kind) + "\x00" + normInstruction(f.Text, f.Kind)
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

// Apply moves the findings that an entry of b matches from each report's
// Findings to its Accepted, and returns the entries that matched no
// finding of any report: stale, or for a build not checked.
func (b *Baseline) Apply(reports []*Report) (unmatched []BaselineEntry) {
	byKey := map[string]*BaselineEntry{}
	used := map[string]bool{}
	for i := range b.Entries {
		byKey[b.Entries[i].key()] = &b.Entries[i]
	}
	for i := range reports {
		r := reports[i]
		var kept []Finding
		for _, f := range r.Findings {
			k := BaselineKey(f)
			if e, ok := byKey[k]; ok {
				used[k] = true
				r.Accepted = append(r.Accepted, AcceptedFinding{Finding: f, Reason: e.Reason, Where: e.Where})
				continue
			}
			kept = append(kept, f)
		}
		r.Findings = kept
	}
	for _, e := range b.Entries {
		if !used[e.key()] {
			unmatched = append(unmatched, e)
		}
	}
	return unmatched
}

// WriteBaseline writes a baseline that accepts every finding of the
// reports, each entry once, sorted; an accepted finding keeps its
// entry's reason, a new one gets a reason to replace.
func WriteBaseline(w io.Writer, reports []*Report) error {
	entries := map[string]BaselineEntry{}
	add := func(f Finding, reason string) {
		e := BaselineEntry{Func: f.Func, Kind: f.Kind, Instruction: normInstruction(f.Text, f.Kind), Reason: reason}
		if _, ok := entries[e.key()]; !ok {
			entries[e.key()] = e
		}
	}
	for _, r := range reports {
		for _, a := range r.Accepted {
			add(a.Finding, a.Reason)
		}
	}
	for _, r := range reports {
		for _, f := range r.Findings {
			add(f, "TODO: say why this is acceptable (found: "+f.Reason+")")
		}
	}
	sorted := slices.SortedFunc(func(yield func(BaselineEntry) bool) {
		for _, e := range entries {
			if !yield(e) {
				return
			}
		}
	}, func(a, b BaselineEntry) int {
		return cmp.Or(cmp.Compare(a.Func, b.Func), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Instruction, b.Instruction))
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# ctcheck baseline: findings accepted, one a line, each with why.\n# function: kind: instruction -- reason\n")
	for _, e := range sorted {
		fmt.Fprintln(bw, e)
	}
	return bw.Flush()
}
