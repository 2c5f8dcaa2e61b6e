package main

import (
	"fmt"
	"io"
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

func runInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("info", "Show the CPU, the kernel selected for it and why, and the kernels built in.", stderr)
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
	writeInfo(stdout)
	return 0
}

func writeInfo(out io.Writer) {
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
	all := impl.List()
	var used impl.Features
	for _, k := range all {
		used |= k.Needs
	}
	var have []string
	for _, f := range used.List() {
		id, known := cpuidFeature[f]
		if !known { // cpuid/v2 reads x86 and arm64 only: vsx, vx
			have = append(have, fmt.Sprintf("%s %s (golang.org/x/sys/cpu)", f, yesNo(impl.CPU().Has(f))))
			continue
		}
		have = append(have, fmt.Sprintf("%s %s", f, yesNo(c.Supports(id))))
	}
	if len(have) > 0 {
		fmt.Fprintf(w, "  features\t%s\n", strings.Join(have, ", "))
	}

	selected := ctequal.Kernel()
	fmt.Fprintln(w, "\nSelection (golang.org/x/sys/cpu, after GODEBUG)")
	for _, k := range all {
		if k.Name != selected {
			continue
		}
		fmt.Fprintf(w, "  selected\t%s\n", k.Name)
		fmt.Fprintf(w, "  because\t%s\n", because(k))
		fmt.Fprintf(w, "  to turn it off\t%s\n", turnOff(k))
	}
	if why := avx512Policy(all); why != "" {
		fmt.Fprintf(w, "  AVX-512\t%s\n", why)
	}
	if why := rvvPolicy(all); why != "" {
		fmt.Fprintf(w, "  RVV\t%s\n", why)
	}
	fmt.Fprintf(w, "  short inputs\tup to %d bytes compared by Compare itself, in straight-line Go, whatever the kernel\n", impl.ShortMax)
	fmt.Fprintf(w, "  long inputs\tcompared %s at a time, with a point between where the garbage collector can stop the goroutine\n", sizeText(impl.ChunkSize))
	fmt.Fprintln(w, "\nKernels in this binary")
	for _, k := range all {
		state := "not supported here"
		if k.Supported {
			state = "supported"
		}
		mark := ""
		if k.Name == selected {
			mark = " (selected)"
		}
		fmt.Fprintf(w, "  %s%s\t%s\tneeds %s\n", k.Name, mark, state, needsText(k))
	}
	if runtime.GOARCH == "arm64" && selected == "neon" {
		state := "no: the NEON kernel leaves PSTATE.DIT alone"
		if impl.CPU().Has(impl.DIT) {
			state = "yes: the NEON kernel sets PSTATE.DIT for each call and restores it"
		}
		fmt.Fprintf(w, "\nFEAT_DIT (data-independent timing)\t%s\n", state)
	}
	w.Flush()

	for _, f := range used.List() {
		if _, known := cpuidFeature[f]; !known {
			continue
		}
		fromCPUID := c.Supports(cpuidFeature[f])
		fromSys := impl.CPU().Has(f)
		if fromCPUID != fromSys {
			fmt.Fprintf(out, "\nNote: cpuid/v2 says %s is %s, golang.org/x/sys/cpu says %s;"+
				" the selection follows x/sys/cpu (GODEBUG, or the OS not saving the registers, can explain it).\n",
				f, yesNo(fromCPUID), yesNo(fromSys))
		}
	}
}

func because(k impl.Kernel) string {
	if k.Needs == 0 {
		return "no wider kernel is supported; the portable Go kernel runs everywhere"
	}
	if k.Needs == impl.Of(impl.VSX) {
		return "always on ppc64le: " + k.Policy
	}
	return "the CPU and OS have " + k.Needs.String() + ", and it is the widest kernel that is supported"
}

// avx512Policy says why the AVX-512 kernel was or was not chosen, on builds
// that have it.
func avx512Policy(all []impl.Kernel) string {
	for _, k := range all {
		if k.Name != "avx512" {
			continue
		}
		if k.Supported {
			return "used: this CPU has " + k.Needs.String() + "; the kernel is " + k.Policy
		}
		have := impl.CPU()
		var missing, switchedOff []string
		for _, f := range k.Needs.List() {
			if !have.Has(f) {
				missing = append(missing, f.String())
				if cpuid.CPU.Supports(cpuidFeature[f]) {
					switchedOff = append(switchedOff, f.String())
				}
			}
		}
		if len(switchedOff) > 0 {
			return "not used: " + strings.Join(switchedOff, ", ") + " turned off (GODEBUG, or the OS does not save the registers)"
		}
		if have.HasAll(impl.Of(impl.AVX512F, impl.AVX512BW)) {
			return "not used: this CPU has AVX-512 but not " + strings.Join(missing, ", ") + "; the kernel is " + k.Policy
		}
		return "not used: this CPU (or GODEBUG) lacks " + strings.Join(missing, ", ")
	}
	return ""
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
	return "build with -tags purego for the portable kernel"
}

func needsText(k impl.Kernel) string {
	if k.Needs == 0 {
		return "nothing (portable Go)"
	}
	return k.Needs.String()
}

func appendUnique(list []string, s string) []string {
	for _, t := range list {
		if t == s {
			return list
		}
	}
	return append(list, s)
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
