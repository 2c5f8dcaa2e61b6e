//go:build gc && !purego

package ctequal

import "syscall"

// osHasDIT and osHasSB read what macOS reports of FEAT_DIT and FEAT_SB:
// golang.org/x/sys/cpu cannot read the ID registers there, and reports
// neither.
func osHasDIT() bool { return sysctlIsOne("hw.optional.arm.FEAT_DIT") }

func osHasSB() bool { return sysctlIsOne("hw.optional.arm.FEAT_SB") }

func sysctlIsOne(name string) bool {
	v, err := syscall.SysctlUint32(name)
	return err == nil && v == 1
}
