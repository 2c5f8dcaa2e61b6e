package main

import (
	"os"
	"strings"

	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// rvvPolicy says why the RVV kernel was or was not chosen, on builds that
// have it (riscv64): the kernel's policy says where V may come from in
// this build.
func rvvPolicy(all []impl.Kernel) string {
	for _, k := range all {
		if k.Name != "rvv" {
			continue
		}
		if k.Supported {
			return "used: " + k.Policy
		}
		why := "golang.org/x/sys/cpu reports no V (Linux's riscv_hwprobe says so, or is missing, as under qemu-user 7.2)"
		if cpu.RISCV64.HasV || strings.Contains(os.Getenv("GODEBUG"), "cpu.") {
			why = "turned off by GODEBUG=" + os.Getenv("GODEBUG")
		}
		return "not used: " + why + "; " + k.Policy
	}
	return ""
}
