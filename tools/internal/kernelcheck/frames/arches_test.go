package frames

import (
	"fmt"
	"go/version"
	"maps"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/ctcheck/engine"
	"github.com/ctequal/ctequal/ctcheck/engine/arch"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck"
	"github.com/ctequal/ctequal/tools/internal/kernelcheck/kernelchecktest"
)

// The architectures ported onto the one engine: riscv64, ppc64le, s390x,
// loong64 and arm. Their builds and the frame rules of their listing
// hooks; their models are tested row by row in their own packages
// (TestRows in ctcheck/engine/riscv, ppc64, s390x, loong64 and arm).

// archBuilds are the builds of the driver whose two checks must find
// nothing and analyse the same functions: the shipped builds
// (kernelchecktest.Builds) but those of x86 and arm64, whose models were
// not ported.
var archBuilds = slices.DeleteFunc(slices.Clone(kernelchecktest.Builds), func(b kernelcheck.Build) bool {
	return b.GOARCH == "amd64" || b.GOARCH == "386" || b.GOARCH == "arm64"
})

// programsWithListing returns the two front ends' reading of a build, and
// its listing.
func programsWithListing(t *testing.T, b kernelcheck.Build) (src, bin *engine.Program, listing string) {
	t.Helper()
	goTool, root := kernelchecktest.Toolchain(t)
	if slices.Contains(b.Env, "GORISCV64=rva23u64") && version.Compare(runtime.Version(), "go1.25") < 0 {
		t.Skipf("GORISCV64=rva23u64 needs Go 1.25; this is %s", runtime.Version())
	}
	return kernelchecktest.ReadBuild(t, goTool, root, b)
}

// A stackAccess is one access of the frame, resolved by a front end: the
// offset from the stack pointer at the function's entry, or unknown.
type stackAccess struct {
	off   int64
	known bool
}

func (s stackAccess) String() string {
	if !s.known {
		return "?"
	}
	return fmt.Sprintf("%+d", s.off)
}

// frameAccesses runs the engine over each function of names in p and
// returns, by function and by the instruction's offset in it, the frame
// offset of every stack operand: engine.EntrySP+off as the listing
// resolved it, or the tracked stack pointer plus the displacement of an
// operand through the hardware stack pointer.
func frameAccesses(t *testing.T, p *engine.Program, names []string) map[string]map[uint64][]stackAccess {
	t.Helper()
	an, err := engine.NewAnalysis(p, kernelcheck.InModule)
	if err != nil {
		t.Fatal(err)
	}
	sp := p.Arch.SP
	out := map[string]map[uint64][]stackAccess{}
	for _, name := range names {
		f := p.Funcs[name]
		if f == nil || len(f.Insts) == 0 {
			t.Errorf("%s: not in the program", name)
			continue
		}
		in := an.Flow(f, an.RootEntry(f))
		acc := map[uint64][]stackAccess{}
		for i, ins := range f.Insts {
			if !in[i].Reached() {
				continue
			}
			for _, x := range ins.Args {
				if x.Kind != engine.ArgMem || x.Index != "" {
					continue
				}
				var s stackAccess
				switch x.Reg {
				case engine.EntrySP:
					s = stackAccess{off: x.Imm, known: true}
				case sp:
					d := x.Imm
					if x.Post {
						d = 0
					}
					off, known := in[i].SP()
					s = stackAccess{off: off + d, known: known}
				default:
					continue
				}
				at := ins.Addr - f.Insts[0].Addr
				acc[at] = append(acc[at], s)
			}
		}
		out[name] = acc
	}
	return out
}

// compareFrames returns where the two front ends resolve a function's
// stack operands differently.
func compareFrames(src, bin map[string]map[uint64][]stackAccess) []string {
	var bad []string
	for _, name := range slices.Sorted(maps.Keys(src)) {
		s, c := src[name], bin[name]
		at := map[uint64]bool{}
		for a := range s {
			at[a] = true
		}
		for a := range c {
			at[a] = true
		}
		for _, a := range slices.Sorted(maps.Keys(at)) {
			x, y := s[a], c[a]
			if fmt.Sprint(x) != fmt.Sprint(y) || slices.ContainsFunc(x, func(s stackAccess) bool { return !s.known }) {
				bad = append(bad, fmt.Sprintf("%s+%#x: listing %v, disassembly %v", name, a, x, y))
			}
		}
	}
	return bad
}

// TestArchFrameRules verifies each listing hook's frameArg rule (and
// ppc64's frame slots) against the binary: for every stack access of
// every function on the path, the offset from the entry's stack pointer
// that the listing front end resolves must be the one the disassembly's
// displacement and the tracked stack pointer give, at the same offset in
// the function. A rule broken on purpose must make it fail.
func TestArchFrameRules(t *testing.T) {
	for _, b := range archBuilds {
		if b.Tags != "" {
			continue // the same functions' frames, less the kernels
		}
		t.Run(b.Name(), func(t *testing.T) {
			src, bin, listing := programsWithListing(t, b)
			r, err := kernelcheck.Check(src)
			if err != nil {
				t.Fatal(err)
			}
			fs, fb := frameAccesses(t, src, r.Funcs), frameAccesses(t, bin, r.Funcs)
			n := 0
			for _, acc := range fs {
				for _, l := range acc {
					n += len(l)
				}
			}
			if n == 0 {
				t.Fatal("no stack access on the path: nothing verified")
			}
			for _, d := range compareFrames(fs, fb) {
				t.Error(d)
			}
			t.Logf("%d stack accesses in %d functions agree", n, len(fs))

			// The same, with the listing's frame operands 8 bytes off.
			srcBroken, err := engine.ParseListing(arch.For(b.GOARCH, ""), frameSkewed(listing, 8))
			if err != nil {
				t.Fatal(err)
			}
			if d := compareFrames(frameAccesses(t, srcBroken, r.Funcs), fb); len(d) == 0 {
				t.Errorf("a frame rule 8 bytes off is not caught")
			} else {
				t.Logf("a frame rule 8 bytes off: %d disagreements, the first %s", len(d), d[0])
			}
		})
	}
}

// frameOperand is a frame slot in a listing's instruction: name+off(FP),
// name-off(SP), off(SP), and ppc64's name+off(R1).
var frameOperand = regexp.MustCompile(`([\t ,$])([A-Za-z_.~·/][^()$\t ,]*?)?([+-]?\d+)\((FP|SP|R1)\)`)

// frameSkewed returns listing with the offset of every frame slot of its
// instructions moved by d: what a frame rule d bytes off would read.
func frameSkewed(listing string, d int64) string {
	lines := strings.Split(listing, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "\t0x") || !strings.Contains(l, ")\t") {
			continue
		}
		lines[i] = frameOperand.ReplaceAllStringFunc(l, func(op string) string {
			m := frameOperand.FindStringSubmatch(op)
			off, _ := strconv.ParseInt(m[3], 10, 64)
			if m[2] == "" {
				return fmt.Sprintf("%s%d(%s)", m[1], off+d, m[4])
			}
			return fmt.Sprintf("%s%s%+d(%s)", m[1], m[2], off+d, m[4])
		})
	}
	return strings.Join(lines, "\n")
}
