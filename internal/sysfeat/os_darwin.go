package sysfeat

import "syscall"

// HasDIT and HasSB report what macOS says of FEAT_DIT and FEAT_SB:
// golang.org/x/sys/cpu cannot read the ID registers there, and reports
// neither. They are false on a Mac without the feature, and on Intel.
func HasDIT() bool { return sysctlIsOne("hw.optional.arm.FEAT_DIT") }

func HasSB() bool { return sysctlIsOne("hw.optional.arm.FEAT_SB") }

func sysctlIsOne(name string) bool {
	v, err := syscall.SysctlUint32(name)
	return err == nil && v == 1
}
