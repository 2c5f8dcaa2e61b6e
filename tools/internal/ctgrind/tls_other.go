//go:build purego || !linux || !amd64

package ctgrind

// gSlot returns 0: the client requests are written for linux/amd64 only.
func gSlot() uintptr { return 0 }
