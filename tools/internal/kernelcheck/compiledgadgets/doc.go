// Package compiledgadgets tests that both static checks flag every leak
// gadget planted in the compiled Go code of the path on amd64 and 386, in
// both front ends' records (a fixed sample unless CTEQUAL_GADGETS=all):
// TestCompiledGadgets.
package compiledgadgets
