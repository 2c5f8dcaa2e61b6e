//go:build goexperiment.simd && go1.26 && !go1.27 && gc && !purego

package ctequal

import "simd/archsimd"

// The archsimd kernels' loads, as Go 1.26 names them: archsimd has no
// compatibility promise, and Go 1.27 renamed Load<Type>(*[N]uint8) to
// Load<Type>Array.

func loadUint8x16(p *[16]uint8) archsimd.Uint8x16 { return archsimd.LoadUint8x16(p) }
func loadUint8x32(p *[32]uint8) archsimd.Uint8x32 { return archsimd.LoadUint8x32(p) }
func loadUint8x64(p *[64]uint8) archsimd.Uint8x64 { return archsimd.LoadUint8x64(p) }
