package archfacts

import (
	"fmt"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
)

// rvv is qemu's riscv64 CPU with RVV 1.0 at VLEN vlen, with tail and
// masked-off elements filled with ones, as the specification allows
// (qemu leaves them undisturbed by default, and a kernel that relied on
// that would pass there).
func rvv(vlen int) string {
	return fmt.Sprintf("rv64,v=true,vlen=%d,vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true", vlen)
}

// table is every architecture the tools know. qemu-user is Debian's 7.2,
// but for the runs marked QEMU10: bookworm-backports' 10.0.2.
var table = []*Arch{
	{
		Arch: arch.Of("amd64"), GOOS: "linux",
		Kernels: []string{"avx512", "avx2", "sse2"},
		Experiments: []Experiment{{Name: "simd", Go: "go1.26",
			Kernels: []string{"archsimd-avx512", "archsimd-avx2", "archsimd-avx"}}},
		Checked: []Level{{Value: "v3"}},
		QEMU:    "x86_64",
		// TCG has no AVX-512: every model selects AVX2 at most.
		Runs: []Run{
			{Name: "haswell", CPU: "Haswell", Kernels: []string{"avx2", "sse2", "generic"}, Trace: true, Mutate: true},
			{Name: "nehalem", CPU: "Nehalem", Kernels: []string{"sse2", "generic"}, Trace: true},
			{Name: "purego", CPU: "Haswell", Purego: true, Kernels: []string{"generic"}, Trace: true},
		},
		Triple: "x86_64-unknown-linux-gnu", ObjdumpArgs: []string{"-M", "intel"}, MCAHeader: ".intel_syntax noprefix",
		MCA: []MCABuild{{Level: "v1", CPUs: []string{"nehalem", "haswell", "skylake", "skylake-avx512", "icelake-server",
			"sapphirerapids", "alderlake", "znver2", "znver3", "znver4", "znver5"}}},
	},
	{
		Arch: arch.Of("arm64"), GOOS: "linux",
		Kernels: []string{"neon"},
		Experiments: []Experiment{{Name: "simd", Go: "go1.27",
			Kernels: []string{"archsimd-neon"}}},
		QEMU: "aarch64",
		// qemu 7.2 implements FEAT_DIT for -cpu max but does not
		// advertise it; the Cortex-A53 (ARMv8.0) has none.
		Runs: []Run{
			{Name: "max-dit", CPU: "max", AssumeDIT: true, Kernels: []string{"neon", "generic"}, Trace: true, Mutate: true},
			{Name: "a53", CPU: "cortex-a53", Kernels: []string{"neon", "generic"}, Trace: true, Mutate: true},
			{Name: "purego", CPU: "cortex-a53", Purego: true, Kernels: []string{"generic"}, Trace: true},
		},
		Triple: "aarch64-unknown-linux-gnu",
		MCA: []MCABuild{{Level: "v8.0", CPUs: []string{"apple-m1", "neoverse-n1", "neoverse-v1", "neoverse-v2",
			"cortex-a72", "cortex-a76", "cortex-a55", "cortex-a53"}}},
	},
	{
		Arch: arch.Of("riscv64"), GOOS: "linux",
		Kernels: []string{"rvv"}, AsmGo: "go1.26",
		Checked: []Level{{Value: "rva23u64", MinGo: "go1.25", Purego: true}},
		QEMU:    "riscv64",
		// qemu-user 7.2 has no riscv_hwprobe, so golang.org/x/sys/cpu sees
		// no V under it: the RVV kernel runs there only in a build that
		// requires V (GORISCV64=rva23u64). qemu 10 has riscv_hwprobe: the
		// plain build (rva20u64) selects the RVV kernel where V is, as
		// users' builds do, and the portable one where it is not.
		Runs: []Run{
			{Name: "rvv128", CPU: rvv(128), Level: "rva23u64", Kernels: []string{"rvv", "generic"}, Trace: true, Mutate: true},
			{Name: "rvv256", CPU: rvv(256), Level: "rva23u64", Kernels: []string{"rvv", "generic"}},
			{Name: "rvv512", CPU: rvv(512), Level: "rva23u64", Kernels: []string{"rvv", "generic"}, Mutate: true},
			{Name: "rvv1024", CPU: rvv(1024), Level: "rva23u64", Kernels: []string{"rvv", "generic"}}, // qemu 7.2's largest
			{Name: "v-off", CPU: rvv(128), Level: "rva23u64", GODEBUG: "cpu.v=off", Kernels: []string{"generic"}},
			{Name: "plain", CPU: rvv(128), Kernels: []string{"generic"}, Trace: true}, // qemu 7.2: V unseen
			{Name: "plain-v", CPU: "rv64,v=true,vlen=256", Kernels: []string{"rvv", "generic"}, QEMU10: true},
			{Name: "no-v", CPU: "rv64,v=false", Kernels: []string{"generic"}, QEMU10: true},
		},
		// 50 s of the RVV kernel's 60 s.
		SlowTest:  "TestKernelsEveryRegion",
		ByteLoads: true,
		Triple:    "riscv64-unknown-linux-gnu",
		// Go emits compressed instructions, which the ELF header does not
		// announce.
		ObjdumpArgs: []string{"--mattr=+m,+a,+f,+d,+c,+v"},
		MCA:         []MCABuild{{Level: "rva20u64", CPUs: []string{"sifive-u74", "sifive-p450", "sifive-p670", "sifive-x280"}}},
	},
	{
		Arch: arch.Of("ppc64le"), GOOS: "linux",
		Kernels:   []string{"vsx"},
		AsmLevels: true,
		Checked:   []Level{{Value: "power10", Purego: true}},
		QEMU:      "ppc64le",
		// POWER9 runs the POWER8 build; the GOPPC64=power10 build's loop
		// (LXVP, XXEVAL) needs -cpu power10.
		Runs: []Run{
			{Name: "power8", CPU: "power8", Level: "power8", Kernels: []string{"vsx", "generic"}, Trace: true, Mutate: true},
			{Name: "power9", CPU: "power9", Level: "power8", Kernels: []string{"vsx", "generic"}},
			{Name: "power10", CPU: "power10", Level: "power10", Kernels: []string{"vsx", "generic"}, Trace: true, Mutate: true},
		},
		Triple: "powerpc64le-unknown-linux-gnu",
		MCA: []MCABuild{
			{Level: "power8", CPUs: []string{"pwr8", "pwr9", "pwr10"}},
			{Level: "power10", CPUs: []string{"pwr10"}},
		},
	},
	{
		Arch: arch.Of("s390x"), GOOS: "linux",
		Kernels: []string{"vx"}, AsmGo: "go1.26",
		QEMU: "s390x",
		Runs: []Run{
			{Name: "max", CPU: "max", Kernels: []string{"vx", "generic"}, Trace: true, Mutate: true},
			{Name: "vx-off", CPU: "max", GODEBUG: "cpu.vx=off", Kernels: []string{"generic"}},
		},
		Triple: "s390x-unknown-linux-gnu",
		// Without a CPU, llvm-objdump decodes neither the vector facility
		// nor the z196 instructions Go emits.
		ObjdumpArgs: []string{"--mcpu=z13"},
		MCA:         []MCABuild{{CPUs: []string{"z13", "z14", "z15", "z16"}}},
	},
	// The portable kernel only.
	{Arch: arch.Of("386"), GOOS: "linux"},
	{
		Arch: arch.Of("arm"), GOOS: "linux",
		// A native arm toolchain defaults to its own machine's level.
		Checked: []Level{{Value: "7"}},
	},
	{
		Arch: arch.Of("loong64"), GOOS: "linux",
		Kernels: []string{"lasx", "lsx"}, AsmGo: "go1.25",
		QEMU: "loongarch64",
		// qemu 7.2 has no LSX: every run needs qemu 10, whose la464 has LSX
		// and LASX, and whose programs load no TCG plugins (no traces).
		// x/sys/cpu keeps HasLASX under cpu.lsx=off: both go off together.
		Runs: []Run{
			{Name: "la464", CPU: "la464", Kernels: []string{"lasx", "lsx", "generic"}, Mutate: true, QEMU10: true},
			{Name: "lasx-off", CPU: "la464", GODEBUG: "cpu.lasx=off", Kernels: []string{"lsx", "generic"}, QEMU10: true},
			{Name: "vector-off", CPU: "la464", GODEBUG: "cpu.lasx=off,cpu.lsx=off", Kernels: []string{"generic"}, QEMU10: true},
		},
		Triple: "loongarch64-unknown-linux-gnu",
		NoMCA:  "llvm-mca 19 knows la464 and la664 by name, but LLVM has no scheduling model of any LoongArch core",
	},
	// Built for, and not modelled.
	{Arch: &engine.Arch{GOARCH: "wasm", PtrSize: 8}, GOOS: "js"},
}
