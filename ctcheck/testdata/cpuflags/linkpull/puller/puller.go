// Package puller sets flagdef's flag under another name, by linkname.
package puller

import _ "unsafe" // for go:linkname

//go:linkname alias example.com/cpuflags/flagdef.UsePOPCNT
var alias bool

func init() { alias = true }
