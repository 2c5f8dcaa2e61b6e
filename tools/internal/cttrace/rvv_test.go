package cttrace

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// plantRVVExit writes an overlay that gives the shipped RVV kernel an
// early exit: after each strip's OR it counts the strip's differing bytes
// and leaves for the reduction if there are any. The answer stays right;
// only the trace shows where the inputs first differ.
func plantRVVExit(t *testing.T, dir string) string {
	t.Helper()
	orig := library(t).Path("equal_riscv64.s")
	src, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	or := []byte("\tVORVV\tV8, V0, V0\n")
	if bytes.Count(src, or) != 1 {
		t.Fatalf("%s does not have one %q any more: update plantRVVExit", orig, bytes.TrimSpace(or))
	}
	exit := append(or, "\tVMSNEVI\t$0, V8, V24\n\tVCPOPM\tV24, X7\n\tBNEZ\tX7, equalRVV_done\n"...)
	leaky := filepath.Join(dir, "leaky_equal_riscv64.s")
	overlay := filepath.Join(dir, "overlay_equal_riscv64.json")
	js, err := json.Marshal(map[string]map[string]string{"Replace": {orig: leaky}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leaky, bytes.Replace(src, or, exit, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlay, js, 0o644); err != nil {
		t.Fatal(err)
	}
	return overlay
}
