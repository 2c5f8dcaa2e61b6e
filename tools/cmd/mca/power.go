package main

import (
	"regexp"
	"strconv"
	"strings"
)

// The IBM architectures: ppc64le at Go's minimum level (POWER8) on the
// three POWER cores LLVM 19 models, and s390x on z13 to z16. Their L1 load
// limits are not stated here: IBM's published figures give load ports but
// not the bytes per cycle each sustains for a 16-byte VSX or vector load.

var ppc64Loads = map[string]int{
	"lbz": 1, "lhz": 2, "lha": 2, "lwz": 4, "lwa": 4, "ld": 8, "ldx": 8, "lbzx": 1, "lhzx": 2, "lwzx": 4,
	"lxvd2x": 16, "lxvw4x": 16, "lxvp": 32, "lxvb16x": 16, "lxvh8x": 16, "lxv": 16, "lxvx": 16,
}

// ppc64le's GOPPC64=power10 build is predicted on the one core that runs
// it: its VSX loop is POWER10's (LXVP, XXEVAL).
var ppc64le = &arch{
	goarch: "ppc64le",
	cores:  []core{{name: "pwr8"}, {name: "pwr9"}, {name: "pwr10"}},
	branch: func(m string) bool {
		switch m {
		case "b", "bc", "bt", "bf", "bdnz", "bdz", "beq", "bne", "blt", "bge", "bgt", "ble":
			return true
		}
		return false
	},
	load: func(m, ops string) (bytes, width int) {
		w, ok := ppc64Loads[m]
		if !ok || strings.Contains(ops, "(1)") { // r1 is the stack
			return 0, 0
		}
		return w, w
	},
	isa: func(string, string) int { return 0 },
}

var (
	s390xLoads = map[string]int{"lg": 8, "lgf": 4, "llgf": 4, "l": 4, "ly": 4, "lh": 2, "llgh": 2, "llgc": 1, "lb": 1,
		"xg": 8, "og": 8, "ng": 8, "x": 4, "o": 4, "vl": 16}
	s390xVLM = regexp.MustCompile(`^%v(\d+), %v(\d+),`)
)

var s390x = &arch{
	goarch: "s390x",
	cores:  []core{{name: "z13"}, {name: "z14"}, {name: "z15"}, {name: "z16"}},
	branch: func(m string) bool {
		return m == "j" || m == "jg" || strings.HasPrefix(m, "brc") || strings.HasPrefix(m, "cgij") || strings.HasPrefix(m, "clgij") ||
			strings.HasPrefix(m, "cgrj") || strings.HasPrefix(m, "clgrj") || strings.HasPrefix(m, "cij") || strings.HasPrefix(m, "crj") ||
			strings.HasPrefix(m, "j") && len(m) > 1
	},
	load: func(m, ops string) (bytes, width int) {
		if strings.Contains(ops, "(%r15)") { // the stack
			return 0, 0
		}
		if m == "vlm" {
			r := s390xVLM.FindStringSubmatch(ops)
			if r == nil {
				return 0, 0
			}
			first, _ := strconv.Atoi(r[1])
			last, _ := strconv.Atoi(r[2])
			return 16 * (last - first + 1), 16 * (last - first + 1)
		}
		w := s390xLoads[m]
		return w, w
	},
	isa: func(string, string) int { return 0 },
}
