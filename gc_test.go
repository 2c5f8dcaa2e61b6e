package ctequal

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"
)

// TestGarbageCollectorNeverWaits: while a goroutine calls Compare in a
// tight loop, as user code does, the garbage collector must still stop the
// world promptly. Assembly is not preempted asynchronously, so this holds
// only because every call of Compare, and every chunk of a long one, passes
// a function prologue that checks for a preemption request. Without them
// the world waited 0.5 s with 64 KiB inputs and 14 s with 64 MiB ones.
//
// The bound is 10 ms, or four times the wait for a goroutine that loops
// over plain Go code, whichever is longer: under an emulator such as qemu
// every wait is tens of times longer. A busy machine can deschedule the
// comparing thread for a few milliseconds now and then, so a size passes
// if one of three tries stays under the bound; a missing preemption point
// fails every try (tens of milliseconds at 64 KiB natively, seconds at
// 64 MiB). Run with -v to see the waits.
func TestGarbageCollectorNeverWaits(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("allocates 128 MiB and runs for seconds; under -race the kernels are not what runs")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	control := worstStopWhile(nil, nil, 8)
	bound := max(10*time.Millisecond, 4*control)
	t.Logf("plain Go code: worst stop-the-world wait %v; bound %v", control, bound)
	big := bytes.Repeat([]byte{0xa5}, 64<<20)
	other := bytes.Clone(big)
	forEachKernel(t, func(t *testing.T, k kernel) {
		kernel := k.name
		for _, n := range []int{16, 1024, 64 << 10, 64 << 20} {
			var tries []time.Duration
			for range 3 {
				worst := worstStopWhile(big[:n], other[:n], 8)
				tries = append(tries, worst)
				if worst <= bound {
					break
				}
			}
			t.Logf("%s, %d bytes: worst stop-the-world wait %v", kernel, n, tries)
			if tries[len(tries)-1] > bound {
				t.Errorf("%s, %d bytes: the garbage collector waited %v to stop the world, want under %v",
					kernel, n, tries, bound)
			}
		}
	})
}

var controlData [256]byte

// sumGo is plain Go code, preempted like any.
//
//go:noinline
func sumGo(b []byte) int {
	s := 0
	for _, v := range b {
		s += int(v)
	}
	return s
}

// worstStopWhile runs Compare(x, y) in a loop on another goroutine, or
// sumGo if x is nil, while it forces gcs collections, and returns the
// longest time the runtime took to stop the world for one of them. The loop
// calls Compare directly, as user code does: through a func value, the
// closure's prologue would be a preemption point of its own.
func worstStopWhile(x, y []byte, gcs int) time.Duration {
	var stop, started atomic.Bool
	done := make(chan int)
	go func() {
		s := 0
		for !stop.Load() {
			if x != nil {
				s += Compare(x, y)
			} else {
				s += sumGo(controlData[:])
			}
			started.Store(true)
		}
		done <- s
	}()
	for !started.Load() {
		runtime.Gosched()
	}
	before := stoppingHistogram()
	for range gcs {
		runtime.GC()
	}
	after := stoppingHistogram()
	stop.Store(true)
	<-done
	// The largest bucket that gained a count during the collections.
	for i := len(after.Counts) - 1; i >= 0; i-- {
		if after.Counts[i] > before.Counts[i] {
			return time.Duration(after.Buckets[i] * float64(time.Second))
		}
	}
	return 0
}

// stoppingHistogram reads how long the runtime has taken to stop the world
// for the garbage collector (Go 1.22 and later).
func stoppingHistogram() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: "/sched/pauses/stopping/gc:seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		panic(fmt.Sprintf("metric %s not supported", s[0].Name))
	}
	h := s[0].Value.Float64Histogram()
	return &metrics.Float64Histogram{Counts: append([]uint64(nil), h.Counts...), Buckets: h.Buckets}
}
