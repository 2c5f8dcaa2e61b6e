package asmgadgets

import "github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"

// The tables' short names for the findings the gadgets must draw, and
// for the gadgets' families (kernelchecktest's, which the compiled-code
// gadgets and docs/verification.md's table share).
const (
	wBranch  = kernelchecktest.WantBranch
	wAddr    = kernelchecktest.WantAddr
	wLatency = kernelchecktest.WantLatency
	wClosed  = kernelchecktest.WantClosed
	wJump    = kernelchecktest.WantJump
	wSP      = kernelchecktest.WantSP

	fBranch = kernelchecktest.FamilyBranch
	fChain  = kernelchecktest.FamilyChain
	fAddr   = kernelchecktest.FamilyAddr
	fLat    = kernelchecktest.FamilyLatency
	fJump   = kernelchecktest.FamilyJump
	fHidden = kernelchecktest.FamilyHidden
	fParts  = kernelchecktest.FamilyParts
	fMask   = kernelchecktest.FamilyMask
	fSP     = kernelchecktest.FamilySP
	fMemory = kernelchecktest.FamilyMemory
	fArgs   = kernelchecktest.FamilyArgs
)
