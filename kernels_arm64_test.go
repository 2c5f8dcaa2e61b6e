//go:build gc && !purego

package ctequal

import (
	"encoding/binary"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/internal/impl"
	"golang.org/x/sys/cpu"
)

// assumeDIT is set where the CPU implements FEAT_DIT but the operating
// system does not advertise it: qemu-user 7.2 with -cpu max does, and CI
// sets CTEQUAL_ASSUME_DIT=1 there so that the whole suite runs the kernel's
// DIT path. Never set it elsewhere: MSR DIT is undefined without FEAT_DIT.
var assumeDIT = os.Getenv("CTEQUAL_ASSUME_DIT") == "1"

func init() {
	if assumeDIT {
		impl.AssumeDIT()
	}
}

// TestArm64SelectsNEON: the NEON assembly, but in a build with the
// archsimd kernel (GOEXPERIMENT=simd) where the CPU has no FEAT_DIT.
func TestArm64SelectsNEON(t *testing.T) {
	want := "neon"
	if len(archsimdKernels) > 0 && !useDIT {
		want = "archsimd-neon"
	}
	if Kernel() != want || want == "neon" && !useNEON {
		t.Fatalf("Kernel() = %q on arm64 (useNEON %v, useDIT %v), want %s", Kernel(), useNEON, useDIT, want)
	}
	if impl.CPU().Has(impl.DIT) != useDIT {
		t.Fatalf("impl.CPU() says DIT %v, the kernel uses it: %v", impl.CPU().Has(impl.DIT), useDIT)
	}
}

// TestNEONRestoresDIT: where the CPU has FEAT_DIT, the kernel sets
// PSTATE.DIT for its run and must give the caller back the value it had,
// off or on. Where it has not, the kernel must not touch DIT at all (the
// instruction would be undefined), which the whole suite running there shows.
func TestNEONRestoresDIT(t *testing.T) {
	if useDIT != (cpu.ARM64.HasDIT || assumeDIT) {
		t.Fatalf("useDIT = %v, but the CPU reports FEAT_DIT = %v", useDIT, cpu.ARM64.HasDIT)
	}
	if !useDIT {
		t.Skip("this CPU has no FEAT_DIT: the kernel leaves PSTATE.DIT alone")
	}
	// PSTATE.DIT belongs to the thread.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	x := make([]byte, 100)
	y := make([]byte, 100)
	for _, on := range []bool{false, true, false} {
		setDIT(on)
		if ditEnabled() != on {
			t.Fatalf("setDIT(%v) did not take", on)
		}
		if equalNEON(x, y) != 1 {
			t.Fatal("equalNEON of equal inputs returned 0")
		}
		if got := ditEnabled(); got != on {
			t.Fatalf("the caller had DIT = %v, equalNEON returned with DIT = %v", on, got)
		}
	}
}

// TestSBDetection: useSB, read from the ID register that Linux emulates,
// agrees with HWCAP_SB, which Linux derives from the same field and hands
// every process in its auxiliary vector: two readings of one fact, so a
// wrong bit field in either shows. Without the emulation useSB must be
// false, and the kernel uses DSB and ISB, which every CPU has.
func TestSBDetection(t *testing.T) {
	if !cpu.ARM64.HasCPUID {
		if useSB {
			t.Fatal("useSB is set where the ID registers cannot be read")
		}
		t.Skip("the operating system does not emulate ID register reads: DSB and ISB are the barrier")
	}
	auxv, err := os.ReadFile("/proc/self/auxv")
	if err != nil {
		t.Skipf("no auxiliary vector to check against: %v", err)
	}
	const atHWCAP, hwcapSB = 16, 1 << 29
	for ; len(auxv) >= 16; auxv = auxv[16:] {
		if binary.LittleEndian.Uint64(auxv) == atHWCAP {
			hwcap := binary.LittleEndian.Uint64(auxv[8:])
			if want := hwcap&hwcapSB != 0; useSB != want {
				t.Fatalf("useSB = %v from ID_AA64ISAR1_EL1 (%#x), but HWCAP_SB = %v", useSB, isar1(), want)
			}
			t.Logf("FEAT_SB: %v", useSB)
			return
		}
	}
	t.Fatal("no AT_HWCAP in the auxiliary vector")
}

// TestNEONBarriers runs the kernel through each speculation barrier this
// CPU has (SB only where it has FEAT_SB; under qemu -cpu max, both) with
// PSTATE.DIT off on entry, so that the kernel sets it and issues the
// barrier, at lengths that take the loop and every step of the tail.
func TestNEONBarriers(t *testing.T) {
	if !useDIT {
		t.Skip("this CPU has no FEAT_DIT: the kernel sets no DIT and issues no barrier")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	saved := useSB
	defer func() { useSB = saved }()
	barriers := []bool{false}
	if saved {
		barriers = append(barriers, true)
	}
	x := make([]byte, 1000)
	y := make([]byte, 1000)
	for _, sb := range barriers {
		useSB = sb
		for _, n := range []int{0, 1, 127, 128, 255, 256 + 64 + 32 + 16 + 8 + 4 + 2 + 1, 1000} {
			for _, differ := range []bool{false, true} {
				want := 1
				if differ && n > 0 {
					y[n-1] = 1
					want = 0
				}
				setDIT(false)
				got := equalNEON(x[:n], y[:n])
				if n > 0 {
					y[n-1] = 0
				}
				if got != want {
					t.Errorf("SB %v, %d bytes, differ %v: equalNEON = %d, want %d", sb, n, differ, got, want)
				}
				if ditEnabled() {
					t.Fatalf("SB %v: the caller had DIT off, equalNEON returned with it on", sb)
				}
			}
		}
	}
}

// TestDITBarrier: in equal_arm64.s, every path from an MSR that sets
// PSTATE.DIT reaches a speculation barrier, SB or DSB then ISB, before any
// instruction other than the loads of globals and the branches that choose
// between them. It reads the generated source, since a test cannot tell
// from the results whether the barrier ran.
func TestDITBarrier(t *testing.T) {
	src, err := os.ReadFile("equal_arm64.s")
	if err != nil {
		t.Fatal(err)
	}
	sets := 0
	for _, f := range parseAsm(string(src)) {
		for i, in := range f.insts {
			if in.op == "MSR" && in.args == "$1, DIT" {
				sets++
				if err := f.barrierFirst(i+1, map[int]bool{}); err != nil {
					t.Errorf("%s: MSR $1, DIT at line %d: %v", f.name, in.line, err)
				}
			}
		}
	}
	if sets < 2 {
		t.Fatalf("found %d MSR $1, DIT in equal_arm64.s, want equalNEON's and setDIT's at least", sets)
	}
}

type asmInst struct {
	line     int
	op, args string
}

type asmFunc struct {
	name   string
	insts  []asmInst
	labels map[string]int // label -> index of the instruction it precedes
}

// parseAsm splits Go arm64 assembly into functions of instructions, with
// comments, labels and directives taken out.
func parseAsm(src string) []*asmFunc {
	var funcs []*asmFunc
	var cur *asmFunc
	for i, l := range strings.Split(src, "\n") {
		if j := strings.Index(l, "//"); j >= 0 {
			l = l[:j]
		}
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "TEXT"):
			name, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "TEXT")), "(")
			cur = &asmFunc{name: name, labels: map[string]int{}}
			funcs = append(funcs, cur)
		case cur == nil || l == "" || strings.HasPrefix(l, "#"):
		case strings.HasSuffix(l, ":"):
			cur.labels[strings.TrimSuffix(l, ":")] = len(cur.insts)
		default:
			op, args, _ := strings.Cut(l, "\t")
			cur.insts = append(cur.insts, asmInst{line: i + 1, op: op, args: strings.TrimSpace(args)})
		}
	}
	return funcs
}

// barrierFirst reports whether every path from instruction i reaches a
// barrier before anything but a load of a global or a branch.
func (f *asmFunc) barrierFirst(i int, seen map[int]bool) error {
	for ; !seen[i]; i++ {
		seen[i] = true
		if i >= len(f.insts) {
			return fmt.Errorf("the function ends without a barrier")
		}
		in := f.insts[i]
		args := strings.Split(in.args, ", ")
		target := func() (int, error) {
			t, ok := f.labels[args[len(args)-1]]
			if !ok {
				return 0, fmt.Errorf("line %d: %s %s leaves the function", in.line, in.op, in.args)
			}
			return t, nil
		}
		switch in.op {
		case "WORD":
			if in.args == "$0xd50330ff" { // SB
				return nil
			}
		case "DSB":
			if i+1 < len(f.insts) && f.insts[i+1].op == "ISB" {
				return nil
			}
		case "JMP", "B":
			t, err := target()
			if err != nil {
				return err
			}
			i = t - 1
			continue
		case "CBZ", "CBNZ", "TBZ", "TBNZ":
			t, err := target()
			if err == nil {
				err = f.barrierFirst(t, seen)
			}
			if err != nil {
				return err
			}
			continue
		case "MOVBU", "MOVD":
			if strings.HasSuffix(args[0], "(SB)") {
				continue
			}
		}
		return fmt.Errorf("line %d: %s %s runs before any barrier", in.line, in.op, in.args)
	}
	return nil
}
