package ctcheck

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestExplore(t *testing.T) {
	goarch := os.Getenv("XARCH")
	if goarch == "" {
		t.Skip()
	}
	goTool, root := "go", "../.."
	ctx := context.Background()
	var env []string
	if e := os.Getenv("XENV"); e != "" {
		env = strings.Split(e, ",")
	}
	b, err := BuildDriver(ctx, goTool, root, t.TempDir(), Build{GOARCH: goarch, Env: env, Tags: os.Getenv("XTAGS")})
	if err != nil {
		t.Fatal(err)
	}
	src, err := b.Source()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("source: %d funcs %d instrs %d findings", len(r.Funcs), r.Instrs, len(r.Findings))
	for _, f := range r.Funcs {
		t.Logf("  %s", f)
	}
	for _, f := range r.Findings {
		t.Logf("S %s", f)
	}
	bin, err := b.Compiled(ctx, goTool)
	if err != nil {
		t.Fatal(err)
	}
	r, err = Check(bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compiled: %d funcs %d instrs %d findings", len(r.Funcs), r.Instrs, len(r.Findings))
	for _, f := range r.Funcs {
		t.Logf("  %s", f)
	}
	for _, f := range r.Findings {
		t.Logf("C %s", f)
	}
}

func TestExplorePlant(t *testing.T) {
	goarch := os.Getenv("XARCH")
	file := os.Getenv("XFILE")
	if goarch == "" || file == "" {
		t.Skip()
	}
	ctx := context.Background()
	b, err := BuildDriver(ctx, "go", "../..", t.TempDir(), Build{GOARCH: goarch, Replace: map[string]string{os.Getenv("XREPL"): file}})
	if err != nil {
		t.Fatal(err)
	}
	src, err := b.Source()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Logf("S %s", f)
	}
	bin, err := b.Compiled(ctx, "go")
	if err != nil {
		t.Fatal(err)
	}
	r, err = Check(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Logf("C %s", f)
	}
}

func TestExploreFunc(t *testing.T) {
	goarch, file, fn := os.Getenv("XARCH"), os.Getenv("XFILE"), os.Getenv("XFUNC")
	if fn == "" {
		t.Skip()
	}
	b, err := BuildDriver(context.Background(), "go", "../..", t.TempDir(), Build{GOARCH: goarch, Replace: map[string]string{os.Getenv("XREPL"): file}})
	if err != nil {
		t.Fatal(err)
	}
	src, _ := b.Source()
	f := src.Funcs[fn]
	a, _ := archFor(src)
	an := newAnalysis(a, src, inModule)
	in, _ := an.fixpoint(f, an.rootEntry(f))
	for i, ins := range f.Insts {
		t.Logf("%v %s | %v %+v", in[i].reached, ins.Text, in[i].regs, ins.Args)
	}
}
