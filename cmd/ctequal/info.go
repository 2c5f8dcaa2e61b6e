package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/klauspost/cpuid/v2"

	"github.com/ctequal/ctequal"
	"github.com/ctequal/ctequal/internal/kernels"
)

// cpuidFeature maps the features the kernels need, by their
// golang.org/x/sys/cpu GODEBUG names, to cpuid/v2's.
var cpuidFeature = map[string]cpuid.FeatureID{
	"sse2":     cpuid.SSE2,
	"avx":      cpuid.AVX,
	"avx2":     cpuid.AVX2,
	"avx512f":  cpuid.AVX512F,
	"avx512bw": cpuid.AVX512BW,
	"bmi2":     cpuid.BMI2,
	"asimd":    cpuid.ASIMD,
}

// switchable lists the features golang.org/x/sys/cpu lets GODEBUG turn
// off: SSE2 and ASIMD are part of the architecture's baseline.
var switchable = map[string]bool{"avx": true, "avx2": true, "avx512f": true, "avx512bw": true, "bmi2": true}

func runInfo(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("info", "Show the CPU, the kernel selected for it and why, and the kernels built in.", stderr)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
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
	var feats []string
	for _, k := range kernels.All {
		for _, f := range k.Needs {
			feats = appendUnique(feats, f)
		}
	}
	var have []string
	for _, f := range feats {
		have = append(have, fmt.Sprintf("%s %s", f, yesNo(c.Supports(cpuidFeature[f]))))
	}
	if len(have) > 0 {
		fmt.Fprintf(w, "  features\t%s\n", strings.Join(have, ", "))
	}

	selected := ctequal.Kernel()
	fmt.Fprintln(w, "\nSelection (golang.org/x/sys/cpu, after GODEBUG)")
	for _, k := range kernels.All {
		if k.Name != selected {
			continue
		}
		fmt.Fprintf(w, "  selected\t%s\n", k.Name)
		fmt.Fprintf(w, "  because\t%s\n", because(k))
		fmt.Fprintf(w, "  to turn it off\t%s\n", turnOff(k))
	}
	fmt.Fprintln(w, "\nKernels in this binary")
	for _, k := range kernels.All {
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
	if dit, ok := kernels.Features["dit"]; ok {
		state := "no: the NEON kernel leaves PSTATE.DIT alone"
		if dit {
			state = "yes: the NEON kernel sets PSTATE.DIT for each call and restores it"
		}
		fmt.Fprintf(w, "\nFEAT_DIT (data-independent timing)\t%s\n", state)
	}
	w.Flush()

	for _, f := range feats {
		fromCPUID := c.Supports(cpuidFeature[f])
		fromSys := kernels.Features[f]
		if fromCPUID != fromSys {
			fmt.Fprintf(out, "\nNote: cpuid/v2 says %s is %s, golang.org/x/sys/cpu says %s;"+
				" the selection follows x/sys/cpu (GODEBUG, or the OS not saving the registers, can explain it).\n",
				f, yesNo(fromCPUID), yesNo(fromSys))
		}
	}
}

func because(k kernels.Kernel) string {
	if len(k.Needs) == 0 {
		return "no wider kernel is supported; the portable Go kernel runs everywhere"
	}
	return "the CPU and OS have " + strings.Join(k.Needs, ", ") + ", and it is the widest kernel that is supported"
}

func turnOff(k kernels.Kernel) string {
	for _, f := range k.Needs {
		if switchable[f] {
			return "GODEBUG=cpu." + f + "=off"
		}
	}
	if len(k.Needs) == 0 {
		return "nothing to turn off"
	}
	return "build with -tags purego for the portable kernel"
}

func needsText(k kernels.Kernel) string {
	if len(k.Needs) == 0 {
		return "nothing (portable Go)"
	}
	return strings.Join(k.Needs, ", ")
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
