package ctequal

// The assembly kernels are written by programs in asm/, a module of its
// own so that this one never requires avo. See docs/development.md,
// "Regenerating the assembly".

//go:generate go -C asm run ./amd64 -out ../equal_amd64.s -stubs ../equal_amd64.go -pkg ctequal
//go:generate go -C asm run ./archsimd -goarch amd64 -out ../equal_archsimd_amd64.go
//go:generate go -C asm run ./archsimd -goarch arm64 -out ../equal_archsimd_arm64.go
//go:generate go -C asm run ./arm64 -out ../equal_arm64.s -stubs ../equal_arm64.go -pkg ctequal
//go:generate go -C asm run ./riscv64 -out ../equal_riscv64.s -stubs ../equal_riscv64.go -pkg ctequal
//go:generate go -C asm run ./ppc64le -out ../equal_ppc64le.s -stubs ../equal_ppc64le.go -pkg ctequal
//go:generate go -C asm run ./s390x -out ../equal_s390x.s -stubs ../equal_s390x.go -pkg ctequal
//go:generate go -C asm run ./loong64 -out ../equal_loong64.s -stubs ../equal_loong64.go -pkg ctequal
