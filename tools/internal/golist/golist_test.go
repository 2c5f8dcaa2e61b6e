package golist

import (
	"os"
	"slices"
	"testing"
)

func TestLibrary(t *testing.T) {
	p, err := Library(".", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p.Path("equal.go")); err != nil || !slices.Contains(p.GoFiles, "equal.go") {
		t.Fatalf("Library() = %+v: no equal.go in it", p)
	}
	arm, err := Library(".", []string{"GOARCH=arm64"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(arm.SFiles, "equal_arm64.s") || slices.Contains(arm.SFiles, "equal_amd64.s") {
		t.Fatalf("GOARCH=arm64: assembly files %v, want equal_arm64.s and not equal_amd64.s", arm.SFiles)
	}
	pure, err := Library(".", []string{"GOARCH=amd64"}, "purego")
	if err != nil {
		t.Fatal(err)
	}
	if len(pure.SFiles) != 0 {
		t.Fatalf("purego: assembly files %v, want none", pure.SFiles)
	}
	if got := p.Symbol("equalAVX2"); got != p.ImportPath+".equalAVX2" || p.ImportPath == "" {
		t.Fatalf("Symbol = %q", got)
	}
}
