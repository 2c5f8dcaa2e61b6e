package main

import (
	"fmt"
	"os"
	"strings"
)

// equivalents is the checked-in list of mutants that no test can kill:
// key to reason. Most are equivalent: they do not change what the code
// computes, which bytes it reads, or what its timing depends on. A reason
// that starts with "Speed only:" marks a mutant that changes nothing but
// the speed (which of two correct loops runs); one that starts with
// "Unobservable:" a mutant that weakens something no test on these
// machines can observe (a speculation barrier). The report counts those
// two apart from the equivalents, and the mutation score counts them as
// not killed.
//
// The file's format: a line that starts in column 0 is a mutant's key (as
// key() writes it); one or more key lines are followed by the reason, in
// lines indented with a tab or spaces, which applies to each of them.
// Lines starting with # and blank lines are comments.
type equivalents struct {
	reason map[string]string
	order  []string // keys as the file lists them
}

func loadEquivalents(path string) (*equivalents, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseEquivalents(path, string(src))
}

func parseEquivalents(path, src string) (*equivalents, error) {
	e := &equivalents{reason: map[string]string{}}
	var keys []string // waiting for their reason
	var reason []string
	flush := func(line int) error {
		if len(keys) == 0 && len(reason) == 0 {
			return nil
		}
		if len(reason) == 0 {
			return fmt.Errorf("%s:%d: %d key(s) without a reason (indent the reason)", path, line, len(keys))
		}
		if len(keys) == 0 {
			return fmt.Errorf("%s:%d: a reason without a key", path, line)
		}
		r := strings.Join(reason, " ")
		for _, k := range keys {
			if _, dup := e.reason[k]; dup {
				return fmt.Errorf("%s:%d: %s is listed twice", path, line, k)
			}
			e.reason[k] = r
			e.order = append(e.order, k)
		}
		keys, reason = keys[:0], reason[:0]
		return nil
	}
	for i, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case line[0] == ' ' || line[0] == '\t':
			reason = append(reason, trimmed)
		default:
			if len(reason) > 0 {
				if err := flush(i + 1); err != nil {
					return nil, err
				}
			}
			keys = append(keys, normalizeKey(trimmed))
		}
	}
	if err := flush(len(src)); err != nil {
		return nil, err
	}
	return e, nil
}

// normalizeKey collapses runs of blanks, so that an aligned or hand-typed
// key matches what key() writes.
func normalizeKey(s string) string { return strings.Join(strings.Fields(s), " ") }

// formatEntry writes one entry as the file wants it.
func formatEntry(key, reason string) string {
	return key + "\n\t" + reason + "\n"
}

// status is what a listed survivor counts as, by its reason.
func listedStatus(reason string) string {
	switch {
	case strings.HasPrefix(reason, "Speed only:"):
		return stSpeed
	case strings.HasPrefix(reason, "Unobservable:"):
		return stUnobserved
	}
	return stEquivalent
}
