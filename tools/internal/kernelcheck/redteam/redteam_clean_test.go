package redteam

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/tools/internal/archfacts"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// The red team's false alarms (issue 32's round): constant-time code that
// the checks refused. Each is planted in the library, in its Go code
// (replace: a testdata/redteam patch, rtPlant) or in a kernel (code put
// before the nth line of TEXT ·kernel that contains marker, rtInsert),
// built, and checked from the driver's roots as TestShippedBuilds checks
// the shipped code: neither check may draw a finding, and the front ends
// must agree instruction by instruction.
type rtCleanVariant struct {
	name, what     string
	replace        map[string]string // module file -> testdata/redteam patch
	kernel, marker string
	nth            int
	code           string
	builds         []kernelcheck.Build
}

// everyGOARCH is a build of every GOARCH a model describes, at its
// default level.
func everyGOARCH() []kernelcheck.Build {
	var out []kernelcheck.Build
	for _, a := range archfacts.All() {
		if a.SP != "" {
			out = append(out, kernelcheck.Build{GOARCH: a.GOARCH})
		}
	}
	return out
}

var rtCleanVariants = []rtCleanVariant{
	{name: "go-wide-constant", replace: map[string]string{"equal_generic.go": "wide_constant.go"},
		what:   "the portable kernel multiplies the accumulator by 0x9E3779B97F4A7C15: amd64's listing has MOVQ $imm64 where GNU has movabs, arm64's MOVD $c where objdump has MOVD and three MOVK",
		builds: everyGOARCH()},
	{name: "go-trailing-zeros", replace: map[string]string{"equal_generic.go": "trailing_zeros.go"},
		what:   "the portable kernel's answer from bits.TrailingZeros64: RBIT and CLZ on arm64, TZCNT at GOAMD64=v3",
		builds: []kernelcheck.Build{{GOARCH: "arm64"}, {GOARCH: "arm64", Tags: "purego"}, {GOARCH: "amd64", Env: []string{"GOAMD64=v3"}}}},
	{name: "avx2-vpermd", kernel: "equalAVX2", marker: "VZEROUPPER", nth: 1, code: "\tVPERMD Y0, Y1, Y2",
		what:   "a register permute of the AVX2 kernel's accumulator",
		builds: []kernelcheck.Build{{GOARCH: "amd64"}}},
	{name: "neon-rbit", kernel: "equalNEON", marker: "CMP\t$0, R5", nth: 1, code: "\tRBIT R5, R9",
		what:   "a bit reversal of the NEON kernel's accumulator",
		builds: []kernelcheck.Build{{GOARCH: "arm64"}}},
}

func TestRedTeamCleanVariants(t *testing.T) {
	rtNeed(t)
	defer rtFlush(t)
	goTool, root := kernelchecktest.Toolchain(t)
	only := os.Getenv("CTEQUAL_REDTEAM_ONLY")
	dir, err := filepath.Abs(filepath.Join("testdata", "redteam"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range rtCleanVariants {
		if only != "" && !strings.Contains("clean/"+v.name, only) {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			for _, b := range v.builds {
				b.Replace = map[string]string{}
				for file, patch := range v.replace {
					b.Replace[kernelchecktest.KernelsSrc+"/"+file] = rtPlant(t, file, filepath.Join(dir, patch))
				}
				if v.kernel != "" {
					file := "equal_" + b.GOARCH + ".s"
					text := rtInsert(t, kernelchecktest.KernelFile(t, file), v.kernel, v.marker, v.nth, v.code, "")
					path := filepath.Join(t.TempDir(), file)
					if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					b.Replace[kernelchecktest.KernelsSrc+"/"+file] = path
				}
				src, bin := kernelchecktest.BothPrograms(t, goTool, root, b)
				var funcs []string
				for c, p := range []*engine.Program{src, bin} {
					r, err := kernelcheck.Check(p)
					if err != nil {
						t.Fatalf("%s: %v", b.Name(), err)
					}
					for _, f := range r.Findings {
						t.Errorf("%s: %s check: false alarm: %s", b.Name(), []kernelchecktest.CheckName{kernelchecktest.SourceCheck, kernelchecktest.CompiledCheck}[c], f)
					}
					funcs = r.Funcs
				}
				kernelchecktest.Agree(t, b, src, bin, funcs)
				t.Logf("%-22s clean      %-28s %s", b.Name(), v.name, v.what)
				rtRecord("| " + b.Name() + " | clean | " + v.name + " | " + v.what + " | no finding | no finding |")
			}
		})
	}
}
