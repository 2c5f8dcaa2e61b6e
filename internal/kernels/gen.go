package kernels

// The assembly kernels are written by programs in asm/, a module of its
// own so that this one never requires avo. See README.md, "Regenerating
// the assembly".

//go:generate go -C ../../asm run . -out ../internal/kernels/equal_amd64.s -stubs ../internal/kernels/equal_amd64.go -pkg kernels
//go:generate go -C ../../asm run ./neon -out ../internal/kernels/equal_arm64.s -stubs ../internal/kernels/equal_arm64.go -pkg kernels
