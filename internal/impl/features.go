package impl

import "strings"

// A Feature is a CPU feature a kernel needs or uses.
type Feature uint8

// The features, on every architecture, widest first. Their names are the
// ones golang.org/x/sys/cpu gives them in GODEBUG (cpu.NAME=off).
const (
	AVX512F Feature = iota
	AVX512BW
	AVX512VL
	AVX512VBMI2
	BMI2
	AVX2
	AVX
	SSE2
	ASIMD
	DIT
	V
	VSX
	VX
	LASX
	LSX
	numFeatures
)

// featureNames is the one list of feature names.
var featureNames = [numFeatures]string{
	AVX512F:     "avx512f",
	AVX512BW:    "avx512bw",
	AVX512VL:    "avx512vl",
	AVX512VBMI2: "avx512vbmi2",
	BMI2:        "bmi2",
	AVX2:        "avx2",
	AVX:         "avx",
	SSE2:        "sse2",
	ASIMD:       "asimd",
	DIT:         "dit",
	V:           "v",
	VSX:         "vsx",
	VX:          "vx",
	LASX:        "lasx",
	LSX:         "lsx",
}

func (f Feature) String() string { return featureNames[f] }

// Switchable reports whether GODEBUG=cpu.NAME=off turns the feature off:
// golang.org/x/sys/cpu refuses it for the architectures' baselines, SSE2
// on amd64 and ASIMD on arm64, and has no option for VSX, which POWER8,
// ppc64le's baseline, has.
func (f Feature) Switchable() bool { return f != SSE2 && f != ASIMD && f != VSX }

// GodebugOff reports whether godebug (the value of GODEBUG) turns
// cpu.name off, as golang.org/x/sys/cpu reads it: comma-separated fields,
// the last of cpu.name=on|off and cpu.all=on|off deciding. x/sys/cpu
// clears its own flags so; package ctequal does the same for a feature
// that a build guarantees (V in a GORISCV64=rva23u64 build), and the
// ctequal command to tell a feature turned off from one missing.
func GodebugOff(godebug, name string) bool {
	off := false
	for _, field := range strings.Split(godebug, ",") {
		key, value, ok := strings.Cut(field, "=")
		if !ok || (key != "cpu."+name && key != "cpu.all") {
			continue
		}
		switch value {
		case "off":
			off = true
		case "on":
			off = false
		}
	}
	return off
}

// Features is a set of features.
type Features uint32

// Of returns the set of the features given.
func Of(fs ...Feature) Features {
	var s Features
	for _, f := range fs {
		s |= 1 << f
	}
	return s
}

// Has reports whether f is in s.
func (s Features) Has(f Feature) bool { return s&(1<<f) != 0 }

// HasAll reports whether every feature of t is in s.
func (s Features) HasAll(t Features) bool { return s&t == t }

// List returns the features of s in the order of their constants.
func (s Features) List() []Feature {
	var l []Feature
	for f := range numFeatures {
		if s.Has(f) {
			l = append(l, f)
		}
	}
	return l
}

// String lists the names of s's features, comma-separated.
func (s Features) String() string {
	var names []string
	for _, f := range s.List() {
		names = append(names, f.String())
	}
	return strings.Join(names, ", ")
}
