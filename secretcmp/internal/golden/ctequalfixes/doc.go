// Package ctequalfixes holds secretcmp's golden tests of -fixwith=ctequal,
// whose fixes call the library, across packages through facts too
// (TestCtequalFixes). The test loads its folders together: every load
// type-checks the standard library's packages they import from source.
package ctequalfixes
