//go:build gc && !purego

package kernels

import (
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/cpu"
)

// assumeDIT is set where the CPU implements FEAT_DIT but the operating
// system does not advertise it: qemu-user 7.2 with -cpu max does, and CI
// sets CTEQUAL_ASSUME_DIT=1 there so that the whole suite runs the kernel's
// DIT path. Never set it elsewhere: MSR DIT is undefined without FEAT_DIT.
var assumeDIT = os.Getenv("CTEQUAL_ASSUME_DIT") == "1"

func init() {
	if assumeDIT {
		AssumeDITForTesting()
	}
}

func TestArm64SelectsNEON(t *testing.T) {
	if Selected().Name != "neon" {
		t.Fatalf("Selected() = %q on arm64, want neon", Selected().Name)
	}
	if CPU().Has(DIT) != useDIT {
		t.Fatalf("CPU() says DIT %v, the kernel uses it: %v", CPU().Has(DIT), useDIT)
	}
	checkDispatch(t)
}

// checkDispatch: equalVector jumps to NEON exactly when Selected says so.
func checkDispatch(t *testing.T) {
	t.Helper()
	if useNEON != (Selected().Name == "neon") {
		t.Fatalf("useNEON = %v, Selected() = %s", useNEON, Selected().Name)
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
