package redteam

import "github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"

// The tables' short names for the findings the leaks must draw
// (kernelchecktest's).
const (
	wBranch  = kernelchecktest.WantBranch
	wAddr    = kernelchecktest.WantAddr
	wLatency = kernelchecktest.WantLatency
	wSP      = kernelchecktest.WantSP
	wReturn  = kernelchecktest.WantReturn
	wNeeds   = kernelchecktest.WantNeeds
	wDITOff  = kernelchecktest.WantDITOff
	wMasked  = kernelchecktest.WantMasked
)
