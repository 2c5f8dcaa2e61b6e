package kernelchecktest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
)

// The driver built and read by both front ends, and builds with planted
// code.

// shippedPrograms caches the programs of unplanted builds, which several
// tests of a package read (and none changes).
var shippedPrograms sync.Map // Build.Name() -> readProgram

// BothPrograms builds the driver as b says and reads it with both front
// ends: the listing (source) and the disassembly (compiled).
func BothPrograms(t testing.TB, goTool, root string, b kernelcheck.Build) (src, bin *engine.Program) {
	t.Helper()
	src, bin, _ = ReadBuild(t, goTool, root, b)
	return src, bin
}

// A readProgram is one build read by both front ends, with its listing.
type readProgram struct {
	src, bin *engine.Program
	listing  string
}

// ReadBuild builds b and reads it with both front ends. A build of the
// shipped code (nothing replaced or added) is read once per test binary,
// for every test that checks it.
func ReadBuild(t testing.TB, goTool, root string, b kernelcheck.Build) (src, bin *engine.Program, listing string) {
	t.Helper()
	SkipUnbuildable(t, goTool, b)
	shipped := len(b.Replace)+len(b.Add) == 0
	if shipped {
		if r, ok := shippedPrograms.Load(b.Name()); ok {
			r := r.(readProgram)
			return r.src, r.bin, r.listing
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	built, err := kernelcheck.BuildDriver(ctx, goTool, t.TempDir(), b)
	if err != nil {
		t.Fatal(err)
	}
	if src, err = built.Source(); err != nil {
		t.Fatal(err)
	}
	if bin, err = built.Compiled(ctx); err != nil {
		t.Fatal(err)
	}
	if shipped {
		shippedPrograms.Store(b.Name(), readProgram{src, bin, built.Listing})
	}
	return src, bin, built.Listing
}

// A CheckName is one of the two static checks.
type CheckName string

const (
	SourceCheck   CheckName = "source"
	CompiledCheck CheckName = "compiled"
)

// Planted returns a build that adds the assembly text asm to the library
// as a file of its own, with a Go declaration of each function in names
// (each func(x, y []byte) int) and a reference that keeps them linked.
func Planted(t testing.TB, goarch, asm string, names []string) kernelcheck.Build {
	t.Helper()
	dir := t.TempDir()
	var goSrc strings.Builder
	fmt.Fprintf(&goSrc, "//go:build gc && !purego\n\npackage ctequal\n\n")
	for _, n := range names {
		fmt.Fprintf(&goSrc, "func %s(x, y []byte) int\n", n)
	}
	fmt.Fprintf(&goSrc, "\nvar plantedFuncs = []func(x, y []byte) int{%s}\n\nvar plantedSink any\n\nfunc init() { plantedSink = plantedFuncs }\n",
		strings.Join(names, ", "))
	// The contents' files have the names they stand for: the listing
	// names the file it read, the binary the one it was told.
	sFile, goFile := filepath.Join(dir, "zz_planted_"+goarch+".s"), filepath.Join(dir, "zz_planted_"+goarch+".go")
	if err := os.WriteFile(sFile, []byte("#include \"textflag.h\"\n\n"+asm), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goFile, []byte(goSrc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return kernelcheck.Build{GOARCH: goarch, Add: map[string]string{
		KernelsSrc + "/zz_planted_" + goarch + ".s":  sFile,
		KernelsSrc + "/zz_planted_" + goarch + ".go": goFile,
	}}
}

// PlantedSymbol is the ABI0 symbol of a planted function.
func PlantedSymbol(name string) string { return KernelsPkg() + name + ".abi0" }
