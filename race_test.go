//go:build race

package ctequal

const raceEnabled = true
