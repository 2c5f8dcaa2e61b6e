package ctcheck

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCompiledRVVLeak builds the riscv64 driver with a leaky RVV kernel in
// place of equal_riscv64.s, and checks that the compiled check reports its
// branch on a VCPOPM count, at the marked line, from the disassembly.
func TestCompiledRVVLeak(t *testing.T) {
	if !vectorKernelsBuilt() {
		t.Skipf("the RVV kernel needs Go 1.26; this is %s", runtime.Version())
	}
	goTool, root := toolchain(t)
	with, err := filepath.Abs("testdata/leaky_rvv/equal_riscv64.s")
	if err != nil {
		t.Fatal(err)
	}
	line := markedLine(t, with, "// the leak")
	for _, b := range []Build{{GOARCH: "riscv64"}, {GOARCH: "riscv64", Env: []string{"GORISCV64=rva23u64"}}} {
		t.Run(b.Name(), func(t *testing.T) {
			b.Replace = map[string]string{"equal_riscv64.s": with}
			r := checkBuild(t, goTool, root, b)
			for _, f := range r.Findings {
				if f.File == "equal_riscv64.s" && f.Line == line && strings.HasSuffix(f.Func, ".equalRVV.abi0") &&
					strings.Contains(f.Reason, "conditional branch on secret") {
					t.Logf("caught: %s", f)
					return
				}
			}
			t.Errorf("no finding at equal_riscv64.s:%d; findings: %v", line, r.Findings)
		})
	}
}
