package kernelchecktest

import "strings"

// The findings the planted leaks must draw, by what their reasons say.
const (
	WantBranch  = "conditional branch on secret"
	WantAddr    = "memory address depends on secret"
	WantLatency = "variable-latency instruction on secret data"
	WantClosed  = "not modelled (fail closed)"
	WantJump    = "indirect call or jump"
	WantSP      = "stack pointer set from secret data"
	WantReturn  = "does not hold the address the function was called from"
	WantNeeds   = "instruction needs CPU feature "
	WantDITOff  = "DIT turned off before an instruction on secret data"
	WantMasked  = "masked memory access under a secret mask"
)

// Wants reports whether a finding's reason is one that want asks for:
// want holds one reason or several, |-separated.
func Wants(want, reason string) bool {
	for _, w := range strings.Split(want, "|") {
		if strings.Contains(reason, w) {
			return true
		}
	}
	return false
}
