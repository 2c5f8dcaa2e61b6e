//go:build purego || !(amd64 || arm64)

package dudect

import "time"

var epoch = time.Now()

// cycles falls back to the monotonic clock, in nanoseconds.
func cycles() uint64 { return uint64(time.Since(epoch)) }
