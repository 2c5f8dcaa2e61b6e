// Package armwrite sets a feature of another architecture's struct.
package armwrite

import "golang.org/x/sys/cpu"

func init() { cpu.ARM64.HasAES = true }
