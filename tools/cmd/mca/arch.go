package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctequal/ctequal/tools/internal/archfacts"
)

// An arch is one build the model check makes: a GOARCH at a level, how
// LLVM names it, the cores it predicts it on, and how to read its
// instructions. The names, the levels and which cores run each build are
// internal/archfacts's (see builds); what is here is how to read each
// architecture's instructions and what each core can load.
type arch struct {
	goarch string
	// name tells two builds of one GOARCH apart (floors.txt's first
	// column, -arch); empty: goarch.
	name   string
	env    []string // the Go environment the build gets: its level
	triple string   // llvm-mca -mtriple
	// objdumpArgs are extra llvm-objdump flags; header is the first line of
	// every llvm-mca input, so that llvm-mca parses what llvm-objdump wrote.
	objdumpArgs []string
	header      string
	// cores are the cores the build is predicted on; in the variables
	// below, every core of the architecture that the table may name.
	cores []core
	// branch reports whether a mnemonic is a direct branch: only those
	// operands are read as targets (adrp and lea print addresses too).
	branch func(mnemonic string) bool
	// load returns the bytes an instruction reads from memory other than
	// the stack, and the width of its widest access (an LDP is one access
	// of both registers).
	load func(mnemonic, operands string) (bytes, width int)
	// isa returns the instruction-set level an instruction needs; a core
	// runs a loop only if its level is at least every instruction's.
	isa func(mnemonic, operands string) int
	// vregs, where the architecture has vectors of a length only the core
	// knows (RVV), returns the vector registers a loop loads per
	// iteration; each is VLEN/8 bytes on a core of that VLEN.
	vregs func(insts []inst) int
}

// A core is one -mcpu of llvm-mca, with what its L1 data cache can load.
type core struct {
	name string
	isa  int // the highest level of arch.isa the core has
	// loads maps an access width in bytes to the loads per cycle the core
	// sustains at that width from L1, from its vendor's optimisation guide
	// or published measurements; absent where we cannot state it. The
	// compare limit is loads*width/2 bytes per cycle: two inputs.
	loads map[int]float64
	// model says which of LLVM's scheduling models stands in for the core
	// where it is not one of its own: the table prints it.
	model string
	// vlen is the core's vector length in bits, for arch.vregs (RVV).
	vlen int
}

// limit returns the L1 load limit, in bytes compared per cycle, of a loop
// whose accesses are width bytes wide, and whether it is known.
func (c core) limit(width int) (float64, bool) {
	n, ok := c.loads[width]
	return n * float64(width) / 2, ok
}

// pipes returns the loads per cycle, by access width, of a core with n
// load pipes that each read up to bytes bytes per cycle.
func pipes(n, bytes int) map[int]float64 {
	m := map[int]float64{}
	for w := 1; w <= 64; w *= 2 {
		m[w] = float64(n) * float64(min(w, bytes)) / float64(w)
	}
	return m
}

// x86 instruction-set levels.
const (
	isaSSE2 = iota
	isaAVX2
	isaAVX512
)

var (
	x86Width = map[string]int{"byte": 1, "word": 2, "dword": 4, "qword": 8, "xmmword": 16, "ymmword": 32, "zmmword": 64}
	x86Mem   = regexp.MustCompile(`\b(byte|word|dword|qword|xmmword|ymmword|zmmword) ptr \[([^\]]*)\]`)
	// EVEX-only mnemonics, and registers only EVEX can name.
	x86EVEX    = regexp.MustCompile(`^(vpternlog[dq]|vmovdq[au](8|16|32|64)|vp(x?or|andn?)[dq]|vpcmpu?[bwdq]|vptestn?m[bwdq]|k[a-z]+[bwdq]?)$`)
	x86EVEXReg = regexp.MustCompile(`\b(zmm[0-9]+|k[0-7]|[xy]mm(1[6-9]|2[0-9]|3[01]))\b`)
)

var amd64 = &arch{
	goarch: "amd64",
	// Loads per cycle by width: Intel's and AMD's optimisation manuals.
	// Golden Cove (Alder Lake P-cores, Sapphire Rapids) has three load
	// ports for up to 256 bits, two for 512; Zen 2 to Zen 4 load two
	// vectors per cycle and Zen 4 a 512-bit one in two halves; Zen 5 loads
	// two 512-bit vectors per cycle.
	cores: []core{
		{name: "nehalem", isa: isaSSE2, loads: map[int]float64{8: 1, 16: 1}, model: "Sandy Bridge's, with two load ports"},
		{name: "haswell", isa: isaAVX2, loads: map[int]float64{8: 2, 16: 2, 32: 2}},
		{name: "skylake", isa: isaAVX2, loads: map[int]float64{8: 2, 16: 2, 32: 2}},
		{name: "skylake-avx512", isa: isaAVX512, loads: map[int]float64{8: 2, 16: 2, 32: 2, 64: 2}},
		{name: "icelake-server", isa: isaAVX512, loads: map[int]float64{8: 2, 16: 2, 32: 2, 64: 2}},
		{name: "sapphirerapids", isa: isaAVX512, loads: map[int]float64{8: 3, 16: 3, 32: 3, 64: 2}},
		{name: "alderlake", isa: isaAVX2, loads: map[int]float64{8: 3, 16: 3, 32: 3}},
		{name: "znver2", isa: isaAVX2, loads: map[int]float64{8: 2, 16: 2, 32: 2}},
		{name: "znver3", isa: isaAVX2, loads: map[int]float64{8: 3, 16: 2, 32: 2}},
		{name: "znver4", isa: isaAVX512, loads: map[int]float64{8: 3, 16: 2, 32: 2, 64: 1}},
		{name: "znver5", isa: isaAVX512, loads: map[int]float64{8: 4, 32: 2, 64: 2}},
	},
	branch: func(m string) bool { return strings.HasPrefix(m, "j") || strings.HasPrefix(m, "loop") },
	load: func(m, ops string) (bytes, width int) {
		if strings.HasPrefix(m, "prefetch") || m == "lea" || m == "nop" {
			return 0, 0
		}
		for i, sub := range x86Mem.FindAllStringSubmatchIndex(ops, -1) {
			addr := ops[sub[4]:sub[5]]
			if strings.Contains(addr, "rsp") || strings.Contains(addr, "rbp") {
				continue // the stack: spills, not the inputs
			}
			// Intel order puts the destination first: a memory
			// destination is a store, except for instructions that only
			// read it.
			if i == 0 && sub[0] == 0 &&
				!strings.HasPrefix(m, "cmp") && !strings.HasPrefix(m, "test") && !strings.Contains(m, "ptest") {
				continue
			}
			w := x86Width[ops[sub[2]:sub[3]]]
			bytes += w
			width = max(width, w)
		}
		return bytes, width
	},
	isa: func(m, ops string) int {
		switch {
		case x86EVEX.MatchString(m) || x86EVEXReg.MatchString(ops):
			return isaAVX512
		case strings.HasPrefix(m, "v") || strings.Contains(ops, "ymm"):
			return isaAVX2
		}
		return isaSSE2
	},
}

var (
	arm64Regs   = regexp.MustCompile(`\{([^}]*)\}`)
	arm64Lanes  = regexp.MustCompile(`\.(\d+)([bhsd])`)
	arm64Reg    = regexp.MustCompile(`^([qdxwshb])\d+$`)
	arm64RegLen = map[string]int{"q": 16, "d": 8, "x": 8, "w": 4, "s": 4, "h": 2, "b": 1}
	laneLen     = map[string]int{"b": 1, "h": 2, "s": 4, "d": 8}
)

var arm64 = &arch{
	goarch: "arm64",
	// Loads per cycle by access width (an LDP is one access of both
	// registers): Arm's software optimisation guides, in which a core
	// reads at most 16 bytes per load pipe and cycle, so that an LDP of Q
	// registers takes a pipe for two cycles; the Cortex-A53 reads 8 bytes
	// per cycle; Apple's M1 performance cores load three 16-byte vectors
	// per cycle. The Cortex-A55 is not stated.
	cores: []core{
		{name: "apple-m1", loads: pipes(3, 16), model: "Cyclone's (Apple A7, 2013: two load/store units, three vector units)"},
		{name: "neoverse-n1", loads: pipes(2, 16)},
		{name: "neoverse-v1", loads: pipes(3, 16)},
		{name: "neoverse-v2", loads: pipes(3, 16)},
		{name: "cortex-a72", loads: pipes(1, 16), model: "Cortex-A57's"},
		{name: "cortex-a76", loads: pipes(2, 16), model: "Cortex-A57's, with one load pipe"},
		{name: "cortex-a55"},
		{name: "cortex-a53", loads: pipes(1, 8)},
	},
	branch: func(m string) bool {
		switch m {
		case "b", "cbz", "cbnz", "tbz", "tbnz":
			return true
		}
		return strings.HasPrefix(m, "b.")
	},
	load: func(m, ops string) (bytes, width int) {
		if !strings.HasPrefix(m, "ld") || strings.Contains(ops, "[sp") {
			return 0, 0
		}
		if regs := arm64Regs.FindStringSubmatch(ops); regs != nil { // ld1 {v0.16b, v1.16b}, [x0]
			for _, r := range strings.Split(regs[1], ",") {
				l := arm64Lanes.FindStringSubmatch(r)
				if l == nil {
					return 0, 0
				}
				n, _ := strconv.Atoi(l[1])
				w := n * laneLen[l[2]]
				bytes += w
				width = max(width, w)
			}
			return bytes, width
		}
		args := strings.Split(ops, ",")
		first := arm64Reg.FindStringSubmatch(strings.TrimSpace(args[0]))
		if first == nil {
			return 0, 0
		}
		w := arm64RegLen[first[1]]
		switch strings.TrimPrefix(strings.TrimPrefix(m, "ldu"), "ld") {
		case "rb", "urb", "rsb", "ursb":
			w = 1
		case "rh", "urh", "rsh", "ursh":
			w = 2
		case "rsw", "ursw":
			w = 4
		}
		if strings.HasPrefix(m, "ldp") || strings.HasPrefix(m, "ldnp") {
			return 2 * w, 2 * w // one access of the pair
		}
		return w, w
	},
	isa: func(string, string) int { return 0 },
}

var riscv64Branches = map[string]bool{
	"j": true, "beq": true, "bne": true, "blt": true, "bge": true, "bltu": true, "bgeu": true,
	"beqz": true, "bnez": true, "blez": true, "bgez": true, "bltz": true, "bgtz": true,
	"bgt": true, "ble": true, "bgtu": true, "bleu": true,
}

var riscv64Loads = map[string]int{"lb": 1, "lbu": 1, "lh": 2, "lhu": 2, "lw": 4, "lwu": 4, "ld": 8, "c.ld": 8, "c.lw": 4}

var riscv64 = &arch{
	goarch: "riscv64",
	// The SiFive U74 (VisionFive 2, HiFive Unmatched) loads one 64-bit
	// word per cycle. The others are not stated. The P670 (VLEN 128) and
	// the X280 (VLEN 512) have RVV 1.0, the U74 and the P450 no vector
	// unit; LLVM 19's spacemit-x60 has no scheduling model.
	cores: []core{
		{name: "sifive-u74", loads: map[int]float64{1: 1, 2: 1, 4: 1, 8: 1}},
		{name: "sifive-p450"},
		{name: "sifive-p670", isa: isaRVV, vlen: 128},
		{name: "sifive-x280", isa: isaRVV, vlen: 512},
	},
	branch: func(m string) bool { return riscv64Branches[m] },
	load: func(m, ops string) (bytes, width int) {
		w, ok := riscv64Loads[m]
		if !ok || strings.Contains(ops, "(sp)") {
			return 0, 0
		}
		return w, w
	},
	isa: func(m, _ string) int {
		if strings.HasPrefix(m, "v") {
			return isaRVV
		}
		return 0
	},
	vregs: riscv64VectorRegs,
}

// isaRVV is the riscv64 level of the V extension.
const isaRVV = 1

// riscv64VectorRegs counts the vector registers the unit-stride byte loads
// of insts fill, LMUL each, as the VSETVLI before each sets it
// ("vsetvli t0, a2, e8, m8, tu, mu"): at VLMAX, the loop's strips are
// whole in the steady state.
func riscv64VectorRegs(insts []inst) int {
	lmul, n := 1, 0
	for _, in := range insts {
		switch in.mnemonic {
		case "vsetvli", "vsetivli":
			for _, f := range strings.Split(in.operands, ",") {
				f = strings.TrimSpace(f)
				if len(f) == 2 && f[0] == 'm' && f[1] >= '1' && f[1] <= '8' {
					lmul = int(f[1] - '0')
				}
			}
		case "vle8.v":
			n += lmul
		}
	}
	return n
}

// parsers are, by GOARCH, how to read an architecture's instructions,
// and what each of its cores can load.
var parsers = map[string]*arch{"amd64": amd64, "arm64": arm64, "riscv64": riscv64, "ppc64le": ppc64le, "s390x": s390x}

// builds are the builds to check, in internal/archfacts's order, and
// arches the same by id: each MCA build of the table, its GOARCH's
// instructions read as parsers says, on the cores the table names. The
// first build of a GOARCH is its variable (amd64, ...), with the table's
// names filled in; the others are copies.
var builds, arches = func() ([]*arch, map[string]*arch) {
	var list []*arch
	byID := map[string]*arch{}
	known := map[string][]core{} // every core of each parser, before the first build takes the table's
	for g, p := range parsers {
		known[g] = p.cores
	}
	for _, f := range archfacts.All() {
		for i, b := range f.MCA {
			p := parsers[f.GOARCH]
			if p == nil {
				panic("mca: no parser of " + f.GOARCH + ", which internal/archfacts gives MCA builds")
			}
			a := p
			if i > 0 {
				c := *p
				a = &c
				a.name = f.MCAName(b)
			}
			var cores []core
			for _, name := range b.CPUs {
				j := slices.IndexFunc(known[f.GOARCH], func(c core) bool { return c.name == name })
				if j < 0 {
					panic("mca: internal/archfacts names core " + name + " of " + f.GOARCH + ", which mca does not know")
				}
				cores = append(cores, known[f.GOARCH][j])
			}
			a.env, a.triple, a.objdumpArgs, a.header, a.cores = f.LevelEnv(b.Level), f.Triple, f.ObjdumpArgs, f.MCAHeader, cores
			list = append(list, a)
			byID[a.id()] = a
		}
	}
	return list, byID
}()

// buildIDs are the ids of builds, in order.
func buildIDs() []string {
	var ids []string
	for _, a := range builds {
		ids = append(ids, a.id())
	}
	return ids
}

// id names the build: its name, or its GOARCH where it has none.
func (a *arch) id() string {
	if a.name != "" {
		return a.name
	}
	return a.goarch
}
