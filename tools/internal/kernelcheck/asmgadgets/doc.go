// Package asmgadgets tests that both static checks flag every leak gadget
// planted in the kernels' assembly, at every basic block of every
// function of each GOARCH's kernels (a fixed sample unless
// CTEQUAL_GADGETS=all): TestGadgets.
package asmgadgets
