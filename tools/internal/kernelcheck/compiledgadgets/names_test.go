package compiledgadgets

import "github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"

// The table's short names for the findings the gadgets must draw, and
// for the gadgets' families (kernelchecktest's, which the kernels'
// gadgets and docs/verification.md's table share).
const (
	wBranch  = kernelchecktest.WantBranch
	wAddr    = kernelchecktest.WantAddr
	wLatency = kernelchecktest.WantLatency
	wJump    = kernelchecktest.WantJump
	wSP      = kernelchecktest.WantSP

	fBranch = kernelchecktest.FamilyBranch
	fChain  = kernelchecktest.FamilyChain
	fAddr   = kernelchecktest.FamilyAddr
	fLat    = kernelchecktest.FamilyLatency
	fJump   = kernelchecktest.FamilyJump
	fParts  = kernelchecktest.FamilyParts
	fSP     = kernelchecktest.FamilySP
	fMemory = kernelchecktest.FamilyMemory
	fArgs   = kernelchecktest.FamilyArgs
)
