package engine

import (
	"fmt"
	"go/build/constraint"
	"go/version"
	"os"
	"slices"
	"strings"
)

// arches is every instruction set the checker models: the one place that
// maps a GOARCH to its facts, its model and its front ends.
var arches = []*Arch{
	{
		GOARCH: "amd64", PtrSize: 8, SP: "SP", RetAddr: 8,
		// R14 is g in ABIInternal only; BP is the frame pointer.
		G: "R14", Other: []string{"BP"}, Fixed: numbered("X15.", 0, 7),
		LevelVar: "GOAMD64", Levels: []string{"v1", "v2", "v3", "v4"}, DefaultLevel: "v1", Macros: One,
		Features: x86Features, levelFeatures: amd64Levels, needs: x86Needs, runtimeFlags: x86RuntimeFlags,
		Step: x86Step, Regs: x86Regs(), listing: x86Listing,
		ArgBase: 8, IntArgRegs: []string{"AX", "BX", "CX", "DI", "SI", "R8", "R9", "R10", "R11"},
		FloatArgRegs: numbered("X", 0, 14), ptrFlows: x86PtrFlows,
	},
	{
		GOARCH: "386", ArgBase: 4, ptrFlows: x86PtrFlows, PtrSize: 4, SP: "SP", RetAddr: 4, Other: []string{"BP"},
		// GO386=sse2, the default, requires SSE2; softfloat code has none.
		Features: x86Features, levelFeatures: i386Levels, needs: x86Needs, runtimeFlags: x86RuntimeFlags,
		Step: x86Step, Regs: x86Regs(), listing: x86Listing, duffs: i386Duffs,
	},
	{
		GOARCH: "arm64", PtrSize: 8, SP: "RSP", LR: "R30", MorestackLR: "R3", Zero: "ZR",
		// R18 is the platform register, R26 the closure context, R29 the
		// frame pointer.
		G: "R28", GInABI0: true, Tmp: []string{"R27"}, Other: []string{"R18", "R26", "R29"},
		KeptBelowSP: 8,
		LevelVar:    "GOARM64", Levels: []string{"v8.0"}, DefaultLevel: "v8.0",
		Features: arm64Features, levelFeatures: arm64Levels, needs: arm64Needs, runtimeFlags: arm64RuntimeFlags,
		Modes: []string{"dit"}, Step: arm64Step, Regs: arm64Regs(),
		ArgBase: 8, IntArgRegs: numbered("R", 0, 15), FloatArgRegs: numbered("V", 0, 15), ptrFlows: arm64PtrFlows,
		listing: &listingArch{reg: arm64ListingReg, convert: arm64FromListing, frameArg: arm64FrameArg, word: arm64Word},
		objdump: arm64FromObjdump, globals: arm64ObjGlobals,
	},
	{
		GOARCH: "riscv64", PtrSize: 8, ArgBase: 8, ptrFlows: riscv64PtrFlows,
		IntArgRegs:   append(append(numbered("X", 10, 17), "X8", "X9"), numbered("X", 18, 23)...),
		FloatArgRegs: append(append(numbered("F", 10, 17), "F8", "F9"), numbered("F", 18, 23)...), Zero: "X0", SP: "X2", LR: "X1", MorestackLR: "X1",
		// X3 is the global pointer, X4 the thread pointer.
		G: "X27", GInABI0: true, Tmp: []string{"X31"}, Other: []string{"X3", "X4"},
		LevelVar: "GORISCV64", Levels: []string{"rva20u64", "rva22u64", "rva23u64"}, DefaultLevel: "rva20u64", Macros: One,
		Features: riscv64Features, levelFeatures: riscv64Levels, needs: riscv64Needs, runtimeFlags: riscv64RuntimeFlags,
		Step: riscv64Step, Regs: riscv64Regs(),
		listing: &listingArch{reg: riscv64ListingReg, convert: riscv64FromListing, frameArg: riscv64FrameArg},
		objdump: riscv64FromObjdump,
	},
	{
		// LR is a special register. R2 is the TOC, R13 the thread pointer.
		GOARCH: "ppc64le", PtrSize: 8, ArgBase: ppc64FixedFrame, ptrFlows: ppc64PtrFlows,
		IntArgRegs: append(numbered("R", 3, 10), numbered("R", 14, 17)...), FloatArgRegs: numbered("VS", 1, 12), Zero: "R0", SP: "R1", LR: "LR", MorestackLR: "R5",
		G: "R30", GInABI0: true, Tmp: []string{"R31"}, Other: []string{"R2", "R13"},
		LevelVar: "GOPPC64", Levels: []string{"power8", "power9", "power10"}, DefaultLevel: "power8", Macros: Cumulative,
		Features: ppc64Features, levelFeatures: ppc64Levels, needs: ppc64Needs,
		Step: ppc64Step, Regs: ppc64Regs(),
		listing: &listingArch{reg: ppc64ListingReg, convert: ppc64FromListing, frameArg: ppc64FrameArg},
		objdump: ppc64FromObjdump,
	},
	{
		// R0 reads as zero as a base or index; R1 is the stack-zeroing
		// scratch register (REGRT1).
		GOARCH: "s390x", PtrSize: 8, ArgBase: s390xFixedFrame, ptrFlows: s390xPtrFlows, Zero: "R0", ZeroAsBase: true, SP: "R15", LR: "R14", MorestackLR: "R5",
		G: "R13", GInABI0: true, Tmp: []string{"R10", "R11"}, Other: []string{"R1"},
		Features: s390xFeatures, levelFeatures: s390xLevels, needs: s390xNeeds,
		Step: s390xStep, Regs: s390xRegs(),
		listing: &listingArch{reg: s390xListingReg, convert: s390xFromListing, frameArg: s390xFrameArg},
		objdump: s390xFromObjdump,
	},
	{
		GOARCH: "arm", PtrSize: 4, ArgBase: armFixedFrame, ptrFlows: armPtrFlows, SP: "R13", LR: "R14", MorestackLR: "R3",
		G: "R10", GInABI0: true, Tmp: []string{"R11"},
		LevelVar: "GOARM", Levels: []string{"5", "6", "7"}, DefaultLevel: "7", Macros: Cumulative,
		Features: armFeatures, levelFeatures: armLevels, needs: armNeeds, runtimeFlags: armRuntimeFlags,
		Step: armStep, Regs: armRegs(), duffs: armDuffs,
		listing: &listingArch{reg: armListingReg, convert: armFromListing, frameArg: armFrameArg},
		objdump: armFromObjdump,
	},
	{
		// R2 is the thread pointer.
		GOARCH: "loong64", PtrSize: 8, ArgBase: loong64FixedFrame, ptrFlows: loong64PtrFlows,
		IntArgRegs: numbered("R", 4, 19), FloatArgRegs: numbered("F", 0, 15), Zero: "R0", SP: "R3", LR: "R1", MorestackLR: "R31",
		G: "R22", GInABI0: true, Tmp: []string{"R30"}, Other: []string{"R2"},
		Features: loong64Features, levelFeatures: loong64Levels, needs: loong64Needs,
		Step: loong64Step, Regs: loong64Regs(),
		listing: &listingArch{reg: loong64ListingReg, convert: loong64FromListing, frameArg: loong64FrameArg},
		objdump: loong64FromObjdump,
	},
}

// x86Listing is the listing hook of amd64 and 386.
var x86Listing = &listingArch{reg: x86GoReg, convert: x86FromListing, frameArg: x86FrameArg}

// ArchOf returns the instruction set of goarch, nil if the checker has no
// model of it.
func ArchOf(goarch string) *Arch {
	for _, a := range arches {
		if a.GOARCH == goarch {
			return a
		}
	}
	return nil
}

// ArchFor is the model of goarch as the Go release goVersion (go1.26.8,
// as go env GOVERSION says it; "" is the newest) compiles for it: s390x
// has passed arguments in R2-R9 since Go 1.26 (internal/buildcfg's
// regabiSupported), in the frame before.
func ArchFor(goarch, goVersion string) *Arch {
	a := ArchOf(goarch)
	if a == nil || goarch != "s390x" || goVersion != "" && version.IsValid(goVersion) && version.Compare(goVersion, "go1.26") < 0 {
		return a
	}
	c := *a
	c.IntArgRegs, c.FloatArgRegs = numbered("R", 2, 9), numbered("V", 0, 15)
	return &c
}

// ArchOfFile is the model of the architecture an assembly file is for
// (GOARCHOfFileBuild), as the release goVersion passes arguments.
func ArchOfFile(path, goVersion string) (*Arch, error) {
	goarch, err := GOARCHOfFileBuild(path)
	if err != nil {
		return nil, err
	}
	return ArchFor(goarch, goVersion), nil
}

// Arches returns every instruction set the checker models.
func Arches() []*Arch { return slices.Clone(arches) }

// GOARCHes names the instruction sets the checker models.
func GOARCHes() []string {
	out := make([]string, len(arches))
	for i, a := range arches {
		out[i] = a.GOARCH
	}
	return out
}

// GOARCHOfFile is the architecture an assembly file's name gives
// (equal_amd64.s: amd64), "" where it names none the checker models.
func GOARCHOfFile(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	base = strings.TrimSuffix(base, ".s")
	for _, a := range arches {
		if strings.HasSuffix(base, "_"+a.GOARCH) {
			return a.GOARCH
		}
	}
	return ""
}

// GOARCHOfFileBuild is the architecture an assembly file is for, from its
// name (_amd64.s; _ppc64x.s, the assembler's convention for ppc64 and
// ppc64le, is ppc64le, the one the checker models) or else from its
// //go:build line: the one modelled architecture it allows. A file for
// an architecture without a model (mips*, wasm) is refused, and so is one
// whose constraint allows several.
func GOARCHOfFileBuild(path string) (string, error) {
	if g := GOARCHOfFile(path); g != "" {
		return g, nil
	}
	base := strings.TrimSuffix(path[strings.LastIndexAny(path, `/\`)+1:], ".s")
	if strings.HasSuffix(base, "_ppc64x") {
		return "ppc64le", nil
	}
	for _, g := range unmodelled {
		if strings.HasSuffix(base, "_"+g) {
			return "", fmt.Errorf("%s: %s has no model in the checker (it models %s)", path, g, strings.Join(GOARCHes(), ", "))
		}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var expr constraint.Expr
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if constraint.IsGoBuild(line) {
			if expr, err = constraint.Parse(line); err != nil {
				return "", fmt.Errorf("%s: %v", path, err)
			}
			break
		}
		if line != "" && !strings.HasPrefix(line, "//") {
			break
		}
	}
	if expr == nil {
		return "", fmt.Errorf("%s: no _GOARCH.s suffix and no //go:build line: architecture unknown (the checker models %s)", path, strings.Join(GOARCHes(), ", "))
	}
	var fits []string
	for _, g := range append(GOARCHes(), "ppc64") {
		if expr.Eval(func(tag string) bool { return tag == g || tag == "linux" || tag == "unix" || tag == "gc" }) {
			fits = append(fits, g)
		}
	}
	if len(fits) == 2 && fits[1] == "ppc64" && fits[0] == "ppc64le" {
		fits = fits[:1] // ppc64x: the little-endian one
	}
	if len(fits) == 1 && fits[0] == "ppc64" {
		fits = nil
	}
	if len(fits) != 1 {
		if len(fits) == 0 {
			return "", fmt.Errorf("%s: //go:build allows none of the architectures the checker models (%s)", path, strings.Join(GOARCHes(), ", "))
		}
		return "", fmt.Errorf("%s: //go:build allows %s: which one is not known (name the file _GOARCH.s)", path, strings.Join(fits, ", "))
	}
	return fits[0], nil
}

// unmodelled are the GOARCHes Go supports that the checker has no model
// of.
var unmodelled = []string{"mips", "mipsle", "mips64", "mips64le", "mips64x", "mipsx", "ppc64", "wasm", "sparc64"}
