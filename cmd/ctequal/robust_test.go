package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctequal/ctequal/cmd/ctequal/internal/dudect"
	"github.com/ctequal/ctequal/internal/race"
)

// TestNoInputPanics: every subcommand answers bad input with a message and
// exit status 2, never a panic or a goroutine dump.
func TestNoInputPanics(t *testing.T) {
	fakeTiming(t, func(int, dudect.ClassPair, bool) bool { return false }, false)
	for _, args := range [][]string{
		{"check", "-sizes", "0"}, {"check", "-sizes", "-1"}, {"check", "-sizes", "1T"},
		{"check", "-sizes", "abc"}, {"check", "-sizes", "99999999999999999999999"},
		{"check", "-sizes", ""}, {"check", "-sizes", ","}, {"check", "-sizes", "257M"},
		{"check", "-samples", "-5"}, {"check", "-samples", "1000000000000000"},
		{"check", "-mem", "0"}, {"check", "-mem", "1025G"}, {"check", "-mem", "x"},
		{"bench", "-sizes", "0"}, {"bench", "-sizes", "-1"}, {"bench", "-sizes", "1T"},
		{"bench", "-sizes", "abc"}, {"bench", "-sizes", "99999999999999999999999"},
		{"bench", "-rounds", "0"}, {"bench", "-rounds", "1000000000"}, {"bench", "-rounds", "-1"},
		{"bench", "-time", "0s"}, {"bench", "-time", "-1s"}, {"bench", "-time", "abc"},
		{"info", "extra"}, {"nonsense"},
	} {
		code, stdout, stderr := runCmd(t, args...)
		if code != 2 {
			t.Errorf("ctequal %q: exit status %d, want 2\nstdout:\n%s\nstderr:\n%s", args, code, stdout, stderr)
		}
		if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
			t.Errorf("ctequal %q: a panic or a goroutine dump:\n%s", args, stderr)
		}
	}
}

// TestCheckMemoryBudget: a size whose inputs do not fit -mem is refused
// before anything runs, with exit status 2 and a message that says what
// it needs; within the budget check prints an estimate of its time first.
func TestCheckMemoryBudget(t *testing.T) {
	ran := false
	fakeTiming(t, func(int, dudect.ClassPair, bool) bool { ran = true; return false }, false)
	code, _, stderr := runCmd(t, "check", "-sizes", "256M")
	if code != 2 || !strings.Contains(stderr, "needs 17152 MiB") || !strings.Contains(stderr, "-mem") {
		t.Errorf("check -sizes 256M: exit status %d, want 2 and the memory it needs:\n%s", code, stderr)
	}
	if ran {
		t.Error("check -sizes 256M measured before refusing")
	}
	code, _, stderr = runCmd(t, "check", "-sizes", "1M", "-mem", "100M", "-samples", "20000")
	if code != 0 || !strings.Contains(stderr, "check: about ") {
		t.Errorf("check -sizes 1M -mem 100M: exit status %d, want 0 and an estimate of the time:\n%s", code, stderr)
	}
	if got := checkMemory(1 << 20); got != (2*checkPool+3)<<20 {
		t.Errorf("checkMemory(1 MiB) = %d", got)
	}
}

// TestBenchSVGUnwritable: a plot path that cannot be written is refused
// before measuring (exit 2, within a fraction of -time).
func TestBenchSVGUnwritable(t *testing.T) {
	start := time.Now()
	code, stdout, stderr := runCmd(t, "bench", "-sizes", "16", "-time", "5s", "-svg", filepath.Join(t.TempDir(), "no", "such", "dir", "x.svg"))
	if code != 2 || !strings.Contains(stderr, "cannot write the plot") || stdout != "" {
		t.Errorf("exit status %d, want 2 and a message before any measurement:\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v: it measured before checking the path", d)
	}
}

// TestBenchSVGTableToo: with -svg the table is printed as well.
func TestBenchSVGTableToo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.svg")
	code, stdout, stderr := runCmd(t, "bench", "-sizes", "16,1K", "-time", "100ms", "-rounds", "2", "-svg", path)
	if code != 0 || !strings.Contains(stdout, "IMPLEMENTATION") {
		t.Errorf("exit status %d and no table:\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("no plot written: %v", err)
	}
}

// TestBenchTimeBoundsRounds: -time bounds the run whatever -rounds says,
// and the progress output stays a few lines.
func TestBenchTimeBoundsRounds(t *testing.T) {
	if race.Enabled {
		t.Skip("under -race one call of crypto/subtle at 16 MiB takes about a second: one round is over any bound")
	}
	start := time.Now()
	// One call of crypto/subtle at 16 MiB takes about 10 ms, far over its
	// slot: unbounded, the 1000 rounds would take about 30 s.
	code, _, stderr := runCmd(t, "bench", "-sizes", "16,16M", "-time", "300ms", "-rounds", "1000")
	took := time.Since(start)
	if code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr)
	}
	if took > 5*time.Second {
		t.Errorf("-time 300ms -rounds 1000 took %v", took)
	}
	// The estimate bench prints first foresees the bound (about 1.6 s,
	// not 1000 rounds' 30 s); within 2x, on a loaded machine.
	var est time.Duration
	if i := strings.Index(stderr, "bench: about "); i >= 0 {
		est, _ = time.ParseDuration(strings.Fields(stderr[i+len("bench: about "):])[0])
	}
	if ratio := float64(took) / float64(est); est == 0 || ratio > 2 || ratio < 0.5 {
		t.Errorf("bench estimated %v and took %v:\n%s", est, took, stderr)
	}
	if n := strings.Count(stderr, "\n"); n > 12 {
		t.Errorf("%d lines of progress, want at most 12:\n%s", n, stderr)
	}
}
