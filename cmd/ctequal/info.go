package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/klauspost/cpuid/v2"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/impl"
)

// cpuidFeature maps the features the kernels need to cpuid/v2's, which
// reads CPUID itself, without GODEBUG. (It has no DIT: the DIT line below
// comes from golang.org/x/sys/cpu.)
var cpuidFeature = map[impl.Feature]cpuid.FeatureID{
	impl.SSE2:        cpuid.SSE2,
	impl.AVX:         cpuid.AVX,
	impl.AVX2:        cpuid.AVX2,
	impl.BMI2:        cpuid.BMI2,
	impl.AVX512F:     cpuid.AVX512F,
	impl.AVX512BW:    cpuid.AVX512BW,
	impl.AVX512VL:    cpuid.AVX512VL,
	impl.AVX512VBMI2: cpuid.AVX512VBMI2,
	impl.ASIMD:       cpuid.ASIMD,
}

// featureNotes say what a feature means to the selection, where its name
// does not: why a kernel needs a feature it never executes, where a
// feature comes from, what a kernel does with one it uses where present.
// They are keyed by feature, never by kernel: info words what the
// registry says of each kernel with them.
var featureNotes = map[impl.Feature]string{
	impl.AVX512VBMI2: "no kernel executes it: with BW, VL and BMI2 it marks the cores whose clock 512-bit code " +
		"does not lower (Ice Lake and later, Zen 4 and later), the line simdjson draws too; Skylake-SP and " +
		"Cascade Lake have AVX-512 F, BW and VL but not VBMI2, and there a 512-bit instruction slows the whole " +
		"core for milliseconds, which a 32-byte MAC check must not do to the server around it",
	impl.SSE2:  "in every amd64 CPU",
	impl.ASIMD: "Advanced SIMD, in every ARMv8-A CPU Go runs on",
	impl.DIT: "FEAT_DIT, data-independent timing: a kernel that uses it sets PSTATE.DIT for each call and " +
		"restores it, where the CPU has it (golang.org/x/sys/cpu, or macOS's sysctl)",
	impl.V: "RVV 1.0: golang.org/x/sys/cpu learns it from Linux's riscv_hwprobe only (qemu-user 7.2 has none), " +
		"and a GORISCV64=rva23u64 build, which runs only where V is, assumes it; GODEBUG=cpu.v=off turns it off in both",
	impl.VSX: "part of POWER8, Go's minimum for ppc64le, so always there: golang.org/x/sys/cpu has no flag or " +
		"GODEBUG option for it (big-endian ppc64 keeps the portable kernel)",
	impl.VX: "the vector facility, z13 and later",
	impl.LASX: "LoongArch's 256-bit vectors (the 3A5000 and later): golang.org/x/sys/cpu learns it from Linux's " +
		"hardware capabilities; GODEBUG=cpu.lasx=off turns it off (cpu.lsx=off leaves it on)",
	impl.LSX: "LoongArch's 128-bit vectors; GODEBUG=cpu.lsx=off turns it off",
}

func runInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("info", "Show the CPU, the kernel selected for it and why, and the kernels built in.", stdout)
	list := fs.Bool("kernels", false, "print only the names of the kernels this CPU supports, comma-separated, widest first")
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if *list {
		var names []string
		for _, k := range impl.List() {
			if k.Supported {
				names = append(names, k.Name)
			}
		}
		fmt.Fprintln(stdout, strings.Join(names, ","))
		return 0
	}
	writeCPU(stdout, thisMachine())
	writeSelection(stdout, thisMachine())
	return 0
}

// facts are what info reports, from the registry and the two readers of
// the CPU's features; the tests make up others.
type facts struct {
	kernels  []impl.Kernel
	have     impl.Features // as golang.org/x/sys/cpu reports them, after GODEBUG: what the selection saw
	selected string
	// cpuid reports whether cpuid/v2, which reads CPUID itself, without
	// GODEBUG, sees f; known is false where it cannot tell.
	cpuid   func(f impl.Feature) (has, known bool)
	godebug string
}

func thisMachine() facts {
	return facts{
		kernels:  impl.List(),
		have:     impl.CPU(),
		selected: ctequal.Kernel(),
		cpuid: func(f impl.Feature) (bool, bool) {
			id, known := cpuidFeature[f]
			return known && cpuid.CPU.Supports(id), known
		},
		godebug: os.Getenv("GODEBUG"),
	}
}

// features is every feature a kernel of this binary needs or uses.
func (m facts) features() impl.Features {
	var fs impl.Features
	for _, k := range m.kernels {
		fs |= k.Needs | k.Uses
	}
	return fs
}

func writeCPU(out io.Writer, m facts) {
	c := cpuid.CPU
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "CPU (github.com/klauspost/cpuid/v2)")
	fmt.Fprintf(w, "  brand\t%s\n", orUnknown(c.BrandName))
	fmt.Fprintf(w, "  vendor\t%s, family %d, model %d\n", orUnknown(c.VendorString), c.Family, c.Model)
	if runtime.GOARCH == "amd64" {
		fmt.Fprintf(w, "  level\tx86-64-v%d\n", c.X64Level())
	} else {
		fmt.Fprintf(w, "  arch\t%s\n", runtime.GOARCH)
	}
	fmt.Fprintf(w, "  caches\tL1d %s, L2 %s\n", cacheSize(c.Cache.L1D), cacheSize(c.Cache.L2))
	var have []string
	for _, f := range m.features().List() {
		has, known := m.cpuid(f)
		if !known { // cpuid/v2 reads x86 and arm64 only, and has no DIT
			have = append(have, fmt.Sprintf("%s %s (golang.org/x/sys/cpu)", f, yesNo(m.have.Has(f))))
			continue
		}
		have = append(have, fmt.Sprintf("%s %s", f, yesNo(has)))
	}
	if len(have) > 0 {
		fmt.Fprintf(w, "  features\t%s\n", strings.Join(have, ", "))
	}
	w.Flush()
}

// writeSelection says which kernel is selected and why, what each kernel
// of the binary needs and why it is or is not supported, and what the
// features mean.
func writeSelection(out io.Writer, m facts) {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "\nSelection (golang.org/x/sys/cpu, after GODEBUG)")
	for _, k := range m.kernels {
		if k.Name != m.selected {
			continue
		}
		fmt.Fprintf(w, "  selected\t%s\n", k.Name)
		fmt.Fprintf(w, "  because\t%s\n", because(k, m))
		fmt.Fprintf(w, "  to turn it off\t%s\n", turnOff(k))
		for _, f := range k.Uses.List() {
			state := "no: this CPU does not have it, as far as golang.org/x/sys/cpu can tell"
			if m.have.Has(f) {
				state = "yes: this CPU has it"
			}
			fmt.Fprintf(w, "  uses %s\t%s\n", f, state)
		}
	}
	fmt.Fprintf(w, "  short inputs\tup to %d bytes compared by Compare itself, in straight-line Go, whatever the kernel\n", impl.ShortMax)
	fmt.Fprintf(w, "  long inputs\tcompared %s at a time, with a point between where the garbage collector can stop the goroutine\n", sizeText(impl.ChunkSize))
	fmt.Fprintln(w, "\nKernels in this binary, widest first")
	for _, k := range m.kernels {
		state, why := "supported", ""
		if !k.Supported {
			state, why = "not supported here", "; missing: "+m.whyNot(k)
		}
		mark := ""
		if k.Name == m.selected {
			mark = " (selected)"
		}
		fmt.Fprintf(w, "  %s%s\t%s\tneeds %s%s%s\n", k.Name, mark, state, needsText(k), usesText(k), why)
	}
	if notes := m.features(); notes != 0 {
		fmt.Fprintln(w, "\nFeatures")
		for _, f := range notes.List() {
			if note, ok := featureNotes[f]; ok {
				fmt.Fprintf(w, "  %s\t%s\n", f, note)
			}
		}
	}
	w.Flush()

	for _, f := range m.features().List() {
		fromCPUID, known := m.cpuid(f)
		if fromSys := m.have.Has(f); known && fromCPUID != fromSys {
			fmt.Fprintf(out, "\nNote: cpuid/v2 says %s is %s, golang.org/x/sys/cpu says %s;"+
				" the selection follows x/sys/cpu (GODEBUG, or the OS not saving the registers, can explain it).\n",
				f, yesNo(fromCPUID), yesNo(fromSys))
		}
	}
}

// whyNot says, for each feature k needs that the selection did not see,
// whether it was turned off or is missing.
func (m facts) whyNot(k impl.Kernel) string {
	var why []string
	for _, f := range k.Needs.List() {
		if m.have.Has(f) {
			continue
		}
		switch has, _ := m.cpuid(f); {
		case has:
			why = append(why, f.String()+" (turned off: see the notes below)")
		case impl.GodebugOff(m.godebug, f.String()):
			why = append(why, f.String()+" (turned off by GODEBUG)")
		default:
			why = append(why, f.String())
		}
	}
	return strings.Join(why, ", ")
}

func because(k impl.Kernel, m facts) string {
	var gaveWay []string
	for _, o := range m.kernels {
		if o.Name == k.Name {
			break
		}
		if o.Supported && m.have&o.GivesWay != 0 {
			gaveWay = append(gaveWay, o.Name+" gives way where the CPU has "+(m.have&o.GivesWay).String())
		}
	}
	then := ""
	if len(gaveWay) > 0 {
		then = " (" + strings.Join(gaveWay, "; ") + ")"
	}
	if k.Needs == 0 {
		return "no other kernel is supported; the portable Go kernel runs everywhere" + then
	}
	return "the CPU and OS have " + k.Needs.String() + ", and it is the widest kernel that is supported" + then
}

func turnOff(k impl.Kernel) string {
	for _, f := range k.Needs.List() {
		if f.Switchable() {
			return "GODEBUG=cpu." + f.String() + "=off"
		}
	}
	if k.Needs == 0 {
		return "nothing to turn off"
	}
	if strings.HasPrefix(k.Name, "archsimd-") {
		return "build without GOEXPERIMENT=simd for the assembly kernel"
	}
	return "build with -tags purego for the portable kernel"
}

func needsText(k impl.Kernel) string {
	if k.Needs == 0 {
		return "nothing (portable Go)"
	}
	return k.Needs.String()
}

func usesText(k impl.Kernel) string {
	s := ""
	if k.Uses != 0 {
		s += "; uses " + k.Uses.String() + " where present"
	}
	if k.GivesWay != 0 {
		s += "; gives way where the CPU has " + k.GivesWay.String()
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "unknown"
	}
	return strings.TrimSpace(s)
}

func cacheSize(n int) string {
	if n <= 0 {
		return "unknown"
	}
	return sizeText(n)
}
