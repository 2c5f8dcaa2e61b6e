package kernelchecktest

import (
	"go/version"
	"runtime"

	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
)

// Builds are the shipped builds, whose code TestShippedBuilds checks:
// every GOARCH of internal/archfacts whose machine a model describes (the
// table gives its registers), at its default level and each level the
// table checks, with each Go experiment that gives it kernels of its own
// where this release has it (GOEXPERIMENT=simd: the archsimd kernels), and
// the portable kernel on those with assembly, at the default and the
// levels the table says.
var Builds = func() []kernelcheck.Build {
	var out []kernelcheck.Build
	for _, a := range archfacts.All() {
		if a.SP == "" {
			continue
		}
		out = append(out, kernelcheck.Build{GOARCH: a.GOARCH})
		for _, l := range a.Checked {
			out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Env: a.LevelEnv(l.Value)})
		}
		if len(a.Kernels) == 0 {
			continue
		}
		for _, exp := range a.Experiments {
			if HasExperiment(a.GOARCH, exp.Name) {
				out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Env: []string{"GOEXPERIMENT=" + exp.Name}})
			}
		}
		out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Tags: "purego"})
		for _, l := range a.Checked {
			if l.Purego {
				out = append(out, kernelcheck.Build{GOARCH: a.GOARCH, Env: a.LevelEnv(l.Value), Tags: "purego"})
			}
		}
	}
	return out
}()

// AsmBuilt reports whether this toolchain builds a's assembly kernels,
// which may need a newer release than go.mod admits (a.AsmGo): the go
// command that builds the driver is this test's own release.
func AsmBuilt(a *archfacts.Arch) bool {
	return a.AsmGo == "" || version.Compare(runtime.Version(), a.AsmGo) >= 0
}

// HasExperiment reports whether this toolchain has the Go experiment of
// goarch's kernels that internal/archfacts names: the go command that
// builds the driver is this test's own release.
func HasExperiment(goarch, name string) bool {
	for _, e := range archfacts.Must(goarch).Experiments {
		if e.Name == name {
			return version.Compare(runtime.Version(), e.Go) >= 0
		}
	}
	return false
}
