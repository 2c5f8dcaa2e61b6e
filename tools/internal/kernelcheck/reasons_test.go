package kernelcheck

// The findings the planted leaks must draw, by what their reasons say.
const (
	wBranch  = "conditional branch on secret"
	wAddr    = "memory address depends on secret"
	wLatency = "variable-latency instruction on secret data"
	wClosed  = "not modelled (fail closed)"
	wJump    = "indirect call or jump"
	wSP      = "stack pointer set from secret data"
	wReturn  = "does not hold the address the function was called from"
	wNeeds   = "instruction needs CPU feature "
	wDITOff  = "DIT turned off before an instruction on secret data"
	wMasked  = "masked memory access under a secret mask"
)
